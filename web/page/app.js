// The Flocking Lab page: flocklab's C++ engine (WebAssembly, flocklab.js) does every step and
// every measurement; this file only wires the controls, draws and records what the user did so
// that a Share link can replay it exactly.
//
// Test hook: window.flocklab (see the end of this file) lets a test drive the page
// deterministically: `await flocklab.ready`, then `flocklab.step(n)` pauses the animation and
// steps exactly n, `flocklab.hash()` is the state hash, and so on.
import createFlocklab from './flocklab.js';
import { Chart } from './charts.js';
import { drawOverlay, makeRenderer } from './draw.js';
import { CLI_FLAGS, LIVE, MODELS, PRESETS, PRESET_KEYS, RESTART, decimalsOf, fmt } from './params.js';
import { decodeShare, encodeShare } from './share.js';

const $ = (id) => document.getElementById(id);
/** Metrics are recorded every this many steps, at the same steps as `flocklab run --every 10`. */
const SAMPLE_EVERY = 10;
const MAX_COUNT = 20000;
const CSV_COLUMNS = ['step', 'polarization', 'flocks', 'largest_flock', 'largest_share', 'mean_nn_distance', 'mean_neighbors'];

const S = {
  m: null,               // the wasm module
  flock: null,           // the current m.Flock
  model: 'steering',
  count: 1500,
  seed: '42',
  startParams: null,     // parameters at the last restart (a Share link's "params")
  params: null,          // current parameters (engine JSON keys)
  defaults: {},          // model -> default parameters
  presets: {},           // preset name -> parameters
  events: [],            // live changes since the restart: [step, 'p' | 'ptr', data]
  samples: [],           // metrics every SAMPLE_EVERY steps: {step, x, ...metrics}
  time: 0,               // simulated seconds since the restart (steering)
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
  sliders: new Map(),    // key -> {def, input, output}
  renderer: null,
  chart: null,
  chartDirty: true,
  shownStep: -1,
  dirty: true,           // the canvas needs drawing again
  speed: { steps: 0, frames: 0, since: 0 },
};

// ---------------------------------------------------------------------------------------------
// Messages and errors

/** The message of anything thrown by the engine (a C++ exception arrives as a number). */
function errorText(e) {
  if (typeof e === 'number' && S.m) {
    try { return S.m.errorMessage(e); } catch { return 'the engine reported an error'; }
  }
  return e && e.message ? e.message : String(e);
}

function showMessage(text, isError = false) {
  const el = $('message');
  el.textContent = text;
  el.classList.toggle('error', isError);
}

// ---------------------------------------------------------------------------------------------
// The run: restart, step, live changes, pointer, recording

function worldSize(params = S.params, model = S.model) {
  return model === 'steering' ? { w: params.width, h: params.height } : { w: params.world, h: params.world };
}

/** Starts a new flock. Returns false (and says why) when the engine refuses the settings. */
function restart({ model = S.model, count = S.count, seed = S.seed, params = S.params } = {}) {
  let flock;
  try {
    flock = new S.m.Flock(model, JSON.stringify(params), count, String(seed));
  } catch (e) {
    showMessage(`Cannot start: ${errorText(e)}.`, true);
    return false;
  }
  const modelChanged = model !== S.model || !S.flock;
  if (S.flock) S.flock.delete();
  S.flock = flock;
  S.model = model;
  S.count = count;
  S.seed = String(seed);
  S.params = JSON.parse(flock.paramsJson());
  S.startParams = JSON.parse(flock.paramsJson());
  S.events = [];
  S.samples = [];
  S.time = 0;
  S.pointer = null;
  S.drag = null;
  S.keyPressed = false;
  S.latestStep = -1;
  S.shownStep = -1;
  recordSample();
  if (modelChanged) buildSliders();
  syncControls();
  layoutStage();
  S.chartDirty = true;
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  showMessage('');
  render();
  return true;
}

function recordSample() {
  const f = S.flock;
  const m = JSON.parse(f.metricsJson());
  const step = f.stepCount();
  S.samples.push({ step, x: S.model === 'steering' ? S.time : step, ...m });
  S.latest = m;
  S.latestStep = step;
  S.chartDirty = true;
}

/** Steps n times, recording the metrics at every multiple of SAMPLE_EVERY. */
function advance(n) {
  const f = S.flock;
  S.dirty = true;
  while (n > 0) {
    const s = f.stepCount();
    const k = Math.min(n, SAMPLE_EVERY - (s % SAMPLE_EVERY));
    f.step(k);
    if (S.model === 'steering') S.time += k * S.params.dt;
    n -= k;
    S.speed.steps += k;
    if ((s + k) % SAMPLE_EVERY === 0) recordSample();
  }
}

/** The metrics of the current step (computed when the last sample is older). */
function currentMetrics() {
  const step = S.flock.stepCount();
  if (S.latestStep !== step) {
    S.latest = JSON.parse(S.flock.metricsJson());
    S.latestStep = step;
  }
  return S.latest;
}

/** Records a live change so a Share link can replay it; changes at one step are merged. */
function record(kind, data) {
  const s = S.flock.stepCount();
  for (let i = S.events.length - 1; i >= 0 && S.events[i][0] === s; i--) {
    if (S.events[i][1] === kind) {
      S.events[i][2] = kind === 'p' ? { ...S.events[i][2], ...data } : data;
      return;
    }
  }
  S.events.push([s, kind, kind === 'p' ? { ...data } : data]);
}

/** Changes parameters live. Returns false (and says why) when the engine refuses them. */
function setLive(delta) {
  try {
    S.flock.setParams(JSON.stringify(delta));
  } catch (e) {
    showMessage(errorText(e), true);
    syncSliders();
    return false;
  }
  Object.assign(S.params, JSON.parse(JSON.stringify(delta)));
  record('p', delta);
  S.dirty = true;
  showMessage('');
  syncSliders();
  syncPreset();
  syncCli();
  return true;
}

/** Sets the pointer (steering only): mode 'off', 'food' or 'predator' at world (x, y). */
function setPointer(mode, x, y) {
  try {
    S.flock.setPointer(mode, x, y);
  } catch (e) {
    showMessage(errorText(e), true);
    return false;
  }
  record('ptr', [mode, x, y]);
  S.pointer = mode === 'off' ? null : { mode, x, y };
  S.dirty = true;
  syncCli();
  return true;
}

function setRunning(on) {
  S.running = on;
  const b = $('run');
  b.textContent = on ? 'Pause' : 'Run';
  b.title = on ? 'Pause the flock' : 'Let the flock fly';
}

// ---------------------------------------------------------------------------------------------
// Drawing

function triangleSize() {
  const cssWidth = $('stage').getBoundingClientRect().width || 900;
  const byCount = Math.min(1.4, Math.max(0.6, (1500 / S.flock.count()) ** 0.25));
  const byWidth = Math.min(1.25, Math.max(0.55, cssWidth / 800));
  return 9 * byCount * byWidth * (window.devicePixelRatio || 1);
}

function frameOf(flock, world, size) {
  return { n: flock.count(), x: flock.x(), y: flock.y(), vx: flock.vx(), vy: flock.vy(), world, size, colour: S.colour };
}

function render() {
  if (!S.flock) return;
  S.dirty = false;
  const world = worldSize();
  S.renderer.draw(frameOf(S.flock, world, triangleSize()));
  const overlay = $('overlay');
  const showCursor = S.model === 'steering' && S.cursor && overlay.matches(':focus-visible');
  drawOverlay(overlay, {
    world,
    dpr: window.devicePixelRatio || 1,
    walls: S.model === 'steering' && S.params.edges === 'walls',
    obstacles: S.model === 'steering' ? S.params.obstacles : [],
    pointer: S.pointer,
    cursor: showCursor ? S.cursor : null,
    cursorRadius: showCursor && S.tool === 'obstacle' ? obstacleRadius() : 0,
  });
}

/** Sizes both canvases to the stage (device pixels) and the stage to the world's shape. */
function layoutStage() {
  const { w, h } = worldSize();
  const root = document.documentElement.style;
  root.setProperty('--aspect', `${w} / ${h}`);
  root.setProperty('--aspect-num', String(w / h));
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
  const step = f.stepCount();
  if (step !== S.shownStep) {
    S.shownStep = step;
    $('stat-step').textContent = step.toLocaleString('en-US');
    $('stat-time').textContent = S.model === 'steering' ? `${fmt(S.time, 1)} s` : '–';
    $('stat-hash').textContent = f.hash();
    if ($('cli').closest('details').open) syncCli();
  }
  const m = S.running ? S.latest : currentMetrics();
  if (m) {
    $('order-value').textContent = m.polarization.toFixed(3);
    $('order-fill').style.width = `${(100 * Math.min(1, Math.max(0, m.polarization))).toFixed(1)}%`;
    $('order-meter').setAttribute('aria-valuenow', m.polarization.toFixed(3));
    $('m-flocks').textContent = String(m.flocks);
    $('m-largest').textContent = `${m.largest_flock} (${Math.round(100 * m.largest_share)}%)`;
    $('m-nn').textContent = `${fmt(m.mean_nn_distance, 2)} ${S.model === 'steering' ? 'px' : 'units'}`;
    $('m-neigh').textContent = fmt(m.mean_neighbors, 1);
    $('badge').textContent = `Order ${m.polarization.toFixed(2)} · largest ${Math.round(100 * m.largest_share)}%`;
  }
  if (S.chartDirty) {
    S.chart.fit();
    S.chart.draw(S.samples, S.model === 'steering' ? 'simulated time (s)' : 'step');
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
// Controls

function buildSliders() {
  $('rules-sliders').replaceChildren();
  $('sliders').replaceChildren();
  S.sliders.clear();
  MODELS[S.model].groups.forEach((group, index) => {
    // The first group (the rules) goes into the "Model and rules" panel; the others get their own.
    let container = $('rules-sliders');
    if (index > 0) {
      container = document.createElement('fieldset');
      container.className = 'panel';
      const legend = document.createElement('legend');
      legend.textContent = group.title;
      container.append(legend);
      $('sliders').append(container);
    }
    if (group.note) {
      const note = document.createElement('p');
      note.className = 'help';
      note.textContent = group.note;
      container.append(note);
    }
    for (const def of group.params) {
      const id = `p-${def.key}`;
      const wrap = document.createElement('div');
      wrap.className = `slider${def.apply === RESTART ? ' restart' : ''}`;
      const head = document.createElement('div');
      head.className = 'slider-head';
      const label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = def.label;
      const output = document.createElement('output');
      output.htmlFor = id;
      output.id = `${id}-out`;
      head.append(label, output);
      const input = document.createElement('input');
      Object.assign(input, { type: 'range', id, min: def.min, max: def.max, step: def.step });
      input.setAttribute('aria-describedby', output.id);
      input.addEventListener('input', () => onSlider(def, input, false));
      input.addEventListener('change', () => onSlider(def, input, true));
      wrap.append(head, input);
      container.append(wrap);
      S.sliders.set(def.key, { def, input, output });
    }
  });
}

function describe(def, value) {
  if (def.describe) return def.describe(value);
  if (!def.unit) return fmt(value, 3);
  return def.unit === '°' ? `${fmt(value, 3)}°` : `${fmt(value, 3)} ${def.unit}`;
}

function onSlider(def, input, committed) {
  if (S.busy) return;
  const raw = Number(Number(input.value).toFixed(decimalsOf(def.step)));
  const value = def.fromSlider ? def.fromSlider(raw) : raw;
  const { output } = S.sliders.get(def.key);
  output.textContent = describe(def, value);
  if (def.apply === LIVE) {
    if (S.params[def.key] !== value) setLive({ [def.key]: value });
  } else if (committed && S.params[def.key] !== value) {
    if (restart({ params: { ...S.params, [def.key]: value } })) showMessage(`Restarted with ${def.label.toLowerCase()} ${describe(def, value)}.`);
    else syncSliders();
  }
}

function syncSliders() {
  for (const { def, input, output } of S.sliders.values()) {
    const value = S.params[def.key];
    input.value = String(def.toSlider ? def.toSlider(value) : value);
    output.textContent = describe(def, value);
  }
}

function syncPreset() {
  const select = $('preset');
  if (S.model !== 'steering') return;
  const match = PRESETS.find((name) => PRESET_KEYS.every((k) => S.presets[name][k] === S.params[k]));
  select.value = match ?? '';
}

function obstacleRadius() {
  return Number($('obstacle-size').value);
}

function syncControls() {
  const steering = S.model === 'steering';
  $('model').value = S.model;
  $('count').value = String(S.count);
  $('seed').value = S.seed;
  $('preset-field').hidden = !steering;
  $('edges-field').hidden = !steering;
  $('press-panel').hidden = !steering;
  $('press-none').hidden = steering;
  $('stat-time-item').hidden = !steering;
  if (steering) {
    for (const r of document.querySelectorAll('input[name="edges"]')) r.checked = r.value === S.params.edges;
  }
  syncSliders();
  syncPreset();
  syncHint();
  syncCli();
}

function syncHint() {
  const hint = $('press-hint');
  if (S.model !== 'steering') hint.textContent = 'The lab model has no pointer: change the rules with the sliders.';
  else if (S.tool === 'obstacle') hint.textContent = `Click the canvas to place an obstacle (radius ${obstacleRadius()} px).`;
  else if (S.tool === 'food') hint.textContent = 'Press or drag on the canvas to drop food: boids within 160 px gather. Release to take it away.';
  else hint.textContent = 'Press or drag on the canvas to be a predator: boids within 160 px flee. Release to leave.';
  $('overlay').style.cursor = S.model !== 'steering' ? 'default' : 'crosshair';
}

/**
 * A single press of the pointer held in one place, as `--pointer MODE:X,Y@FROM-TO`, or null
 * when the live changes are anything else.
 */
function pointerFlag(events, steps) {
  if (!events.length || events.length > 2 || events.some((e) => e[1] !== 'ptr')) return null;
  const [[from, , [mode, x, y]], off] = events;
  if (mode === 'off' || (off && off[2][0] !== 'off')) return null;
  return `${mode}:${x},${y}@${from}-${off ? off[0] : Math.max(steps, from)}`;
}

/**
 * `flocklab run` arguments that reproduce the current run, or null when it had live changes
 * the command line cannot replay (anything but one press of the pointer held in one place).
 */
function cliArgs(steps = S.flock.stepCount()) {
  const args = ['run', '--model', S.model, '--count', String(S.count), '--seed', S.seed, '--steps', String(steps)];
  const d = S.defaults[S.model];
  for (const [key, value] of Object.entries(S.startParams)) {
    if (key === 'edges') { if (value !== d.edges) args.push('--edges', value); continue; }
    if (key === 'obstacles') { for (const o of value) args.push('--obstacle', o.join(',')); continue; }
    if (value !== d[key] && CLI_FLAGS[key]) args.push(CLI_FLAGS[key], String(value));
  }
  if (S.events.length) {
    const pointer = pointerFlag(S.events, steps);
    if (!pointer) return null;
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
    : `This run has live changes (sliders, presets, obstacles or pointer moves) that the command line cannot replay; the Share link replays them. Restart to get a command again.`;
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
  const cs = readCountAndSeed();
  if (!cs) return;
  if (restart({ ...cs, params: S.params })) {
    if (cs.count > 5000) showMessage(`${cs.count.toLocaleString('en-US')} boids: each step takes a while in the browser; drawing keeps up.`);
  }
}

/** Canvas coordinates of a pointer event, in world units, rounded so a replay is exact. */
function worldPoint(e) {
  const rect = $('overlay').getBoundingClientRect();
  const { w, h } = worldSize();
  const x = Math.round(((e.clientX - rect.left) / rect.width) * w);
  const y = Math.round(((e.clientY - rect.top) / rect.height) * h);
  return { x: Math.min(Math.max(x, 0), Math.ceil(w) - 1), y: Math.min(Math.max(y, 0), Math.ceil(h) - 1) };
}

function placeObstacle(x, y) {
  const obstacles = [...S.params.obstacles, [x, y, obstacleRadius()]];
  if (setLive({ obstacles })) showMessage(`Obstacle ${obstacles.length} placed at (${x}, ${y}).`);
}

function wireCanvas() {
  const overlay = $('overlay');
  overlay.addEventListener('pointerdown', (e) => {
    if (S.busy || S.model !== 'steering' || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const { x, y } = worldPoint(e);
    if (S.tool === 'obstacle') {
      placeObstacle(x, y);
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
    if (S.busy || S.model !== 'steering') return;
    const { w, h } = worldSize();
    if (!S.cursor) S.cursor = { x: Math.round(w / 2), y: Math.round(h / 2) };
    const d = e.shiftKey ? 50 : 10;
    const moves = { ArrowLeft: [-d, 0], ArrowRight: [d, 0], ArrowUp: [0, -d], ArrowDown: [0, d] };
    if (moves[e.key]) {
      e.preventDefault();
      S.cursor.x = Math.min(Math.max(S.cursor.x + moves[e.key][0], 0), Math.ceil(w) - 1);
      S.cursor.y = Math.min(Math.max(S.cursor.y + moves[e.key][1], 0), Math.ceil(h) - 1);
      if (S.keyPressed) setPointer(S.pointer.mode, S.cursor.x, S.cursor.y);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (S.tool === 'obstacle') placeObstacle(S.cursor.x, S.cursor.y);
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
  return `flocklab-${S.model}-n${S.count}-seed${S.seed}-step${S.flock.stepCount()}`;
}

/** The metrics so far as CSV, with the columns of `flocklab run --metrics-out`. */
function metricsCsv() {
  const rows = S.samples.map((s) => s);
  const step = S.flock.stepCount();
  if (!rows.length || rows[rows.length - 1].step !== step) rows.push({ step, ...currentMetrics() });
  return `${CSV_COLUMNS.join(',')}\n${rows.map((r) => CSV_COLUMNS.map((c) => String(r[c])).join(',')).join('\n')}\n`;
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

/** The canvas as a PNG blob. */
function canvasPng() {
  const c = composedCanvas();
  return new Promise((resolve) => c.toBlob(resolve, 'image/png'));
}

function shareUrl() {
  const base = location.href.split('#')[0];
  return `${base}#${encodeShare({
    model: S.model, count: S.count, seed: S.seed, params: S.startParams,
    at: S.flock.stepCount(), events: S.events,
  })}`;
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
    showMessage(`Link copied: it replays this run to step ${S.flock.stepCount().toLocaleString('en-US')}.`);
  } catch {
    showMessage('The link is in the box below the Share button: copy it from there.');
  }
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
    if (!restart({ model, count: MODELS[model].defaultCount, params: S.defaults[model] })) e.target.value = S.model;
  });
  $('preset').addEventListener('change', (e) => {
    if (S.busy || !e.target.value) return;
    const p = S.presets[e.target.value];
    setLive(Object.fromEntries(PRESET_KEYS.map((k) => [k, p[k]])));
    showMessage(`Preset ${e.target.selectedOptions[0].textContent}: its rules now apply to this flock.`);
  });
  for (const id of ['count', 'seed']) {
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') onRestart(); });
  }
  $('seed-random').addEventListener('click', () => {
    const words = crypto.getRandomValues(new Uint32Array(1));
    $('seed').value = String(words[0]);
    onRestart();
  });
  for (const r of document.querySelectorAll('input[name="edges"]')) {
    r.addEventListener('change', () => {
      if (S.busy || !r.checked || r.value === S.params.edges) return;
      if (restart({ params: { ...S.params, edges: r.value } })) showMessage(`Restarted with ${r.value === 'walls' ? 'walls' : 'wrap-around edges'} (same seed).`);
    });
  }
  for (const r of document.querySelectorAll('input[name="tool"]')) {
    r.addEventListener('change', () => {
      if (r.checked) S.tool = r.value;
      syncHint();
      render();
    });
  }
  $('obstacle-size').addEventListener('input', (e) => {
    $('obstacle-size-out').textContent = `${e.target.value} px`;
    syncHint();
  });
  $('obstacle-undo').addEventListener('click', () => {
    if (S.busy || !S.params.obstacles.length) return;
    setLive({ obstacles: S.params.obstacles.slice(0, -1) });
  });
  $('obstacle-clear').addEventListener('click', () => {
    if (S.busy || !S.params.obstacles.length) return;
    setLive({ obstacles: [] });
  });
  $('colour').addEventListener('change', (e) => { S.colour = e.target.checked; render(); });
  $('share').addEventListener('click', onShare);
  $('cli').closest('details').addEventListener('toggle', syncCli);
  $('csv').addEventListener('click', () => download(new Blob([metricsCsv()], { type: 'text/csv' }), `${fileStem()}.csv`));
  $('png').addEventListener('click', async () => download(await canvasPng(), `${fileStem()}.png`));
  new ResizeObserver(() => { fitCanvases(); S.chartDirty = true; if (S.flock) render(); }).observe($('stage'));
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
      while (S.flock.stepCount() < target) {
        const k = Math.max(1, Math.min(target - S.flock.stepCount(), Math.round(40 / msPerStep)));
        const t0 = performance.now();
        advance(k);
        msPerStep = Math.max(0.01, (performance.now() - t0) / k);
        showMessage(`Replaying the shared run: step ${S.flock.stepCount().toLocaleString('en-US')} of ${run.at.toLocaleString('en-US')}…`);
        render();
        updateReadouts();
        await nextFrame();
      }
    };
    for (const [step, kind, data] of run.events) {
      await goTo(step);
      const ok = kind === 'p' ? setLive(data) : setPointer(data[0], data[1], data[2]);
      if (!ok) return false;
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

async function init() {
  S.chart = new Chart($('chart'));
  try {
    S.m = await createFlocklab();
  } catch (e) {
    $('loading').textContent = 'The engine could not be loaded (flocklab.wasm).';
    showMessage(`The WebAssembly engine failed to load: ${errorText(e)}`, true);
    return { ok: false, error: errorText(e) };
  }
  $('version').textContent = `flocklab ${S.m.version()} (WebAssembly)`;
  S.defaults = { steering: JSON.parse(S.m.presetJson('flock')), lab: JSON.parse(S.m.labDefaultsJson()) };
  for (const name of PRESETS) S.presets[name] = JSON.parse(S.m.presetJson(name));
  const query = new URLSearchParams(location.search);
  // ?paused=1 starts paused (for tests and for embedding); ?renderer=webgl or webgl-noaa draws
  // with WebGL2 instead of canvas 2D (falling back to canvas 2D where it is missing; see draw.js).
  if (query.get('paused') === '1') setRunning(false);
  const wanted = ['2d', 'webgl', 'webgl-noaa'].includes(query.get('renderer')) ? query.get('renderer') : '2d';
  useRenderer(makeRenderer($('boids'), wanted));
  wireControls();
  wireCanvas();

  const shared = decodeShare(location.hash.slice(1));
  let ok = true;
  let error;
  if (shared && !shared.error) {
    ok = await openShared(shared);
    if (!ok) error = $('message').textContent;
  } else if (shared && shared.error) {
    ok = false;
    error = shared.error;
  }
  if (!S.flock) restart({ model: 'steering', count: MODELS.steering.defaultCount, seed: '42', params: S.defaults.steering });
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

function benchFlock({ model = 'steering', count = 1500, seed = '1', warmup = 0 }) {
  const f = new S.m.Flock(model, '{}', count, String(seed));
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
    return S.flock.stepCount();
  },
  stepCount: () => S.flock.stepCount(),
  hash: () => S.flock.hash(),
  metrics: () => ({ ...currentMetrics() }),
  params: () => JSON.parse(S.flock.paramsJson()),
  model: () => S.flock.model(),
  count: () => S.flock.count(),
  seed: () => S.seed,
  samples: () => S.samples.map((s) => ({ ...s })),
  events: () => JSON.parse(JSON.stringify(S.events)),
  setParams: (delta) => setLive(delta),
  setPointer: (mode, x, y) => setPointer(mode, x, y),
  restart: (opts) => restart(opts),
  shareUrl,
  cliArgs,
  metricsCsv,
  message: () => $('message').textContent,
  presetJson: (name) => S.m.presetJson(name),
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
  positions: () => ({ x: Array.from(S.flock.x()), y: Array.from(S.flock.y()) }),
  /** Simulated steps per second of a fresh flock (optionally drawing every step on the page's canvas). */
  bench({ model = 'steering', count = 1500, steps = 100, warmup = 0, draw = false, seed = '1' } = {}) {
    const f = benchFlock({ model, count, seed, warmup });
    const world = model === 'steering' ? { w: 900, h: 560 } : { w: 100, h: 100 };
    const size = triangleSize();
    const t0 = performance.now();
    for (let i = 0; i < steps; i++) {
      f.step(1);
      if (draw) {
        S.renderer.draw(frameOf(f, world, size));
        S.renderer.flush();
      }
    }
    const ms = performance.now() - t0;
    f.delete();
    return { steps, ms, stepsPerSecond: (steps * 1000) / ms };
  },
  /** Median ms to draw one frame (plus a forced flush) with a renderer on a fresh 900x560 canvas. */
  drawBench({ renderer = '2d', count = 1500, frames = 60, warmup = 5, seed = '1' } = {}) {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 560;
    const r = makeRenderer(canvas, renderer);
    const f = benchFlock({ count, seed, warmup });
    const frameData = frameOf(f, { w: 900, h: 560 }, 9);
    const times = [];
    for (let i = 0; i < frames + 3; i++) {
      const t0 = performance.now();
      r.draw(frameData);
      r.flush();
      times.push(performance.now() - t0);
    }
    f.delete();
    const sorted = times.slice(3).sort((a, b) => a - b);
    return { renderer: r.name, count, medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0] };
  },
};
