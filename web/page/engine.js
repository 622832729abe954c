// The main thread's side of the page's engine: a client of the engine worker (engine_worker.js)
// and the mirror of its flock. Design: the worker owns the flock and handles requests in the
// order they are sent; each request returns a promise of the worker's reply, and every reply's
// state is taken into the mirror before the promise resolves, in the order of the replies. The
// mirror (FlockMirror) answers the reads the page makes of a flock, synchronously and without
// the engine: it shows the flock as of the last reply, which is what the page draws.

/** A refusal of the engine, as the package threw it in the worker (TypeError or RangeError). */
function rethrown({ message, name }) {
  const Kind = { TypeError, RangeError }[name] ?? Error;
  return new Kind(message);
}

/** The flock as of the worker's last reply, with the package Simulation's read-only API. */
export class FlockMirror {
  constructor(state) {
    this.update(state);
  }

  /** Takes in a reply's state: the step, the arrays, and whatever else it carries. */
  update(state) {
    for (const key of ['model', 'params', 'space', 'view', 'obstacles', 'metricSpecs', 'look', 'kindOf', 'ramped']) {
      if (key in state) this[`_${key}`] = state[key];
    }
    this.stepCount = state.step;
    this.count = state.count;
    this.dims = state.dims;
    this._hash = state.hash;
    const axes = state.dims * 2, bytes = state.count * Float64Array.BYTES_PER_ELEMENT;
    const arrays = Array.from({ length: axes }, (_, a) => new Float64Array(state.buffer, a * bytes, state.count));
    this.positions = arrays.slice(0, state.dims);
    this.velocities = arrays.slice(state.dims);
    if (state.metrics) {
      this._metrics = state.metrics;
      this._metricsStep = state.step;
    }
  }

  get model() { return this._model; }
  get params() { return structuredClone(this._params); }
  get space() { return { ...this._space }; }
  /** The box to show (the engine's view): in open space the one that follows the group. */
  get view() { return { ...this._view }; }
  get obstacles() { return structuredClone(this._obstacles); }
  get metricSpecs() { return structuredClone(this._metricSpecs); }
  hash() { return this._hash; }
  appearance() { return structuredClone(this._look ?? { kinds: [], food: [] }); }
  /** The values the ramps set for the next step, as the engine reported them ({} without ramps). */
  ramped() { return { ...this._ramped }; }
  kindOf() { return this._kindOf ?? new Uint32Array(0); }
  /** The metrics of the step shown, or null when the worker has not measured that step. */
  metrics() { return this._metricsStep === this.stepCount ? { ...this._metrics } : null; }
}

/** The page's engine: a module worker, its requests, and the mirror of its flock. */
export class Engine {
  #worker;
  #pending = new Map();  // request id -> {resolve, reject, onState, action}
  #nextId = 1;
  #actions = 0;          // requests pending that are not the run loop's steps
  /** The mirror of the flock the worker holds (null before the first start). */
  flock = null;
  /** What the worker reported at init: version, models, metrics, threads, isolated. */
  info = null;

  constructor() {
    this.#worker = new Worker(new URL('./engine_worker.js', import.meta.url), { type: 'module' });
    this.#worker.onmessage = ({ data }) => this.#reply(data);
    this.#worker.onerror = (e) => {
      const error = new Error(e.message || 'the engine worker failed');
      for (const { reject } of this.#pending.values()) reject(error);
      this.#pending.clear();
      this.#actions = 0;  // nothing is on its way any more: settled() must not wait for it
    };
  }

  #reply({ id, ok, state, error }) {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (pending.action) this.#actions--;
    if (!ok) {
      pending.reject(rethrown(error));
      return;
    }
    pending.resolve(pending.onState(state));
  }

  #request(op, args, onState, { action = true } = {}) {
    const id = this.#nextId++;
    if (action) this.#actions++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onState, action });
      this.#worker.postMessage({ id, op, args });
    });
  }

  /** Requests that update the mirror: the reply's state, and what it says besides. */
  #flockRequest(op, args, options) {
    return this.#request(op, args, (state) => {
      this.flock.update(state);
      return state;
    }, options);
  }

  /** Loads the engine in the worker (with `threads` threads where the page may use them; `lanes`: its kernel, else the default). */
  async init({ threads, lanes, sampleEvery }) {
    this.info = await this.#request('init', { threads, lanes, sampleEvery }, (state) => state);
    return this.info;
  }

  /** A new flock (the old one goes); RangeError or TypeError when the engine refuses the settings. */
  start(model, options) {
    return this.#request('start', { model, options }, (state) => {
      this.flock = new FlockMirror(state);
      return state;
    });
  }

  /**
   * Steps n times; resolves to the reply's state ({from, samples, metrics, ...}). The run loop's
   * steps are not `action`s: settled() does not wait for them.
   */
  step(n, { metrics = false, action = true } = {}) { return this.#flockRequest('step', { n, metrics }, { action }); }
  /** Changes parameters live; resolves to the state at the step where the change applies. */
  setParams(delta) { return this.#flockRequest('set', { delta }); }
  /** Adds a boid of species index `kind` at (x, y, z). */
  spawn(kind, x, y, z) { return this.#flockRequest('spawn', { kind, x, y, z }); }
  /** Measures the flock as it is now. */
  measure() { return this.#flockRequest('metrics', {}); }
  /** Are requests other than the run loop's steps waiting for their replies? */
  get acting() { return this.#actions > 0; }

  /**
   * Resolves once every request sent so far has its reply, and every request those replies led
   * to (a restart, then a spawn) has its own.
   */
  async settled() {
    do {
      await this.#request('ping', {}, () => undefined, { action: false });
      await new Promise((done) => setTimeout(done, 0));
    } while (this.#actions > 0);
  }
}
