// W7 of `flocklab bench`: the browser lab in headless Chromium, steering model, 1,500, 5,000 and
// 10,000 boids from the random start (seed 1), the live page as a user sees it: the engine
// stepping in its Web Worker, the page drawing every step it can, one step a frame (the page's
// flocklab.bench: 3 s after 1 s of warm-up). Prints one JSON line: {"chromium": version,
// "threads": the engine's, "lanes": the kernel its steering steps run, "rows": [{"boids", "steps", "steps_per_second", "frames_per_second",
// "main_ms_per_frame", "frame_ms", "worker_ms_per_step": {step, metrics, snapshot}}]}, medians
// of --repeats runs, the counts interleaved (the machine is shared and noisy). `flocklab lab`
// serves the page cross-origin isolated, so the engine steps on WebAssembly threads; --static
// serves it from a plain static server (one thread).
// Run: node bench/bench_browser.mjs [--cli build/release/flocklab] [--site build/release/wasm/site] [--repeats 3] [--static] [--threads N] [--lanes scalar|portable]
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
if (option('--cli')) process.env.FLOCKLAB_CLI = option('--cli');  // serves the page with flocklab lab
if (option('--site')) process.env.FLOCKLAB_SITE = option('--site');
const repeats = Math.max(1, Number(option('--repeats') ?? 3));
const { launch, openPage, serve } = await import('../tests/web/browser/harness.mjs');

const CASES = [{ count: 1500 }, { count: 5000 }, { count: 10000 }];
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const server = await serve(undefined, { plain: args.includes('--static') });
const browser = await launch();
try {
  const threads = option('--threads');  // the page's ?threads=N (default: one a core, at most 4, where isolated)
  const lanes = option('--lanes');  // the page's ?lanes=scalar|portable (default: the engine's choice)
  const { page } = await openPage(browser, server.url,
    { suffix: `?paused=1${threads ? `&threads=${threads}` : ''}${lanes ? `&lanes=${lanes}` : ''}` });
  const runs = CASES.map(() => []);
  for (let k = 0; k < repeats; k++) {
    for (const [i, { count }] of CASES.entries()) {
      runs[i].push(await page.evaluate((o) => window.flocklab.bench(o), { model: 'steering', count }));
    }
  }
  const of = (i, key) => median(runs[i].map((r) => r[key]));
  const rows = CASES.map(({ count }, i) => ({
    boids: count, steps: of(i, 'steps'), steps_per_second: of(i, 'stepsPerSecond'), frames_per_second: of(i, 'framesPerSecond'),
    main_ms_per_frame: of(i, 'mainMsPerFrame'), frame_ms: of(i, 'frameMs'),
    worker_ms_per_step: Object.fromEntries(['step', 'metrics', 'snapshot'].map((k) => [k, median(runs[i].map((r) => r.worker[k]))])),
  }));
  const engine = await page.evaluate(() => window.flocklab.engine());
  // The steering model's steps run the kernel for hits.
  console.log(JSON.stringify({ chromium: browser.version(), threads: engine.threads, lanes: engine.lanes?.hits, rows }));
} finally {
  await browser.close();
  await server.stop();
}
