// The Flocking Lab page: flocklab's C++ engine (WebAssembly, through the npm package's module
// in ./flocklab/, web/package) does every step and every measurement in a Web Worker
// (engine_worker.js); the page only wires the controls, draws and records what the user did so
// that a Share link can replay it exactly.
// Models, parameters, presets and metrics all come from the engine's registry (models() and
// metrics()), and the world from the flock (space, obstacles): no model is named here. The
// model shown first is the page's choice (<html data-model> in index.html, or ?model=NAME),
// else the registry's first.
//
// The modules: state.js (the state S), engine.js (the worker's client and the mirror of its
// flock), run.js (restarts, live changes, tools' effects), loop.js (the run loop: the one place
// that asks for steps), stage.js (drawing), readouts.js (figures, chart),
// controls.js, canvas_input.js, exports.js (CSV, picture, command line), share_link.js. A module
// that changes the run announces it (state.js's announce) and this file wires who follows
// (wireChanges), so the modules import one another without a cycle. This file also loads the
// engine and the registry and starts the first run. The tests' hook
// (test_hook.js, window.flocklab) is not part of the page: the tests add it.
import { wireCanvas } from './canvas_input.js';
import { Chart, chartViews } from './charts.js';
import { buildControls, syncControls, syncControlValues, syncPreset, wireControls } from './controls.js';
import { makeRenderer, pickRenderer, RENDERER_NAMES } from './draw.js';
import { Engine } from './engine.js';
import { wireExperiments } from './experiments.js';
import { syncCli, wireExports } from './exports.js';
import { setRunning, startLoop } from './loop.js';
import { figure, syncChartView } from './readouts.js';
import { showRamped } from './ramps.js';
import { restart, restartWithSpecies, setSpeciesLive } from './run.js';
import { decodeShare } from './share.js';
import { openShared, syncShare, wireShare } from './share_link.js';
import { SpeciesPanel } from './species.js';
import { fitCanvases, layoutStage, render, useRenderer } from './stage.js';
import { $, errorText, FOLD_QUERY, follow, METERS, S, SAMPLE_EVERY, showMessage, TURN_QUERY } from './state.js';

/** Takes in the registry: the model menu, the metric figures, the chart's legend, the About list. */
function loadRegistry(registry) {
  S.registry = registry;
  S.models = new Map(registry.models.map((m) => [m.name, m]));
  $('model').replaceChildren(...registry.models.map((m) => new Option(`${m.name}: ${m.title}`, m.name)));
  for (const { key, id, word } of METERS) {
    const meter = registry.metrics.find((m) => m.key === key);
    $(`${id}-label`).textContent = meter ? `${word} (${meter.label})` : word;
    if (meter) $(`${id}-meter`).title = meter.description;
  }
  const metered = new Set(METERS.map((m) => m.key));
  $('figures').replaceChildren(...registry.metrics.filter((m) => !metered.has(m.key)).map((m) => figure(m)));
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

/** The stage follows its box and the phone's turn; the chart its box. */
/** Who follows each change the page's modules announce (state.js's follow and announce). */
function wireChanges() {
  follow('model', buildControls);
  follow('restarted', syncControls);
  follow('params', () => {
    syncControlValues();
    syncPreset();
  });
  follow('preset', syncPreset);
  follow('run', () => {
    syncCli();
    syncShare();
  });
  follow('step', () => {
    showRamped();
    if ($('cli').closest('details').open) syncCli();
    // A step alone leaves a box the user is copying from alone: a new value would drop the selection.
    if (document.activeElement !== $('share-url')) syncShare();
  });
}

function wireResizes() {
  new ResizeObserver(() => { fitCanvases(); S.chartDirty = true; if (S.flock) render(); }).observe($('stage'));
  TURN_QUERY.addEventListener('change', () => { if (S.flock) { layoutStage(); render(); } });
  new ResizeObserver(() => { S.chartDirty = true; }).observe($('chart'));
}

/**
 * The threads the engine steps on: where the page is cross-origin isolated (flocklab lab and
 * serve send the headers) WebAssembly threads can share memory, so one per core (at most 4, or
 * ?threads=N); elsewhere (a plain static host) one.
 */
function engineThreads(query) {
  if (!globalThis.crossOriginIsolated || typeof SharedArrayBuffer === 'undefined') return 1;
  const asked = Number(query.get('threads'));
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, 16);
  return Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 4));
}

/** The footer's line on the engine: where it runs and on how many threads, and why only one. */
function engineLine({ version, threads, isolated }) {
  const why = isolated ? '' : ' (this page is not cross-origin isolated, so WebAssembly threads are off)';
  return `flocklab ${version} · WebAssembly in a worker, ${threads === 1 ? '1 thread' : `${threads} threads`}${why}`;
}

async function init() {
  S.chart = new Chart($('chart'));
  const query = new URLSearchParams(location.search);
  try {
    S.engine = new Engine();
    // ?lanes=scalar|portable runs that kernel (for bench/: the bits are the same either way).
    const lanes = ['scalar', 'portable'].includes(query.get('lanes')) ? query.get('lanes') : undefined;
    const loading = S.engine.init({ threads: engineThreads(query), lanes, sampleEvery: SAMPLE_EVERY });
    // ?renderer=NAME (draw.js's RENDERER_NAMES) draws with that renderer (WebGL falling back to
    // canvas 2D where it is missing), else the page measures which draws fastest on this machine
    // (draw.js), while the worker loads the engine.
    const asked = query.get('renderer');
    useRenderer(RENDERER_NAMES.includes(asked) ? makeRenderer($('boids'), asked) : pickRenderer($('boids')));
    await loading;
  } catch (e) {
    $('loading').textContent = 'The engine could not be loaded (flocklab/flocklab_core.wasm).';
    showMessage(`The WebAssembly engine failed to load: ${errorText(e)}`, true);
    return { ok: false, error: errorText(e) };
  }
  $('version').textContent = engineLine(S.engine.info);
  loadRegistry({ models: S.engine.info.models, metrics: S.engine.info.metrics });
  // ?paused=1 starts paused (for tests and for embedding).
  if (query.get('paused') === '1') setRunning(false);
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
  wireChanges();
  wireControls();
  wireShare();
  wireExperiments();
  wireExports();
  wireResizes();
  wireCanvas();

  // The loop draws from the first flock on; while a shared run replays it leaves the page to the
  // replay (S.busy), whose controls then stay live (replay.js).
  startLoop();
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
    await restart({ model, preset: '', count: S.models.get(model).default_count, seed: '42', params: {} });
  }
  if (!ok) showMessage(error, true);
  $('loading').hidden = true;
  return ok ? { ok: true } : { ok: false, error };
}

/** Resolves to {ok, error?} once the engine is loaded and the first run (or a shared run's replay) is ready. */
export const ready = init().catch((e) => {
  showMessage(`The page failed to start: ${errorText(e)}`, true);
  return { ok: false, error: errorText(e) };
});
