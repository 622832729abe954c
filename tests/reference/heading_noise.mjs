// The heading noise, written from docs/random-numbers.md alone: Philox4x32-10 keyed by the seed
// and counted by (purpose << 24 | block, index, step), its first uniform as the angle
// eta * (u - 1/2), and the turn by flocklab's sine and cosine polynomials (Taylor series to
// x^18 and x^19 on [0, pi/4], Horner's rule, the coefficients 1/k! as double divisions, and
// the identities of src/engine/cosine.hpp for the rest). BigInt for the 64-bit products.
const M0 = 0xD2511F53n, M1 = 0xCD9E8D57n, W0 = 0x9E3779B9, W1 = 0xBB67AE85;
const MASK = 0xFFFFFFFFn;

export function philox4x32(c, k) {
  c = [...c]; k = [...k];
  for (let r = 0; r < 10; r++) {
    if (r > 0) k = [(k[0] + W0) >>> 0, (k[1] + W1) >>> 0];
    const p0 = M0 * BigInt(c[0]), p1 = M1 * BigInt(c[2]);
    c = [(Number(p1 >> 32n) ^ c[1] ^ k[0]) >>> 0, Number(p1 & MASK), (Number(p0 >> 32n) ^ c[3] ^ k[1]) >>> 0,
         Number(p0 & MASK)];
  }
  return c;
}

// The two uniforms of (seed, step, index, purpose, block); seed and step as BigInt.
export function uniforms(seed, step, index, purpose, block = 0) {
  const r = philox4x32([((purpose << 24) | block) >>> 0, index >>> 0, Number(step & MASK), Number(step >> 32n)],
                       [Number(seed & MASK), Number(seed >> 32n)]);
  const u = (lo, hi) => Number(((BigInt(hi) << 32n) | BigInt(lo)) >> 11n) * 2 ** -53;
  return [u(r[0], r[1]), u(r[2], r[3])];
}

const PI = 3.141592653589793;

function factorial(k) {
  let f = 1;
  for (let i = 2; i <= k; i++) f *= i;
  return f;
}

// p(z) = 1/2! - z/4! + ... + z^8/18!, by Horner from the highest term; cos(x) = 1 - z * p(z).
function cosSmall(x) {
  const z = x * x;
  let sum = 1.0 / factorial(18);
  for (const k of [16, 14, 12, 10, 8, 6, 4, 2]) sum = sum * z + (k % 4 === 0 ? -1 : 1) / factorial(k);
  return 1.0 - z * sum;
}

// q(z) = 1/3! - z/5! + ... + z^8/19!; sin(x) = x - x * z * q(z).
function sinSmall(x) {
  const z = x * x;
  let sum = 1.0 / factorial(19);
  for (const k of [17, 15, 13, 11, 9, 7, 5, 3]) sum = sum * z + ((k - 1) % 4 === 0 ? -1 : 1) / factorial(k);
  return x - x * z * sum;
}

export function cosine(x) {
  if (!(x > 0)) x = 0;
  if (x > PI) x = PI;
  const quarter = PI / 4, half = PI / 2;
  if (x <= quarter) return cosSmall(x);
  if (x <= 3 * quarter) return sinSmall(half - x);
  return -cosSmall(PI - x);
}

export function sine(x) {
  if (x !== x) x = 0;
  const negative = x < 0;
  let a = negative ? -x : x;
  if (a > PI) a = PI;
  const quarter = PI / 4, half = PI / 2;
  const s = a <= quarter ? sinSmall(a) : a <= 3 * quarter ? cosSmall(half - a) : sinSmall(PI - a);
  return negative ? -s : s;
}

// (vx, vy) turned by boid `index`'s angle for step `step` (BigInt), as [vx, vy].
export function turn(eta, seed, step, index, vx, vy) {
  if (!(eta > 0)) return [vx, vy];
  const angle = eta * (uniforms(seed, step, index, 1)[0] - 0.5);
  const c = cosine(angle < 0 ? -angle : angle), s = sine(angle);
  return [c * vx - s * vy, s * vx + c * vy];
}

// The 3D noise of docs/model-lab.md "Noise in 3D": (vx, vy, vz) turned to a direction on the
// cap of half-angle eta/2 around it, the speed kept, from the two uniforms u0, u1 of boid
// `index`'s noise block for step `step` (BigInt); as [vx, vy, vz]. Nothing is drawn when eta
// is 0, and a velocity of speed 0 stays as it is.
export function turn3d(eta, seed, step, index, vx, vy, vz) {
  if (!(eta > 0)) return [vx, vy, vz];
  const s = Math.sqrt(vx * vx + vy * vy + vz * vz);
  if (!(s > 0)) return [vx, vy, vz];
  const [u0, u1] = uniforms(seed, step, index, 1);
  const hx = vx / s, hy = vy / s, hz = vz / s;
  const c = 1 - u0 * (1 - cosine(eta / 2));
  const sn = Math.sqrt(1 - c * c);
  const phi = 2 * PI * u1 - PI;
  const cp = cosine(phi < 0 ? -phi : phi), sp = sine(phi);
  // e1: h crossed with the axis of h's smallest component in absolute value (x, y, z on a tie).
  const ax = Math.abs(hx), ay = Math.abs(hy), az = Math.abs(hz);
  let e1x, e1y, e1z;
  if (ax <= ay && ax <= az) [e1x, e1y, e1z] = [0, hz, -hy];
  else if (ay <= az) [e1x, e1y, e1z] = [-hz, 0, hx];
  else [e1x, e1y, e1z] = [hy, -hx, 0];
  const len = Math.sqrt(e1x * e1x + e1y * e1y + e1z * e1z);
  e1x /= len; e1y /= len; e1z /= len;
  const e2x = hy * e1z - hz * e1y, e2y = hz * e1x - hx * e1z, e2z = hx * e1y - hy * e1x;
  return [s * (c * hx + sn * (cp * e1x + sp * e2x)),
          s * (c * hy + sn * (cp * e1y + sp * e2y)),
          s * (c * hz + sn * (cp * e1z + sp * e2z))];
}
