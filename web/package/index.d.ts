// Type declarations of the flocklab package (index.js).

/**
 * How the engine is loaded. `wasmBinary` and `wasmUrl`: where its .wasm comes from, for bundlers
 * (by default from beside index.js; with `threads` > 1 they are flocklab_core_mt.wasm's).
 */
export interface LoadOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  wasmUrl?: string | URL;
  /**
   * Threads each step uses, a whole number from 1 to 64 (default 1). More than 1 loads the
   * threaded module (flocklab_core_mt.js/.wasm/.worker.js), which needs SharedArrayBuffer: a
   * browser page or worker that is cross-origin isolated (Cross-Origin-Opener-Policy:
   * same-origin, Cross-Origin-Embedder-Policy: require-corp). Elsewhere, node included, it
   * rejects with RangeError. The hashes are the same for any number of threads.
   */
  threads?: number;
  /**
   * The kernel every step runs: 'scalar' (one boid at a time) or 'portable' (two lanes of
   * WebAssembly SIMD); another string rejects with RangeError. By default each model runs the
   * faster. The hashes are the same for either.
   */
  lanes?: 'scalar' | 'portable';
}

/** Loads the engine (WebAssembly) and resolves to it. */
export function createFlocklab(options?: LoadOptions): Promise<Flocklab>;
export default createFlocklab;

/**
 * A parameter's value: a number, a switch, a word or text, or a list of texts (species,
 * obstacles; an obstacle may also be given as its numbers, [x, y, r]).
 */
export type ParamValue = number | boolean | string | (string | number[])[];

/** A parameter of a model, as the registry describes it. */
export interface ParamInfo {
  key: string;
  unit: string;
  help: string;
  kind: 'number' | 'switch' | 'choice' | 'text' | 'text_list';
  live: boolean;
  default: ParamValue;
  min?: number;
  min_open?: boolean;
  max?: number;
  max_open?: boolean;
  range?: string;
  slider?: { min: number; max: number; step: number };
  choices?: string[];
  grammar?: string;
  aliases?: string[];
}

/** A named set of parameter values of a model. */
export interface PresetInfo {
  name: string;
  summary: string;
  count: number;
  params: Record<string, ParamValue>;
}

/** A model of the registry. */
export interface ModelInfo {
  name: string;
  title: string;
  summary: string;
  doc: string;
  default_count: number;
  default_steps: number;
  count_unit: string;
  /** The unit of positions and lengths: 'px' or 'world units'. */
  length_unit: string;
  /** The parameter that is one step's length in seconds ('dt', 'tau'): time is steps x it; '' where time is steps. */
  time_step: string;
  groups_link: string;
  neighbors_count: string;
  params: ParamInfo[];
  presets: PresetInfo[];
}

/** A metric of the schema every model reports. */
export interface MetricInfo {
  key: string;
  label: string;
  unit: string;
  description: string;
  whole: boolean;
  digits: number;
}

/** A metric of one run, in order (the schema's, then the model's own). */
export interface MetricSpec {
  key: string;
  label: string;
  unit: string;
  whole: boolean;
  digits: number;
}

/** The kinds of boid (species) and the food of a run. */
export interface Appearance {
  kinds: { name: string; colour: string; size: number; predator: boolean; count: number }[];
  food: { x: number; y: number; z: number; amount: number; full: number }[];
}

/** The world a Simulation's boids live in, as the engine steps it. */
export interface Space {
  /** 2 or 3. */
  dims: 2 | 3;
  /** Extents along x, y and z, in `unit`; positions lie in [0, width] x [0, height] (x [0, depth]), except in open space. */
  width: number;
  height: number;
  /** 0 in 2D. */
  depth: number;
  /** True: a torus (boids leaving one side come back on the other); false: walls or open space. */
  wrap: boolean;
  /** True: open space, no walls and no wrap (the couzin model); the box is only where the start lies. */
  open: boolean;
  /** The unit of positions and lengths: 'px' or 'world units'. */
  unit: string;
}

/**
 * The box to show now, in the space's unit: the world's own box, or in open space the square
 * (cube) that follows the group (centred on the middle of its extent, 1.2 times its widest
 * extent and never less than the start's box), as the command's pictures and Python's plots
 * frame it.
 */
export interface View {
  x0: number;
  y0: number;
  /** 0 in 2D. */
  z0: number;
  width: number;
  height: number;
  /** 0 in 2D. */
  depth: number;
}

/** An obstacle: a circle in 2D, a sphere in 3D (z present), in the space's unit. */
export interface Obstacle {
  x: number;
  y: number;
  z?: number;
  radius: number;
}

/**
 * What a Simulation starts from: the boid count (the preset's when absent; with species their
 * total), the seed (default 42), a preset of the model, and any of its parameters by the
 * registry's key, in camelCase or with dashes (`maxSpeed`, `max_speed`, `max-speed`).
 */
export interface SimulationOptions {
  /** A whole number from 1 to 2^53-1 (and within the 2 GiB WebAssembly can address). */
  count?: number;
  /** A whole number from 0 to 2^64-1: as a number up to 2^53-1, or a bigint or decimal string. */
  seed?: number | bigint | string;
  preset?: string;
  /** Parameter ramps, each `KEY=FROM:TO@A-B` as `flocklab run --ramp` takes it (docs/ramps.md). */
  ramp?: string | string[];
  [param: string]: ParamValue | bigint | undefined;
}

/**
 * One flock of any model, made through a loaded engine: `new lab.Simulation(model, options)`
 * (exported as a type only). Throws TypeError and RangeError naming a bad option.
 */
declare class Simulation {
  constructor(model?: string, options?: SimulationOptions);
  /**
   * Advances `n` steps (default 1): a whole number from 0 to 2^53-1, else RangeError (a larger
   * double is no exact count).
   */
  step(n?: number): this;
  readonly model: string;
  readonly stepCount: number;
  readonly count: number;
  readonly dims: 2 | 3;
  /**
   * The positions, one Float64Array per axis ([x, y] or [x, y, z]): copies this Simulation owns,
   * never views of wasm memory. The same arrays on every read while the count stays, refilled
   * after each step(), spawn() and setParams(), so arrays kept across steps show each step and
   * wasm memory growth does not touch them. When the count changes (spawn(), caught prey removed)
   * or on dispose(), the arrays handed out before are detached: length 0, an element reads
   * undefined and a write does nothing (methods such as fill() throw TypeError); read this
   * property again for new ones. A write into them changes the copy only, never the flock.
   */
  readonly positions: readonly Float64Array[];
  /** The velocities, as `positions`. */
  readonly velocities: readonly Float64Array[];
  /** The metrics now: the schema's, then the model's own (per species, catches). */
  metrics(): Record<string, number>;
  readonly metricSpecs: MetricSpec[];
  /** Equal to `flocklab run --hash` for the same model, parameters, seed and steps. */
  hash(): string;
  /** The current parameters, keyed by the registry. */
  readonly params: Record<string, ParamValue>;
  /**
   * The value each ramped parameter runs with in the step from `step` (default: the next step)
   * on, keyed by the registry; a parameter whose ramps have not begun is left out.
   */
  ramped(step?: number): Record<string, number>;
  /** The world: its dimensions, extents, edges (wrap or walls) and unit; follows live changes. */
  readonly space: Space;
  /** The box to show now: the world's, or in open space the one that follows the group. */
  readonly view: View;
  /** The obstacles now (models with an `obstacle` parameter; else none). */
  readonly obstacles: Obstacle[];
  /** Changes parameters while the flock runs. */
  setParams(changes: Record<string, ParamValue>): this;
  /** Presses the pointer at (x, y[, z]) in world units, or lets go ('off' or null). */
  setPointer(mode: 'food' | 'predator' | 'off' | null, x?: number, y?: number, z?: number): this;
  appearance(): Appearance;
  /** Each boid's kind, an index into appearance().kinds (a copy). */
  kindOf(): Uint32Array;
  /**
   * Adds a boid of a species (its name, or its index from 0 to the species' count - 1, else
   * RangeError) at (x, y[, z]). Detaches the arrays `positions` and `velocities` handed out before.
   */
  spawn(kind: number | string, x: number, y: number, z?: number): this;
  /** Frees the engine's memory for this flock; later calls throw, arrays handed out before have length 0. */
  dispose(): void;
  readonly disposed: boolean;
}

export type { Simulation };

/** The loaded engine. */
export interface Flocklab {
  /** Equal to `flocklab --version`'s number. */
  readonly version: string;
  /** Threads each step uses: createFlocklab's `threads` (1 by default). */
  readonly threads: number;
  /**
   * The kernels steps run: createFlocklab's `lanes`, else the faster for each use: `boids` for
   * the lab and abm models' lanes of boids (scalar), `hits` for the steering model's (portable).
   */
  readonly lanes: { readonly boids: 'scalar' | 'portable'; readonly hits: 'scalar' | 'portable' };
  /** The Simulation class of this engine. */
  readonly Simulation: typeof Simulation;
  models(): ModelInfo[];
  metrics(): MetricInfo[];
  /** The registry's description of one model; RangeError for an unknown name. */
  model(name: string): ModelInfo;
  /** Bytes of the engine's heap in use. */
  heapBytes(): number;
  /** Bytes of WebAssembly memory: it grows as flocks need it (to at most 2 GiB) and never shrinks. */
  memoryBytes(): number;
}
