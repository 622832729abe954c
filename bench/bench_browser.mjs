// W7 of `flocklab bench`: the browser lab in headless Chromium, steering model, 1,500, 5,000 and
// 10,000 boids from the random start (seed 1), stepping the WebAssembly engine and drawing every
// step on the page's canvas with a forced flush (the page's flocklab.bench). Prints one JSON
// line: {"chromium": version, "rows": [{"boids", "steps", "steps_per_second"}]}, medians of
// --repeats runs, the counts interleaved (the machine is shared and noisy).
// Run: node bench/bench_browser.mjs [--cli build/release/flocklab] [--site build/release/wasm/site] [--repeats 3]
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
if (option('--cli')) process.env.FLOCKLAB_CLI = option('--cli');  // serves the page with flocklab lab
if (option('--site')) process.env.FLOCKLAB_SITE = option('--site');
const repeats = Math.max(1, Number(option('--repeats') ?? 3));
const { launch, openPage, serve } = await import('../tests/web/browser/harness.mjs');

const CASES = [{ count: 1500, steps: 120 }, { count: 5000, steps: 60 }, { count: 10000, steps: 30 }];
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const server = await serve();
const browser = await launch();
try {
  const { page } = await openPage(browser, server.url, { suffix: '?paused=1' });
  const rates = CASES.map(() => []);
  for (let k = 0; k < repeats; k++) {
    for (const [i, { count, steps }] of CASES.entries()) {
      const r = await page.evaluate((o) => window.flocklab.bench(o), { model: 'steering', count, steps, draw: true });
      rates[i].push(r.stepsPerSecond);
    }
  }
  const rows = CASES.map(({ count, steps }, i) => ({ boids: count, steps, steps_per_second: median(rates[i]) }));
  console.log(JSON.stringify({ chromium: browser.version(), rows }));
} finally {
  await browser.close();
  await server.stop();
}
