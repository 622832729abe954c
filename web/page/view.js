// The view: how world coordinates map onto a canvas in device pixels, as the affine transform
// (a, b, c, d, e, f) of canvas 2D's setTransform: u = a x + c y + e, v = b x + d y + f. The
// canvas has the world's shape, so both axes get (nearly) one scale; y grows downwards on screen
// as in the world. On a portrait phone a landscape world is shown turned a quarter turn
// clockwise (the world's x axis points down the screen, its y axis to the left), so the flock
// gets the screen's height instead of a strip across it. Only the picture turns: the flight,
// the hash and the pointer's world coordinates are the same either way.

/**
 * The view of `world` {w, h} on a canvas {width, height}; `turned` shows it a quarter turn
 * clockwise. A world with a lower corner {x0, y0} (open space, followed) shows from there.
 */
export function viewOf(world, canvas, turned = false) {
  const v = turned
    ? { a: 0, b: canvas.height / world.w, c: -canvas.width / world.h, d: 0, e: canvas.width, f: 0, turned: true }
    : { a: canvas.width / world.w, b: 0, c: 0, d: canvas.height / world.h, e: 0, f: 0, turned: false };
  const x0 = world.x0 ?? 0, y0 = world.y0 ?? 0;
  v.e -= v.a * x0 + v.c * y0;
  v.f -= v.b * x0 + v.d * y0;
  return v;
}

/** Device px per world unit (the mean of the two axes' scales). */
export function scaleOf(v) {
  return (Math.hypot(v.a, v.b) + Math.hypot(v.c, v.d)) / 2;
}

/** The canvas point (device px) of world point (x, y). */
export function toCanvas(v, x, y) {
  return { u: v.a * x + v.c * y + v.e, v: v.b * x + v.d * y + v.f };
}

/** The world point of canvas point (u, v) in device px. */
export function toWorld(v, u, w) {
  const det = v.a * v.d - v.b * v.c, du = u - v.e, dv = w - v.f;
  return { x: (v.d * du - v.c * dv) / det, y: (-v.b * du + v.a * dv) / det };
}

/** A move of (du, dv) on the screen as a move in the world (same length, turned back). */
export function worldMove(v, du, dv) {
  return v.turned ? { dx: dv, dy: -du } : { dx: du, dy: dv };
}
