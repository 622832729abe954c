// flocklab for JavaScript: the engine compiled to WebAssembly (flocklab_core.js/.wasm, built
// from web/glue/flocklab_web.cpp) behind a small API that mirrors the Python package. Design:
// every model, parameter, preset and metric comes from the engine's registry, so this file
// names none; the engine checks every value, and this file only turns JavaScript values into
// the engine's JSON and the engine's refusals into exceptions (TypeError for a value of the
// wrong type, RangeError for an unknown name or a value the model refuses).
//
// Views: `positions` and `velocities` are Float64Arrays that JavaScript owns, one per axis,
// refilled from the engine after every call that changes the flock (step, spawn, setParams).
// They are never views of wasm memory: the engine's boid-order arrays are brought up to date
// only when asked for (a step works on the driver's own copy, in grid order), they move when
// the count changes (spawn, catches) and when memory grows, and dispose frees them, so a view
// into them would go stale or outlive what it shows, reading or writing another flock's memory.
// Design: one ArrayBuffer holds every axis; while the count stays, the same arrays are
// refilled in place, so views kept across steps show each step; when the count changes or the
// flock is disposed, that buffer is detached, so every view handed out before has length 0 and
// reads and writes nothing, and the property gives new arrays. Writing into a view changes
// only the copy. Until the property is first read nothing is copied; after, each step() call
// copies 2 x dims x count doubles once (about 7 us for 5,000 boids in 2D: docs/javascript.md).
//
// Threads: `createFlocklab({threads: N})` with N > 1 loads the threaded module
// (flocklab_core_mt.js/.wasm/.worker.js: -pthread, one pool of N threads for all flocks) instead
// of the single-threaded one. Its memory is a SharedArrayBuffer, which browsers give only to a
// cross-origin isolated page or worker; where there is none (a plain page, node) it throws
// RangeError rather than quietly running on one thread, so a server that lost its headers shows
// at once. The module is imported only then: a single-threaded caller never loads it.
import createCore from './flocklab_core.js';

const IN_NODE = typeof process === 'object' && typeof process.versions?.node === 'string';
/** The most threads a lab may ask for (each is a Web Worker holding an instance of the module). */
const MAX_THREADS = 64;

/** `threads` checked: a whole number from 1 to MAX_THREADS (default 1). */
function threadCount(threads = 1) {
  if (typeof threads !== 'number') throw new TypeError(`threads must be a number (got ${describe(threads)})`);
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) {
    throw new RangeError(`threads must be a whole number from 1 to ${MAX_THREADS} (got ${threads})`);
  }
  return threads;
}

/** Throws RangeError where threads cannot run: no shared memory (not cross-origin isolated, or node). */
function requireSharedMemory(threads) {
  if (globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function') return;
  if (IN_NODE) {
    throw new RangeError(`threads: ${threads} needs a browser page or worker that is cross-origin isolated; `
      + 'in node the package runs on one thread (threads: 1)');
  }
  throw new RangeError(`threads: ${threads} needs SharedArrayBuffer, which a page (or its workers) has only when it `
    + 'is cross-origin isolated, and this one is not: serve it with Cross-Origin-Opener-Policy: same-origin and '
    + 'Cross-Origin-Embedder-Policy: require-corp (flocklab serve does), or use threads: 1');
}

/**
 * Loads the engine. In node the .wasm file is read from beside this module; in a browser it
 * is fetched from beside this module. `options.wasmBinary` (an ArrayBuffer or Uint8Array)
 * or `options.wasmUrl` override where the engine comes from (for bundlers): with threads > 1
 * they are those of flocklab_core_mt.wasm. `options.threads` (default 1): threads each step
 * uses; more than 1 needs a cross-origin isolated page or worker (else RangeError).
 * `options.lanes`: the kernel every step runs, 'scalar' (one boid at a time) or 'portable'
 * (two lanes of WebAssembly SIMD); by default each model runs the faster (docs/javascript.md),
 * and every kernel gives the same bits.
 */
export async function createFlocklab(options = {}) {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`options must be an object (got ${describe(options)})`);
  }
  const threads = threadCount(options.threads);
  if (threads > 1) requireSharedMemory(threads);
  const name = threads > 1 ? 'flocklab_core_mt' : 'flocklab_core';
  const settings = {};
  if (options.wasmBinary) {
    settings.wasmBinary = options.wasmBinary;
  } else if (IN_NODE && !options.wasmUrl) {
    const { readFile } = await import('node:fs/promises');
    settings.wasmBinary = await readFile(new URL(`./${name}.wasm`, import.meta.url));
  } else {
    const url = String(options.wasmUrl ?? new URL(`./${name}.wasm`, import.meta.url).href);
    // The threaded module also asks for its .worker.js, which stays beside this module.
    settings.locateFile = (file) => (file.endsWith('.wasm') ? url : new URL(`./${file}`, import.meta.url).href);
  }
  let factory = createCore;
  if (threads > 1) {
    // The workers the engine's pool will run on, made and loaded before the module resolves:
    // the pool starts its threads while the caller waits, when no new worker could start.
    settings.flocklabWorkers = threads - 1;
    factory = (await import('./flocklab_core_mt.js')).default;
  }
  if (options.lanes !== undefined && typeof options.lanes !== 'string') {
    throw new TypeError(`lanes must be a string (got ${describe(options.lanes)})`);
  }
  const core = await factory(settings);
  if (threads > 1 && !core.startThreads(threads)) throw new RangeError(core.lastError());
  if (options.lanes !== undefined && !core.setLanes(options.lanes)) throw new RangeError(core.lastError());
  return new Flocklab(core);
}

export default createFlocklab;

/** The loaded engine: its registry, and the Simulation class bound to it. */
class Flocklab {
  #core;
  #registry;

  constructor(core) {
    this.#core = core;
    this.#registry = JSON.parse(core.registryJson());
    /** The engine's version, equal to `flocklab --version`'s. */
    this.version = core.version();
    /** Threads each step uses (createFlocklab's `threads`); the results are the same for any. */
    this.threads = core.threads();
    /**
     * The kernels steps run, 'scalar' or 'portable' (createFlocklab's `lanes`, else the faster
     * for each): `boids` for the lab and abm models, `hits` for steering; the results are the same for any.
     */
    const [boids, hits] = core.lanes().split(',');
    this.lanes = { boids, hits };
    const lab = this;
    /** A flock of any model: `new Simulation(model, {count, seed, preset, ...params})`. */
    this.Simulation = class extends Simulation {
      constructor(model, options) { super(lab, core, model, options); }
    };
  }

  /** Every model: name, title, summary, default_count, params (key, kind, default, range, help, ...), presets. */
  models() { return structuredClone(this.#registry.models); }

  /** The metric schema every model reports: key, label, unit, description, whole, digits. */
  metrics() { return structuredClone(this.#registry.metrics); }

  /** Bytes of the engine's heap in use: constant over create/dispose cycles (no leak). */
  heapBytes() { return this.#core.heapBytes(); }

  /** Bytes of WebAssembly memory: it grows as flocks need it (to at most 2 GiB) and never shrinks. */
  memoryBytes() { return this.#core.memoryBytes(); }

  /** The registry's description of `name`; RangeError naming the models for another name. */
  model(name) {
    const found = this.#registry.models.find((m) => m.name === name);
    if (!found) {
      const names = this.#registry.models.map((m) => m.name);
      throw new RangeError(`model must be ${names.slice(0, -1).join(', ')} or ${names.at(-1)} (got ${describe(name)})`);
    }
    return found;
  }
}

/** A value as a message shows it: strings quoted, the rest as JavaScript prints it. */
function describe(value) {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number') return String(value);  // NaN and Infinity, which JSON calls null
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A UTF-16 code unit of a surrogate pair standing alone (in a u-mode pattern a whole pair is one code point). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Throws RangeError naming `name` when `text` is not well-formed UTF-16 (it holds a lone
 * surrogate, which no UTF-8 text, and so no engine text, can hold); `text` otherwise.
 */
function wellFormed(text, name) {
  const found = LONE_SURROGATE.exec(text);
  if (found) {
    const unit = found[0].charCodeAt(0).toString(16).toUpperCase();
    throw new RangeError(`${name} must be well-formed text: it holds a lone surrogate (U+${unit}) at index ${found.index}`);
  }
  return text;
}

/** Every text in `value` (a string, or an array of strings and numbers) checked by wellFormed. */
function wellFormedTexts(value, name) {
  if (typeof value === 'string') wellFormed(value, name);
  else if (Array.isArray(value)) value.forEach((v, i) => wellFormedTexts(v, `${name}[${i}]`));
  return value;
}

/** "maxSpeed" and "max-speed" as the registry's "max_speed". */
function registryKey(name) {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replaceAll('-', '_');
}

/** The mark on both sides of a key in the engine's messages (flocklab/keyed_message.hpp). */
const KEY_MARK = '\x1f';
const MARKED_KEY = new RegExp(`${KEY_MARK}([^${KEY_MARK}]*)${KEY_MARK}`, 'g');

/** "max_speed" as JavaScript spells it: "maxSpeed". */
function camelCase(key) {
  return key.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
}

/**
 * The engine's message in the caller's words: each marked key as the caller named it (`names`,
 * registry key -> the name given), else in camelCase: "\x1fmax_speed\x1f must be ..." ->
 * "maxSpeed must be ...". Every message of the engine reaches the caller through here.
 */
function inCallersWords(message, names = new Map()) {
  return message.replace(MARKED_KEY, (_, key) => names.get(key) ?? camelCase(key)).replaceAll(KEY_MARK, '');
}

const isNumberList = (v) => Array.isArray(v) && v.length > 0 && v.every((n) => typeof n === 'number' && Number.isFinite(n));

const KIND_CHECKS = {
  number: [(v) => typeof v === 'number', 'a number'],
  switch: [(v) => typeof v === 'boolean', 'true or false'],
  choice: [(v) => typeof v === 'string', 'a string'],
  text: [(v) => typeof v === 'string', 'a string'],
  // Texts, or lists of numbers that stand for their comma-joined text ([450, 280, 40] for '450,280,40').
  text_list: [(v) => Array.isArray(v) && v.every((s) => typeof s === 'string' || isNumberList(s)), 'an array of strings'],
};

/**
 * `params` ({name: value}, names as the registry's keys, camelCase or with dashes) as the
 * engine's JSON, and each registry key with the name the caller used. Throws TypeError and
 * RangeError naming the parameter; for a name the model lacks, the engine's own sentence
 * (`core`, the module: the run library's, with its "did you mean").
 */
function engineParams(core, description, params) {
  const json = {};
  const names = new Map();
  for (const [given, raw] of Object.entries(params)) {
    const key = registryKey(wellFormed(given, 'a parameter\'s name'));
    const spec = description.params.find((p) => p.key === key || p.aliases?.includes(key));
    if (!spec) throw new RangeError(inCallersWords(core.unknownParamMessage(description.name, given)));
    const value = spec.kind === 'text_list' && typeof raw === 'string' ? [raw] : raw;
    const [fits, expected] = KIND_CHECKS[spec.kind];
    if (!fits(value)) throw new TypeError(`${given} must be ${expected} (got ${describe(raw)})`);
    wellFormedTexts(value, given);
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new RangeError(`${given} must be a finite number (got ${value})`);
    }
    json[spec.key] = value;
    names.set(spec.key, given);
  }
  return { json: JSON.stringify(json), names };
}

/** A seed as the engine's text: a whole number from 0 to 2^64-1 as a number, bigint or string. */
function seedText(seed) {
  if (typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0) return String(seed);
  if (typeof seed === 'bigint') return String(seed);
  if (typeof seed === 'string') return wellFormed(seed, 'seed');
  if (typeof seed === 'number') {
    throw new RangeError(`seed must be a whole number from 0 to 2^53-1, or a bigint or string up to 2^64-1 (got ${seed})`);
  }
  throw new TypeError(`seed must be a number, bigint or string (got ${describe(seed)})`);
}

/**
 * A whole number from `least` to 2^53-1 (steps, counts): every such number is exact as a
 * double, and the engine's uint64 holds it; a larger one would be rounded or wrap.
 */
function wholeNumber(value, name, least) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number (got ${describe(value)})`);
  if (!Number.isSafeInteger(value) || value < least) {
    throw new RangeError(`${name} must be a whole number from ${least} to 2^53-1 (got ${value})`);
  }
  return value;
}

/** A coordinate: a number (the engine says whether the place is in the world). */
function coordinate(value, name) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number (got ${describe(value)})`);
  return value;
}

/** Detaches `buffer`: every typed array over it then has length 0 and reads and writes nothing. */
function detach(buffer) {
  structuredClone(buffer, { transfer: [buffer] });
}

/** One flock. Create it through a loaded engine: `new lab.Simulation(model, options)`. */
class Simulation {
  #core;
  #sim;
  #description;
  #copies = null;      // {buffer, count, positions, velocities}: the arrays handed out (see the top)

  constructor(lab, core, model = 'lab', options = {}) {
    if (typeof model !== 'string') throw new TypeError(`model must be a string (got ${describe(model)})`);
    wellFormed(model, 'model');
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`options must be an object (got ${describe(options)})`);
    }
    const description = lab.model(model);
    const { count, seed = 42, preset = '', ramp = [], ...params } = options;
    if (typeof preset !== 'string') throw new TypeError(`preset must be a string (got ${describe(preset)})`);
    wellFormed(preset, 'preset');
    const ramps = typeof ramp === 'string' ? [ramp] : ramp;
    if (!Array.isArray(ramps) || !ramps.every((r) => typeof r === 'string')) {
      throw new TypeError(`ramp must be a string KEY=FROM:TO@A-B or an array of them (got ${describe(ramp)})`);
    }
    ramps.forEach((r) => wellFormed(r, 'ramp'));
    const { json, names } = engineParams(core, description, params);
    const boids = count === undefined ? -1 : wholeNumber(count, 'count', 1);
    const sim = core.create(model, preset, json, boids, seedText(seed), JSON.stringify(ramps));
    if (!sim) throw new RangeError(inCallersWords(core.lastError(), names));
    this.#core = core;
    this.#sim = sim;
    this.#description = description;
  }

  #live() {
    if (!this.#sim) throw new Error('this Simulation was disposed');
    return this.#sim;
  }

  /** Advances `n` steps (default 1; a whole number from 0 to 2^53-1). Returns this. */
  step(n = 1) {
    const sim = this.#live();
    const steps = wholeNumber(n, 'steps', 0);
    if (!sim.step(steps)) throw new RangeError(inCallersWords(this.#core.lastError()));
    this.#refresh();
    return this;
  }

  /** The model's name. */
  get model() { return this.#live().model(); }
  /** Steps taken since the start. */
  get stepCount() { return this.#live().stepCount(); }
  /** The number of boids (agents). */
  get count() { return this.#live().count(); }
  /** 2 or 3. */
  get dims() { return this.#live().dimensions(); }

  /**
   * The engine's axes in the order of the copies: x, y[, z], vx, vy[, vz]. They are views of
   * wasm memory: copy from them at once, before any other call into the engine.
   */
  #engineAxes() {
    const sim = this.#sim;
    return sim.dimensions() === 3 ? [sim.x(), sim.y(), sim.z(), sim.vx(), sim.vy(), sim.vz()]
      : [sim.x(), sim.y(), sim.vx(), sim.vy()];
  }

  /** The copies handed out, made when first asked for and after the count changed. */
  #currentCopies() {
    this.#live();
    if (this.#copies) return this.#copies;
    const axes = this.#engineAxes(), count = axes[0].length;
    const buffer = new ArrayBuffer(axes.length * count * Float64Array.BYTES_PER_ELEMENT);
    const copies = axes.map((axis, a) => {
      const copy = new Float64Array(buffer, a * count * Float64Array.BYTES_PER_ELEMENT, count);
      copy.set(axis);
      return copy;
    });
    const half = copies.length / 2;
    this.#copies = { buffer, count, positions: Object.freeze(copies.slice(0, half)), velocities: Object.freeze(copies.slice(half)) };
    return this.#copies;
  }

  /** After a change of the flock: the copies handed out refilled in place, or detached when the count changed. */
  #refresh() {
    const held = this.#copies;
    if (!held) return;
    if (this.#sim.count() !== held.count) {
      this.#dropCopies();
      return;
    }
    const copies = [...held.positions, ...held.velocities];
    this.#engineAxes().forEach((axis, a) => copies[a].set(axis));
  }

  #dropCopies() {
    if (this.#copies) detach(this.#copies.buffer);
    this.#copies = null;
  }

  /**
   * [x, y] or [x, y, z]: Float64Arrays this Simulation owns, the same ones on every read while
   * the count stays, refilled after each step (see the top of this file). After the count
   * changes (spawn, catches) or dispose(), the ones handed out before have length 0.
   */
  get positions() { return this.#currentCopies().positions; }
  /** [vx, vy] or [vx, vy, vz]: as `positions`. */
  get velocities() { return this.#currentCopies().velocities; }

  /** The metrics now, keyed by the metric schema, then the model's own (species, catches). */
  metrics() { return JSON.parse(this.#live().metricsJson()); }
  /** This run's metrics in order: [{key, label, unit, whole, digits}]. */
  get metricSpecs() { return JSON.parse(this.#live().metricSpecsJson()); }
  /** The state hash: equal to `flocklab run --hash` for the same model, parameters, seed and steps. */
  hash() { return this.#live().hash(); }
  /** The current parameters, keyed by the registry. */
  get params() { return JSON.parse(this.#live().paramsJson()); }
  /**
   * The value each ramped parameter runs with in the step from `step` (default: the next step,
   * from stepCount) on, as the engine sets it before that step: {key: value}, keyed by the
   * registry; of one parameter's ramps the one begun last; a parameter whose ramps have not
   * begun is left out ({} without ramps).
   */
  ramped(step = this.stepCount) {
    const sim = this.#live();
    const json = sim.rampedJson(wholeNumber(step, 'step', 0));
    if (!json) throw new RangeError(inCallersWords(this.#core.lastError()));
    return JSON.parse(json);
  }
  /**
   * The world as the engine steps it: {dims, width, height, depth (0 in 2D), wrap (false:
   * walls), open (true: no walls and no wrap, the box only where the start lies), unit (of
   * positions and lengths: 'px' or 'world units')}.
   */
  get space() { return JSON.parse(this.#live().spaceJson()); }
  /**
   * The box to show now, {x0, y0, z0, width, height, depth}: the world's own, or in open space
   * the square (cube) that follows the group, as the command's pictures frame it.
   */
  get view() { return JSON.parse(this.#live().viewJson()); }
  /** The obstacles now: [{x, y, radius}], in 3D [{x, y, z, radius}], in the space's unit. */
  get obstacles() { return JSON.parse(this.#live().obstaclesJson()); }

  /** Changes parameters while the flock runs ({name: value}, as the constructor takes them). Returns this. */
  setParams(changes) {
    const sim = this.#live();
    if (changes === null || typeof changes !== 'object') {
      throw new TypeError(`setParams takes an object (got ${describe(changes)})`);
    }
    const { json, names } = engineParams(this.#core, this.#description, changes);
    const ok = sim.setParams(json);
    if (!ok) throw new RangeError(inCallersWords(this.#core.lastError(), names));
    this.#refresh();
    return this;
  }

  /**
   * Presses the pointer at (x, y[, z]) in world units: 'food' attracts and 'predator' repels
   * the boids near it; 'off' (or null) lets go. Only models with a `pointer` parameter.
   */
  setPointer(mode, x, y, z) {
    if (mode === null || mode === 'off') return this.setParams({ pointer: '' });
    if (mode !== 'food' && mode !== 'predator') {
      throw new RangeError(`pointer mode must be 'food', 'predator' or 'off' (got ${describe(mode)})`);
    }
    const at = this.dims === 3 ? [x, y, z] : [x, y];
    for (const v of at) {
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new TypeError(`the pointer's place must be ${at.length} finite numbers (got ${describe(v)})`);
      }
    }
    return this.setParams({ pointer: `${mode}:${at.join(',')}` });
  }

  /** The kinds of boid (species: name, colour, size, predator, count) and the food now. */
  appearance() { return JSON.parse(this.#live().appearanceJson()); }

  /** Each boid's kind, an index into appearance().kinds (a copy; empty without species). */
  kindOf() { return this.#live().kindOf().slice(); }

  /**
   * Adds a boid of species `kind` (its index, from 0 to the species' count - 1, or its name) at
   * (x, y[, z]). Returns this. The count changes, so views handed out before have length 0.
   */
  spawn(kind, x, y, z = 0) {
    const sim = this.#live();
    if (typeof kind !== 'string' && typeof kind !== 'number') {
      throw new TypeError(`kind must be a species' index or name (got ${describe(kind)})`);
    }
    if (typeof kind === 'string') wellFormed(kind, 'kind');
    const kinds = this.appearance().kinds;
    const index = typeof kind === 'string' ? kinds.findIndex((k) => k.name === kind) : kind;
    if (typeof kind === 'string' && index < 0) throw new RangeError(`no species is called ${describe(kind)}`);
    if (kinds.length === 0) throw new RangeError(`this ${sim.model()} run has no species to add a boid to`);
    // Checked here as well as in the engine: its index is a uint32, which 2^32 would wrap to 0.
    if (!(Number.isInteger(index) && index >= 0 && index < kinds.length)) {
      throw new RangeError(`kind must be a species' name or index from 0 to ${kinds.length - 1} (got ${describe(kind)})`);
    }
    const at = [coordinate(x, 'x'), coordinate(y, 'y'), coordinate(z, 'z')];
    const ok = sim.spawn(index, ...at);
    if (!ok) throw new RangeError(inCallersWords(this.#core.lastError()));
    this.#refresh();
    return this;
  }

  /**
   * Frees the engine's memory for this flock. Later calls throw; views handed out before have
   * length 0; a second dispose() does nothing.
   */
  dispose() {
    if (!this.#sim) return;
    this.#dropCopies();
    this.#sim.delete();
    this.#sim = null;
  }

  /** Has dispose() been called? */
  get disposed() { return this.#sim === null; }
}
