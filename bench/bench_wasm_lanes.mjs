// The WebAssembly kernels side by side: each model's step with lanes: 'scalar' and 'portable'
// (web/package, one thread, under node), interleaved, median of --repeats runs, and the state
// hash each gave (the same on both, or the script fails). Prints a Markdown table.
// Run: node bench/bench_wasm_lanes.mjs [--package build/release/wasm/package] [--repeats 3]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const folder = resolve(option('--package', 'build/release/wasm/package'));
const repeats = Math.max(1, Number(option('--repeats', 3)));
const { createFlocklab } = await import(pathToFileURL(`${folder}/index.js`).href);

// model, agents, extra parameters, steps before the timed ones, steps timed
const CASES = [
  ['steering', 5000, {}, 300, 30],
  ['steering', 1500, {}, 50, 30],
  ['lab', 20000, {}, 50, 10],
  ['abm', 20000, { sync: true }, 50, 10],
];
const KERNELS = ['scalar', 'portable'];
const labs = Object.fromEntries(await Promise.all(KERNELS.map(async (k) => [k, await createFlocklab({ lanes: k })])));
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log('| model, agents | scalar, ms a step | portable, ms a step | portable / scalar |');
console.log('|---|---|---|---|');
for (const [model, count, extra, warm, timed] of CASES) {
  const ms = { scalar: [], portable: [] };
  let hash;
  for (let r = 0; r < repeats; r++) {
    for (const kernel of KERNELS) {
      const sim = new labs[kernel].Simulation(model, { count, seed: 1, ...extra });
      sim.step(warm);
      const t0 = performance.now();
      sim.step(timed);
      ms[kernel].push((performance.now() - t0) / timed);
      const h = sim.hash();
      sim.dispose();
      if (hash !== undefined && h !== hash) throw new Error(`${model}: the kernels disagree (${h} against ${hash})`);
      hash = h;
    }
  }
  const [a, b] = [median(ms.scalar), median(ms.portable)];
  console.log(`| ${model}, ${count.toLocaleString('en')} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(b / a).toFixed(2)} |`);
}
