// Speed of the browser lab in headless Chromium, beside the native CLI for the same work
// (not a test; prints a table). Run: node tests/web/browser/measure.mjs
//   - simulated steps per second of the steering model, 1,500 and 10,000 boids, stepping only
//     and stepping + drawing every step (with a forced flush), from the random start (seed 1);
//   - the same steps natively: `flocklab run --threads 1` and with the CLI's default threads;
//   - ms per frame to draw the flock with canvas 2D and with WebGL2;
//   - the live page (requestAnimationFrame, 1 step per frame) for 3 s.
import { addHook, cliRun, launch, openPage, serve } from './harness.mjs';

const server = await serve();
const browser = await launch();
const rows = [];
try {
  const { page } = await openPage(browser, server.url, { suffix: '?paused=1' });
  const cases = [{ count: 1500, steps: 300 }, { count: 10000, steps: 20 }];
  const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const REPEATS = 3;  // interleaved, medians: the machine is shared and noisy
  for (const { count, steps } of cases) {
    const r = { only: [], drawn: [], one: [], all: [] };
    let threads = 0;
    const args = ['--model', 'steering', '--count', String(count), '--steps', String(steps), '--seed', '1'];
    for (let k = 0; k < REPEATS; k++) {
      r.only.push((await page.evaluate((o) => window.flocklab.bench(o), { count, steps })).stepsPerSecond);
      r.drawn.push((await page.evaluate((o) => window.flocklab.bench(o), { count, steps, draw: true })).stepsPerSecond);
      r.one.push(steps / (await cliRun([...args, '--threads', '1'])).seconds);
      const all = await cliRun(args);
      threads = all.threads;
      r.all.push(steps / all.seconds);
    }
    rows.push({
      boids: count, steps,
      'wasm steps/s': median(r.only).toFixed(1),
      'wasm+draw steps/s': median(r.drawn).toFixed(1),
      'native 1 thread steps/s': median(r.one).toFixed(1),
      [`native ${threads} threads steps/s`]: median(r.all).toFixed(1),
    });
  }
  console.log(`Simulated steps per second, steering model, seed 1, from the random start (median of ${REPEATS}):`);
  console.table(rows);

  const draws = [];
  for (const count of [1500, 10000]) {
    for (const renderer of ['2d', 'webgl', 'webgl-noaa']) {
      const r = await page.evaluate((o) => window.flocklab.drawBench(o), { renderer, count, frames: 40 });
      draws.push({ boids: count, renderer: r.renderer === '2d' ? 'canvas 2D' : renderer === 'webgl' ? 'WebGL2 (antialiased)' : 'WebGL2 (no antialiasing)', 'median ms/frame': r.medianMs.toFixed(2), 'min ms/frame': r.minMs.toFixed(2) });
    }
  }
  console.log('Drawing one frame (900x560 canvas, DPR 1, draw + forced flush):');
  console.table(draws);

  const live = [];
  for (const [renderer, count] of [['2d', 1500], ['webgl', 1500], ['2d', 10000]]) {
    await page.goto(`${server.url}?paused=1&renderer=${renderer}`);
    await addHook(page);
    await page.evaluate(() => window.flocklab.ready);
    await page.evaluate((n) => { window.flocklab.restart({ count: n, seed: '1' }); window.flocklab.frameCost(); window.flocklab.play(); }, count);
    const t0 = Date.now();
    const s0 = await page.evaluate(() => window.flocklab.stepCount());
    await page.waitForTimeout(3000);
    const s1 = await page.evaluate(() => { window.flocklab.pause(); return window.flocklab.stepCount(); });
    const c = await page.evaluate(() => window.flocklab.frameCost());
    live.push({
      boids: count, renderer,
      'live steps/s (1 step per frame)': ((s1 - s0) / ((Date.now() - t0) / 1000)).toFixed(1),
      'ms step': c.step.toFixed(1), 'ms draw': c.draw.toFixed(1), 'ms readouts': c.readouts.toFixed(1),
      'ms between frames': c.between.toFixed(1),
    });
  }
  console.log('The live page for 3 s (requestAnimationFrame, steps per frame 1, metrics every 10 steps):');
  console.table(live);
} finally {
  await browser.close();
  await server.stop();
}
