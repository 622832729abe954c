// flocklab for JavaScript: the engine compiled to WebAssembly (flocklab_core.js/.wasm, built
// from web/glue/flocklab_web.cpp) behind a small API that mirrors the Python package. Design:
// every model, parameter, preset and metric comes from the engine's registry, so this file
// names none; the engine checks every value, and this file only turns JavaScript values into
// the engine's JSON and the engine's refusals into exceptions (TypeError for a value of the
// wrong type, RangeError for an unknown name or a value the model refuses).
//
// Views: `positions` and `velocities` are Float64Arrays over the engine's own arrays in wasm
// memory (no copies), one per axis. A step writes them in place, so views kept across steps
// show the new state; they are replaced when the boid count changes (spawn) or wasm memory
// grows (which detaches every view). Reading `sim.positions` again is cheap and always current.
import createCore from './flocklab_core.js';

const IN_NODE = typeof process === 'object' && typeof process.versions?.node === 'string';

/**
 * Loads the engine. In node the .wasm file is read from beside this module; in a browser it
 * is fetched from beside this module. `options.wasmBinary` (an ArrayBuffer or Uint8Array)
 * or `options.wasmUrl` override where the engine comes from (for bundlers).
 */
export async function createFlocklab(options = {}) {
  const settings = {};
  if (options.wasmBinary) {
    settings.wasmBinary = options.wasmBinary;
  } else if (IN_NODE && !options.wasmUrl) {
    const { readFile } = await import('node:fs/promises');
    settings.wasmBinary = await readFile(new URL('./flocklab_core.wasm', import.meta.url));
  } else {
    const url = options.wasmUrl ?? new URL('./flocklab_core.wasm', import.meta.url).href;
    settings.locateFile = () => String(url);
  }
  return new Flocklab(await createCore(settings));
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
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** "maxSpeed" and "max-speed" as the registry's "max_speed". */
function registryKey(name) {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replaceAll('-', '_');
}

/** The engine's message with the name the caller used: "max_speed must be ..." -> "maxSpeed must be ...". */
function inCallersWords(message, names) {
  for (const [key, given] of names) {
    if (message.startsWith(`${key} `) || message.startsWith(`${key}'`)) return given + message.slice(key.length);
  }
  return message;
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
 * RangeError naming the parameter.
 */
function engineParams(description, params) {
  const json = {};
  const names = new Map();
  for (const [given, raw] of Object.entries(params)) {
    const key = registryKey(given);
    const spec = description.params.find((p) => p.key === key || p.aliases?.includes(key));
    if (!spec) {
      throw new RangeError(`model ${description.name} has no parameter '${given}'; models() lists each model's`);
    }
    const value = spec.kind === 'text_list' && typeof raw === 'string' ? [raw] : raw;
    const [fits, expected] = KIND_CHECKS[spec.kind];
    if (!fits(value)) throw new TypeError(`${given} must be ${expected} (got ${describe(raw)})`);
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
  if (typeof seed === 'bigint' || typeof seed === 'string') return String(seed);
  if (typeof seed === 'number') {
    throw new RangeError(`seed must be a whole number from 0 to 2^53-1, or a bigint or string up to 2^64-1 (got ${seed})`);
  }
  throw new TypeError(`seed must be a number, bigint or string (got ${describe(seed)})`);
}

/** A whole number of at least `least` (steps, counts). */
function wholeNumber(value, name, least) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number (got ${describe(value)})`);
  if (!Number.isInteger(value) || value < least) {
    throw new RangeError(`${name} must be a whole number of at least ${least} (got ${value})`);
  }
  return value;
}

/** One flock. Create it through a loaded engine: `new lab.Simulation(model, options)`. */
class Simulation {
  #core;
  #sim;
  #description;
  #views = null;       // {positions, velocities}: the views handed out last

  constructor(lab, core, model = 'lab', options = {}) {
    if (typeof model !== 'string') throw new TypeError(`model must be a string (got ${describe(model)})`);
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`options must be an object (got ${describe(options)})`);
    }
    const description = lab.model(model);
    const { count, seed = 42, preset = '', ...params } = options;
    if (typeof preset !== 'string') throw new TypeError(`preset must be a string (got ${describe(preset)})`);
    const { json, names } = engineParams(description, params);
    const boids = count === undefined ? -1 : wholeNumber(count, 'count', 1);
    const sim = core.create(model, preset, json, boids, seedText(seed));
    if (!sim) throw new RangeError(inCallersWords(core.lastError(), names));
    this.#core = core;
    this.#sim = sim;
    this.#description = description;
  }

  #live() {
    if (!this.#sim) throw new Error('this Simulation was disposed');
    return this.#sim;
  }

  /** Advances `n` steps (default 1). Returns this. */
  step(n = 1) {
    const sim = this.#live();
    sim.step(wholeNumber(n, 'steps', 0));
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

  /** The views handed out last while a new view of x sees the same memory; new ones else. */
  #currentViews() {
    const sim = this.#live();
    const x = sim.x(), held = this.#views?.positions[0];
    if (held && held.buffer === x.buffer && held.byteOffset === x.byteOffset && held.length === x.length) return this.#views;
    const axes = this.dims === 3 ? [[x, sim.y(), sim.z()], [sim.vx(), sim.vy(), sim.vz()]] : [[x, sim.y()], [sim.vx(), sim.vy()]];
    this.#views = { positions: Object.freeze(axes[0]), velocities: Object.freeze(axes[1]) };
    return this.#views;
  }

  /** [x, y] or [x, y, z]: Float64Array views of the engine's positions (no copies; see the top of this file). */
  get positions() { return this.#currentViews().positions; }
  /** [vx, vy] or [vx, vy, vz]: Float64Array views of the engine's velocities. */
  get velocities() { return this.#currentViews().velocities; }

  /** The metrics now, keyed by the metric schema, then the model's own (species, catches). */
  metrics() { return JSON.parse(this.#live().metricsJson()); }
  /** This run's metrics in order: [{key, label, unit, whole, digits}]. */
  get metricSpecs() { return JSON.parse(this.#live().metricSpecsJson()); }
  /** The state hash: equal to `flocklab run --hash` for the same model, parameters, seed and steps. */
  hash() { return this.#live().hash(); }
  /** The current parameters, keyed by the registry. */
  get params() { return JSON.parse(this.#live().paramsJson()); }

  /** Changes parameters while the flock runs ({name: value}, as the constructor takes them). Returns this. */
  setParams(changes) {
    const sim = this.#live();
    if (changes === null || typeof changes !== 'object') {
      throw new TypeError(`setParams takes an object (got ${describe(changes)})`);
    }
    const { json, names } = engineParams(this.#description, changes);
    const ok = sim.setParams(json);
    if (!ok) throw new RangeError(inCallersWords(this.#core.lastError(), names));
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

  /** Adds a boid of species `kind` (its index or name) at (x, y[, z]). Returns this. */
  spawn(kind, x, y, z = 0) {
    const sim = this.#live();
    const index = typeof kind === 'string' ? this.appearance().kinds.findIndex((k) => k.name === kind) : kind;
    if (typeof kind === 'string' && index < 0) throw new RangeError(`no species is called ${describe(kind)}`);
    if (!Number.isInteger(index)) throw new TypeError(`kind must be a species' index or name (got ${describe(kind)})`);
    const ok = sim.spawn(index, x, y, z);
    if (!ok) throw new RangeError(this.#core.lastError());
    return this;
  }

  /** Frees the engine's memory for this flock. Later calls throw; a second dispose() does nothing. */
  dispose() {
    if (!this.#sim) return;
    this.#sim.delete();
    this.#sim = null;
    this.#views = null;
  }

  /** Has dispose() been called? */
  get disposed() { return this.#sim === null; }
}
