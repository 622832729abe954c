// Speed of the browser lab in headless Chromium, beside the native CLI for the same work
// (not a test; prints a table). Run: node tests/web/browser/measure.mjs
//   - the live page (the engine in its worker, one step a frame, drawing every step it can) for
//     3 s: steps and frames a second and the main thread's ms a frame, steering model from the
//     random start (seed 1), 1,500, 5,000 and 10,000 boids, canvas 2D, WebGL2 antialiased in its
//     shaders ('webgl') and WebGL2 with multisampling ('webgl-msaa');
//   - the same steps natively: `flocklab run --threads 1`;
//   - ms per frame to draw the flock with each renderer (draw.js's RENDERERS).
import { cliRun, launch, openPage, serve } from './harness.mjs';

const LABELS = {
  '2d': 'canvas 2D', webgl: 'WebGL2 (shader antialiasing)', 'webgl-msaa': 'WebGL2 (MSAA)', 'webgl-noaa': 'WebGL2 (no antialiasing)',
};
const server = await serve();
const browser = await launch();
const rows = [];
try {
  const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const REPEATS = 3;  // interleaved, medians: the machine is shared and noisy
  for (const renderer of ['2d', 'webgl', 'webgl-msaa']) {
    const { page, context } = await openPage(browser, server.url, { suffix: `?paused=1&renderer=${renderer}` });
    for (const count of [1500, 5000, 10000]) {
      const runs = [];
      for (let k = 0; k < REPEATS; k++) runs.push(await page.evaluate((o) => window.flocklab.bench(o), { count }));
      const of = (key) => median(runs.map((r) => r[key]));
      const native = await cliRun(['--model', 'steering', '--count', String(count), '--steps', '100', '--seed', '1', '--threads', '1']);
      rows.push({
        boids: count, renderer, threads: runs[0].threads,
        'page steps/s': of('stepsPerSecond').toFixed(1), 'page frames/s': of('framesPerSecond').toFixed(1),
        'main ms/frame': of('mainMsPerFrame').toFixed(2), 'ms between frames': of('frameMs').toFixed(1),
        'native 1 thread steps/s': (100 / native.seconds).toFixed(1),
      });
    }
    await context.close();
  }
  console.log(`The live page, steering model, seed 1, from the random start (median of ${REPEATS} runs of 3 s):`);
  console.table(rows);

  const { page } = await openPage(browser, server.url, { suffix: '?paused=1' });
  const draws = [];
  for (const count of [1500, 5000, 10000]) {
    for (const renderer of Object.keys(LABELS)) {
      const r = await page.evaluate((o) => window.flocklab.drawBench(o), { renderer, count, frames: 40 });
      draws.push({ boids: count, renderer: r.renderer === '2d' && renderer !== '2d' ? `canvas 2D (${renderer} missing)` : LABELS[renderer], 'median ms/frame': r.medianMs.toFixed(2), 'min ms/frame': r.minMs.toFixed(2) });
    }
  }
  console.log('Drawing one frame (900x560 canvas, DPR 1, draw + forced flush):');
  console.table(draws);
} finally {
  await browser.close();
  await server.stop();
}
