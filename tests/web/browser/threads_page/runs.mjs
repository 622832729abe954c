// The threads test's runs, the same in the page and in a module worker: load the package with
// `threads`, run each case from the start and give back the hashes, or the error it threw.
import { createFlocklab } from './flocklab/index.js';

export async function runCases({ threads, cases }) {
  const isolated = globalThis.crossOriginIsolated === true;
  let lab;
  try {
    lab = await createFlocklab({ threads });
  } catch (e) {
    return { isolated, error: { name: e.name, message: e.message } };
  }
  const hashes = cases.map(({ model, options, steps }) => {
    const sim = new lab.Simulation(model, options);
    try {
      return sim.step(steps).hash();
    } finally {
      sim.dispose();
    }
  });
  return { isolated, threads: lab.threads, hashes };
}
