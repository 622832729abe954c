// Drawing the flock: every boid is a small triangle pointing along its velocity, coloured by
// its heading (12 hues), so a formed flock shows as one colour. Two renderers draw the boid
// layer; a 2D overlay canvas on top draws the world's border, obstacles, the pointer and the
// keyboard cursor. Both draw through a view (view.js): world coordinates to canvas pixels,
// turned a quarter turn on a portrait phone; headings are coloured as seen on the screen.
//
// Which renderer: measured in this project's headless Chromium 156 (no GPU: --disable-gpu, so
// canvas 2D rasterises on the CPU and WebGL2 runs on SwiftShader), on a shared 2-core machine,
// steering model, 900x560 canvas at DPR 1; tests/web/browser/measure.mjs prints these. Median ms to
// draw one frame and force it to finish (a one-pixel read), two runs:
//     boids     canvas 2D     WebGL2 antialiased    WebGL2 without antialiasing
//     1,500     4.8 / 5.2        6.5 / 6.3              2.0 / 2.1
//     10,000   26.9 / 34.4      31.5 / 31.4            12.8 / 10.1
// and the live page at 1,500 boids, one step per frame: canvas 2D 46 steps/s (21 ms a frame),
// WebGL2 34 steps/s (29 ms a frame; the software compositing of WebGL costs more).
// So canvas 2D is the default: the faster of the two that draw smooth (antialiased) triangles,
// and it needs no GPU. WebGL2 stays available as ?renderer=webgl (or webgl-noaa, three times
// faster here but jagged), for machines with a real GPU, where it should win by far; this
// machine has none to measure that on. The 2D renderer fills 64 triangles per fill() call and
// one colour at a time: one path with all 10,000 triangles took 440 ms to fill (Skia's scan
// conversion grows faster than linearly with the number of subpaths), 12 paths (one per
// colour) 100 ms, paths of 50-64 triangles 31 ms.

import { scaleOf, toCanvas } from './view.js';

/** Hues of the 12 heading sectors (30 degrees each, sector 0 pointing right, counter-clockwise on screen). */
const SECTORS = 12;
const HUES = Array.from({ length: SECTORS }, (_, k) => (k * 360) / SECTORS);
const TAN15 = Math.tan(Math.PI / 12), TAN45 = 1, TAN75 = Math.tan((5 * Math.PI) / 12);

/**
 * The heading sector of (vx, vy) with no trigonometry per boid: compare |vy| with |vx| times the
 * tangents of 15, 45 and 75 degrees inside the right quadrant.
 */
function sector(vx, vy) {
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
const PLAIN_COLOUR = '#e8eef8';

/** A frame: what both renderers need. */
// { n, x, y, vx, vy: Float64Array views; view: viewOf(...) of view.js; size: triangle length in
//   device px; colour: bool; with species also kinds: [{colour, size, predator}] and kindOf: each
//   boid's kind (a Uint32Array view) }
// With kinds, every boid is drawn in its kind's colour (not its heading's), its length scaled by
// its kind's size (kept within 0.5 to 3 times), and predators, drawn last, get a white outline.

/** Does the frame carry kinds for each of its boids? */
function hasKinds(f) {
  return Boolean(f.kinds && f.kinds.length && f.kindOf && f.kindOf.length === f.n);
}

/** A kind's triangle length relative to a plain boid's. */
export function kindScale(kind) {
  return Math.min(3, Math.max(0.5, kind.size || 1));
}

/** A predator's outline (a stroke, half of it outside the triangle) for boids of length `size` px. */
function outlineWidth(size) {
  return Math.max(3, size * 0.45);
}

/** The kinds in drawing order: prey first, predators last (on top). */
function drawingOrder(kinds) {
  const order = kinds.map((_, k) => k);
  return [...order.filter((k) => !kinds[k].predator), ...order.filter((k) => kinds[k].predator)];
}

/** Boid indices grouped by kind (a counting sort): {order, starts}, starts indexed by kind. */
function byKind(f, scratch) {
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

/** Triangles per fill() call: Skia's path filling slows down superlinearly with subpaths. */
const CHUNK = 64;

/** Boid indices grouped by heading sector (a counting sort): {order, starts}. */
function bySector(f, scratch) {
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

export class Canvas2DRenderer {
  constructor(canvas) {
    this.canvas = canvas;
    this.name = '2d';
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

const VERTEX_SHADER = `#version 300 es
in vec2 position;    // device px
in float sector;     // heading sector 0..11, -1 the plain colour, -2 white (an outline), 100 + k kind k
uniform vec2 canvas; // device px
uniform vec3 kinds[64];
out vec3 tint;
vec3 hsl(float h, float s, float l) {
  vec3 k = mod(vec3(0.0, 8.0, 4.0) + h / 30.0, 12.0);
  float a = s * min(l, 1.0 - l);
  return l - a * max(min(min(k - 3.0, 9.0 - k), 1.0), -1.0);
}
void main() {
  gl_Position = vec4(position / canvas * 2.0 - 1.0, 0.0, 1.0);
  gl_Position.y = -gl_Position.y;
  if (sector > 99.5) tint = kinds[int(sector - 99.5)];
  else if (sector < -1.5) tint = vec3(1.0);
  else tint = sector < 0.0 ? vec3(0.91, 0.93, 0.97) : hsl(sector * 30.0, 0.85, 0.66);
}`;

const FRAGMENT_SHADER = `#version 300 es
precision mediump float;
in vec3 tint;
out vec4 colourOut;
void main() { colourOut = vec4(tint, 1.0); }`;

export class WebGLRenderer {
  /** Throws when WebGL2 is not available. */
  constructor(canvas, { antialias = true } = {}) {
    this.canvas = canvas;
    this.name = 'webgl';
    const gl = canvas.getContext('webgl2', { alpha: false, antialias, preserveDrawingBuffer: false });
    if (!gl) throw new Error('WebGL2 is not available');
    this.gl = gl;
    const program = gl.createProgram();
    for (const [type, source] of [[gl.VERTEX_SHADER, VERTEX_SHADER], [gl.FRAGMENT_SHADER, FRAGMENT_SHADER]]) {
      const shader = gl.createShader(type);
      gl.shaderSource(shader, source);
      gl.compileShader(shader);
      if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader));
      gl.attachShader(program, shader);
    }
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program));
    this.program = program;
    this.canvasLoc = gl.getUniformLocation(program, 'canvas');
    this.kindsLoc = gl.getUniformLocation(program, 'kinds');
    this.scratch = { sector: new Uint8Array(0), order: new Int32Array(0) };
    this.vao = gl.createVertexArray();
    gl.bindVertexArray(this.vao);
    this.buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    const pos = gl.getAttribLocation(program, 'position'), sec = gl.getAttribLocation(program, 'sector');
    gl.enableVertexAttribArray(pos);
    gl.vertexAttribPointer(pos, 2, gl.FLOAT, false, 12, 0);
    gl.enableVertexAttribArray(sec);
    gl.vertexAttribPointer(sec, 1, gl.FLOAT, false, 12, 8);
    this.data = new Float32Array(0);
  }

  draw(f) {
    const { gl, canvas } = this;
    const n = f.n;
    const kinds = hasKinds(f);
    const grouped = kinds ? byKind(f, this.scratch) : null;
    let triangles = n;
    if (kinds) f.kinds.forEach((kind, k) => { if (kind.predator) triangles += grouped.starts[k + 1] - grouped.starts[k]; });
    if (this.data.length < 9 * triangles) this.data = new Float32Array(9 * triangles);
    const out = this.data, { x, y, vx, vy } = f;
    const { a, b, c, d, e, f: g } = f.view;
    let j = 0;
    // A boid's triangle; `grow` px more on every side (an outline) scales it about its incircle's
    // centre, 0.197 of its length behind the boid's point, inradius 0.253 of its length.
    const put = (i, size, k, grow = 0) => {
      const scale = 1 + grow / (0.253 * size), shift = 0.197 * size * (scale - 1);
      const tip = size * 0.55 * scale + shift, half = size * 0.36 * scale, back = size * 0.45 * scale - shift;
      const su = a * vx[i] + c * vy[i], sv = b * vx[i] + d * vy[i];
      const s = Math.sqrt(su * su + sv * sv);
      const ux = s > 0 ? su / s : 1, uy = s > 0 ? sv / s : 0;
      const px = a * x[i] + c * y[i] + e, py = b * x[i] + d * y[i] + g;
      if (k === undefined) k = f.colour ? sector(su, sv) : -1;
      out[j] = px + ux * tip; out[j + 1] = py + uy * tip; out[j + 2] = k;
      out[j + 3] = px - ux * back - uy * half; out[j + 4] = py - uy * back + ux * half; out[j + 5] = k;
      out[j + 6] = px - ux * back + uy * half; out[j + 7] = py - uy * back - ux * half; out[j + 8] = k;
      j += 9;
    };
    if (kinds) {
      const { order, starts } = grouped;
      for (const k of drawingOrder(f.kinds)) {
        const kind = f.kinds[k], size = f.size * kindScale(kind);
        for (let m = starts[k]; m < starts[k + 1]; m++) {
          if (kind.predator) put(order[m], size, -2, outlineWidth(f.size) / 2);  // the outline, under it
          put(order[m], size, 100 + k);
        }
      }
      const rgb = new Float32Array(3 * 64);
      f.kinds.slice(0, 64).forEach((kind, k) => rgb.set(hexRgb(kind.colour), 3 * k));
      gl.useProgram(this.program);
      gl.uniform3fv(this.kindsLoc, rgb);
    } else {
      for (let i = 0; i < n; i++) put(i, f.size);
    }
    triangles = j / 9;
    gl.viewport(0, 0, canvas.width, canvas.height);
    gl.clearColor(11 / 255, 22 / 255, 38 / 255, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.useProgram(this.program);
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.bufferData(gl.ARRAY_BUFFER, out.subarray(0, 9 * triangles), gl.STREAM_DRAW);
    gl.uniform2f(this.canvasLoc, canvas.width, canvas.height);
    gl.drawArrays(gl.TRIANGLES, 0, 3 * triangles);
  }

  /** Forces the drawing to finish (for timing): gl.finish() does not wait in Chromium, a read does. */
  flush() {
    const gl = this.gl;
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  }
}

/** '#rrggbb' as [r, g, b] in 0..1. */
function hexRgb(hex) {
  const v = parseInt(String(hex).slice(1, 7), 16) || 0;
  return [(v >> 16) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255];
}

/** The renderer for a canvas: `wanted` is '2d' or 'webgl'; WebGL falls back to 2D when unavailable. */
export function makeRenderer(canvas, wanted) {
  if (wanted === 'webgl' || wanted === 'webgl-noaa') {
    try {
      return new WebGLRenderer(canvas, { antialias: wanted === 'webgl' });
    } catch (e) {
      console.warn(`flocklab: ${e.message}; drawing with canvas 2D`);
    }
  }
  return new Canvas2DRenderer(canvas);
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
