// examples/web as a user runs it: the packed package (`npm pack`) installed offline beside the
// example's page in a fresh folder, served by `flocklab serve`, opened in Debian's Chromium.
// The page draws a flock that moves, the pointer feeds it, and its hash is the command's.
//
// Run: FLOCKLAB_CLI=build/release/flocklab FLOCKLAB_PACKAGE=build/release/wasm/package node --test tests/web/browser/example.test.mjs
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { installPacked } from '../package/support.mjs';
import { artifactPath, cliRun, launch, serve } from './harness.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
let folder, server, browser;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'flocklab-example-'));
  for (const file of ['index.html', 'flock.js']) copyFileSync(join(ROOT, 'examples', 'web', file), join(folder, file));
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'flock-page', private: true }));
  installPacked(folder);
  server = await serve(folder);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('the example page draws a moving flock with the package, with the command\'s bits', { timeout: 60000 }, async () => {
  const lines = readFileSync(join(ROOT, 'examples', 'web', 'flock.js'), 'utf8').trimEnd().split('\n').length;
  assert.ok(lines < 40, `flock.js has ${lines} lines`);
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`console: ${msg.text()}`); });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`); });
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => window.sim && window.sim.stepCount >= 30, null, { timeout: 20000 });
    // Boids are drawn: light pixels on the dark canvas.
    const lit = await page.evaluate(() => {
      const c = document.getElementById('sky');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] > 400) n++;
      return n;
    });
    assert.ok(lit > 300 * 10, `${lit} lit pixels for 300 boids`);
    await page.screenshot({ path: artifactPath('example-web.png') });
    // The same flock as the command's, step for step: stop the animation and compare at a step.
    const { step, hash } = await page.evaluate(() => {
      window.requestAnimationFrame = () => 0;
      return new Promise((done) => setTimeout(() => done({ step: window.sim.stepCount, hash: window.sim.hash() }), 50));
    });
    const native = await cliRun(['--model', 'steering', '--count', '300', '--seed', '42', '--steps', String(step)]);
    assert.equal(hash, native.hash, `step ${step}`);
    // The pointer as food: moving over the sky presses it at that world point.
    const box = await page.locator('#sky').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const pointer = await page.evaluate(() => window.sim.params.pointer);
    assert.match(pointer, /^food:4\d\d(\.\d+)?,2\d\d(\.\d+)?$/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
