// An independent reference for the steering model, written from docs/model-steering.md alone,
// not from the C++ engine: a plain O(n^2) loop over every pair, in the documented order and
// arithmetic. test_steering_reference compares the engine with it to the last bit.
//
// Usage: node steering_reference.mjs --in start.csv [--out end.csv] --steps 100
//          [--width 900] [--height 560] [--edges wrap|walls] [--vision 50]
//          [--separation-radius 20] [--fov 360] [--cos-half C] [--max-speed 180] [--dt D]
//          [--separation 1] [--alignment 1] [--cohesion 1] [--food-weight 1]
//          [--predator-weight 3] [--wall-weight 2] [--obstacle-weight 3]
//          [--pointer off|food|predator] [--pointer-x X] [--pointer-y Y]
//          [--pointer-from S] [--pointer-to S] [--obstacle X,Y,R]... [--nearest K]
// --cos-half is cos(fov/2) as flocklab's own polynomial gives it (the docs name that
// polynomial; the caller passes its value, so this file needs no cosine). CSV `x,y,vx,vy`.
//
// Not in the docs, taken from the engine (src/models/steering_rule.hpp) because the docs do
// not fix the bits of step 6, moving a boid out of an obstacle: each pass visits every
// obstacle in order (not only the first that holds the boid) and applies step 5's edge rule
// once after the pass; the boid goes to centre + d * ((R * (1 + 1e-9)) / |d|) with d the
// (wrapped) offset from the centre, and at |d| = 0 to d = (1, 0); the mirror is
// v -= 2 * ((v . d) / |d|^2) * d when v . d < 0. Distances are compared squared
// (d2 < R^2, d2 < (R + 30)^2, d2 < 160^2), and the pointer's offset is wrapped on a torus.
import { readCsv, writeCsv } from "./state_csv.mjs";

const SEPARATION_FACTOR = 1.5, POINTER_REACH = 160, WALL_MARGIN = 50, OBSTACLE_MARGIN = 30;

function parseArgs(argv) {
  const o = { in: null, out: null, steps: 0, width: 900, height: 560, edges: "wrap", vision: 50,
              "separation-radius": 20, fov: 360, "cos-half": -1, "max-speed": 180, dt: 1 / 60,
              separation: 1, alignment: 1, cohesion: 1, "food-weight": 1, "predator-weight": 3,
              "wall-weight": 2, "obstacle-weight": 3, pointer: "off", "pointer-x": 0, "pointer-y": 0,
              "pointer-from": 0, "pointer-to": Infinity, obstacle: [], nearest: 0 };
  const text = new Set(["in", "out", "edges", "pointer"]);
  for (let k = 0; k < argv.length; k++) {
    const name = argv[k].replace(/^--/, "");
    if (!(name in o) || !argv[k].startsWith("--")) throw new Error(`unknown argument ${argv[k]}`);
    const value = argv[++k];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    if (name === "obstacle") {
      const [x, y, r] = value.split(",").map(Number);
      if (![x, y, r].every(Number.isFinite)) throw new Error(`bad --obstacle ${value}`);
      o.obstacle.push({ x, y, r });
    } else if (text.has(name)) {
      o[name] = value;
    } else {
      o[name] = Number(value);
      if (Number.isNaN(o[name])) throw new Error(`bad --${name}`);
    }
  }
  if (!o.in) throw new Error("--in is required");
  return o;
}


// Offset from a to b along an axis of extent E: nearest image on a torus, plain with walls.
function offset(a, b, E, wrap) {
  let d = b - a;
  if (!wrap) return d;
  if (d > E / 2) d -= E;
  else if (d < -E / 2) d += E;
  return d;
}

// steer(u): towards u at full speed V, less the current velocity, its length capped at F.
function steer(ux, uy, vx, vy, V, F) {
  const m = Math.sqrt(ux * ux + uy * uy);
  if (m === 0) return [0, 0];
  let tx = ux * (V / m) - vx, ty = uy * (V / m) - vy;
  const t = Math.sqrt(tx * tx + ty * ty);
  if (t > F) { tx = (tx / t) * F; ty = (ty / t) * F; }
  return [tx, ty];
}

// Step 5's edge rule for one axis: wrap once, or clamp to the wall with the velocity turned.
function edge(x, v, E, wrap) {
  if (wrap) {
    if (x < 0) x += E; else if (x >= E) x -= E;
  } else if (x < 0) {
    x = 0; v = Math.abs(v);
  } else if (x > E) {
    x = E; v = -Math.abs(v);
  }
  return [x, v];
}

function step(b, p, stepIndex) {
  const n = b.x.length, W = p.width, H = p.height, wrap = p.edges === "wrap";
  const V = p["max-speed"], F = V / 30, vmin = V / 3;
  const vis2 = p.vision * p.vision, sep2 = p["separation-radius"] * p["separation-radius"];
  const fovLimited = p.fov < 360, cosHalf = p["cos-half"];
  const pointerOn = p.pointer !== "off" && stepIndex >= p["pointer-from"] && stepIndex < p["pointer-to"];
  const out = { x: [], y: [], vx: [], vy: [] };
  for (let i = 0; i < n; i++) {
    const xi = b.x[i], yi = b.y[i], vxi = b.vx[i], vyi = b.vy[i];
    const speedI = Math.sqrt(vxi * vxi + vyi * vyi);
    let cnt = 0, ax = 0, ay = 0, cx = 0, cy = 0, sx = 0, sy = 0;
    // The boids seen, in ascending index; with --nearest K only the K nearest, nearest first
    // and, at equal distances, the lower index first.
    let seen = [];
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const dx = offset(xi, b.x[j], W, wrap), dy = offset(yi, b.y[j], H, wrap);
      const d2 = dx * dx + dy * dy;
      if (!(d2 > 0 && d2 < vis2)) continue;
      if (fovLimited && !(vxi * dx + vyi * dy >= (speedI * Math.sqrt(d2)) * cosHalf)) continue;
      seen.push({ j, dx, dy, d2 });
    }
    if (p.nearest > 0) seen = seen.sort((a, b) => a.d2 - b.d2 || a.j - b.j).slice(0, p.nearest);
    for (const { j, dx, dy, d2 } of seen) {
      cnt++;
      ax += b.vx[j]; ay += b.vy[j];
      cx += dx; cy += dy;
      if (d2 < sep2) {
        const d = Math.sqrt(d2);
        sx -= (dx / d) / d2; sy -= (dy / d) / d2;
      }
    }
    let accX = 0, accY = 0;
    const add = (w, t) => { accX += w * t[0]; accY += w * t[1]; };
    if (cnt > 0) {
      add(SEPARATION_FACTOR * p.separation, steer(sx, sy, vxi, vyi, V, F));
      add(p.alignment, steer(ax / cnt, ay / cnt, vxi, vyi, V, F));
      add(p.cohesion, steer(cx / cnt, cy / cnt, vxi, vyi, V, F));
    }
    if (pointerOn) {
      const dx = offset(xi, p["pointer-x"], W, wrap), dy = offset(yi, p["pointer-y"], H, wrap);
      if (dx * dx + dy * dy < POINTER_REACH * POINTER_REACH) {
        if (p.pointer === "food") add(p["food-weight"], steer(dx, dy, vxi, vyi, V, F));
        else add(p["predator-weight"], steer(-dx, -dy, vxi, vyi, V, F));
      }
    }
    if (!wrap) {
      const ux = xi < WALL_MARGIN ? 1 : xi > W - WALL_MARGIN ? -1 : 0;
      const uy = yi < WALL_MARGIN ? 1 : yi > H - WALL_MARGIN ? -1 : 0;
      add(p["wall-weight"], steer(ux, uy, vxi, vyi, V, F));
    }
    for (const ob of p.obstacle) {
      const dx = offset(ob.x, xi, W, wrap), dy = offset(ob.y, yi, H, wrap);
      const reach = ob.r + OBSTACLE_MARGIN;
      if (dx * dx + dy * dy < reach * reach)
        add(p["obstacle-weight"], steer(dx, dy, vxi, vyi, V, F));
    }
    let vx = vxi + accX, vy = vyi + accY;
    const s = Math.sqrt(vx * vx + vy * vy);
    if (s > V) { vx = (vx / s) * V; vy = (vy / s) * V; }
    else if (s > 0 && s < vmin) { vx = (vx / s) * vmin; vy = (vy / s) * vmin; }
    let x = xi + vx * p.dt, y = yi + vy * p.dt;
    [x, vx] = edge(x, vx, W, wrap);
    [y, vy] = edge(y, vy, H, wrap);
    // Step 6. The docs leave its arithmetic open (see the note at the top); this follows the
    // engine: one pass over every obstacle in order, then the edge rule, at most four passes.
    for (let pass = 0; pass < 4; pass++) {
      let moved = false;
      for (const ob of p.obstacle) {
        let dx = offset(ob.x, x, W, wrap), dy = offset(ob.y, y, H, wrap);
        const d2 = dx * dx + dy * dy;
        if (!(d2 < ob.r * ob.r)) continue;
        let d = Math.sqrt(d2);
        if (d === 0) { dx = 1; dy = 0; d = 1; }
        const scale = (ob.r * (1 + 1e-9)) / d;
        x = ob.x + dx * scale; y = ob.y + dy * scale;
        const inward = (vx * dx + vy * dy) / (d * d);
        if (inward < 0) { vx -= 2 * inward * dx; vy -= 2 * inward * dy; }
        moved = true;
      }
      if (!moved) break;
      [x, vx] = edge(x, vx, W, wrap);
      [y, vy] = edge(y, vy, H, wrap);
    }
    out.x.push(x); out.y.push(y); out.vx.push(vx); out.vy.push(vy);
  }
  return out;
}

try {
  const p = parseArgs(process.argv.slice(2));
  let b = readCsv(p.in);
  if (b.dims !== 2) throw new Error(`${p.in} holds a ${b.dims}D state; the steering model is 2D`);
  for (let s = 0; s < p.steps; s++) b = step(b, p, s);
  if (p.out) writeCsv(p.out, b);
} catch (e) {
  console.error(`steering_reference: ${e.message}`);
  process.exit(2);
}
