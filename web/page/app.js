// The Flocking Lab page: flocklab's C++ engine (WebAssembly, through the npm package's module
// in ./flocklab/, web/package) does every step and every measurement; this file only wires the
// controls, draws and records what the user did so that a Share link can replay it exactly.
// Models, parameters, presets and metrics all come from the engine's registry (models() and
// metrics()): no model is named here. The model shown first is the
// page's choice (<html data-model> in index.html, or ?model=NAME), else the registry's first.
//
// Test hook: window.flocklab (see the end of this file) lets a test drive the page
// deterministically: `await flocklab.ready`, then `flocklab.step(n)` pauses the animation and
// steps exactly n, `flocklab.hash()` is the state hash, and so on.
import { createFlocklab } from './flocklab/index.js';
import { Chart, chartViews, showChartView } from './charts.js';
import { drawFood, drawOverlay, makeRenderer } from './draw.js';
import {
  cliFlag, decimalsOf, fmt, hasControl, labelOf, matchingPreset, metricText, paramOf, parseObstacles, parsePointer,
  pointerText, presetChange, sliderOf, worldOf, worldUnit,
} from './params.js';
import { renderPicture } from './picture.js';
import { decodeShare, encodeShare } from './share.js';
import { addedSpecies, drawLegend, parseSpecies, SpeciesPanel } from './species.js';
import { toCanvas, toWorld, viewOf, worldMove } from './view.js';
import { defaultCamera, drawBox, foodMarks, lensOf, orbit, pickMiddle, project, projectPoint, zoom } from './view3d.js';

const $ = (id) => document.getElementById(id);
/** Metrics are recorded every this many steps, at the same steps as `flocklab run --every 10`. */
const SAMPLE_EVERY = 10;
const MAX_COUNT = 20000;
/** The metric shown as a meter (the others as figures); a key of the metric schema. */
const METER_METRIC = 'polarization';
/** Where a landscape world is shown turned a quarter turn, to fill a portrait phone (view.js). */
const TURN_QUERY = window.matchMedia('(max-width: 700px) and (orientation: portrait)');
/** Where the control panels start folded (a phone), so the flock gets the screen. */
const FOLD_QUERY = window.matchMedia('(max-width: 700px)');
/** The amount of a food source dropped by a click. */
const FOOD_AMOUNT = 300;

const S = {
  m: null,               // the loaded package (createFlocklab())
  flock: null,           // the current m.Simulation
  registry: null,        // {models, metrics} as the package gives them
  models: new Map(),     // model name -> its description in the registry
  desc: null,            // the current model's description
  model: '',
  preset: '',            // the preset the run started from ('' for the model's default)
  count: 0,
  seed: '42',
  startParams: null,     // parameters at the last restart (a Share link's "params")
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

// ---------------------------------------------------------------------------------------------
// Messages and errors

/** The message of anything thrown (the package throws Errors with the engine's message). */
function errorText(e) {
  return e && e.message ? e.message : String(e);
}

function showMessage(text, isError = false) {
  const el = $('message');
  el.textContent = text;
  el.classList.toggle('error', isError);
}

// ---------------------------------------------------------------------------------------------
// The run: restart, step, live changes, pointer, recording

function worldSize(params = S.params) {
  return worldOf(params);
}

/** Is the current run 3D (dims 3)? Then the stage shows the 3D view and the tools rest. */
function in3d() {
  return Boolean(S.flock) && S.flock.dims === 3;
}

/** The 3D world's box {w, h, d}: the lab's cube, the steering model's W x H x D. */
function worldSize3d(params = S.params) {
  const { w, h } = worldOf(params);
  return { w, h, d: Number.isFinite(params.depth) ? params.depth : w };
}

/** Does the current model have the parameter `key` (the pointer, obstacles, a time step)? */
function has(key, desc = S.desc) {
  return Boolean(desc && paramOf(desc, key));
}

/** The current parameters for a restart: the pointer (a press) is let go. */
function paramsForRestart(extra = {}) {
  const p = { ...S.params, ...extra };
  if (has('pointer')) p.pointer = '';
  return p;
}

/**
 * Starts a new flock of `model` from `preset` ('' for its default) with `params` set over the
 * preset's. Returns false (and says why) when the engine refuses the settings.
 */
function restart({ model = S.model, preset = S.preset, count = S.count, seed = S.seed, params = S.params } = {}) {
  let flock;
  try {
    flock = new S.m.Simulation(model, { ...params, preset, seed: String(seed), count: params.species?.length ? undefined : count });
  } catch (e) {
    showMessage(`Cannot start: ${errorText(e)}.`, true);
    return false;
  }
  const modelChanged = model !== S.model || !S.flock;
  const hadSpecies = S.look.kinds.length > 0;
  if (S.flock) S.flock.dispose();
  S.flock = flock;
  S.model = model;
  S.desc = S.models.get(model);
  S.preset = preset;
  S.seed = String(seed);
  S.params = flock.params;
  // With species the engine counts the boids (theirs add up), whatever `count` says.
  S.count = S.params.species?.length ? flock.count : count;
  S.startParams = flock.params;
  S.events = [];
  S.samples = [];
  S.time = 0;
  S.pointer = parsePointer(S.params.pointer);
  S.drag = null;
  S.keyPressed = false;
  S.latestStep = -1;
  S.shownStep = -1;
  recordSample();
  if (modelChanged) buildControls();
  syncSpecies();
  // Species just set up: show their orders; none: the flock's chart.
  if (S.look.kinds.length && !hadSpecies) S.view = 'species';
  syncChartView();
  syncControls();
  layoutStage();
  S.chartDirty = true;
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  showMessage('');
  syncShare();
  render();
  return true;
}

function recordSample() {
  const f = S.flock;
  const m = f.metrics();
  const step = f.stepCount;
  S.samples.push({ step, x: has('dt') ? S.time : step, ...m });
  S.latest = m;
  S.latestStep = step;
  S.chartDirty = true;
}

/** Steps n times, recording the metrics at every multiple of SAMPLE_EVERY. */
function advance(n) {
  const f = S.flock;
  S.dirty = true;
  while (n > 0) {
    const s = f.stepCount;
    const k = Math.min(n, SAMPLE_EVERY - (s % SAMPLE_EVERY));
    f.step(k);
    if (has('dt')) S.time += k * S.params.dt;
    n -= k;
    S.speed.steps += k;
    if ((s + k) % SAMPLE_EVERY === 0) recordSample();
  }
}

/** The metrics of the current step (computed when the last sample is older). */
function currentMetrics() {
  const step = S.flock.stepCount;
  if (S.latestStep !== step) {
    S.latest = S.flock.metrics();
    S.latestStep = step;
  }
  return S.latest;
}

/** Records a live change so a Share link can replay it; changes at one step are merged. */
function record(delta) {
  const s = S.flock.stepCount;
  const last = S.events[S.events.length - 1];
  if (last && last[0] === s && last[1] === 'p') Object.assign(last[2], JSON.parse(JSON.stringify(delta)));
  else S.events.push([s, 'p', JSON.parse(JSON.stringify(delta))]);
}

/** Changes parameters live. Returns false (and says why) when the engine refuses them. */
function setLive(delta, { quiet = false } = {}) {
  try {
    S.flock.setParams(delta);
  } catch (e) {
    showMessage(errorText(e), true);
    syncControlValues();
    return false;
  }
  S.params = S.flock.params;
  record(delta);
  S.pointer = parsePointer(S.params.pointer);
  S.dirty = true;
  if (!quiet) showMessage('');
  if ('species' in delta || 'food' in delta) syncSpecies();
  syncControlValues();
  syncPreset();
  syncCli();
  syncShare();
  return true;
}

/** Sets the pointer (models with a `pointer` parameter): mode 'off', 'food' or 'predator' at world (x, y). */
function setPointer(mode, x, y) {
  return setLive({ pointer: pointerText(mode, x, y) }, { quiet: true });
}

function setRunning(on) {
  S.running = on;
  const b = $('run');
  b.textContent = on ? 'Pause' : 'Run';
  b.title = on ? 'Pause the flock' : 'Let the flock fly';
}

// ---------------------------------------------------------------------------------------------
// Species, predators and food (models with the parameters `species` and `food`; the panel is
// species.js's). The species' names, counts and roles are fixed for a run (a change restarts it);
// their colours and rules change live. A click spawns a predator (spawn(), recorded as a
// 'spawn' event) or drops food (a new `food` list, a parameter event).

/** The species (kinds) and food now, from the engine: for drawing, the legend and the panel. */
function refreshLook() {
  S.look = has('species') || has('food') ? S.flock.appearance() : { kinds: [], food: [] };
  return S.look;
}

/** After the species or food changed: the panel, the legend, the chart's views, the heading colours' switch. */
function syncSpecies() {
  refreshLook();
  $('species-panel').hidden = !has('species');
  if (has('species')) S.species.sync();
  drawLegend($('kinds-legend'), S.look);
  const kinds = S.look.kinds.length > 0;
  $('colour').disabled = kinds;
  $('colour-help').hidden = !kinds;
  syncExtraFigures();
  const views = chartViews(S.seriesLabels, S.look.kinds);
  if (JSON.stringify(views) !== JSON.stringify(S.views)) {
    S.views = views;
    syncChartView();
  }
}

/** A line of figures for the run's own metrics beyond the schema's (not a species' own): segregation, catches, food eaten. */
function syncExtraFigures() {
  const extra = S.flock.metricSpecs
    .filter((m) => !m.key.includes('.') && !S.registry.metrics.some((r) => r.key === m.key));
  if (JSON.stringify(extra) === JSON.stringify(S.extraMetrics)) return;
  S.extraMetrics = extra;
  const line = $('run-figures');
  line.hidden = !extra.length;
  line.replaceChildren(...extra.map((m) => {
    const item = document.createElement('span');
    const value = document.createElement('b');
    value.id = `m-${m.key}`;
    value.textContent = '–';
    item.append(`${m.label.charAt(0).toUpperCase()}${m.label.slice(1)} `, value);
    return item;
  }));
  S.shownStep = -1;
}

/** Restarts with the species `texts` (none: `countIfNone` boids of one kind); says `message`. */
function restartWithSpecies(texts, message, countIfNone = S.count) {
  const count = texts.length ? S.count : Math.max(1, Math.min(MAX_COUNT, countIfNone || S.desc.default_count));
  if (restart({ count, params: paramsForRestart({ species: texts }) })) {
    if (message) showMessage(message);
    return true;
  }
  S.species.sync();
  return false;
}

/**
 * A species' colour or rules changed in the panel: live, except before the first step of a run
 * with no change yet, where a restart gives the same picture and keeps the run's command line.
 */
function setSpeciesLive(texts) {
  if (S.flock.stepCount === 0 && !S.events.length) restartWithSpecies(texts);
  else setLive({ species: texts }, { quiet: true });
}

/** Adds a boid of species `species` at (x, y, z), recorded for the Share link. */
function spawnBoid({ species, x, y, z }) {
  const k = S.look.kinds.findIndex((q) => q.name === species);
  try {
    if (k < 0) throw new Error(`there is no species ${species} in this run`);
    S.flock.spawn(k, x, y, z);
  } catch (e) {
    showMessage(`Cannot add a ${species}: ${errorText(e)}.`, true);
    return false;
  }
  S.events.push([S.flock.stepCount, 'spawn', { species, x, y, z }]);
  S.params = S.flock.params;
  S.dirty = true;
  syncSpecies();
  syncCli();
  syncShare();
  return true;
}

/** A click that spawns a predator: the first predator species, added (hawk, 0 boids, a restart) when there is none. */
function spawnPredator(x, y, z) {
  let k = S.look.kinds.findIndex((q) => q.predator);
  const added = k < 0;
  if (added) {
    if (!restartWithSpecies(addedSpecies(S.params.species ?? [], 'predator', S.count, 0))) return;
    k = S.look.kinds.findIndex((q) => q.predator);
  }
  const { name } = S.look.kinds[k];
  if (!spawnBoid({ species: name, x, y, z })) return;
  const where = in3d() ? `(${x}, ${y}, ${z})` : `(${x}, ${y})`;
  showMessage(`${added ? `Added the predator species ${name}, which restarted the flock (same seed); ` : ''}a ${name} joined at ${where}: ${counted(S.look.kinds[k].count, `${name}s`)} now.`);
}

/** A click that drops a food source of FOOD_AMOUNT at (x, y, z). */
function dropFood(x, y, z) {
  const text = in3d() ? `${x},${y},${z}:${FOOD_AMOUNT}` : `${x},${y}:${FOOD_AMOUNT}`;
  if (setLive({ food: [...(S.params.food ?? []), text] }, { quiet: true })) {
    showMessage(`Food (${FOOD_AMOUNT}) dropped at (${text.split(':')[0].replaceAll(',', ', ')}): prey within ${fmt(S.params.food_reach)} ${worldUnit(S.desc)} fly to it and eat; used up, it comes back elsewhere.`);
  }
}

/** The tools used by a click (not a press held): obstacles, spawning, food. */
const CLICK_TOOLS = ['obstacle', 'spawn', 'drop'];

/** A click with the current tool at world (x, y), z in 3D. */
function clickTool(x, y, z = 0) {
  if (S.tool === 'obstacle') placeObstacle(x, y);
  else if (S.tool === 'spawn') spawnPredator(x, y, z);
  else if (S.tool === 'drop') dropFood(x, y, z);
}

/** The 3D view's lens on the boid canvas now. */
function lens3d() {
  const canvas = $('boids');
  return lensOf(worldSize3d(), S.camera, canvas.width, canvas.height);
}

/** The world point under a click in the 3D view, on the box's middle level (rounded), or null off the box. */
function worldPoint3d(e) {
  const overlay = $('overlay'), rect = overlay.getBoundingClientRect();
  const u = ((e.clientX - rect.left) / rect.width) * overlay.width, v = ((e.clientY - rect.top) / rect.height) * overlay.height;
  return pickMiddle(lens3d(), u, v);
}

/** The frame with each boid's kind, when the run has species (kindOf first: it may move wasm memory). */
function kindsOf(look) {
  return look.kinds.length ? { kinds: look.kinds, kindOf: S.flock.kindOf() } : {};
}

/** Shows chart view S.view: its tab and its series' legend (charts.js). */
function syncChartView() {
  if (!S.views.some((v) => v.id === S.view)) S.view = 'flock';
  const view = S.views.find((v) => v.id === S.view) ?? S.views[0];
  S.chartSeries = view.series;
  S.chartY = view.y;
  showChartView($('chart-views'), $('legend'), S.views, view, (id) => {
    S.view = id;
    syncChartView();
  });
  $('chart').setAttribute('aria-label', `Chart of ${S.chartSeries.map((s) => s.label.toLowerCase()).join(' and ')} over time`);
  S.chartDirty = true;
}

// ---------------------------------------------------------------------------------------------
// Drawing

/**
 * A boid's length in device px: 9 CSS px on an 800 px canvas, more for small flocks, fewer for
 * big ones, and never under 0.7 of that on a small canvas (a phone), where smaller marks are specks.
 */
function triangleSize(count = S.flock.count, cssSide = stageSide(), dpr = window.devicePixelRatio || 1) {
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
function stageView(world = worldSize()) {
  return viewOf(world, $('boids'), turned(world));
}

function frameOf(flock, view, size) {
  const [x, y] = flock.positions, [vx, vy] = flock.velocities;
  return { n: flock.count, x, y, vx, vy, view, size, colour: S.colour };
}

function render() {
  if (!S.flock) return;
  S.dirty = false;
  const look = refreshLook();
  drawLegend($('kinds-legend'), look);
  const dpr = window.devicePixelRatio || 1;
  if (in3d()) {
    const canvas = $('boids');
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
    walls: S.params.edges === 'walls',
    obstacles: parseObstacles(S.params.obstacle),
    food: look.food,
    pointer: S.pointer,
    cursor: showCursor ? S.cursor : null,
    cursorRadius: showCursor && S.tool === 'obstacle' ? obstacleRadius() : 0,
  });
}

/** Sizes both canvases to the stage (device pixels) and the stage to the world's shape. */
function layoutStage() {
  const world = worldSize();
  const [w, h] = turned(world) ? [world.h, world.w] : [world.w, world.h];
  const root = document.documentElement.style;
  root.setProperty('--aspect', `${w} / ${h}`);
  root.setProperty('--aspect-num', String(w / h));
  $('turn-note').hidden = !turned(world);
  fitCanvases();
}

function fitCanvases() {
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

function updateReadouts() {
  const f = S.flock;
  const step = f.stepCount;
  if (step !== S.shownStep) {
    S.shownStep = step;
    $('stat-step').textContent = step.toLocaleString('en-US');
    $('stat-time').textContent = has('dt') ? `${fmt(S.time, 1)} s` : '–';
    $('stat-hash').textContent = f.hash();
    if ($('cli').closest('details').open) syncCli();
    // A step alone leaves a box the user is copying from alone: a new value would drop the selection.
    if (document.activeElement !== $('share-url')) syncShare();
  }
  const m = S.running ? S.latest : currentMetrics();
  if (m) {
    const order = m[METER_METRIC];
    $('order-value').textContent = order.toFixed(3);
    $('order-fill').style.width = `${(100 * Math.min(1, Math.max(0, order))).toFixed(1)}%`;
    $('order-meter').setAttribute('aria-valuenow', order.toFixed(3));
    for (const metric of [...S.registry.metrics, ...S.extraMetrics]) {
      if (metric.key === METER_METRIC) continue;
      $(`m-${metric.key}`).textContent = metricText(metric, m[metric.key], S.desc);
    }
    $('badge').textContent = (S.view === 'species' ? 'Order: ' : '') + S.chartSeries.filter((s) => Number.isFinite(m[s.key])).map((s) => `${s.label} ${S.chartY?.max === 'auto' ? fmt(m[s.key], 2) : m[s.key].toFixed(2)}`).join(' · ');
  }
  if (S.chartDirty) {
    S.chart.fit();
    S.chart.draw(S.samples, has('dt') ? 'simulated time (s)' : 'step', S.chartSeries, S.chartY);
    S.chartDirty = false;
  }
}

/** Mean ms per frame spent stepping, drawing and updating the readouts (for measurements). */
const frameCost = { frames: 0, step: 0, draw: 0, readouts: 0, between: 0, last: 0 };

function frame(now) {
  if (S.flock && !S.busy) {
    const t0 = performance.now();
    if (S.running) advance(S.spf);
    const t1 = performance.now();
    if (S.running || S.dirty) render();
    const t2 = performance.now();
    updateReadouts();
    const t3 = performance.now();
    if (S.running) {
      if (frameCost.last) frameCost.between += t0 - frameCost.last;
      frameCost.frames++;
      frameCost.step += t1 - t0;
      frameCost.draw += t2 - t1;
      frameCost.readouts += t3 - t2;
    }
    frameCost.last = t3;
  }
  S.speed.frames++;
  if (now - S.speed.since >= 1000) {
    const secs = (now - S.speed.since) / 1000;
    $('speed').textContent = S.running && !S.busy
      ? `${Math.round(S.speed.steps / secs)} steps/s · ${Math.round(S.speed.frames / secs)} fps`
      : '';
    S.speed = { steps: 0, frames: 0, since: now };
  }
  requestAnimationFrame(frame);
}

// ---------------------------------------------------------------------------------------------
// Controls, built from the registry

/** Does the current model have anything to do with a press on the canvas? */
function hasTools() {
  return has('pointer') || has('obstacle');
}

/** The control of one parameter: a slider (number), checkbox (switch) or select (choice). */
function makeControl(spec) {
  const id = `p-${spec.key}`;
  const wrap = document.createElement('div');
  const help = document.createElement('p');
  help.className = 'param-help';
  help.id = `${id}-help`;
  help.textContent = spec.help;  // the World panel says once that its controls restart (↻)
  const label = document.createElement('label');
  label.htmlFor = id;
  let input, output = null, ui = null;
  if (spec.kind === 'number') {
    ui = sliderOf(spec);
    wrap.className = `slider${spec.live ? '' : ' restart'}`;
    const head = document.createElement('div');
    head.className = 'slider-head';
    label.textContent = ui.label;
    output = document.createElement('output');
    output.htmlFor = id;
    output.id = `${id}-out`;
    head.append(label, output);
    input = document.createElement('input');
    Object.assign(input, { type: 'range', id, min: ui.min, max: ui.max, step: ui.step });
    input.setAttribute('aria-describedby', `${output.id} ${help.id}`);
    input.addEventListener('input', () => onControl(spec, false));
    input.addEventListener('change', () => onControl(spec, true));
    wrap.append(head, input, help);
  } else if (spec.kind === 'switch') {
    wrap.className = `switch${spec.live ? '' : ' restart'}`;
    input = document.createElement('input');
    Object.assign(input, { type: 'checkbox', id });
    input.setAttribute('aria-describedby', help.id);
    label.className = 'check';
    label.append(input, ` ${labelOf(spec)}`);
    input.addEventListener('change', () => onControl(spec, true));
    wrap.append(label, help);
  } else {
    wrap.className = `field choice${spec.live ? '' : ' restart'}`;
    label.textContent = labelOf(spec);
    input = document.createElement('select');
    input.id = id;
    input.setAttribute('aria-describedby', help.id);
    for (const c of spec.choices ?? []) input.append(new Option(c, c));
    input.addEventListener('change', () => onControl(spec, true));
    wrap.append(label, input, help);
  }
  S.controls.set(spec.key, { spec, ui, input, output });
  return wrap;
}

/**
 * The model's controls: its live parameters in the "Model and rules" panel, those that restart
 * the flock in a panel of their own; presets in the preset menu; the canvas tools its
 * parameters ask for.
 */
function buildControls() {
  const d = S.desc;
  S.controls.clear();
  const live = d.params.filter((p) => hasControl(p) && p.live);
  const fixed = d.params.filter((p) => hasControl(p) && !p.live);
  $('rules-sliders').replaceChildren(...live.map(makeControl));
  const panels = [];
  if (fixed.length) {
    const panel = document.createElement('details');
    panel.className = 'panel';
    panel.open = $('restart-panel')?.open ?? !FOLD_QUERY.matches;
    panel.id = 'restart-panel';
    const legend = document.createElement('summary');
    legend.textContent = 'World';
    const note = document.createElement('p');
    note.className = 'help';
    note.textContent = 'These restart the flock (↻) with the same seed.';
    panel.append(legend, note, ...fixed.map(makeControl));
    panels.push(panel);
  }
  $('sliders').replaceChildren(...panels);
  const preset = $('preset');
  preset.replaceChildren(...d.presets.map((p) => {
    const o = new Option(p.name.charAt(0).toUpperCase() + p.name.slice(1), p.name);
    o.title = p.summary;
    return o;
  }));
  const custom = new Option('Custom', '');
  custom.disabled = true;
  preset.append(custom);
  $('preset-field').hidden = d.presets.length === 0;
  $('model-summary').textContent = `${d.title.charAt(0).toUpperCase()}${d.title.slice(1)}: ${d.summary}.`;
  const unit = d.count_unit || 'boids';
  $('count-label').textContent = unit.charAt(0).toUpperCase() + unit.slice(1);
  for (const el of document.querySelectorAll('[data-needs]')) el.hidden = !has(el.dataset.needs);
  const tool = document.querySelector(`input[name="tool"][value="${S.tool}"]`);
  if (!tool || tool.closest('[data-needs]').hidden) {
    const first = [...document.querySelectorAll('input[name="tool"]')].find((r) => !r.closest('[data-needs]').hidden);
    if (first) {
      first.checked = true;
      S.tool = first.value;
    }
  }
  $('obstacle-size-out').textContent = `${$('obstacle-size').value} ${worldUnit(d)}`;
}

/** The value a control shows now, in engine units. */
function controlValue({ spec, ui, input }) {
  if (spec.kind === 'number') {
    const raw = Number(Number(input.value).toFixed(decimalsOf(ui.step)));
    return ui.fromSlider(raw);
  }
  return spec.kind === 'switch' ? input.checked : input.value;
}

function describe(spec, value) {
  const c = S.controls.get(spec.key);
  if (c && c.ui) return c.ui.describe(value);
  return String(value);
}

function onControl(spec, committed) {
  if (S.busy) return;
  const c = S.controls.get(spec.key);
  const value = controlValue(c);
  if (c.output) c.output.textContent = describe(spec, value);
  if (S.params[spec.key] === value) return;
  if (spec.live) {
    setLive({ [spec.key]: value });
  } else if (committed) {
    const label = spec.kind === 'number' ? c.ui.label : labelOf(spec);
    const text = spec.kind === 'switch' ? (value ? 'on' : 'off') : describe(spec, value);
    if (restart({ params: paramsForRestart({ [spec.key]: value }) })) showMessage(`Restarted with ${label.toLowerCase()} ${text} (same seed).`);
    else syncControlValues();
  }
}

function syncControlValues() {
  for (const { spec, ui, input, output } of S.controls.values()) {
    const value = S.params[spec.key];
    if (spec.kind === 'number') {
      input.value = String(ui.toSlider(value));
      output.textContent = ui.describe(value);
    } else if (spec.kind === 'switch') {
      input.checked = value === true;
    } else {
      input.value = value;
    }
  }
}

function syncPreset() {
  if (!S.desc.presets.length) return;
  $('preset').value = matchingPreset(S.desc, S.params);
}

function obstacleRadius() {
  return Number($('obstacle-size').value);
}

function syncControls() {
  $('model').value = S.model;
  $('count').value = String(S.count);
  const bySpecies = S.look.kinds.length > 0;
  $('count').disabled = bySpecies;
  $('start-help').textContent = bySpecies
    ? 'With species, their counts (Species panel) give the number of boids; the seed applies on Restart (or Enter).'
    : 'The number and the seed apply on Restart (or Enter in the field).';
  $('seed').value = S.seed;
  $('press-panel').hidden = !hasTools();
  $('press-none').hidden = hasTools();
  $('stat-time-item').hidden = !has('dt');
  syncControlValues();
  syncPreset();
  syncHint();
  syncCli();
}

function syncHint() {
  const hint = $('press-hint');
  const unit = worldUnit(S.desc);
  const reach = 'within 160 px';
  const predator = S.look.kinds.find((k) => k.predator)?.name;
  const spawnHint = predator
    ? `adds a ${predator} there (flying towards the centre)`
    : 'adds a predator there: the first click adds the predator species hawk, which restarts the flock (same seed)';
  const dropHint = `drops food (${FOOD_AMOUNT}) there: prey within ${fmt(S.params.food_reach)} ${unit} fly to it and eat`;
  if (in3d()) {
    const click = S.tool === 'spawn' && has('species') ? `; a click on the box's middle level ${predator ? `adds a ${predator}` : 'adds a predator (the first adds the species hawk and restarts)'}`
      : S.tool === 'drop' && has('food') ? `; a click on the box's middle level drops food (${FOOD_AMOUNT})` : '';
    hint.textContent = `A 3D flock: drag the view to turn it, use the wheel to zoom${click}.`;
    $('overlay').style.cursor = 'grab';
    return;
  }
  if (!hasTools()) hint.textContent = `This model has no pointer or obstacles: change its parameters with the sliders.`;
  else if (S.tool === 'obstacle') hint.textContent = `Click the canvas to place an obstacle (radius ${obstacleRadius()} ${unit}).`;
  else if (S.tool === 'spawn') hint.textContent = `A click on the canvas ${spawnHint}.`;
  else if (S.tool === 'drop') hint.textContent = `A click on the canvas ${dropHint}.`;
  else if (S.tool === 'food') hint.textContent = `Press or drag on the canvas to drop food: boids ${reach} gather. Release to take it away.`;
  else hint.textContent = `Press or drag on the canvas to be a predator: boids ${reach} flee. Release to leave.`;
  $('overlay').style.cursor = hasTools() ? 'crosshair' : 'default';
}

/**
 * A single press of the pointer held in one place, as `--pointer MODE:X,Y@FROM-TO`, or null
 * when the live changes are anything else.
 */
function pointerFlag(events, steps) {
  if (!events.length || events.length > 2) return null;
  if (events.some((e) => Object.keys(e[2]).length !== 1 || !('pointer' in e[2]))) return null;
  const [[from, , { pointer }], off] = events;
  if (!pointer || pointer.includes('@') || (off && off[2].pointer !== '')) return null;
  return `${pointer}@${from}-${off ? off[0] : Math.max(steps, from + 1)}`;
}

/** A text with its numbers in exponent form (the engine writes 600 as 6e+02) written plainly: same values. */
function plainNumbers(text) {
  // Not inside a word: a colour #12e4ff is no number.
  return text.replace(/(?<![\w#.])[-+]?\d+(\.\d+)?e[-+]?\d+(?!\w)/g, (n) => String(Number(n)));
}

/** The registry's values of a preset ('' for the model's defaults). */
function presetValues(desc, preset) {
  const p = desc.presets.find((x) => x.name === preset);
  return p ? p.params : Object.fromEntries(desc.params.map((s) => [s.key, s.default]));
}

/**
 * `flocklab run` arguments that reproduce the current run, or null when it had live changes
 * the command line cannot replay (anything but one press of the pointer held in one place).
 * Each parameter that differs from the run's preset becomes its flag (`--` + key, '_' -> '-').
 */
function cliArgs(steps = S.flock.stepCount) {
  const args = ['run', '--model', S.model];
  if (S.preset) args.push('--preset', S.preset);
  // With species their counts are the count (the command line refuses --count with --species).
  if (!S.startParams.species?.length) args.push('--count', String(S.count));
  args.push('--seed', S.seed, '--steps', String(steps));
  const base = presetValues(S.desc, S.preset);
  for (const spec of S.desc.params) {
    const value = S.startParams[spec.key];
    if (JSON.stringify(value) === JSON.stringify(base[spec.key])) continue;
    const flag = cliFlag(spec.key);
    if (spec.kind === 'switch') args.push(value ? flag : `${flag}=false`);
    else if (spec.kind === 'text_list') for (const item of value) args.push(flag, plainNumbers(String(item)));
    else args.push(flag, plainNumbers(String(value)));
  }
  if (S.events.length) {
    const pointer = pointerFlag(S.events, steps);
    if (!pointer || S.startParams.pointer) return null;
    args.push('--pointer', pointer);
  }
  args.push('--hash');
  return args;
}

function syncCli() {
  if (!S.flock) return;
  const args = cliArgs();
  $('cli').textContent = args
    ? `flocklab ${args.join(' ')}`
    : `This run has live changes (sliders, presets, obstacles, pointer moves, spawned boids or dropped food) that the command line cannot replay; the Share link replays them. Restart to get a command again.`;
}

function readCountAndSeed() {
  const count = Number($('count').value);
  const seed = $('seed').value.trim();
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
    showMessage(`The number of boids must be a whole number from 1 to ${MAX_COUNT.toLocaleString('en-US')}.`, true);
    return null;
  }
  if (!/^\d+$/.test(seed)) {
    showMessage('The seed must be a whole number (0 to 18446744073709551615).', true);
    return null;
  }
  return { count, seed };
}

function onRestart() {
  if (S.busy) return;
  if (S.look.kinds.length) $('count').value = String(Math.min(S.count, MAX_COUNT));  // the species count
  const cs = readCountAndSeed();
  if (!cs) return;
  if (restart({ ...cs, params: paramsForRestart() })) {
    if (cs.count > 5000) showMessage(`${cs.count.toLocaleString('en-US')} boids: each step takes a while in the browser; drawing keeps up.`);
  }
}

/** Canvas coordinates of a pointer event, in world units, rounded so a replay is exact. */
function worldPoint(e) {
  const overlay = $('overlay');
  const rect = overlay.getBoundingClientRect();
  const { w, h } = worldSize();
  const u = ((e.clientX - rect.left) / rect.width) * overlay.width, v = ((e.clientY - rect.top) / rect.height) * overlay.height;
  const p = toWorld(stageView(), u, v);
  const x = Math.round(p.x), y = Math.round(p.y);
  return { x: Math.min(Math.max(x, 0), Math.ceil(w) - 1), y: Math.min(Math.max(y, 0), Math.ceil(h) - 1) };
}

function placeObstacle(x, y) {
  const obstacle = [...S.params.obstacle, `${x},${y},${obstacleRadius()}`];
  if (setLive({ obstacle })) showMessage(`Obstacle ${obstacle.length} placed at (${x}, ${y}).`);
}

/** Whether the current tool can be used: the model has its parameter (and the run is 2D, but for spawning and food). */
function toolUsable() {
  const needs = { obstacle: 'obstacle', spawn: 'species', drop: 'food' }[S.tool] ?? 'pointer';
  return has(needs) && (!in3d() || S.tool === 'spawn' || S.tool === 'drop');
}

function wireCanvas() {
  const overlay = $('overlay');
  // A 3D run: dragging turns the camera, the wheel zooms.
  overlay.addEventListener('pointerdown', (e) => {
    if (!in3d() || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    overlay.setPointerCapture(e.pointerId);
    S.turning = { id: e.pointerId, u: e.clientX, v: e.clientY, u0: e.clientX, v0: e.clientY };
  });
  overlay.addEventListener('pointermove', (e) => {
    if (!S.turning || S.turning.id !== e.pointerId) return;
    orbit(S.camera, e.clientX - S.turning.u, e.clientY - S.turning.v);
    S.turning.u = e.clientX;
    S.turning.v = e.clientY;
    render();
  });
  const stopTurning = (e) => {
    if (S.turning && S.turning.id === e.pointerId) S.turning = null;
  };
  // A click (a press that did not turn the view) spawns or drops food on the box's middle level.
  overlay.addEventListener('pointerup', (e) => {
    const t = S.turning;
    if (!t || t.id !== e.pointerId || S.busy || !toolUsable() || Math.hypot(e.clientX - t.u0, e.clientY - t.v0) > 4) return;
    const at = worldPoint3d(e);
    if (at) clickTool(at.x, at.y, at.z);
    else showMessage('Click inside the box: things are placed on its middle level.');
    render();
  });
  overlay.addEventListener('pointerup', stopTurning);
  overlay.addEventListener('pointercancel', stopTurning);
  overlay.addEventListener('wheel', (e) => {
    if (!in3d()) return;
    e.preventDefault();
    zoom(S.camera, e.deltaY);
    render();
  }, { passive: false });
  overlay.addEventListener('pointerdown', (e) => {
    if (S.busy || in3d() || !toolUsable() || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const { x, y } = worldPoint(e);
    if (CLICK_TOOLS.includes(S.tool)) {
      clickTool(x, y);
      render();
      return;
    }
    e.preventDefault();
    overlay.setPointerCapture(e.pointerId);
    S.drag = e.pointerId;
    setPointer(S.tool, x, y);
    render();
  });
  overlay.addEventListener('pointermove', (e) => {
    if (S.drag !== e.pointerId || !S.pointer) return;
    const { x, y } = worldPoint(e);
    if (x !== S.pointer.x || y !== S.pointer.y) setPointer(S.pointer.mode, x, y);
  });
  const release = (e) => {
    if (S.drag !== e.pointerId) return;
    S.drag = null;
    if (S.pointer) setPointer('off', 0, 0);
    render();
  };
  overlay.addEventListener('pointerup', release);
  overlay.addEventListener('pointercancel', release);
  overlay.addEventListener('lostpointercapture', release);

  // Keyboard: arrows move a cursor, Enter/Space press and release (or place an obstacle).
  overlay.addEventListener('keydown', (e) => {
    if (S.busy || in3d() || !toolUsable()) return;
    const { w, h } = worldSize();
    if (!S.cursor) S.cursor = { x: Math.round(w / 2), y: Math.round(h / 2) };
    const d = e.shiftKey ? 50 : 10;
    const moves = { ArrowLeft: [-d, 0], ArrowRight: [d, 0], ArrowUp: [0, -d], ArrowDown: [0, d] };
    if (moves[e.key]) {
      e.preventDefault();
      const { dx, dy } = worldMove(stageView(), ...moves[e.key]);  // arrows move the cursor on the screen
      S.cursor.x = Math.min(Math.max(S.cursor.x + dx, 0), Math.ceil(w) - 1);
      S.cursor.y = Math.min(Math.max(S.cursor.y + dy, 0), Math.ceil(h) - 1);
      if (S.keyPressed) setPointer(S.pointer.mode, S.cursor.x, S.cursor.y);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (CLICK_TOOLS.includes(S.tool)) clickTool(S.cursor.x, S.cursor.y);
      else if (S.keyPressed) {
        S.keyPressed = false;
        setPointer('off', 0, 0);
      } else if (setPointer(S.tool, S.cursor.x, S.cursor.y)) S.keyPressed = true;
    } else if (e.key === 'Escape' && S.keyPressed) {
      S.keyPressed = false;
      setPointer('off', 0, 0);
    } else return;
    render();
  });
  overlay.addEventListener('focus', () => {
    const { w, h } = worldSize();
    if (!S.cursor) S.cursor = { x: Math.round(w / 2), y: Math.round(h / 2) };
    render();
  });
  overlay.addEventListener('blur', () => {
    if (S.keyPressed) {
      S.keyPressed = false;
      setPointer('off', 0, 0);
    }
    render();
  });
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function fileStem() {
  return `flocklab-${S.model}-n${S.count}-seed${S.seed}-step${S.flock.stepCount}`;
}

/** The metrics so far as CSV, with the columns of `flocklab run --metrics-out` (step, the schema's, then the run's own: species, catches, ...). */
function metricsCsv() {
  const columns = ['step', ...S.flock.metricSpecs.map((m) => m.key)];
  const rows = S.samples.map((s) => s);
  const step = S.flock.stepCount;
  if (!rows.length || rows[rows.length - 1].step !== step) rows.push({ step, ...currentMetrics() });
  return `${columns.join(',')}\n${rows.map((r) => columns.map((c) => String(r[c])).join(',')).join('\n')}\n`;
}

/** The canvas as the user sees it (boids and overlay) on one 2D canvas. */
function composedCanvas() {
  render();  // WebGL keeps no drawing buffer between frames: draw and copy in one go
  const boids = $('boids'), overlay = $('overlay');
  const c = document.createElement('canvas');
  c.width = boids.width;
  c.height = boids.height;
  const ctx = c.getContext('2d');
  ctx.drawImage(boids, 0, 0);
  ctx.drawImage(overlay, 0, 0);
  return c;
}

/** `n` and a unit, singular for one ('1 boid', '2 boids'). */
function counted(n, plural) {
  return `${n.toLocaleString('en-US')} ${n === 1 && plural.endsWith('s') ? plural.slice(0, -1) : plural}`;
}

/** A parameter's value as the picture's caption says it: 'field of view 270°', 'edges walls', '2 obstacles'. */
function settingText(spec, value) {
  if (spec.kind === 'number') {
    const ui = sliderOf(spec);
    return `${ui.label.toLowerCase()} ${ui.describe(value)}`;
  }
  if (spec.kind === 'switch') return `${labelOf(spec).toLowerCase()} ${value ? 'on' : 'off'}`;
  if (spec.key === 'species') return `species ${value.map((t) => { const s = parseSpecies(t); return `${s.name} ${s.count}`; }).join(', ')}`;
  if (spec.key === 'food') return counted(value.length, 'food sources');
  if (spec.kind === 'text_list') return counted(value.length, `${spec.key.replaceAll('_', ' ')}s`);
  return `${labelOf(spec).toLowerCase()} ${value}`;
}

/**
 * The picture's caption: {title, details}. The title as `flocklab run --picture` has it (model
 * and preset, count, seed, step); the details: each setting that differs from the preset now,
 * whether it changed during the run, and the state hash.
 */
function pictureCaption() {
  const d = S.desc;
  const preset = S.preset || d.presets[0]?.name || '';
  const unit = d.count_unit || 'boids';
  const title = `${S.model}${preset ? ` (preset ${preset})` : ''} - ${counted(S.count, unit)} - seed ${S.seed} - step ${S.flock.stepCount}`;
  const base = presetValues(d, preset);
  const details = d.params
    .filter((spec) => JSON.stringify(S.params[spec.key]) !== JSON.stringify(base[spec.key]) && S.params[spec.key] !== '')
    .map((spec) => settingText(spec, S.params[spec.key]));
  if (!details.length) details.push(`the preset's settings`);
  if (S.events.length) details.push(`changed during the run (${counted(S.events.length, 'changes')}; the Share link replays them)`);
  details.push(`state hash ${S.flock.hash()}`);
  return { title, details };
}

/** The Picture (PNG) download: the flock under its caption (picture.js). */
function picture() {
  const world = worldSize();
  const look = refreshLook();
  // With species, boids take their species' colours and the caption band shows them instead of headings.
  const colouring = { colour: S.colour && !look.kinds.length, kinds: look.kinds, food: look.food.length };
  if (in3d()) {
    // The 3D view as the stage shows it, redrawn at the picture's size.
    let corners = [], lens = null;
    return renderPicture({
      world,
      frameOf: (view, size) => {
        const kinds = kindsOf(look);
        const projected = project(S.flock, worldSize3d(), S.camera, 900, Math.round((900 * world.h) / world.w), size,
          S.colour, {});
        ({ corners, lens } = projected);
        return { ...projected.frame, ...kinds };
      },
      drawMarks: (marks) => {
        drawBox(marks, corners, 1);
        drawFood(marks.getContext('2d'), foodMarks(lens, look.food), 1);
      },
      size: triangleSize(S.flock.count, 900, 1),
      ...pictureCaption(),
      ...colouring,
    });
  }
  return renderPicture({
    world,
    frameOf: (view, size) => {
      const kinds = kindsOf(look);
      return { ...frameOf(S.flock, view, size), ...kinds };
    },
    size: triangleSize(S.flock.count, 900, 1),
    overlay: { walls: S.params.edges === 'walls', obstacles: parseObstacles(S.params.obstacle), pointer: S.pointer, food: look.food },
    ...pictureCaption(),
    ...colouring,
  });
}

/** The picture as a PNG blob. */
function picturePng() {
  const { canvas } = picture();
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

function shareUrl() {
  const base = location.href.split('#')[0];
  return `${base}#${encodeShare({
    model: S.model, preset: S.preset, count: S.count, seed: S.seed, params: S.startParams,
    at: S.flock.stepCount, events: S.events,
  })}`;
}

/**
 * Once shown (by the Share button), the share box always holds the current run's link: a
 * restart, a model or preset switch and every live change update it at once, the step as the
 * readouts do.
 */
function syncShare() {
  const field = $('share-url');
  if (!field.hidden && S.flock) field.value = shareUrl();
}

async function onShare() {
  const url = shareUrl();
  history.replaceState(null, '', url);
  const field = $('share-url');
  field.hidden = false;
  field.value = url;
  field.focus();
  field.select();
  try {
    await navigator.clipboard.writeText(url);
    showMessage(`Link copied: it replays this run to step ${S.flock.stepCount.toLocaleString('en-US')}.`);
  } catch {
    showMessage('The link is in the box below the Share button: copy it from there.');
  }
}

/**
 * Chooses a preset: its values of the live parameters apply to the running flock; when it
 * differs in a parameter that needs a restart (a world's size), the flock restarts from it with
 * the preset's count and the same seed.
 */
function onPreset(name) {
  if (S.busy || !name) return;
  const preset = S.desc.presets.find((p) => p.name === name);
  const { live, restart: needsRestart } = presetChange(S.desc, preset, S.params);
  const title = $('preset').selectedOptions[0].textContent;
  if (needsRestart) {
    const params = has('pointer') ? { pointer: '' } : {};
    if (restart({ preset: name, count: preset.count, params })) {
      showMessage(`Preset ${title}: restarted with ${preset.count} ${S.desc.count_unit || 'boids'} (same seed).`);
    } else syncPreset();
    return;
  }
  if (Object.keys(live).length && setLive(live)) showMessage(`Preset ${title}: its values now apply to this flock.`);
}

function wireControls() {
  $('run').addEventListener('click', () => setRunning(!S.running));
  $('step').addEventListener('click', () => {
    if (S.busy) return;
    setRunning(false);
    advance(1);
  });
  $('restart').addEventListener('click', onRestart);
  $('apply-start').addEventListener('click', onRestart);
  $('spf').addEventListener('change', (e) => { S.spf = Number(e.target.value); });
  $('model').addEventListener('change', (e) => {
    if (S.busy) return;
    const model = e.target.value;
    if (!restart({ model, preset: '', count: S.models.get(model).default_count, params: {} })) e.target.value = S.model;
  });
  $('preset').addEventListener('change', (e) => onPreset(e.target.value));
  for (const id of ['count', 'seed']) {
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') onRestart(); });
  }
  $('seed-random').addEventListener('click', () => {
    const words = crypto.getRandomValues(new Uint32Array(1));
    $('seed').value = String(words[0]);
    onRestart();
  });
  for (const r of document.querySelectorAll('input[name="tool"]')) {
    r.addEventListener('change', () => {
      if (r.checked) S.tool = r.value;
      syncHint();
      render();
    });
  }
  $('obstacle-size').addEventListener('input', (e) => {
    $('obstacle-size-out').textContent = `${e.target.value} ${worldUnit(S.desc)}`;
    syncHint();
  });
  $('obstacle-undo').addEventListener('click', () => {
    if (S.busy || !S.params.obstacle?.length) return;
    setLive({ obstacle: S.params.obstacle.slice(0, -1) });
  });
  $('obstacle-clear').addEventListener('click', () => {
    if (S.busy || !S.params.obstacle?.length) return;
    setLive({ obstacle: [] });
  });
  $('food-clear').addEventListener('click', () => {
    if (S.busy || !S.params.food?.length) return;
    if (setLive({ food: [] })) showMessage('The food sources are gone.');
  });
  $('colour').addEventListener('change', (e) => { S.colour = e.target.checked; render(); });
  $('share').addEventListener('click', onShare);
  $('cli').closest('details').addEventListener('toggle', syncCli);
  $('csv').addEventListener('click', () => download(new Blob([metricsCsv()], { type: 'text/csv' }), `${fileStem()}.csv`));
  $('png').addEventListener('click', async () => download(await picturePng(), `${fileStem()}.png`));
  new ResizeObserver(() => { fitCanvases(); S.chartDirty = true; if (S.flock) render(); }).observe($('stage'));
  TURN_QUERY.addEventListener('change', () => { if (S.flock) { layoutStage(); render(); } });
  new ResizeObserver(() => { S.chartDirty = true; }).observe($('chart'));
}

// ---------------------------------------------------------------------------------------------
// Opening a shared run

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

/** Replays a shared run: the start, each recorded change before its step, up to step `at`. */
async function openShared(run) {
  if (!restart(run)) return false;
  setRunning(false);
  S.busy = true;
  try {
    let msPerStep = 5;
    const goTo = async (target) => {
      while (S.flock.stepCount < target) {
        const k = Math.max(1, Math.min(target - S.flock.stepCount, Math.round(40 / msPerStep)));
        const t0 = performance.now();
        advance(k);
        msPerStep = Math.max(0.01, (performance.now() - t0) / k);
        showMessage(`Replaying the shared run: step ${S.flock.stepCount.toLocaleString('en-US')} of ${run.at.toLocaleString('en-US')}…`);
        render();
        updateReadouts();
        await nextFrame();
      }
    };
    for (const [step, kind, data] of run.events) {
      await goTo(step);
      if (!(kind === 'spawn' ? spawnBoid(data) : setLive(data, { quiet: true }))) return false;
    }
    await goTo(run.at);
  } finally {
    S.busy = false;
  }
  history.replaceState(null, '', shareUrl());
  if (run.at > 0) showMessage(`Shared run replayed to step ${run.at.toLocaleString('en-US')}: press Run to continue.`);
  else setRunning(true);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Start

function useRenderer(renderer) {
  S.renderer = renderer;
  $('renderer-name').textContent = renderer.name === 'webgl' ? 'drawn with WebGL2' : 'drawn with canvas 2D';
  if (renderer.name !== 'webgl') return;
  // A lost WebGL context (driver reset, too many contexts) falls back to canvas 2D on a new canvas.
  renderer.canvas.addEventListener('webglcontextlost', (e) => {
    e.preventDefault();
    const fresh = document.createElement('canvas');
    fresh.id = 'boids';
    fresh.setAttribute('aria-hidden', 'true');
    renderer.canvas.replaceWith(fresh);
    useRenderer(makeRenderer(fresh, '2d'));
    fitCanvases();
    render();
  }, { once: true });
}

/** A metric's figure: its label over its value (`m-KEY`). */
function figure(m) {
  const div = document.createElement('div');
  div.title = m.description;
  const dt = document.createElement('dt');
  dt.textContent = m.label.charAt(0).toUpperCase() + m.label.slice(1);
  const dd = document.createElement('dd');
  dd.id = `m-${m.key}`;
  dd.textContent = '–';
  div.append(dt, dd);
  return div;
}

/** Takes in the registry: the model menu, the metric figures, the chart's legend, the About list. */
function loadRegistry(registry) {
  S.registry = registry;
  S.models = new Map(registry.models.map((m) => [m.name, m]));
  $('model').replaceChildren(...registry.models.map((m) => new Option(`${m.name}: ${m.title}`, m.name)));
  const meter = registry.metrics.find((m) => m.key === METER_METRIC);
  $('order-label').textContent = meter ? `Order (${meter.label})` : 'Order';
  if (meter) $('order-meter').title = meter.description;
  $('figures').replaceChildren(...registry.metrics.filter((m) => m.key !== METER_METRIC).map((m) => figure(m)));
  S.seriesLabels = new Map(registry.metrics.map((m) => [m.key, m.label.charAt(0).toUpperCase() + m.label.slice(1)]));
  S.views = chartViews(S.seriesLabels, []);
  syncChartView();
  $('about-models').replaceChildren(...registry.models.flatMap((m) => {
    const dt = document.createElement('dt');
    dt.textContent = m.name;
    const dd = document.createElement('dd');
    dd.textContent = `${m.title.charAt(0).toUpperCase()}${m.title.slice(1)}: ${m.summary}.` +
      (m.presets.length ? ` Presets: ${m.presets.map((p) => `${p.name} (${p.summary})`).join('; ')}.` : '');
    return [dt, dd];
  }));
}

/** The model shown first: ?model=NAME, else the page's <html data-model>, else the registry's first. */
function firstModel(asked) {
  for (const name of [asked, document.documentElement.dataset.model]) if (name && S.models.has(name)) return name;
  return S.registry.models[0].name;
}

async function init() {
  S.chart = new Chart($('chart'));
  try {
    S.m = await createFlocklab();
  } catch (e) {
    $('loading').textContent = 'The engine could not be loaded (flocklab/flocklab_core.wasm).';
    showMessage(`The WebAssembly engine failed to load: ${errorText(e)}`, true);
    return { ok: false, error: errorText(e) };
  }
  $('version').textContent = `flocklab ${S.m.version} (WebAssembly)`;
  loadRegistry({ models: S.m.models(), metrics: S.m.metrics() });
  const query = new URLSearchParams(location.search);
  // ?paused=1 starts paused (for tests and for embedding); ?renderer=webgl or webgl-noaa draws
  // with WebGL2 instead of canvas 2D (falling back to canvas 2D where it is missing; see draw.js).
  if (query.get('paused') === '1') setRunning(false);
  const wanted = ['2d', 'webgl', 'webgl-noaa'].includes(query.get('renderer')) ? query.get('renderer') : '2d';
  useRenderer(makeRenderer($('boids'), wanted));
  if (FOLD_QUERY.matches) for (const panel of document.querySelectorAll('details.panel')) panel.open = false;
  S.species = new SpeciesPanel($('species-body'), {
    desc: () => S.desc,
    params: () => S.params,
    kinds: () => S.look.kinds,
    count: () => S.count,
    busy: () => S.busy,
    restart: restartWithSpecies,
    live: setSpeciesLive,
    message: showMessage,
  });
  wireControls();
  wireCanvas();

  const shared = decodeShare(location.hash.slice(1), [...S.models.keys()]);
  let ok = true;
  let error;
  if (shared && !shared.error) {
    ok = await openShared(shared);
    if (!ok) error = $('message').textContent;
  } else if (shared && shared.error) {
    ok = false;
    error = shared.error;
  }
  if (!S.flock) {
    const model = firstModel(query.get('model'));
    restart({ model, preset: '', count: S.models.get(model).default_count, seed: '42', params: {} });
  }
  if (!ok) showMessage(error, true);
  $('loading').hidden = true;
  S.speed.since = performance.now();
  requestAnimationFrame(frame);
  return ok ? { ok: true } : { ok: false, error };
}

const ready = init().catch((e) => {
  showMessage(`The page failed to start: ${errorText(e)}`, true);
  return { ok: false, error: errorText(e) };
});

// ---------------------------------------------------------------------------------------------
// Test hook: deterministic control for tests and scripts (not needed by the page itself).

function benchFlock({ model = S.model, count = 1500, seed = '1', warmup = 0, params = {} }) {
  const f = new S.m.Simulation(model, { ...params, count, seed: String(seed) });
  if (warmup) f.step(warmup);
  return f;
}

window.flocklab = {
  /** Resolves to {ok, error?} once the engine is loaded and the first run (or a shared run's replay) is ready. */
  ready,
  pause: () => setRunning(false),
  play: () => setRunning(true),
  running: () => S.running,
  /** Pauses the animation and steps exactly n times; returns the step count. */
  step(n = 1) {
    setRunning(false);
    advance(n);
    render();
    updateReadouts();
    return S.flock.stepCount;
  },
  stepCount: () => S.flock.stepCount,
  hash: () => S.flock.hash(),
  metrics: () => ({ ...currentMetrics() }),
  params: () => S.flock.params,
  model: () => S.flock.model,
  count: () => S.flock.count,
  seed: () => S.seed,
  samples: () => S.samples.map((s) => ({ ...s })),
  events: () => JSON.parse(JSON.stringify(S.events)),
  setParams: (delta) => setLive(delta),
  /** Where world point (x, y[, z]) is on the screen now (CSS px, as a mouse event's clientX/Y), in 2D or the 3D view. */
  screenPoint(x, y, z = 0) {
    const overlay = $('overlay'), rect = overlay.getBoundingClientRect();
    const p = in3d() ? projectPoint(lens3d(), x, y, z) : (({ u, v }) => ({ x: u, y: v }))(toCanvas(stageView(), x, y));
    return { x: rect.left + (p.x / overlay.width) * rect.width, y: rect.top + (p.y / overlay.height) * rect.height };
  },
  /** The species (kinds: name, colour, size, predator, count) and food sources now (appearance()). */
  appearance: () => S.flock.appearance(),
  /** The chart's views ({id, title}), the one shown, and its series as drawn ({key, label, colour}). */
  chart: () => ({ views: S.views.map((v) => ({ id: v.id, title: v.title })), view: S.view,
    series: S.chartSeries.map(({ key, label, colour }) => ({ key, label, colour })) }),
  /** The registry as the page read it: {models, metrics}. */
  registry: () => JSON.parse(JSON.stringify(S.registry)),
  /** The models offered in the page's model menu, in order. */
  modelMenu: () => [...$('model').options].map((o) => o.value),
  preset: () => S.preset,
  restart: (opts) => restart(opts),
  shareUrl,
  cliArgs,
  /** The Picture (PNG) download's caption lines as drawn, its size and its caption band's height in px. */
  picture() {
    const { canvas, band, lines } = picture();
    return { lines, width: canvas.width, height: canvas.height, band };
  },
  metricsCsv,
  message: () => $('message').textContent,
  /** The parameters of a model's preset in the registry. */
  presetParams: (name, model = S.model) => ({ ...S.models.get(model).presets.find((p) => p.name === name).params }),
  renderer: () => S.renderer.name,
  /** Mean ms per running frame: stepping, drawing, readouts, and idle between frames; resets. */
  frameCost() {
    const n = Math.max(1, frameCost.frames);
    const out = { frames: frameCost.frames, step: frameCost.step / n, draw: frameCost.draw / n, readouts: frameCost.readouts / n, between: frameCost.between / n };
    Object.assign(frameCost, { frames: 0, step: 0, draw: 0, readouts: 0, between: 0, last: 0 });
    return out;
  },
  /** How many pixels of the drawn canvas are bright (boids are; the background is not). */
  litPixels() {
    const c = composedCanvas();
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let lit = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] > 300) lit++;
    return { lit, total: c.width * c.height };
  },
  positions: () => ({ x: Array.from(S.flock.positions[0]), y: Array.from(S.flock.positions[1]) }),
  /** Simulated steps per second of a fresh flock with `params` (optionally drawing every step on the page's canvas, in 3D as the 3D view does). */
  bench({ model = S.model, count = 1500, steps = 100, warmup = 0, draw = false, seed = '1', params = {} } = {}) {
    const f = benchFlock({ model, count, seed, warmup, params });
    const fParams = f.params;
    const view = stageView(worldOf(fParams));
    const size = triangleSize(count);
    const canvas = $('boids'), scratch = {};
    const t0 = performance.now();
    for (let i = 0; i < steps; i++) {
      f.step(1);
      if (draw) {
        const frame3d = f.dims === 3
          ? project(f, worldSize3d(fParams), S.camera, canvas.width, canvas.height, size, S.colour, scratch).frame : null;
        S.renderer.draw(frame3d ?? frameOf(f, view, size));
        S.renderer.flush();
      }
    }
    const ms = performance.now() - t0;
    f.dispose();
    return { steps, ms, stepsPerSecond: (steps * 1000) / ms };
  },
  /** Median ms to draw one frame (plus a forced flush) with a renderer on a fresh 900x560 canvas. */
  drawBench({ renderer = '2d', count = 1500, frames = 60, warmup = 5, seed = '1' } = {}) {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 560;
    const r = makeRenderer(canvas, renderer);
    const f = benchFlock({ count, seed, warmup });
    const frameData = frameOf(f, viewOf(worldOf(f.params), canvas), 9);
    const times = [];
    for (let i = 0; i < frames + 3; i++) {
      const t0 = performance.now();
      r.draw(frameData);
      r.flush();
      times.push(performance.now() - t0);
    }
    f.dispose();
    const sorted = times.slice(3).sort((a, b) => a - b);
    return { renderer: r.name, count, medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0] };
  },
};
