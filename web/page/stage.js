// The stage: the boid canvas (canvas 2D or WebGL2, draw.js) and the overlay canvas above it,
// sized to the engine's world (S.space) and drawn from the flock as it is now. Design: drawing
// reads the flock and never changes it; the 2D view maps the world onto the canvas (view.js,
// turned on a portrait phone) and a 3D run is drawn through the camera's lens (view3d.js).
import { drawFood, drawOverlay, makeRenderer } from './draw.js';
import { drawLegend } from './species.js';
import { $, hasTools, in3d, obstacleRadius, refreshLook, S, TURN_QUERY, worldSize, worldSize3d } from './state.js';
import { viewOf } from './view.js';
import { drawBox, followGroup, foodMarks, lensOf, project } from './view3d.js';

/**
 * A boid's length in device px: 9 CSS px on an 800 px canvas, more for small flocks, fewer for
 * big ones, and never under 0.7 of that on a small canvas (a phone), where smaller marks are specks.
 */
export function triangleSize(count = S.flock.count, cssSide = stageSide(), dpr = window.devicePixelRatio || 1) {
  const byCount = Math.min(1.4, Math.max(0.6, (1500 / count) ** 0.25));
  const bySide = Math.min(1.25, Math.max(0.7, cssSide / 800));
  return 9 * byCount * bySide * dpr;
}

/** The stage's longer side in CSS px. */
function stageSide() {
  const r = $('stage').getBoundingClientRect();
  return Math.max(r.width, r.height) || 900;
}

/** Is the world shown turned a quarter turn (a landscape world on a portrait phone)? */
function turned(world = worldSize()) {
  return TURN_QUERY.matches && world.w > world.h;
}

/** The current view of the world on the boid canvas (device px). */
export function stageView(world = worldSize()) {
  return viewOf(world, $('boids'), turned(world));
}

/** The renderer's frame of a 2D flock through `view`, boids `size` device px long. */
export function frameOf(flock, view, size) {
  const [x, y] = flock.positions, [vx, vy] = flock.velocities;
  return { n: flock.count, x, y, vx, vy, view, size, colour: S.colour };
}

/** The frame with each boid's kind, when the run has species (kindOf first: it may move wasm memory). */
export function kindsOf(look) {
  return look.kinds.length ? { kinds: look.kinds, kindOf: S.flock.kindOf() } : {};
}

/** The 3D view's lens on the boid canvas now. */
export function lens3d() {
  const canvas = $('boids');
  return lensOf(worldSize3d(), S.camera, canvas.width, canvas.height);
}

export function render() {
  if (!S.flock) return;
  S.dirty = false;
  const look = refreshLook();
  drawLegend($('kinds-legend'), look);
  const dpr = window.devicePixelRatio || 1;
  if (in3d()) {
    const canvas = $('boids');
    followGroup(S.camera, S.flock.positions, S.flock.velocities);
    const kinds = kindsOf(look);
    const { frame, corners, lens } = project(S.flock, worldSize3d(), S.camera, canvas.width, canvas.height, triangleSize(),
      S.colour, S.scratch3d);
    S.renderer.draw({ ...frame, ...kinds });
    drawBox($('overlay'), corners, dpr);
    drawFood($('overlay').getContext('2d'), foodMarks(lens, look.food), dpr);
    return;
  }
  const world = worldSize();
  const view = stageView(world);
  const kinds = kindsOf(look);
  S.renderer.draw({ ...frameOf(S.flock, view, triangleSize()), ...kinds });
  const overlay = $('overlay');
  const showCursor = hasTools() && S.cursor && overlay.matches(':focus-visible');
  drawOverlay(overlay, {
    world,
    view,
    dpr: window.devicePixelRatio || 1,
    walls: !S.space.wrap && !S.space.open,
    obstacles: S.obstacles,
    food: look.food,
    pointer: S.pointer,
    cursor: showCursor ? S.cursor : null,
    cursorRadius: showCursor && S.tool === 'obstacle' ? obstacleRadius() : 0,
  });
}

/** Sizes both canvases to the stage (device pixels) and the stage to the world's shape. */
export function layoutStage() {
  const world = worldSize();
  const [w, h] = turned(world) ? [world.h, world.w] : [world.w, world.h];
  const root = document.documentElement.style;
  root.setProperty('--aspect', `${w} / ${h}`);
  root.setProperty('--aspect-num', String(w / h));
  $('turn-note').hidden = !turned(world);
  fitCanvases();
}

export function fitCanvases() {
  const dpr = window.devicePixelRatio || 1;
  const rect = $('stage').getBoundingClientRect();
  const w = Math.max(1, Math.round(rect.width * dpr)), h = Math.max(1, Math.round(rect.height * dpr));
  for (const c of [$('boids'), $('overlay')]) {
    if (c.width !== w || c.height !== h) {
      c.width = w;
      c.height = h;
    }
  }
}

/** Draws with `renderer` from now on (named under the stage: its kind, and its variant and why in a tooltip and data-renderer). */
export function useRenderer(renderer) {
  S.renderer = renderer;
  const name = $('renderer-name');
  name.textContent = renderer.name === 'webgl' ? 'drawn with WebGL2' : 'drawn with canvas 2D';
  name.dataset.renderer = renderer.variant;
  // The pick's measurement (ms to draw a sample frame), for whoever wonders why this one.
  name.title = renderer.picked
    ? `${renderer.variant}, picked as the fastest here (ms a sample frame: ${Object.entries(renderer.picked).map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ')})`
    : `${renderer.variant}, as asked (?renderer=)`;
  if (renderer.name !== 'webgl') return;
  // A lost WebGL context (driver reset, too many contexts) falls back to canvas 2D on a new canvas.
  renderer.canvas.addEventListener('webglcontextlost', (e) => {
    e.preventDefault();
    const fresh = document.createElement('canvas');
    fresh.id = 'boids';
    fresh.setAttribute('aria-hidden', 'true');
    renderer.canvas.replaceWith(fresh);
    useRenderer(makeRenderer(fresh, '2d'));
    $('renderer-name').title = `${S.renderer.variant}, since the WebGL context was lost`;
    fitCanvases();
    render();
  }, { once: true });
}
