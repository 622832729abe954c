// The tests' hook into the lab page: window.flocklab, to drive the page deterministically
// (`await flocklab.ready`, then `await flocklab.step(n)` pauses the animation and steps exactly
// n, `flocklab.hash()` is the state hash, and so on). Reads (hash, params, positions, events)
// show the flock as of the engine worker's last reply; the calls that change the flock resolve
// once the worker has answered them, so a read after them sees their result. Not part of the page: the site does not load
// it; the browser tests (tests/web/browser/harness.mjs) add it to the page they open as a module
// script, and its imports resolve to the page's own modules, so it sees the page's state.
import { ready } from './app.js';
import { makeRenderer } from './draw.js';
import { cliArgs, composedCanvas, metricsCsv, picture } from './exports.js';
import { advance, frameCost, measureShown, resetCosts, setRunning, workerCost } from './loop.js';
import { updateReadouts } from './readouts.js';
import { restart, setLive } from './run.js';
import { shareUrl } from './share_link.js';
import { frameOf, lens3d, render, stageView } from './stage.js';
import { $, in3d, S, worldSize } from './state.js';
import { toCanvas, viewOf } from './view.js';
import { framingOf, projectPoint } from './view3d.js';

/** The page's engine caught up: every request sent so far answered (and taken in). */
const settled = () => S.engine.settled();

/**
 * A read of the page: at once when no change is on its way to the engine, else (a click's
 * restart, a slider's change) once the engine has answered it, so a read after a click sees its
 * result. The run loop's steps are not waited for: a read while running shows the last step.
 */
const read = (fn) => (...args) => (S.engine.acting ? settled().then(() => fn(...args)) : fn(...args));

window.flocklab = {
  /** Resolves to {ok, error?} once the engine is loaded and the first run (or a shared run's replay) is ready. */
  ready,
  /** Pauses; resolves once the step asked for last (if any) has arrived. */
  pause: () => { setRunning(false); return settled(); },
  play: () => setRunning(true),
  running: () => S.running,
  /** Pauses the animation and steps exactly n times; resolves to the step count. */
  async step(n = 1) {
    setRunning(false);
    await settled();
    await advance(n, { metrics: true });
    render();
    updateReadouts();
    return S.flock.stepCount;
  },
  /**
   * Asks the engine for n steps as the run loop does (the page keeps its state as it is, running
   * or paused), and resolves when they are done: for sending input while the worker is mid-step.
   */
  stepsInBackground: (n) => advance(n),
  stepCount: read(() => S.flock.stepCount),
  hash: read(() => S.flock.hash()),
  metrics: async () => { await settled(); return { ...await measureShown() }; },
  params: read(() => S.flock.params),
  model: read(() => S.flock.model),
  count: read(() => S.flock.count),
  seed: read(() => S.seed),
  samples: read(() => S.samples.map((s) => ({ ...s }))),
  /** The 3D camera: {azimuth, elevation, zoom, follow}. */
  camera: read(() => ({ ...S.camera })),
  /** The angles a following camera turns to now (view3d.js framingOf), or null. */
  framing: read(() => framingOf(S.flock.positions, S.flock.velocities)),
  events: read(() => JSON.parse(JSON.stringify(S.events))),
  setParams: (delta) => setLive(delta),
  /** The engine's threads and whether the page is cross-origin isolated, as the worker reported them. */
  engine: () => ({ threads: S.engine.info.threads, lanes: S.engine.info.lanes, isolated: S.engine.info.isolated }),
  /** Where world point (x, y[, z]) is on the screen now (CSS px, as a mouse event's clientX/Y), in 2D or the 3D view. */
  screenPoint(x, y, z = 0) {
    const overlay = $('overlay'), rect = overlay.getBoundingClientRect();
    const p = in3d() ? projectPoint(lens3d(), x, y, z) : (({ u, v }) => ({ x: u, y: v }))(toCanvas(stageView(), x, y));
    return { x: rect.left + (p.x / overlay.width) * rect.width, y: rect.top + (p.y / overlay.height) * rect.height };
  },
  /** How many boids there are and how many of them the view puts on the canvas now (2D or 3D). */
  agentsOnCanvas: read(() => {
    const canvas = $('overlay'), [x, y, z] = S.flock.positions, n = S.flock.count;
    const view = in3d() ? null : stageView(), lens = in3d() ? lens3d() : null;
    let onCanvas = 0;
    for (let i = 0; i < n; i++) {
      const p = lens ? projectPoint(lens, x[i], y[i], z[i]) : (({ u, v }) => ({ x: u, y: v }))(toCanvas(view, x[i], y[i]));
      if (p.x >= 0 && p.x <= canvas.width && p.y >= 0 && p.y <= canvas.height) onCanvas++;
    }
    return { total: n, onCanvas };
  }),
  /** The species (kinds: name, colour, size, predator, count) and food sources now (appearance()). */
  appearance: read(() => S.flock.appearance()),
  /** The chart's views ({id, title}), the one shown, and its series as drawn ({key, label, colour}). */
  chart: read(() => ({ views: S.views.map((v) => ({ id: v.id, title: v.title })), view: S.view,
    series: S.chartSeries.map(({ key, label, colour }) => ({ key, label, colour })) })),
  /** The registry as the page read it: {models, metrics}. */
  registry: () => JSON.parse(JSON.stringify(S.registry)),
  /** The models offered in the page's model menu, in order. */
  modelMenu: () => [...$('model').options].map((o) => o.value),
  preset: read(() => S.preset),
  restart: async (opts) => { const ok = await restart(opts); await settled(); return ok; },
  shareUrl: read(shareUrl),
  cliArgs: read(cliArgs),
  /** The Picture (PNG) download's caption lines as drawn, its size and its caption band's height in px. */
  async picture() {
    await settled();
    const { canvas, band, lines } = picture();
    return { lines, width: canvas.width, height: canvas.height, band };
  },
  metricsCsv,
  message: read(() => $('message').textContent),
  /** The parameters of a model's preset in the registry. */
  presetParams: (name, model = S.model) => ({ ...S.models.get(model).presets.find((p) => p.name === name).params }),
  renderer: () => S.renderer.name,
  /** Mean main-thread ms per drawn frame: drawing, readouts, the worker's replies, and the time between frames; resets. */
  frameCost() {
    const n = Math.max(1, frameCost.frames);
    const out = { frames: frameCost.frames, draw: frameCost.draw / n, readouts: frameCost.readouts / n, replies: frameCost.replies / n, between: frameCost.between / n };
    resetCosts();
    return out;
  },
  /** How many pixels of the drawn canvas are bright (boids are; the background is not). */
  async litPixels() {
    await settled();
    render();
    const c = composedCanvas();
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let lit = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] > 300) lit++;
    return { lit, total: c.width * c.height };
  },
  positions: read(() => ({ x: Array.from(S.flock.positions[0]), y: Array.from(S.flock.positions[1]) })),
  /**
   * The live page for `seconds`: a run of `model` with `count` boids (seed `seed`) from its random
   * start, running as a user sees it (one step a frame, the engine in its worker, drawing every
   * step it can), measured after `warmup` seconds: steps and drawn frames a second, the main
   * thread's ms a drawn frame (drawing, readouts, taking in the worker's replies) and the worker's
   * ms a step (stepping, measuring every 10th step, the state it sends).
   */
  async bench({ model = 'steering', count = 1500, seconds = 3, warmup = 1, seed = '1', params = {} } = {}) {
    setRunning(false);
    await settled();
    if (!await restart({ model, preset: '', count, seed, params })) throw new Error($('message').textContent);
    setRunning(true);
    await new Promise((done) => setTimeout(done, warmup * 1000));
    const s0 = S.flock.stepCount, t0 = performance.now();
    resetCosts();
    await new Promise((done) => setTimeout(done, seconds * 1000));
    const s1 = S.flock.stepCount, t1 = performance.now();
    const n = Math.max(1, frameCost.frames);
    const mainMs = (frameCost.draw + frameCost.readouts + frameCost.replies) / n;
    const out = {
      steps: s1 - s0, stepsPerSecond: ((s1 - s0) * 1000) / (t1 - t0), framesPerSecond: (frameCost.frames * 1000) / (t1 - t0),
      mainMsPerFrame: mainMs, frameMs: frameCost.between / Math.max(1, frameCost.frames - 1),
      threads: S.engine.info.threads,
      worker: Object.fromEntries(['step', 'metrics', 'snapshot'].map((k) => [k, workerCost[k] / Math.max(1, workerCost.steps)])),
    };
    setRunning(false);
    await settled();
    return out;
  },
  /** Median ms to draw the page's flock (one frame plus a forced flush) with a renderer on a fresh 900x560 canvas. */
  async drawBench({ renderer = '2d', count = 1500, frames = 60, warmup = 5, seed = '1' } = {}) {
    setRunning(false);
    await settled();
    await restart({ model: 'steering', preset: '', count, seed, params: {} });
    if (warmup) await advance(warmup);
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 560;
    const r = makeRenderer(canvas, renderer);
    const frameData = frameOf(S.flock, viewOf(worldSize(S.flock.space), canvas), 9);
    const times = [];
    for (let i = 0; i < frames + 3; i++) {
      const t0 = performance.now();
      r.draw(frameData);
      r.flush();
      times.push(performance.now() - t0);
    }
    const sorted = times.slice(3).sort((a, b) => a - b);
    return { renderer: r.name, count, medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0] };
  },
};
