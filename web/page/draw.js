// Drawing the flock: every boid is a small triangle pointing along its velocity, coloured by
// its heading (12 hues), so a formed flock shows as one colour. Two renderers draw the boid
// layer; a 2D overlay canvas on top draws the world's border, obstacles, the pointer and the
// keyboard cursor. Both draw through a view (view.js): world coordinates to canvas pixels,
// turned a quarter turn on a portrait phone; headings are coloured as seen on the screen.
//
// Which renderer: the page measures at load (pickRenderer: a sample frame drawn by each
// candidate, canvas 2D and the shader-antialiased WebGL2) and keeps the faster,
// unless ?renderer= names one of RENDERERS. The footer says which (its tooltip why). Measured
// in this project's headless Chromium 156 (--disable-gpu: canvas 2D rasterises on the CPU,
// WebGL2 runs on SwiftShader), on a shared, busy 2-core machine, steering model, 900x560
// canvas at DPR 1 (tests/web/browser/measure.mjs). Median ms to draw one frame and force it to
// finish (a one-pixel read):
//     boids    canvas 2D   WebGL2 shader AA ('webgl')   MSAA ('webgl-msaa')   none ('webgl-noaa')
//     1,500       2.9            3.2                         5.2                   1.5
//     5,000       8.2            9.0                        17.0                   5.2
//     10,000     19.5           16.7                        33.1                  11.1
// The live page (steps/s; main thread ms a frame), same run: 1,500 boids canvas 2D 58.8 (1.9),
// 'webgl' 40.8 (2.2), MSAA 33.0 (3.9); 5,000: 22.0 (3.6), 21.3 (1.6), 14.5 (6.8); 10,000: 8.7
// (7.6), 8.9 (1.4), 8.7 (6.7). So the shaders' antialiasing halves the cost of MSAA's and
// takes the boid loop off the main thread (the page hands over the flock's arrays; the vertex
// shader does the view, heading, size and colour), which matters where a GPU does the rest.
// Without one, canvas 2D and 'webgl' cost about the same CPU (SwiftShader spends about 1 us a
// triangle), and WebGL's compositing costs several ms a frame more at small flocks. Tried and
// dropped: a sprite atlas for canvas 2D (64 headings a colour, one drawImage a boid) took 3 to
// 4 times the paths' time (5,000 boids: 29 ms, 23 ms on whole pixels); one instanced draw
// call for WebGL2 took 136 ms (SwiftShader runs instances one by one); one point sprite a boid
// with the triangle cut in the fragment shader 26 ms at 10,000 (3 times the pixels to shade).
// The 2D renderer fills 64 triangles per fill() call and one colour at a time: one path with
// all 10,000 triangles took 440 ms to fill (Skia's scan conversion grows faster than linearly
// with the number of subpaths), 12 paths (one per colour) 100 ms, paths of 50-64 triangles 31 ms.

import { bySector, byKind, drawingOrder, hasKinds, kindScale, outlineWidth, PLAIN_COLOUR, SECTOR_COLOURS, SECTORS } from './draw_shared.js';
import { ShaderGLRenderer, TriangleGLRenderer } from './draw_gl.js';
import { scaleOf, toCanvas } from './view.js';

export { SECTOR_COLOURS };

/** Triangles per fill() call: Skia's path filling slows down superlinearly with subpaths. */
const CHUNK = 64;

export class Canvas2DRenderer {
  constructor(canvas) {
    this.canvas = canvas;
    this.name = '2d';
    this.variant = '2d-paths';
    this.ctx = canvas.getContext('2d', { alpha: false });
    this.scratch = { sector: new Uint8Array(0), order: new Int32Array(0) };
  }

  draw(f) {
    const { ctx, canvas } = this;
    ctx.fillStyle = '#0b1626';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (hasKinds(f)) {
      const { order, starts } = byKind(f, this.scratch);
      for (const k of drawingOrder(f.kinds)) {
        const kind = f.kinds[k];
        const outline = kind.predator ? outlineWidth(f.size) : 0;
        this.triangles(f, order, starts[k], starts[k + 1], f.size * kindScale(kind), kind.colour, outline);
      }
      return;
    }
    const { order, starts } = bySector(f, this.scratch);
    for (let k = 0; k < SECTORS; k++) {
      this.triangles(f, order, starts[k], starts[k + 1], f.size, f.colour ? SECTOR_COLOURS[k] : PLAIN_COLOUR, 0);
    }
  }

  /** Fills the boids order[from..to) in one colour, CHUNK to a path; outlined in white when `outline` (px) > 0. */
  triangles(f, order, from, to, size, colour, outline) {
    if (to === from) return;
    const ctx = this.ctx;
    const { a, b, c, d, e, f: g } = f.view;
    const tip = size * 0.55, half = size * 0.36, back = size * 0.45;
    const { x, y, vx, vy } = f;
    ctx.fillStyle = colour;
    if (outline) {
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = outline;
      ctx.lineJoin = 'round';
    }
    const finish = () => {
      if (outline) ctx.stroke();
      ctx.fill();
    };
    ctx.beginPath();
    let m = 0;
    for (let j = from; j < to; j++) {
      const i = order[j];
      const su = a * vx[i] + c * vy[i], sv = b * vx[i] + d * vy[i];
      const s = Math.sqrt(su * su + sv * sv);
      const ux = s > 0 ? su / s : 1, uy = s > 0 ? sv / s : 0;
      const px = a * x[i] + c * y[i] + e, py = b * x[i] + d * y[i] + g;
      ctx.moveTo(px + ux * tip, py + uy * tip);
      ctx.lineTo(px - ux * back - uy * half, py - uy * back + ux * half);
      ctx.lineTo(px - ux * back + uy * half, py - uy * back - ux * half);
      ctx.closePath();
      if (++m === CHUNK) {
        finish();
        ctx.beginPath();
        m = 0;
      }
    }
    if (m) finish();
  }

  /** Forces the drawing to finish (for timing): reading one pixel waits for rasterisation. */
  flush() {
    this.ctx.getImageData(0, 0, 1, 1);
  }
}

/** The boid renderers by the names ?renderer= takes (see the design note atop this file). */
const RENDERERS = {
  '2d': (canvas) => new Canvas2DRenderer(canvas),
  '2d-paths': (canvas) => new Canvas2DRenderer(canvas),
  webgl: (canvas) => new ShaderGLRenderer(canvas),
  'webgl-msaa': (canvas) => new TriangleGLRenderer(canvas, { antialias: true }),
  'webgl-noaa': (canvas) => new TriangleGLRenderer(canvas, { antialias: false }),
};
export const RENDERER_NAMES = Object.keys(RENDERERS);

/** The renderer `wanted` (a name of RENDERER_NAMES) for a canvas; WebGL falls back to canvas 2D where it is missing. */
export function makeRenderer(canvas, wanted) {
  try {
    return (RENDERERS[wanted] ?? RENDERERS['2d'])(canvas);
  } catch (e) {
    console.warn(`flocklab: ${e.message}; drawing with canvas 2D`);
    return RENDERERS['2d'](canvas);
  }
}

/** The renderers the page picks between at load (the others only by ?renderer=). */
const CANDIDATES = ['webgl', '2d'];

/** A made-up flock for the pick: `n` boids in random places and headings on a `w` x `h` canvas. */
function sampleFrame(n, w, h) {
  let seed = 12345;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const f = { n, x: new Float64Array(n), y: new Float64Array(n), vx: new Float64Array(n), vy: new Float64Array(n),
    view: { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0, turned: false }, size: 9, colour: true };
  for (let i = 0; i < n; i++) {
    f.x[i] = random() * w;
    f.y[i] = random() * h;
    f.vx[i] = random() - 0.5;
    f.vy[i] = random() - 0.5;
  }
  return f;
}

/** How many times faster than canvas 2D a WebGL2 sample frame must be for the page to pick WebGL2. */
const WEBGL_MARGIN = 1.5;

/**
 * The renderer that draws fastest here, for `canvas` (the page's boid canvas): each candidate
 * draws a made-up flock of 1,500 boids on a 600 x 380 canvas of its own, once to warm up, then
 * 3 times, each forced to finish; the fastest of its 3 counts, WebGL2's times WEBGL_MARGIN.
 * WebGL's trial canvas (a copy of `canvas`: id and attributes) takes `canvas`'s place when WebGL wins, so its context and
 * compiled shaders are used, not made twice. 140 to 210 ms in all here, nearly all of it making
 * the WebGL context and compiling its shaders (the sample frames: about 3 ms each). The result says
 * `picked`: {name: ms} of every candidate that could draw.
 */
export function pickRenderer(canvas) {
  const frame = sampleFrame(1500, 600, 380);
  const picked = {};
  let best = null;
  for (const name of CANDIDATES) {
    const trial = canvas.cloneNode(false);
    trial.width = 600;
    trial.height = 380;
    let r;
    try {
      r = RENDERERS[name](trial);
    } catch {
      continue;  // no WebGL2 here
    }
    r.draw(frame);
    r.flush();
    let ms = Infinity;
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      r.draw(frame);
      r.flush();
      ms = Math.min(ms, performance.now() - t0);
    }
    picked[name] = ms;
    // WebGL must be clearly faster: its sample frame misses the compositing it costs in the live
    // page (here, at 1,500 boids: canvas 2D 58.8 steps/s, WebGL2 40.8, the frames equally fast).
    const cost = name.startsWith('webgl') ? ms * WEBGL_MARGIN : ms;
    if (!best || cost < best.cost) {
      best?.r.release?.();
      best = { name, cost, r, trial };
    } else {
      r.release?.();
    }
  }
  let r;
  if (best?.name.startsWith('webgl')) {
    ({ r } = best);
    best.trial.width = canvas.width;
    best.trial.height = canvas.height;
    canvas.replaceWith(best.trial);
  } else {
    r = RENDERERS['2d'](canvas);
  }
  r.picked = picked;
  return r;
}

/** A food source's full size: its radius in world px when full (more food, a bigger disc). */
export function foodRadius(full) {
  return Math.min(30, 8 + 2 * Math.sqrt(Math.max(0, full)));
}

/**
 * Food sources on a 2D context, in canvas px: each {u, v, r} (its full radius in px) with
 * {amount, full}: a faint ring at the full size around a green disc whose area is the amount left.
 */
export function drawFood(ctx, marks, dpr) {
  for (const m of marks) {
    const share = m.full > 0 ? Math.min(1, Math.max(0, m.amount / m.full)) : 0;
    ctx.beginPath();
    ctx.arc(m.u, m.v, m.r, 0, 2 * Math.PI);
    ctx.fillStyle = 'rgba(110, 220, 140, 0.12)';
    ctx.fill();
    ctx.strokeStyle = 'rgba(110, 220, 140, 0.65)';
    ctx.lineWidth = 1.25 * dpr;
    ctx.stroke();
    if (share > 0) {
      ctx.beginPath();
      ctx.arc(m.u, m.v, Math.max(2 * dpr, m.r * Math.sqrt(share)), 0, 2 * Math.PI);
      ctx.fillStyle = '#6edc8c';
      ctx.fill();
    }
  }
}

/**
 * The overlay: border (walls drawn solid with their 50 px push zone), obstacles (`o.obstacles`:
 * the package's [{x, y, radius}]), food sources (`o.food`: [{x, y, amount, full}]), the pointer's reach and the keyboard cursor. `o.world` {w, h} and positions in world units, drawn through
 * `o.view`; line widths and marks in device px (`o.dpr` per CSS px).
 */
export function drawOverlay(canvas, o) {
  const ctx = canvas.getContext('2d');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const dpr = o.dpr, px = 1 / scaleOf(o.view);  // px: one device pixel in world units
  const { w, h } = o.world;
  ctx.setTransform(o.view.a, o.view.b, o.view.c, o.view.d, o.view.e, o.view.f);
  if (o.walls) {
    ctx.fillStyle = 'rgba(255, 190, 90, 0.07)';
    const m = 50;
    ctx.fillRect(0, 0, w, m);
    ctx.fillRect(0, h - m, w, m);
    ctx.fillRect(0, m, m, h - 2 * m);
    ctx.fillRect(w - m, m, m, h - 2 * m);
  }
  for (const { x, y, radius: r } of o.obstacles) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fillStyle = 'rgba(150, 160, 180, 0.55)';
    ctx.fill();
    ctx.strokeStyle = 'rgba(220, 228, 240, 0.9)';
    ctx.lineWidth = 1.5 * dpr * px;
    ctx.stroke();
  }
  if (o.food?.length) {
    const scale = scaleOf(o.view);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    drawFood(ctx, o.food.map((f) => ({ ...toCanvas(o.view, f.x, f.y), r: foodRadius(f.full) * scale, amount: f.amount, full: f.full })), dpr);
    ctx.restore();
  }
  if (o.pointer) {
    const { mode, x, y } = o.pointer;
    const colour = mode === 'food' ? '110, 220, 140' : '255, 95, 95';
    ctx.beginPath();
    ctx.arc(x, y, 160, 0, 2 * Math.PI);
    ctx.fillStyle = `rgba(${colour}, 0.10)`;
    ctx.fill();
    ctx.strokeStyle = `rgba(${colour}, 0.7)`;
    ctx.lineWidth = 1.5 * dpr * px;
    ctx.setLineDash([6 * dpr * px, 5 * dpr * px]);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.arc(x, y, 6 * dpr * px, 0, 2 * Math.PI);
    ctx.fillStyle = `rgb(${colour})`;
    ctx.fill();
  }
  if (o.cursor && o.cursorRadius) {
    ctx.beginPath();
    ctx.arc(o.cursor.x, o.cursor.y, o.cursorRadius, 0, 2 * Math.PI);
    ctx.strokeStyle = '#ffd84d';
    ctx.lineWidth = 2 * dpr * px;
    ctx.stroke();
  }
  // The border and the cursor's cross in canvas pixels: they follow the screen, not the world.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (o.walls) {
    ctx.strokeStyle = 'rgba(255, 190, 90, 0.9)';
    ctx.lineWidth = 3 * dpr;
    ctx.strokeRect(1.5 * dpr, 1.5 * dpr, canvas.width - 3 * dpr, canvas.height - 3 * dpr);
  }
  if (o.cursor) {
    const { u: cx, v: cy } = toCanvas(o.view, o.cursor.x, o.cursor.y), r = 10 * dpr;
    ctx.strokeStyle = '#ffd84d';
    ctx.lineWidth = 2 * dpr;
    ctx.beginPath();
    ctx.moveTo(cx - r, cy); ctx.lineTo(cx + r, cy);
    ctx.moveTo(cx, cy - r); ctx.lineTo(cx, cy + r);
    ctx.stroke();
  }
}
