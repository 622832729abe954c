// Step times for threads_measure.mjs: the median time of one steering step from the start, over
// `rounds` fresh flocks of `count` boids (seed 1) and their first `steps` steps. The engine
// module is loaded directly (`module`: flocklab_core or flocklab_core_mt, from folder `pkg` beside
// this file), so that the threaded one can also be timed on 1 thread; index.js adds nothing to a
// step whose positions are not read.
export async function timeSteps({ pkg, module, threads, count, steps, rounds }) {
  const base = new URL(`./${pkg}/`, import.meta.url);
  const createCore = (await import(new URL(`${module}.js`, base).href)).default;
  // At least one worker: the threaded module's start never finishes with none (web/CMakeLists.txt).
  const settings = { flocklabWorkers: Math.max(1, threads - 1), locateFile: (file) => new URL(file, base).href };
  const core = await createCore(settings);
  if (core.startThreads && !core.startThreads(threads)) throw new Error(core.lastError());
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const sim = core.create('steering', '', '{}', count, '1', '[]');
    for (let s = 0; s < steps; s++) {
      const start = performance.now();
      sim.step(1);
      times.push(performance.now() - start);
    }
    sim.delete();
  }
  times.sort((a, b) => a - b);
  return { threads: core.threads ? core.threads() : 1, median: times[times.length >> 1] };
}
