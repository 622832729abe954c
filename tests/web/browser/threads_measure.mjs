// One steering step at 5,000 and 10,000 boids (seed 1, from the start) in a module worker of
// an isolated page in Chromium: the median over 5 fresh flocks x 10 steps, for the package's
// single-threaded module and its threaded one with 1 and 2 threads, and for an older package to
// compare with (FLOCKLAB_BASELINE: its folder, e.g. a copy of a former build's wasm/package).
// Prints a table (docs/javascript.md, "Threads and SIMD"). Usage:
//   FLOCKLAB_CLI=build/release/flocklab [FLOCKLAB_BASELINE=dir] node tests/web/browser/threads_measure.mjs
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE, launch, serve } from './harness.mjs';

const folder = mkdtempSync(join(tmpdir(), 'flocklab-measure-'));
cpSync(new URL('./threads_page', import.meta.url), folder, { recursive: true });
cpSync(join(SITE, 'flocklab'), join(folder, 'flocklab'), { recursive: true });
const configs = [['simd128, single-threaded module', 'flocklab', 'flocklab_core', 1],
  ['threaded module, 1 thread', 'flocklab', 'flocklab_core_mt', 1],
  ['threaded module, 2 threads', 'flocklab', 'flocklab_core_mt', 2]];
if (process.env.FLOCKLAB_BASELINE) {
  cpSync(process.env.FLOCKLAB_BASELINE, join(folder, 'baseline'), { recursive: true });
  configs.unshift(['baseline (FLOCKLAB_BASELINE)', 'baseline', 'flocklab_core', 1]);
}
const server = await serve(folder);
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => window.ready === true);
  console.log('| module | 5,000 boids | 10,000 boids |\n|---|---|---|');
  for (const [label, pkg, module, threads] of configs) {
    const cells = [];
    for (const count of [5000, 10000]) {
      const request = { timing: true, pkg, module, threads, count, steps: 10, rounds: 5 };
      const got = await page.evaluate((r) => window.inWorker(r), request);
      if (got.threads !== threads) throw new Error(`${label}: ran on ${got.threads} threads`);
      cells.push(`${got.median.toFixed(1)} ms`);
    }
    console.log(`| ${label} | ${cells.join(' | ')} |`);
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
}
