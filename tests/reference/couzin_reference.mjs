// The independent reference for the couzin model, written from docs/model-couzin.md alone, not
// from the C++ engine: a plain O(n^2) loop in which every agent visits every other in
// ascending index, with exactly the page's arithmetic and order, in 2D or 3D (the start file's
// header says which). tests/models/test_couzin.cpp compares the engine with it to the last bit.
//
// Usage: node couzin_reference.mjs --in start.csv --out end.csv --steps 300 [--repulsion 1]
//          [--dro 1] [--dra 12] [--fov 270] [--turn-rate 40] [--speed 3] [--tau 0.1]
//          [--noise 0.05] [--seed 42] [--nearest 0]
import { cosine, sine, uniforms } from "./heading_noise.mjs";
import { logarithm } from "./logarithm.mjs";
import { readCsv, writeCsv } from "./state_csv.mjs";

const PI = 3.141592653589793;

function parseArgs(argv) {
  const o = { in: null, out: null, steps: 0, repulsion: 1, dro: 1, dra: 12, fov: 270, "turn-rate": 40, speed: 3,
              tau: 0.1, noise: 0.05, seed: "42", nearest: 0 };
  for (let k = 0; k < argv.length; k++) {
    const name = argv[k].replace(/^--/, "");
    if (!(name in o) || !argv[k].startsWith("--")) throw new Error(`unknown argument ${argv[k]}`);
    const value = argv[++k];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    o[name] = name === "in" || name === "out" || name === "seed" ? value : Number(value);
    if (typeof o[name] === "number" && !Number.isFinite(o[name])) throw new Error(`bad --${name}`);
  }
  if (!o.in || !o.out) throw new Error("--in and --out are required");
  return o;
}

function dot(a, b) {
  let sum = a[0] * b[0];
  for (let k = 1; k < a.length; k++) sum += a[k] * b[k];
  return sum;
}

// u / |u|, or u itself (and false) when |u| is 0.
function normalise(u) {
  const length = Math.sqrt(dot(u, u));
  if (length === 0) return [u, false];
  return [u.map((c) => c / length), true];
}

const wrapped = (a) => a - 2 * PI * Math.floor((a + PI) / (2 * PI));

// The unit perpendicular e1 of a unit h (the lab model's 3D noise).
function perpendicular([hx, hy, hz]) {
  const ax = Math.abs(hx), ay = Math.abs(hy), az = Math.abs(hz);
  let e;
  if (ax <= ay && ax <= az) e = [0, hz, -hy];
  else if (ay <= az) e = [-hz, 0, hx];
  else e = [hy, -hx, 0];
  const l = Math.sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
  return e.map((c) => c / l);
}

function noisy(want, p, seed, step, i) {
  if (!(p.noise > 0)) return want;
  const [u0, u1] = uniforms(seed, step, i, 1);
  const rho = p.noise * Math.sqrt(-2 * logarithm(1 - u0));
  const phi = 2 * PI * u1 - PI;
  const cp = cosine(Math.abs(phi)), sp = sine(phi);
  if (want.length === 2) {
    const a = wrapped(rho * cp);
    const c = cosine(Math.abs(a)), s = sine(a);
    return [c * want[0] - s * want[1], s * want[0] + c * want[1]];
  }
  const a = wrapped(rho);
  const c = cosine(Math.abs(a)), s = sine(a);
  const e1 = perpendicular(want);
  const [hx, hy, hz] = want;
  const e2 = [hy * e1[2] - hz * e1[1], hz * e1[0] - hx * e1[2], hx * e1[1] - hy * e1[0]];
  return [0, 1, 2].map((k) => c * want[k] + s * (cp * e1[k] + sp * e2[k]));
}

function step(agents, p, seed, stepNumber) {
  const n = agents.length, D = agents[0]?.p.length ?? 2;
  const rr2 = p.repulsion * p.repulsion, ro = p.repulsion + p.dro, ro2 = ro * ro, ra = ro + p.dra, ra2 = ra * ra;
  const cosHalf = cosine(p.fov / 360 * PI);
  const t = p["turn-rate"] * p.tau / 180 * PI;
  const l = p.speed * p.tau;
  const next = [];
  for (let i = 0; i < n; i++) {
    const v = agents[i].v, speed = Math.sqrt(dot(v, v));
    const h = speed > 0 ? v.map((c) => c / speed) : [1, 0, 0].slice(0, D);
    const away = new Array(D).fill(0), toward = new Array(D).fill(0);
    let along = speed > 0 ? v.map((c) => c / speed) : new Array(D).fill(0);
    let nr = 0, no = 0, na = 0;
    // The perceived agents, in ascending index; with --nearest K only the K nearest, nearest
    // first and, at equal distances, the lower index first.
    let seen = [];
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const d = agents[j].p.map((c, k) => c - agents[i].p[k]);
      const d2 = dot(d, d);
      if (!(d2 < ra2)) continue;
      const dist = Math.sqrt(d2);
      if (p.fov < 360 && !(dot(v, d) >= (speed * dist) * cosHalf)) continue;
      seen.push({ j, d, d2 });
    }
    if (p.nearest > 0) seen = seen.sort((a, b) => a.d2 - b.d2 || a.j - b.j).slice(0, p.nearest);
    for (const { j, d, d2 } of seen) {
      const dist = Math.sqrt(d2);
      if (d2 < rr2) {
        nr++;
        if (dist > 0) for (let k = 0; k < D; k++) away[k] += d[k] / dist;
      } else if (d2 < ro2) {
        no++;
        const vj = agents[j].v, sj = Math.sqrt(dot(vj, vj));
        if (sj > 0) for (let k = 0; k < D; k++) along[k] += vj[k] / sj;
      } else {
        na++;
        for (let k = 0; k < D; k++) toward[k] += d[k] / dist;
      }
    }
    let want = new Array(D).fill(0);
    if (nr > 0) want = away.map((c) => -c);
    else if (no > 0 && na > 0) {
      const [o] = normalise(along), [a] = normalise(toward);
      want = o.map((c, k) => 0.5 * (c + a[k]));
    } else if (no > 0) want = along;
    else if (na > 0) want = toward;
    let ok;
    [want, ok] = normalise(want);
    if (!ok) want = h;
    want = noisy(want, p, seed, stepNumber, i);
    let heading = want;
    const cosTurn = dot(h, want);
    if (t < PI && !(cosTurn > cosine(t))) {
      let w = want.map((c, k) => c - cosTurn * h[k]);
      [w, ok] = normalise(w);
      if (!ok) w = D === 2 ? [-h[1], h[0]] : perpendicular(h);
      const ct = cosine(t), st = sine(t);
      heading = h.map((c, k) => ct * c + st * w[k]);
    }
    [heading] = normalise(heading);
    const nv = heading.map((c) => l * c);
    next.push({ p: agents[i].p.map((c, k) => c + nv[k]), v: nv });
  }
  return next;
}

const o = parseArgs(process.argv.slice(2));
const b = readCsv(o.in);
const axes = b.dims === 3 ? ["x", "y", "z"] : ["x", "y"];
let agents = b.x.map((_, i) => ({ p: axes.map((a) => b[a][i]), v: axes.map((a) => b[`v${a}`][i]) }));
const seed = BigInt(o.seed);
for (let s = 0; s < o.steps; s++) agents = step(agents, o, seed, BigInt(s));
const out = { x: [], y: [], vx: [], vy: [] };
if (b.dims === 3) out.z = [], out.vz = [];
for (const a of agents)
  axes.forEach((name, k) => { out[name].push(a.p[k]); out[`v${name}`].push(a.v[k]); });
writeCsv(o.out, out);
