// The WebGL2 renderers of the boid layer (see draw.js for which one the page uses and why).
//
// InstancedGLRenderer ('webgl'): one instanced draw call for the whole flock. The page hands
// the flock's own arrays over (x, y, vx, vy converted to float32 by TypedArray.set, the kinds
// as they are); the vertex shader places each boid's triangle (view transform, heading, size,
// heading sector and its colour) and the fragment shader antialiases it: every fragment knows
// its distance to the triangle's three edges (interpolated from the corners), and coverage is
// that distance + half a pixel, blended over what is below. So it needs no multisampling (the
// context is made with antialias: false), which on a software rasteriser (SwiftShader) costs 3
// times the drawing itself, and no JavaScript loop over the boids.
//
// TriangleGLRenderer ('webgl-msaa', 'webgl-noaa'): the first WebGL2 path, kept to compare
// against: JavaScript writes three vertices a boid, antialiased by the context's MSAA or not at all.
import { byKind, drawingOrder, hasKinds, hexRgb, kindScale, outlineWidth, sector } from './draw_shared.js';

/** A WebGL2 context on `canvas`; throws when there is none. */
function context(canvas, antialias) {
  const gl = canvas.getContext('webgl2', { alpha: false, antialias, preserveDrawingBuffer: false });
  if (!gl) throw new Error('WebGL2 is not available');
  return gl;
}

/** A linked program of the two shaders; throws with the compiler's message. */
function linked(gl, vertex, fragment) {
  const program = gl.createProgram();
  for (const [type, source] of [[gl.VERTEX_SHADER, vertex], [gl.FRAGMENT_SHADER, fragment]]) {
    const shader = gl.createShader(type);
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader));
    gl.attachShader(program, shader);
  }
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program));
  return program;
}

/** Forces the drawing to finish (for timing): gl.finish() does not wait in Chromium, a read does. */
function flushGL(gl) {
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
}

const HSL = `
vec3 hsl(float h, float s, float l) {
  vec3 k = mod(vec3(0.0, 8.0, 4.0) + h / 30.0, 12.0);
  float a = s * min(l, 1.0 - l);
  return l - a * max(min(min(k - 3.0, 9.0 - k), 1.0), -1.0);
}`;

// The boid's triangle, in lengths L: tip 0.55 ahead of the boid, back corners 0.45 behind and
// 0.36 to each side (draw.js). Its altitudes: 1.0 from the tip, 0.72 / |side| = 0.67744 from the
// back corners; its incircle: centre 0.19698 behind the boid, radius 0.25302. Growing it by g px
// on every side is scaling it about that centre by 1 + g / (0.25302 L).
const SHADER_VERTEX = `#version 300 es
layout(location = 0) in vec4 boid;  // the boid's x, y, vx, vy (world units), the same at its 3 corners
layout(location = 1) in float kind;
uniform vec3 rowU, rowV;   // the view: u = a x + c y + e, v = b x + d y + f (device px)
uniform vec2 canvas;       // device px
uniform float size;        // a plain boid's length, device px
uniform int mode;          // 0 one plain colour, 1 heading colours, 2 kinds' colours
uniform vec4 kinds[64];    // rgb and the length's scale, negative for a predator
uniform int kindCount;
uniform int pass;          // with kinds: 0 draws the prey, 1 the predators (drawn last, on top)
uniform float outline;     // a predator's white outline, px (half of it outside the triangle)
out vec3 edge;             // distances to the grown triangle's three edges, px
flat out vec3 tint;
flat out float grow;       // how far the triangle was grown (the antialiasing fringe and outline)
flat out float band;       // the white outline's width outside the triangle
${HSL}
void main() {
  float x = boid.x, y = boid.y, vx = boid.z, vy = boid.w;
  int corner3 = gl_VertexID % 3;
  float len = size;
  float bandWidth = 0.0;
  vec3 colour = vec3(0.91, 0.93, 0.97);
  if (mode == 2) {
    vec4 k = kinds[min(int(kind + 0.5), kindCount - 1)];
    bool predator = k.w < 0.0;
    if (predator != (pass == 1)) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); return; }  // clipped: not this pass
    len = size * abs(k.w);
    colour = k.rgb;
    if (predator) bandWidth = 0.5 * outline;
  }
  vec2 p = vec2(dot(rowU, vec3(x, y, 1.0)), dot(rowV, vec3(x, y, 1.0)));
  vec2 s = vec2(rowU.x * vx + rowU.y * vy, rowV.x * vx + rowV.y * vy);
  float l = length(s);
  vec2 u = l > 0.0 ? s / l : vec2(1.0, 0.0), n = vec2(-u.y, u.x);
  // The heading sector on the screen (counter-clockwise, y down): 30 degrees each, 0 centred on the right.
  if (mode == 1) colour = hsl(mod(floor(degrees(atan(-u.y, u.x)) / 30.0 + 0.5), 12.0) * 30.0, 0.85, 0.66);
  float g = bandWidth + 0.5;  // pixel centres up to half a pixel outside an edge get some coverage
  float scale = 1.0 + g / (0.25302 * len);
  vec2 centre = p - 0.19698 * len * u, corner;
  if (corner3 == 0) { corner = p + 0.55 * len * u; edge = vec3(len * scale, 0.0, 0.0); }
  else if (corner3 == 1) { corner = p - 0.45 * len * u + 0.36 * len * n; edge = vec3(0.0, 0.67744 * len * scale, 0.0); }
  else { corner = p - 0.45 * len * u - 0.36 * len * n; edge = vec3(0.0, 0.0, 0.67744 * len * scale); }
  corner = centre + scale * (corner - centre);
  gl_Position = vec4(corner.x / canvas.x * 2.0 - 1.0, 1.0 - corner.y / canvas.y * 2.0, 0.0, 1.0);
  tint = colour;
  grow = g;
  band = bandWidth;
}`;

const SHADER_FRAGMENT = `#version 300 es
precision mediump float;
in vec3 edge;
flat in vec3 tint;
flat in float grow;
flat in float band;
out vec4 colourOut;
void main() {
  float d = min(min(edge.x, edge.y), edge.z) - grow;  // px inside the boid's triangle (negative: outside)
  float cover = clamp(d + band + 0.5, 0.0, 1.0);
  colourOut = vec4(band > 0.0 ? mix(vec3(1.0), tint, clamp(d + 0.5, 0.0, 1.0)) : tint, cover);
}`;

export class ShaderGLRenderer {
  /** Throws when WebGL2 is not available. */
  constructor(canvas) {
    this.canvas = canvas;
    this.name = 'webgl';
    this.variant = 'webgl';
    const gl = this.gl = context(canvas, false);
    const program = this.program = linked(gl, SHADER_VERTEX, SHADER_FRAGMENT);
    this.at = Object.fromEntries(['rowU', 'rowV', 'canvas', 'size', 'mode', 'kinds', 'kindCount', 'pass', 'outline']
      .map((k) => [k, gl.getUniformLocation(program, k)]));
    this.vao = gl.createVertexArray();
    gl.bindVertexArray(this.vao);
    this.buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 4, gl.FLOAT, false, 20, 0);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 1, gl.FLOAT, false, 20, 16);
    this.data = new Float32Array(0);
    this.kindData = new Float32Array(4 * 64);
  }

  draw(f) {
    const { gl, canvas, at } = this;
    const n = f.n, kinds = hasKinds(f);
    if (this.data.length < 15 * n) this.data = new Float32Array(15 * Math.ceil(n * 1.25));
    // Each boid's x, y, vx, vy and kind at its three corners: the shaders do the rest.
    const out = this.data, { x, y, vx, vy } = f, kindOf = kinds ? f.kindOf : null;
    for (let i = 0, j = 0; i < n; i++, j += 15) {
      const xi = x[i], yi = y[i], vxi = vx[i], vyi = vy[i], k = kindOf ? kindOf[i] : 0;
      out[j] = xi; out[j + 1] = yi; out[j + 2] = vxi; out[j + 3] = vyi; out[j + 4] = k;
      out[j + 5] = xi; out[j + 6] = yi; out[j + 7] = vxi; out[j + 8] = vyi; out[j + 9] = k;
      out[j + 10] = xi; out[j + 11] = yi; out[j + 12] = vxi; out[j + 13] = vyi; out[j + 14] = k;
    }
    gl.viewport(0, 0, canvas.width, canvas.height);
    gl.clearColor(11 / 255, 22 / 255, 38 / 255, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    if (!n) return;
    gl.useProgram(this.program);
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.bufferData(gl.ARRAY_BUFFER, out.subarray(0, 15 * n), gl.STREAM_DRAW);
    const { a, b, c, d, e, f: g } = f.view;
    gl.uniform3f(at.rowU, a, c, e);
    gl.uniform3f(at.rowV, b, d, g);
    gl.uniform2f(at.canvas, canvas.width, canvas.height);
    gl.uniform1f(at.size, f.size);
    gl.enable(gl.BLEND);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ZERO, gl.ONE);
    if (!kinds) {
      gl.uniform1i(at.mode, f.colour ? 1 : 0);
      gl.drawArrays(gl.TRIANGLES, 0, 3 * n);
      return;
    }
    const list = f.kinds.slice(0, 64);
    list.forEach((kind, k) => {
      this.kindData.set(hexRgb(kind.colour), 4 * k);
      this.kindData[4 * k + 3] = kindScale(kind) * (kind.predator ? -1 : 1);
    });
    gl.uniform4fv(at.kinds, this.kindData);
    gl.uniform1i(at.kindCount, list.length);
    gl.uniform1i(at.mode, 2);
    gl.uniform1f(at.outline, outlineWidth(f.size));
    gl.uniform1i(at.pass, 0);
    gl.drawArrays(gl.TRIANGLES, 0, 3 * n);
    if (list.some((kind) => kind.predator)) {
      gl.uniform1i(at.pass, 1);
      gl.drawArrays(gl.TRIANGLES, 0, 3 * n);
    }
  }

  flush() {
    flushGL(this.gl);
  }

  /** Gives the context back now (a page may hold only so many), for a renderer no longer used. */
  release() {
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}

const VERTEX_SHADER = `#version 300 es
in vec2 position;    // device px
in float sector;     // heading sector 0..11, -1 the plain colour, -2 white (an outline), 100 + k kind k
uniform vec2 canvas; // device px
uniform vec3 kinds[64];
out vec3 tint;
${HSL}
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

export class TriangleGLRenderer {
  /** Throws when WebGL2 is not available. */
  constructor(canvas, { antialias = true } = {}) {
    this.canvas = canvas;
    this.name = 'webgl';
    this.variant = antialias ? 'webgl-msaa' : 'webgl-noaa';
    const gl = this.gl = context(canvas, antialias);
    const program = this.program = linked(gl, VERTEX_SHADER, FRAGMENT_SHADER);
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

  flush() {
    flushGL(this.gl);
  }

  /** Gives the context back now (a page may hold only so many), for a renderer no longer used. */
  release() {
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}
