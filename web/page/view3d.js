// The 3D view of the page: a pinhole camera circling the box's centre (z up), as the command
// line's 3D pictures place it (apps/cli/outputs/flock_picture_3d.cpp): `azimuth` degrees around
// the vertical from +x towards +y and `elevation` degrees above the floor, `zoom` times closer
// than the distance that fits the whole box. The flock is projected into canvas pixels and
// handed to the 2D page's renderers (which then colour each boid by its heading on the screen);
// the box's twelve edges are drawn on the overlay, those behind the centre dashed. Food and the
// clicks that spawn or drop things use the same lens (lensOf): projectPoint puts a world point on
// the canvas, unproject finds the point under a click on the box's middle level.

import { foodRadius } from './draw.js';

/** Where the camera starts: the pictures' default view; `follow`: turn to frame the group (followGroup). */
export function defaultCamera() {
  return { azimuth: 35, elevation: 25, zoom: 1, follow: false };
}

/**
 * The camera's angles that show the group's shape: down the axis it turns about when it mills (a
 * ring seen face on: the mean of (r_i - c) x v_i over unit vectors, the milling measure's own
 * vector, longer than 0.4), else from the side of its heading at the default elevation (a parallel
 * group in profile), else null (a swarm: any side is as good).
 */
export function framingOf(positions, velocities) {
  const [X, Y, Z] = positions, [VX, VY, VZ] = velocities, n = X.length;
  if (n < 2) return null;
  let cx = 0, cy = 0, cz = 0;
  for (let i = 0; i < n; i++) cx += X[i], cy += Y[i], cz += Z[i];
  cx /= n, cy /= n, cz /= n;
  const axis = [0, 0, 0], heading = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const r = [X[i] - cx, Y[i] - cy, Z[i] - cz], v = [VX[i], VY[i], VZ[i]];
    const rl = Math.hypot(...r), vl = Math.hypot(...v);
    if (!(rl > 0 && vl > 0)) continue;
    axis[0] += (r[1] * v[2] - r[2] * v[1]) / (rl * vl);
    axis[1] += (r[2] * v[0] - r[0] * v[2]) / (rl * vl);
    axis[2] += (r[0] * v[1] - r[1] * v[0]) / (rl * vl);
    for (let k = 0; k < 3; k++) heading[k] += v[k] / vl;
  }
  const deg = 180 / Math.PI, turning = Math.hypot(...axis) / n;
  if (turning > 0.4) {
    return { azimuth: Math.atan2(axis[1], axis[0]) * deg,
      elevation: Math.max(-85, Math.min(85, Math.asin(axis[2] / (turning * n)) * deg)) };
  }
  if (Math.hypot(heading[0], heading[1]) / n > 0.4) return { azimuth: Math.atan2(heading[1], heading[0]) * deg + 90, elevation: 25 };
  return null;
}

/**
 * Turns a following camera a tenth of the way towards framingOf's angles (the shorter way round),
 * so that it settles within about a second at 60 frames a second and never jumps.
 */
export function followGroup(camera, positions, velocities) {
  const aim = camera.follow ? framingOf(positions, velocities) : null;
  if (!aim) return;
  const turn = ((aim.azimuth - camera.azimuth) % 360 + 540) % 360 - 180;
  camera.azimuth = (camera.azimuth + 0.1 * turn) % 360;
  camera.elevation += 0.1 * (aim.elevation - camera.elevation);
}

/** Turns the camera by a drag of (du, dv) CSS px: half a degree a pixel, the elevation kept within 85. */
export function orbit(camera, du, dv) {
  camera.azimuth = (camera.azimuth - du * 0.5) % 360;
  camera.elevation = Math.min(85, Math.max(-85, camera.elevation + dv * 0.5));
}

/** Zooms by a wheel's deltaY: closer for negative, between 0.5 and 4 times. */
export function zoom(camera, deltaY) {
  camera.zoom = Math.min(4, Math.max(0.5, camera.zoom * Math.exp(-deltaY * 0.001)));
}

// The camera's axes and eye for a box w x h x d.
function cameraOf(world, camera) {
  const rad = Math.PI / 180, az = camera.azimuth * rad, el = camera.elevation * rad;
  const lower = [world.x0 ?? 0, world.y0 ?? 0, world.z0 ?? 0];  // open space: the followed cube's corner
  const centre = [lower[0] + world.w / 2, lower[1] + world.h / 2, lower[2] + world.d / 2];
  const towards = [Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el)];
  const distance = 2.4 * Math.hypot(world.w, world.h, world.d);
  const eye = centre.map((c, k) => c + towards[k] * distance);
  const forward = towards.map((t) => -t);
  const r = [forward[1], -forward[0], 0];  // forward x (0, 0, 1)
  const rl = Math.hypot(r[0], r[1]);
  const right = [r[0] / rl, r[1] / rl, 0];
  const up = [right[1] * forward[2] - right[2] * forward[1], right[2] * forward[0] - right[0] * forward[2],
    right[0] * forward[1] - right[1] * forward[0]];
  return { eye, right, up, forward };
}

/**
 * The camera's lens for a box `world` {w, h, d} on a canvas `width` x `height` device px: its
 * axes and eye, the scale that fits the box's corners (then the zoom) and the canvas centre,
 * with the corners on the canvas and their depths.
 */
export function lensOf(world, camera, width, height) {
  const c = cameraOf(world, camera);
  const along = (p, axis) => (p[0] - c.eye[0]) * axis[0] + (p[1] - c.eye[1]) * axis[1] + (p[2] - c.eye[2]) * axis[2];
  const corners = [];
  for (let k = 0; k < 8; k++) {
    const p = [(world.x0 ?? 0) + (k & 1 ? world.w : 0), (world.y0 ?? 0) + (k & 2 ? world.h : 0),
      (world.z0 ?? 0) + (k & 4 ? world.d : 0)];
    const depth = along(p, c.forward);
    corners.push({ u: along(p, c.right) / depth, v: along(p, c.up) / depth, depth });
  }
  const us = corners.map((q) => q.u), vs = corners.map((q) => q.v);
  const focal = 0.92 * camera.zoom * Math.min(width / (Math.max(...us) - Math.min(...us)),
    height / (Math.max(...vs) - Math.min(...vs)));
  const cu = width / 2 - focal * (Math.max(...us) + Math.min(...us)) / 2;
  const cv = height / 2 + focal * (Math.max(...vs) + Math.min(...vs)) / 2;
  for (const q of corners) {
    q.x = cu + focal * q.u;
    q.y = cv - focal * q.v;
  }
  return { ...c, focal, cu, cv, corners, world };
}

/** A world point on the canvas: {x, y} in device px and `scale`, device px per world unit there. */
export function projectPoint(lens, x, y, z) {
  const { right: r, up: u, forward: f, eye } = lens;
  const px = x - eye[0], py = y - eye[1], pz = z - eye[2];
  const depth = px * f[0] + py * f[1] + pz * f[2];
  return {
    x: lens.cu + (lens.focal * (px * r[0] + py * r[1] + pz * r[2])) / depth,
    y: lens.cv - (lens.focal * (px * u[0] + py * u[1] + pz * u[2])) / depth,
    scale: lens.focal / depth,
  };
}

/**
 * The world point seen at canvas point (cx, cy) (device px) on the level z = `z` (a click in the
 * 3D view places things at the box's middle depth), or null when that level is not in sight there.
 */
export function unproject(lens, cx, cy, z) {
  const su = (cx - lens.cu) / lens.focal, sv = (lens.cv - cy) / lens.focal;
  const ray = [0, 1, 2].map((k) => lens.forward[k] + su * lens.right[k] + sv * lens.up[k]);
  if (Math.abs(ray[2]) < 1e-9) return null;
  const t = (z - lens.eye[2]) / ray[2];
  if (!(t > 0)) return null;
  return { x: lens.eye[0] + t * ray[0], y: lens.eye[1] + t * ray[1], z };
}

/** The world point (rounded) under canvas point (cx, cy) on the box's middle level z = d/2, or null off the box. */
export function pickMiddle(lens, cx, cy) {
  const { w, h, d } = lens.world;
  const z = Math.round(d / 2);
  const p = unproject(lens, cx, cy, z);
  if (!p) return null;
  const x = Math.round(p.x), y = Math.round(p.y);
  return x >= 0 && x < w && y >= 0 && y < h ? { x, y, z } : null;
}

/** Food sources [{x, y, z, amount, full}] as marks on the canvas for draw.js's drawFood, their size in perspective. */
export function foodMarks(lens, food) {
  return food.map((f) => {
    const p = projectPoint(lens, f.x, f.y, f.z);
    return { u: p.x, v: p.y, r: foodRadius(f.full) * p.scale, amount: f.amount, full: f.full };
  });
}

/**
 * The flock seen by `camera` on a canvas `width` x `height` device px: a frame for the page's
 * renderers ({n, x, y, vx, vy, view, size, colour}, positions and directions in canvas px) and
 * the box's corners on the canvas with their depths. `flock` is the wasm Simulation, `world`
 * {w, h, d}; `scratch` keeps the arrays between frames.
 */
export function project(flock, world, camera, width, height, size, colour, scratch) {
  const n = flock.count;
  if (!scratch.x || scratch.x.length < n) {
    for (const k of ['x', 'y', 'vx', 'vy']) scratch[k] = new Float64Array(n);
  }
  const lens = lensOf(world, camera, width, height);
  const { focal, cu, cv, corners } = lens;
  const [X, Y, Z] = flock.positions, [VX, VY, VZ] = flock.velocities;
  const { right: r, up: u, forward: f, eye } = lens;
  for (let i = 0; i < n; i++) {
    const px = X[i] - eye[0], py = Y[i] - eye[1], pz = Z[i] - eye[2];
    const depth = px * f[0] + py * f[1] + pz * f[2];
    const su = (px * r[0] + py * r[1] + pz * r[2]) / depth, sv = (px * u[0] + py * u[1] + pz * u[2]) / depth;
    scratch.x[i] = cu + focal * su;
    scratch.y[i] = cv - focal * sv;
    // The velocity's direction on the screen (to first order, at this depth).
    const vr = VX[i] * r[0] + VY[i] * r[1] + VZ[i] * r[2], vu = VX[i] * u[0] + VY[i] * u[1] + VZ[i] * u[2];
    const vf = VX[i] * f[0] + VY[i] * f[1] + VZ[i] * f[2];
    scratch.vx[i] = vr - su * vf;
    scratch.vy[i] = -(vu - sv * vf);
  }
  const view = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0, turned: false };
  return {
    frame: { n, x: scratch.x, y: scratch.y, vx: scratch.vx, vy: scratch.vy, view, size, colour },
    corners,
    lens,
  };
}

/** The box's twelve edges on the overlay: those whose middle lies behind the centre dashed. */
export function drawBox(canvas, corners, dpr) {
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const middle = corners.reduce((s, q) => s + q.depth, 0) / 8;
  for (const behind of [true, false]) {
    ctx.beginPath();
    for (let a = 0; a < 8; a++)
      for (let bit = 1; bit < 8; bit <<= 1) {
        const b = a | bit;
        if (b === a || ((corners[a].depth + corners[b].depth) / 2 > middle) !== behind) continue;
        ctx.moveTo(corners[a].x, corners[a].y);
        ctx.lineTo(corners[b].x, corners[b].y);
      }
    ctx.setLineDash(behind ? [4 * dpr, 3 * dpr] : []);
    ctx.strokeStyle = behind ? 'rgba(200, 210, 230, 0.35)' : 'rgba(220, 228, 240, 0.75)';
    ctx.lineWidth = dpr;
    ctx.stroke();
  }
  ctx.setLineDash([]);
}
