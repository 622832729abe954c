// The independent reference for the lab model, written from the docs alone (docs/model-lab.md; its
// noise from docs/random-numbers.md), not from the C++ engine: a plain O(n^2) pair loop, each pair
// i < j visited once and added to both boids' sums, with exactly the docs' arithmetic and order.
// test_reference and test_golden compare the engine with it to the last bit.
//
// Usage: node lab_reference.mjs --in start.csv [--out end.csv] [--hash] --steps 300
//          [--separation 1.5] [--alignment 1] [--cohesion 1] [--radius 10] [--max-speed 1]
//          [--world 100] [--noise 0 --seed 42 --first-step 0] [--dims 2]
// CSV header `x,y,vx,vy`; numbers written with JS's shortest round-trip Number-to-string.
// --hash prints the FNV-1a 64 hash of the final state as 16 hex digits. With --noise, each
// clamped velocity turns before the move (heading_noise.mjs), the step numbers counted from
// --first-step.
// --dims 3 (docs/model-lab.md "Three dimensions"): CSV `x,y,z,vx,vy,vz`, the same pair loop with
// a wrapped dz, the sums, update and clamp in three components, the cone noise (turn3d), the
// move and wrap x, y, then z, and the hash over x, y, z, vx, vy, vz. A start file of the other
// dimension is an error.
import { turn, turn3d } from "./heading_noise.mjs";
import { readCsv, writeCsv } from "./state_csv.mjs";

const K_SEP = 0.05, K_ALI = 0.05, K_COH = 0.005;

function parseArgs(argv) {
  const o = { in: null, out: null, hash: false, steps: 0, separation: 1.5, alignment: 1,
              cohesion: 1, radius: 10, "max-speed": 1, world: 100, noise: 0, seed: "42", "first-step": "0",
              dims: 2 };
  for (let k = 0; k < argv.length; k++) {
    const name = argv[k].replace(/^--/, "");
    if (!(name in o) || !argv[k].startsWith("--")) throw new Error(`unknown argument ${argv[k]}`);
    if (name === "hash") { o.hash = true; continue; }
    const value = argv[++k];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    o[name] = (name === "in" || name === "out") ? value : (name === "seed" || name === "first-step") ? value : Number(value);
    if (typeof o[name] === "number" && !Number.isFinite(o[name])) throw new Error(`bad --${name}`);
  }
  if (!o.in) throw new Error("--in is required");
  if (o.dims !== 2 && o.dims !== 3) throw new Error("--dims must be 2 or 3");
  return o;
}


// Wrapped offset on a torus of side L: one correction, strict comparisons with L/2.
function wrap(d, L) {
  if (d > L / 2) d -= L;
  else if (d < -L / 2) d += L;
  return d;
}

// One synchronous step: every sum reads the snapshot b, the result is a new state.
function step(b, p, stepNumber) {
  const n = b.x.length, L = p.world, r2 = p.radius * p.radius, sepR2 = r2 / 4;
  const cnt = new Array(n).fill(0);
  const ax = new Array(n).fill(0), ay = new Array(n).fill(0);
  const cx = new Array(n).fill(0), cy = new Array(n).fill(0);
  const sx = new Array(n).fill(0), sy = new Array(n).fill(0);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = wrap(b.x[j] - b.x[i], L), dy = wrap(b.y[j] - b.y[i], L);
      const d2 = dx * dx + dy * dy;
      if (!(d2 < r2)) continue;
      cnt[i]++; cnt[j]++;
      ax[i] += b.vx[j]; ay[i] += b.vy[j];
      ax[j] += b.vx[i]; ay[j] += b.vy[i];
      cx[i] += dx; cy[i] += dy;
      cx[j] -= dx; cy[j] -= dy;
      if (d2 > 0 && d2 < sepR2) {
        sx[i] -= dx / d2; sy[i] -= dy / d2;
        sx[j] += dx / d2; sy[j] += dy / d2;
      }
    }
  }
  const ws = p.separation * K_SEP, wa = p.alignment * K_ALI, wc = p.cohesion * K_COH;
  const out = { x: [], y: [], vx: [], vy: [] };
  for (let i = 0; i < n; i++) {
    let vx = b.vx[i], vy = b.vy[i];
    if (cnt[i] > 0) {
      const c = cnt[i];
      vx += ws * sx[i] + wa * (ax[i] / c - vx) + wc * (cx[i] / c);
      vy += ws * sy[i] + wa * (ay[i] / c - vy) + wc * (cy[i] / c);
    }
    const s = Math.sqrt(vx * vx + vy * vy), vmax = p["max-speed"];
    if (s > vmax) {
      vx = (vx / s) * vmax; vy = (vy / s) * vmax;
    } else if (s > 0 && s < vmax / 2) {
      vx = (vx / s) * (vmax / 2); vy = (vy / s) * (vmax / 2);
    }
    [vx, vy] = turn(p.noise, BigInt(p.seed), stepNumber, i, vx, vy);
    let x = b.x[i] + vx, y = b.y[i] + vy;
    if (x < 0) x += L; else if (x >= L) x -= L;
    if (y < 0) y += L; else if (y >= L) y -= L;
    out.x.push(x); out.y.push(y); out.vx.push(vx); out.vy.push(vy);
  }
  return out;
}

// The 3D step: step() with a third axis, every operation in the same order.
function step3d(b, p, stepNumber) {
  const n = b.x.length, L = p.world, r2 = p.radius * p.radius, sepR2 = r2 / 4;
  const cnt = new Array(n).fill(0);
  const ax = new Array(n).fill(0), ay = new Array(n).fill(0), az = new Array(n).fill(0);
  const cx = new Array(n).fill(0), cy = new Array(n).fill(0), cz = new Array(n).fill(0);
  const sx = new Array(n).fill(0), sy = new Array(n).fill(0), sz = new Array(n).fill(0);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = wrap(b.x[j] - b.x[i], L), dy = wrap(b.y[j] - b.y[i], L), dz = wrap(b.z[j] - b.z[i], L);
      const d2 = dx * dx + dy * dy + dz * dz;
      if (!(d2 < r2)) continue;
      cnt[i]++; cnt[j]++;
      ax[i] += b.vx[j]; ay[i] += b.vy[j]; az[i] += b.vz[j];
      ax[j] += b.vx[i]; ay[j] += b.vy[i]; az[j] += b.vz[i];
      cx[i] += dx; cy[i] += dy; cz[i] += dz;
      cx[j] -= dx; cy[j] -= dy; cz[j] -= dz;
      if (d2 > 0 && d2 < sepR2) {
        sx[i] -= dx / d2; sy[i] -= dy / d2; sz[i] -= dz / d2;
        sx[j] += dx / d2; sy[j] += dy / d2; sz[j] += dz / d2;
      }
    }
  }
  const ws = p.separation * K_SEP, wa = p.alignment * K_ALI, wc = p.cohesion * K_COH;
  const out = { dims: 3, x: [], y: [], z: [], vx: [], vy: [], vz: [] };
  for (let i = 0; i < n; i++) {
    let vx = b.vx[i], vy = b.vy[i], vz = b.vz[i];
    if (cnt[i] > 0) {
      const c = cnt[i];
      vx += ws * sx[i] + wa * (ax[i] / c - vx) + wc * (cx[i] / c);
      vy += ws * sy[i] + wa * (ay[i] / c - vy) + wc * (cy[i] / c);
      vz += ws * sz[i] + wa * (az[i] / c - vz) + wc * (cz[i] / c);
    }
    const s = Math.sqrt(vx * vx + vy * vy + vz * vz), vmax = p["max-speed"];
    if (s > vmax) {
      vx = (vx / s) * vmax; vy = (vy / s) * vmax; vz = (vz / s) * vmax;
    } else if (s > 0 && s < vmax / 2) {
      vx = (vx / s) * (vmax / 2); vy = (vy / s) * (vmax / 2); vz = (vz / s) * (vmax / 2);
    }
    [vx, vy, vz] = turn3d(p.noise, BigInt(p.seed), stepNumber, i, vx, vy, vz);
    let x = b.x[i] + vx, y = b.y[i] + vy, z = b.z[i] + vz;
    if (x < 0) x += L; else if (x >= L) x -= L;
    if (y < 0) y += L; else if (y >= L) y -= L;
    if (z < 0) z += L; else if (z >= L) z -= L;
    out.x.push(x); out.y.push(y); out.z.push(z); out.vx.push(vx); out.vy.push(vy); out.vz.push(vz);
  }
  return out;
}

// FNV-1a 64 over each boid's x, y, vx, vy (in 3D x, y, z, vx, vy, vz) as IEEE-754 bits, 8
// bytes little-endian.
function stateHash(b) {
  const mask = (1n << 64n) - 1n, prime = 0x100000001b3n;
  let h = 0xcbf29ce484222325n;
  const view = new DataView(new ArrayBuffer(8));
  for (let i = 0; i < b.x.length; i++)
    for (const v of b.z ? [b.x[i], b.y[i], b.z[i], b.vx[i], b.vy[i], b.vz[i]] : [b.x[i], b.y[i], b.vx[i], b.vy[i]]) {
      view.setFloat64(0, v, true);
      for (let k = 0; k < 8; k++) h = ((h ^ BigInt(view.getUint8(k))) * prime) & mask;
    }
  return h.toString(16).padStart(16, "0");
}

try {
  const p = parseArgs(process.argv.slice(2));
  let b = readCsv(p.in);
  if (b.dims !== p.dims) throw new Error(`${p.in} holds a ${b.dims}D state, but --dims is ${p.dims}`);
  const advance = p.dims === 3 ? step3d : step;
  for (let s = 0; s < p.steps; s++) b = advance(b, p, BigInt(p["first-step"]) + BigInt(s));
  if (p.out) writeCsv(p.out, b);
  if (p.hash) console.log(stateHash(b));
} catch (e) {
  console.error(`lab_reference: ${e.message}`);
  process.exit(2);
}
