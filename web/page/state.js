// The page's state: one object S that every module of the page reads and writes, and the few
// facts derived from it. Design: the engine worker owns the flock and S.flock mirrors it
// (engine.js: the flock as of the worker's last reply, with the package Simulation's reads);
// S holds what the page needs beside it: the run as started (model, preset, count, seed, the
// parameters at the restart) and the live changes since (S.events), which is exactly what a
// Share link replays; what is shown (chart, readouts, tools); and the world as the engine
// reports it (S.space, S.obstacles), refreshed by run.js after every restart and live change,
// so no module works out the world from parameter names.
import { defaultCamera } from './view3d.js';

export const $ = (id) => document.getElementById(id);
/** Metrics are recorded every this many steps, at the same steps as `flocklab run --every 10`. */
export const SAMPLE_EVERY = 10;
export const MAX_COUNT = 20000;
/**
 * The metrics shown as meters (the others as figures), each by its key of the metric schema, the
 * id of its element in index.html and the word before its label.
 */
export const METERS = [
  { key: 'polarization', id: 'order', word: 'Order' },
  { key: 'milling', id: 'mill', word: 'Rotation' },
];
/** Where a landscape world is shown turned a quarter turn, to fill a portrait phone (view.js). */
export const TURN_QUERY = window.matchMedia('(max-width: 700px) and (orientation: portrait)');
/** Where the control panels start folded (a phone), so the flock gets the screen. */
export const FOLD_QUERY = window.matchMedia('(max-width: 700px)');
/** The amount of a food source dropped by a click. */
export const FOOD_AMOUNT = 300;

export const S = {
  engine: null,          // the engine worker's client (engine.js)
  flock: null,           // the mirror of its flock (engine.js FlockMirror)
  space: null,           // the flock's world: the package's space {dims, width, height, depth, wrap, unit}
  obstacles: [],         // the flock's obstacles now: the package's [{x, y, radius}]
  registry: null,        // {models, metrics} as the package gives them
  models: new Map(),     // model name -> its description in the registry
  desc: null,            // the current model's description
  model: '',
  preset: '',            // the preset the run started from ('' for the model's default)
  count: 0,
  seed: '42',
  startParams: null,     // parameters at the last restart (a Share link's "params")
  ramps: [],             // the run's ramps, 'KEY=FROM:TO@A-B' texts as `flocklab run --ramp` takes them
  params: null,          // current parameters (engine JSON keys)
  events: [],            // live changes since the restart: [step, 'p', {key: value}] or [step, 'spawn', {species, x, y, z}]
  samples: [],           // metrics every SAMPLE_EVERY steps: {step, x, ...metrics}
  time: 0,               // simulated seconds since the restart (models with a time step dt)
  latest: null,          // the metrics shown
  latestStep: -1,        // the step they belong to
  running: true,
  spf: 1,
  tool: 'predator',
  pointer: null,         // {mode, x, y} while pressed
  drag: null,            // the pointerId pressing the canvas
  cursor: null,          // the keyboard cursor {x, y}
  keyPressed: false,     // the keyboard holds the pointer
  colour: true,
  busy: false,           // replaying a shared run
  controls: new Map(),   // key -> {spec, ui, input, output}
  chartSeries: [],       // the charted metrics: {key, label, colour, dash}
  chartY: null,          // the chart's y axis of the view shown
  end: null,             // where the run pauses by itself (an experiment's end): {step, message}
  chartAgainst: null,    // the ramped parameter's key the chart's x axis shows, or null for time
  seriesLabels: new Map(),  // metric key -> its label on the chart (the flock's view)
  views: [],             // the chart's views (charts.js chartViews): flock, species, catches
  view: 'flock',         // the view shown
  look: { kinds: [], food: [] },  // appearance(): the species (kinds) and food now
  species: null,         // the Species panel (species.js)
  extraMetrics: [],      // the run's own metrics shown as figures (segregation, catches, ...): metricSpecs items
  renderer: null,
  chart: null,
  chartDirty: true,
  shownStep: -1,
  dirty: true,           // the canvas needs drawing again
  speed: { steps: 0, frames: 0, since: 0 },
  camera: defaultCamera(),  // the 3D view's camera (a 3D run: drag to orbit, wheel to zoom)
  turning: null,         // {id, u, v}: the pointer turning the camera
  scratch3d: {},         // the projected flock's arrays
};

/** The message of anything thrown (the package throws Errors with the engine's message). */
export function errorText(e) {
  return e && e.message ? e.message : String(e);
}

export function showMessage(text, isError = false) {
  const el = $('message');
  el.textContent = text;
  el.classList.toggle('error', isError);
}

/** Does the current model have the parameter `key` (the pointer, obstacles, a time step)? */
export function has(key, desc = S.desc) {
  return Boolean(desc && desc.params.some((p) => p.key === key));
}

/** Does the current model have a time step (its registry's time_step: steering's dt, couzin's tau)? */
export function timed(desc = S.desc) {
  return Boolean(desc && desc.time_step);
}

/** Seconds a step of the current run (its model's time step parameter: dt, tau), or 0 where a step is the unit of time. */
export function secondsPerStep(desc = S.desc) {
  return timed(desc) ? S.params[desc.time_step] : 0;
}

/** Is the current run 3D (dims 3)? Then the stage shows the 3D view and the tools rest. */
export function in3d() {
  return Boolean(S.flock) && S.flock.dims === 3;
}

/**
 * The world's size {w, h} as the engine reports it (a package space; the current run's by
 * default); in open space the engine's view, the square that follows the group (as the
 * command's pictures and Python's plots frame it), with its lower corner {x0, y0}.
 */
export function worldSize(space = S.space) {
  if (!space.open || !S.flock) return { w: space.width, h: space.height };
  const v = S.flock.view;
  return { w: v.width, h: v.height, x0: v.x0, y0: v.y0 };
}

/** The 3D world's box {w, h, d} as the engine reports it; in open space the engine's view, from {x0, y0, z0}. */
export function worldSize3d(space = S.space) {
  if (!space.open || !S.flock) return { w: space.width, h: space.height, d: space.depth };
  const v = S.flock.view;
  return { w: v.width, h: v.height, d: v.depth, x0: v.x0, y0: v.y0, z0: v.z0 };
}

/** Does the current model have anything to do with a press on the canvas? */
export function hasTools() {
  return has('pointer') || has('obstacle');
}

/** The radius the obstacle tool places, in world units. */
export function obstacleRadius() {
  return Number($('obstacle-size').value);
}

/** `n` and a unit, singular for one ('1 boid', '2 boids'). */
export function counted(n, plural) {
  return `${n.toLocaleString('en-US')} ${n === 1 && plural.endsWith('s') ? plural.slice(0, -1) : plural}`;
}

/** The species (kinds) and food now, from the engine: for drawing, the legend and the panel. */
export function refreshLook() {
  S.look = has('species') || has('food') ? S.flock.appearance() : { kinds: [], food: [] };
  return S.look;
}

/**
 * What changed, announced once by the module that changed it; the modules that show it follow,
 * subscribed in app.js, so that no module calls another's sync by hand and the imports stay
 * free of cycles (ESLint's import-x/no-cycle). The changes: 'model' (a new model: the controls
 * are rebuilt), 'restarted' (a new run: every control), 'params' (the parameters: the controls'
 * values and the preset menu), 'preset' (the preset menu alone: a change the controls already
 * show), 'run' (the run's definition: the command line and the Share link), 'step' (a new step
 * shown: the command line and the Share link, where they are in view).
 */
const followers = new Map();

/** Calls `fn` after every announce(change). */
export function follow(change, fn) {
  if (!followers.has(change)) followers.set(change, []);
  followers.get(change).push(fn);
}

/** Tells every follower of `change`, in the order they followed. */
export function announce(change) {
  for (const fn of followers.get(change) ?? []) fn();
}
