// Drawing the flock: every boid is a small triangle pointing along its velocity, coloured by
// its heading (12 hues), so a formed flock shows as one colour. Two renderers draw the boid
// layer; a 2D overlay canvas on top draws the world's border, obstacles, the pointer and the
// keyboard cursor.
//
// Measured in this project's headless Chromium 156 (software rendering, --disable-gpu, shared
// 2-core machine), steering model, 900x560 canvas at DPR 1, drawing plus a forced flush, median
// ms per frame (tests/browser/measure.mjs prints these):
//     boids     canvas 2D    WebGL2 (SwiftShader)
//     1,500        0.9          1.6
//     10,000       4.9          4.1
// Both are far below a step of the engine at those counts (8 ms and 60-300 ms), so drawing
// never limits the page. Canvas 2D is the default: it is faster at the default count, needs no
// GPU, cannot lose its context, and draws identically everywhere; WebGL2 (instanced triangles,
// the colour worked out in the shader) stays available as ?renderer=webgl for machines with a
// real GPU and very large flocks, where it pulls ahead.

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
const SECTOR_COLOURS = HUES.map((h) => `hsl(${h} 85% 66%)`);
const PLAIN_COLOUR = '#e8eef8';

/** A frame: what both renderers need. */
// { n, x, y, vx, vy: Float64Array views; world: {w, h}; size: triangle length in device px; colour: bool }

export class Canvas2DRenderer {
  constructor(canvas) {
    this.canvas = canvas;
    this.name = '2d';
    this.ctx = canvas.getContext('2d', { alpha: false });
  }

  draw(f) {
    const { ctx, canvas } = this;
    ctx.fillStyle = '#0b1626';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    const sx = canvas.width / f.world.w, sy = canvas.height / f.world.h;
    const len = f.size, half = f.size * 0.36, back = f.size * 0.45;
    const paths = f.colour ? Array.from({ length: SECTORS }, () => new Path2D()) : [new Path2D()];
    const { x, y, vx, vy, n } = f;
    for (let i = 0; i < n; i++) {
      const vxi = vx[i], vyi = vy[i];
      const s = Math.sqrt(vxi * vxi + vyi * vyi);
      const ux = s > 0 ? vxi / s : 1, uy = s > 0 ? vyi / s : 0;
      const px = x[i] * sx, py = y[i] * sy;
      const p = f.colour ? paths[sector(vxi, vyi)] : paths[0];
      p.moveTo(px + ux * len * 0.55, py + uy * len * 0.55);
      p.lineTo(px - ux * back - uy * half, py - uy * back + ux * half);
      p.lineTo(px - ux * back + uy * half, py - uy * back - ux * half);
      p.closePath();
    }
    for (let k = 0; k < paths.length; k++) {
      ctx.fillStyle = f.colour ? SECTOR_COLOURS[k] : PLAIN_COLOUR;
      ctx.fill(paths[k]);
    }
  }

  /** Forces the drawing to finish (for timing): reading one pixel waits for rasterisation. */
  flush() {
    this.ctx.getImageData(0, 0, 1, 1);
  }
}

const VERTEX_SHADER = `#version 300 es
in vec2 corner;      // triangle corner in (along, across) units
in vec4 boid;        // x, y, vx, vy (world units), one per instance
uniform vec2 scale;  // world -> device px
uniform vec2 canvas; // device px
uniform float size;  // triangle length, device px
uniform bool colour;
out vec3 tint;
vec3 hsl(float h, float s, float l) {
  vec3 k = mod(vec3(0.0, 8.0, 4.0) + h / 30.0, 12.0);
  float a = s * min(l, 1.0 - l);
  return l - a * max(min(min(k - 3.0, 9.0 - k), 1.0), -1.0);
}
void main() {
  vec2 v = boid.zw;
  float s = length(v);
  vec2 u = s > 0.0 ? v / s : vec2(1.0, 0.0);
  vec2 perp = vec2(-u.y, u.x);
  vec2 p = boid.xy * scale + (u * corner.x + perp * corner.y) * size;
  gl_Position = vec4(p / canvas * 2.0 - 1.0, 0.0, 1.0);
  gl_Position.y = -gl_Position.y;
  // heading on screen, counter-clockwise from the right, quantised like the 2D renderer
  float a = degrees(atan(-u.y, u.x));
  if (a < 0.0) a += 360.0;
  float sector = mod(floor((a + 15.0) / 30.0), 12.0);
  tint = colour ? hsl(sector * 30.0, 0.85, 0.66) : vec3(0.91, 0.93, 0.97);
}`;

const FRAGMENT_SHADER = `#version 300 es
precision mediump float;
in vec3 tint;
out vec4 colourOut;
void main() { colourOut = vec4(tint, 1.0); }`;

export class WebGLRenderer {
  /** Throws when WebGL2 is not available. */
  constructor(canvas) {
    this.canvas = canvas;
    this.name = 'webgl';
    const gl = canvas.getContext('webgl2', { alpha: false, antialias: true, preserveDrawingBuffer: false });
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
    this.uniforms = Object.fromEntries(['scale', 'canvas', 'size', 'colour'].map((u) => [u, gl.getUniformLocation(program, u)]));
    this.vao = gl.createVertexArray();
    gl.bindVertexArray(this.vao);
    const corners = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, corners);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0.55, 0, -0.45, 0.36, -0.45, -0.36]), gl.STATIC_DRAW);
    const cornerLoc = gl.getAttribLocation(program, 'corner');
    gl.enableVertexAttribArray(cornerLoc);
    gl.vertexAttribPointer(cornerLoc, 2, gl.FLOAT, false, 0, 0);
    this.boids = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.boids);
    const boidLoc = gl.getAttribLocation(program, 'boid');
    gl.enableVertexAttribArray(boidLoc);
    gl.vertexAttribPointer(boidLoc, 4, gl.FLOAT, false, 0, 0);
    gl.vertexAttribDivisor(boidLoc, 1);
    this.data = new Float32Array(0);
  }

  draw(f) {
    const { gl, canvas } = this;
    const n = f.n;
    if (this.data.length < 4 * n) this.data = new Float32Array(4 * n);
    const d = this.data, { x, y, vx, vy } = f;
    for (let i = 0, j = 0; i < n; i++, j += 4) {
      d[j] = x[i]; d[j + 1] = y[i]; d[j + 2] = vx[i]; d[j + 3] = vy[i];
    }
    gl.viewport(0, 0, canvas.width, canvas.height);
    gl.clearColor(11 / 255, 22 / 255, 38 / 255, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.useProgram(this.program);
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.boids);
    gl.bufferData(gl.ARRAY_BUFFER, d.subarray(0, 4 * n), gl.STREAM_DRAW);
    gl.uniform2f(this.uniforms.scale, canvas.width / f.world.w, canvas.height / f.world.h);
    gl.uniform2f(this.uniforms.canvas, canvas.width, canvas.height);
    gl.uniform1f(this.uniforms.size, f.size);
    gl.uniform1i(this.uniforms.colour, f.colour ? 1 : 0);
    gl.drawArraysInstanced(gl.TRIANGLES, 0, 3, n);
  }

  flush() {
    const gl = this.gl;
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  }
}

/** The renderer for a canvas: `wanted` is '2d' or 'webgl'; WebGL falls back to 2D when unavailable. */
export function makeRenderer(canvas, wanted) {
  if (wanted === 'webgl') {
    try {
      return new WebGLRenderer(canvas);
    } catch (e) {
      console.warn(`flocklab: ${e.message}; drawing with canvas 2D`);
    }
  }
  return new Canvas2DRenderer(canvas);
}

/**
 * The overlay: border (walls drawn solid with their 50 px push zone), obstacles, the pointer's
 * reach and the keyboard cursor. Coordinates in world units, drawn in device px.
 */
export function drawOverlay(canvas, o) {
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const sx = canvas.width / o.world.w, sy = canvas.height / o.world.h;
  const dpr = o.dpr;
  if (o.walls) {
    ctx.fillStyle = 'rgba(255, 190, 90, 0.07)';
    const m = 50;
    ctx.fillRect(0, 0, canvas.width, m * sy);
    ctx.fillRect(0, canvas.height - m * sy, canvas.width, m * sy);
    ctx.fillRect(0, m * sy, m * sx, canvas.height - 2 * m * sy);
    ctx.fillRect(canvas.width - m * sx, m * sy, m * sx, canvas.height - 2 * m * sy);
    ctx.strokeStyle = 'rgba(255, 190, 90, 0.9)';
    ctx.lineWidth = 3 * dpr;
    ctx.strokeRect(1.5 * dpr, 1.5 * dpr, canvas.width - 3 * dpr, canvas.height - 3 * dpr);
  }
  for (const [x, y, r] of o.obstacles) {
    ctx.beginPath();
    ctx.ellipse(x * sx, y * sy, r * sx, r * sy, 0, 0, 2 * Math.PI);
    ctx.fillStyle = 'rgba(150, 160, 180, 0.55)';
    ctx.fill();
    ctx.strokeStyle = 'rgba(220, 228, 240, 0.9)';
    ctx.lineWidth = 1.5 * dpr;
    ctx.stroke();
  }
  if (o.pointer) {
    const { mode, x, y } = o.pointer;
    const colour = mode === 'food' ? '110, 220, 140' : '255, 95, 95';
    ctx.beginPath();
    ctx.ellipse(x * sx, y * sy, 160 * sx, 160 * sy, 0, 0, 2 * Math.PI);
    ctx.fillStyle = `rgba(${colour}, 0.10)`;
    ctx.fill();
    ctx.strokeStyle = `rgba(${colour}, 0.7)`;
    ctx.lineWidth = 1.5 * dpr;
    ctx.setLineDash([6 * dpr, 5 * dpr]);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.arc(x * sx, y * sy, 6 * dpr, 0, 2 * Math.PI);
    ctx.fillStyle = `rgb(${colour})`;
    ctx.fill();
  }
  if (o.cursor) {
    const cx = o.cursor.x * sx, cy = o.cursor.y * sy, r = 10 * dpr;
    ctx.strokeStyle = '#ffd84d';
    ctx.lineWidth = 2 * dpr;
    ctx.beginPath();
    ctx.moveTo(cx - r, cy); ctx.lineTo(cx + r, cy);
    ctx.moveTo(cx, cy - r); ctx.lineTo(cx, cy + r);
    ctx.stroke();
    if (o.cursorRadius) {
      ctx.beginPath();
      ctx.ellipse(cx, cy, o.cursorRadius * sx, o.cursorRadius * sy, 0, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }
}
