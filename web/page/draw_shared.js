// What every boid renderer shares (draw.js, draw_gl.js, draw_sprites.js): the 12 heading
// sectors and their colours, the frame's kinds (species: colour, size, predators drawn last with
// a white outline) and the counting sorts that group boids by sector or by kind.

/** Hues of the 12 heading sectors (30 degrees each, sector 0 pointing right, counter-clockwise on screen). */
export const SECTORS = 12;
const HUES = Array.from({ length: SECTORS }, (_, k) => (k * 360) / SECTORS);
const TAN15 = Math.tan(Math.PI / 12), TAN45 = 1, TAN75 = Math.tan((5 * Math.PI) / 12);

/**
 * The heading sector of (vx, vy) with no trigonometry per boid: compare |vy| with |vx| times the
 * tangents of 15, 45 and 75 degrees inside the right quadrant.
 */
export function sector(vx, vy) {
  const ax = Math.abs(vx), ay = Math.abs(vy);
  // k: the angle from the x axis inside the quadrant, split at 15, 45 and 75 degrees.
  let k;
  if (ay < ax * TAN15) k = 0;
  else if (ay < ax * TAN45) k = 1;
  else if (ay < ax * TAN75) k = 2;
  else k = 3;
  // The screen angle a (counter-clockwise, y grows downwards) is k*30 in the upper right
  // quadrant, 180 - k*30 upper left, 180 + k*30 lower left, 360 - k*30 lower right.
  let s;
  if (vx >= 0 && vy <= 0) s = k;
  else if (vx < 0 && vy <= 0) s = 6 - k;
  else if (vx < 0) s = 6 + k;
  else s = 12 - k;
  return s % SECTORS;
}

/** Colours of the sectors for the 2D renderer, and the single colour when heading colour is off. */
export const SECTOR_COLOURS = HUES.map((h) => `hsl(${h} 85% 66%)`);
export const PLAIN_COLOUR = '#e8eef8';

/** A frame: what both renderers need. */
// { n, x, y, vx, vy: Float64Array views; view: viewOf(...) of view.js; size: triangle length in
//   device px; colour: bool; with species also kinds: [{colour, size, predator}] and kindOf: each
//   boid's kind (a Uint32Array view) }
// With kinds, every boid is drawn in its kind's colour (not its heading's), its length scaled by
// its kind's size (kept within 0.5 to 3 times), and predators, drawn last, get a white outline.

/** Does the frame carry kinds for each of its boids? */
export function hasKinds(f) {
  return Boolean(f.kinds && f.kinds.length && f.kindOf && f.kindOf.length === f.n);
}

/** A kind's triangle length relative to a plain boid's. */
export function kindScale(kind) {
  return Math.min(3, Math.max(0.5, kind.size || 1));
}

/** A predator's outline (a stroke, half of it outside the triangle) for boids of length `size` px. */
export function outlineWidth(size) {
  return Math.max(3, size * 0.45);
}

/** The kinds in drawing order: prey first, predators last (on top). */
export function drawingOrder(kinds) {
  const order = kinds.map((_, k) => k);
  return [...order.filter((k) => !kinds[k].predator), ...order.filter((k) => kinds[k].predator)];
}

/** Boid indices grouped by kind (a counting sort): {order, starts}, starts indexed by kind. */
export function byKind(f, scratch) {
  const n = f.n, K = f.kinds.length;
  if (scratch.order.length < n) {
    scratch.sector = new Uint8Array(n);
    scratch.order = new Int32Array(n);
  }
  const order = scratch.order, starts = new Int32Array(K + 1), kindOf = f.kindOf;
  for (let i = 0; i < n; i++) starts[Math.min(kindOf[i], K - 1) + 1]++;
  for (let k = 0; k < K; k++) starts[k + 1] += starts[k];
  const next = starts.slice(0, K);
  for (let i = 0; i < n; i++) order[next[Math.min(kindOf[i], K - 1)]++] = i;
  return { order, starts };
}

/** Boid indices grouped by heading sector (a counting sort): {order, starts}. */
export function bySector(f, scratch) {
  const n = f.n;
  if (scratch.sector.length < n) {
    scratch.sector = new Uint8Array(n);
    scratch.order = new Int32Array(n);
  }
  const { sector: sec, order } = scratch;
  const starts = new Int32Array(SECTORS + 1);
  if (f.colour) {
    const { a, b, c, d } = f.view;
    for (let i = 0; i < n; i++) {
      const k = sector(a * f.vx[i] + c * f.vy[i], b * f.vx[i] + d * f.vy[i]);
      sec[i] = k;
      starts[k + 1]++;
    }
    for (let k = 0; k < SECTORS; k++) starts[k + 1] += starts[k];
    const next = starts.slice(0, SECTORS);
    for (let i = 0; i < n; i++) order[next[sec[i]]++] = i;
  } else {
    for (let i = 0; i < n; i++) order[i] = i;
    starts.fill(n, 1);
  }
  return { order, starts };
}

/** '#rrggbb' as [r, g, b] in 0..1. */
export function hexRgb(hex) {
  const v = parseInt(String(hex).slice(1, 7), 16) || 0;
  return [(v >> 16) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255];
}
