// The page's engine, off the main thread: a module Web Worker that owns the flock (the npm
// package's Simulation, web/package) and does every step, change and measurement the page asks
// for. Design: requests are handled strictly in the order they arrive, one at a time, so a change
// sent after a step lands after it: the page knows the step of every change it records, and a
// Share link replays them to the same state. Every reply carries the flock's state after the
// request (engine.js's FlockMirror shows it on the main thread): the step, the state hash, the
// positions and velocities in one transferred buffer, the values the ramps set for the next
// step (the engine's own, for the page's note), in open space the box that follows the group
// (the engine's view, as the command's pictures frame it), and what the request may have changed.
import { createFlocklab } from './flocklab/index.js';

let lab = null;
let flock = null;
let withLook = false;    // the model has species or food: appearance() goes with every reply
let withRamps = false;   // the run has ramps: the values they set for the next step go with every reply
let withView = false;    // open space: the box that follows the group (the engine's view) goes with every reply
let sampleEvery = 10;

/** The flock's state now: `full` adds what only a start, a change or a spawn alters. */
function snapshot(full, extra = {}) {
  const positions = flock.positions, velocities = flock.velocities;
  const axes = [...positions, ...velocities];
  const count = flock.count;
  const buffer = new ArrayBuffer(axes.length * count * Float64Array.BYTES_PER_ELEMENT);
  axes.forEach((axis, a) => new Float64Array(buffer, a * count * Float64Array.BYTES_PER_ELEMENT, count).set(axis));
  const state = { step: flock.stepCount, count, dims: flock.dims, hash: flock.hash(), buffer, ...extra };
  const transfer = [buffer];
  if (withLook) {
    state.look = flock.appearance();
    state.kindOf = flock.kindOf();
    transfer.push(state.kindOf.buffer);
  }
  if (withRamps || full) state.ramped = flock.ramped();
  if (withView) state.view = flock.view;
  if (full) {
    Object.assign(state, {
      model: flock.model, params: flock.params, space: flock.space, obstacles: flock.obstacles, metricSpecs: flock.metricSpecs,
    });
  }
  return { state, transfer };
}

/**
 * Steps n times; the metrics of every multiple of `sampleEvery` on the way are the samples (the
 * steps `flocklab run --every 10` records), with the values the ramped parameters ran the
 * sample's last step with (for the chart against a ramped parameter), and `metrics` asks for the
 * last step's as well.
 */
function step({ n, metrics }) {
  const samples = [];
  const from = flock.stepCount;
  const ms = { step: 0, metrics: 0, snapshot: 0 };  // where the worker's time went (for bench/)
  const timed = (key, f) => {
    const t0 = performance.now();
    const out = f();
    ms[key] += performance.now() - t0;
    return out;
  };
  let left = n;
  while (left > 0) {
    const s = flock.stepCount;
    const k = Math.min(left, sampleEvery - (s % sampleEvery));
    timed('step', () => flock.step(k));
    left -= k;
    if ((s + k) % sampleEvery !== 0) continue;
    const sample = { step: s + k, metrics: timed('metrics', () => flock.metrics()) };
    if (withRamps) sample.ramped = flock.ramped(s + k - 1);
    samples.push(sample);
  }
  const last = samples.at(-1);
  const now = last && last.step === flock.stepCount ? last.metrics : metrics ? timed('metrics', () => flock.metrics()) : null;
  const reply = timed('snapshot', () => snapshot(false, { from, samples, metrics: now }));
  reply.state.ms = ms;
  return reply;
}

const HANDLERS = {
  async init({ threads, lanes, sampleEvery: every }) {
    sampleEvery = every;
    lab = await createFlocklab({ ...(threads > 1 ? { threads } : {}), ...(lanes ? { lanes } : {}) });
    return {
      state: {
        version: lab.version, models: lab.models(), metrics: lab.metrics(),
        threads: lab.threads ?? 1, lanes: lab.lanes, isolated: Boolean(globalThis.crossOriginIsolated),
      },
    };
  },
  start({ model, options }) {
    const fresh = new lab.Simulation(model, options);
    if (flock) flock.dispose();
    flock = fresh;
    const desc = lab.model(model);
    withLook = desc.params.some((p) => p.key === 'species' || p.key === 'food');
    withRamps = Object.keys(flock.ramped(Number.MAX_SAFE_INTEGER)).length > 0;  // every ramp has begun by then
    withView = flock.space.open;
    return snapshot(true, { metrics: flock.metrics() });
  },
  step,
  set({ delta }) {
    flock.setParams(delta);
    return snapshot(true, { metrics: null });
  },
  spawn({ kind, x, y, z }) {
    flock.spawn(kind, x, y, z);
    return snapshot(true, { metrics: null });
  },
  metrics() {
    return snapshot(false, { metrics: flock.metrics() });
  },
  /** Answered after every request before it: the page's way to wait for the engine to catch up. */
  ping() {
    return { state: {} };
  },
};

/** The message of anything thrown, and whether it was a wrong type (TypeError) or a refusal. */
function failure(e) {
  return { message: e && e.message ? e.message : String(e), name: e && e.name ? e.name : 'Error' };
}

let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  const { id, op, args } = data;
  queue = queue.then(async () => {
    try {
      const { state, transfer = [] } = await HANDLERS[op](args);
      self.postMessage({ id, ok: true, state }, transfer);
    } catch (e) {
      self.postMessage({ id, ok: false, error: failure(e) });
    }
  });
};
