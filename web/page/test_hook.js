// The tests' hook into the lab page: window.flocklab, to drive the page deterministically
// (`await flocklab.ready`, then `flocklab.step(n)` pauses the animation and steps exactly n,
// `flocklab.hash()` is the state hash, and so on). Not part of the page: the site does not load
// it; the browser tests (tests/web/browser/harness.mjs) add it to the page they open as a module
// script, and its imports resolve to the page's own modules, so it sees the page's state.
import { ready } from './app.js';
import { makeRenderer } from './draw.js';
import { cliArgs, composedCanvas, metricsCsv, picture } from './exports.js';
import { advance, currentMetrics, frameCost, setRunning } from './loop.js';
import { updateReadouts } from './readouts.js';
import { restart, setLive } from './run.js';
import { shareUrl } from './share_link.js';
import { frameOf, lens3d, render, stageView, triangleSize } from './stage.js';
import { $, in3d, S, worldSize, worldSize3d } from './state.js';
import { toCanvas, viewOf } from './view.js';
import { project, projectPoint } from './view3d.js';

/** A fresh flock for a benchmark, apart from the page's run (it never touches S.flock). */
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
    const space = f.space;
    const view = stageView(worldSize(space));
    const size = triangleSize(count);
    const canvas = $('boids'), scratch = {};
    const t0 = performance.now();
    for (let i = 0; i < steps; i++) {
      f.step(1);
      if (draw) {
        const frame3d = f.dims === 3
          ? project(f, worldSize3d(space), S.camera, canvas.width, canvas.height, size, S.colour, scratch).frame : null;
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
    const frameData = frameOf(f, viewOf(worldSize(f.space), canvas), 9);
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
