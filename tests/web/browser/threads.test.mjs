// The threaded engine module in Chromium: createFlocklab({threads}) on a cross-origin isolated
// page (flocklab serve sends COOP/COEP) gives `flocklab run --hash`'s bits with 1 and 2 threads,
// in a module worker (where the lab page runs the engine) and on the page's own thread; on a
// page without isolation threads: 2 throws the documented RangeError and threads: 1 still runs.
// The page is threads_page/ served beside a copy of the built site's flocklab/ folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE, cliRun, launch, serve } from './harness.mjs';

// Steering at 5,000 boids, lab, abm and a 3D run: each above the step's threshold for waking threads.
const CASES = [
  { model: 'steering', options: { count: 5000, seed: 1 }, steps: 10, args: [] },
  { model: 'lab', options: { count: 3000, seed: 1 }, steps: 40, args: [] },
  { model: 'abm', options: { count: 3000, seed: 1 }, steps: 40, args: [] },
  { model: 'lab', options: { count: 3000, seed: 1, dims: 3 }, steps: 30, args: ['--dims', '3'] },
];

let folder, server, browser, expected;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'flocklab-threads-'));
  cpSync(new URL('./threads_page', import.meta.url), folder, { recursive: true });
  cpSync(join(SITE, 'flocklab'), join(folder, 'flocklab'), { recursive: true });
  server = await serve(folder);
  browser = await launch();
  expected = await Promise.all(CASES.map(async (c) => (await cliRun(['--model', c.model, '--count',
    String(c.options.count), '--seed', String(c.options.seed), '--steps', String(c.steps), ...c.args])).hash));
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The test page in a new context; `isolated: false` strips the isolation headers from every response. */
async function open({ isolated = true } = {}) {
  const context = await browser.newContext();
  if (!isolated) {
    await context.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-opener-policy'];
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
  }
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => window.ready === true);
  return { page, context, errors };
}

const request = (threads) => ({ threads, cases: CASES.map(({ model, options, steps }) => ({ model, options, steps })) });

for (const threads of [1, 2]) {
  test(`threads: ${threads} in a module worker of an isolated page gives the command's hashes`, async () => {
    const { page, context, errors } = await open();
    try {
      const got = await page.evaluate((r) => window.inWorker(r), request(threads));
      assert.equal(got.error, undefined, got.error?.message);
      assert.equal(got.isolated, true);
      assert.equal(got.threads, threads);
      assert.deepEqual(got.hashes, expected);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('threads: 2 on the isolated page\'s own thread gives the command\'s hashes', async () => {
  const { page, context, errors } = await open();
  try {
    const got = await page.evaluate((r) => window.inPage(r), request(2));
    assert.equal(got.error, undefined, got.error?.message);
    assert.equal(got.threads, 2);
    assert.deepEqual(got.hashes, expected);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('without cross-origin isolation threads: 2 throws RangeError naming the headers; threads: 1 runs', async () => {
  const { page, context, errors } = await open({ isolated: false });
  try {
    for (const where of ['inPage', 'inWorker']) {
      const refused = await page.evaluate(([w, r]) => window[w](r), [where, request(2)]);
      assert.equal(refused.isolated, false, where);
      assert.equal(refused.error?.name, 'RangeError', where);
      assert.match(refused.error.message, /^threads: 2 needs SharedArrayBuffer, .*not: serve it with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp/, where);
    }
    const single = await page.evaluate((r) => window.inWorker(r), request(1));
    assert.equal(single.threads, 1);
    assert.deepEqual(single.hashes, expected);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
