// Browser tests of the Flocking Lab page: Debian's Chromium (headless) through playwright-core,
// the site served by `flocklab serve` (see harness.mjs for the environment). Every number comes
// from the page's own engine through the test hook window.flocklab, stepped exactly, never by
// waiting for animation frames.
//
// Run: FLOCKLAB_CLI=build/release/flocklab node --test tests/web/browser/
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { artifactPath, cliRun, openPage, serve } from './harness.mjs';
import { browser, server, withPage } from './suite.mjs';

const PAUSED = '?paused=1';

const hook = (page, fn, arg) => page.evaluate(fn, arg);

/** A formed flock: the defaults, seed 42, 600 steps (order about 0.93). */
async function formedFlock(page) {
  await hook(page, () => window.flocklab.restart({ seed: '42', count: 1500 }));
  await hook(page, () => window.flocklab.step(600));
  const m = await hook(page, () => window.flocklab.metrics());
  assert.ok(m.polarization > 0.9, `a formed flock at step 600 (order ${m.polarization})`);
  return m;
}

test('the page loads with no console error, runs, and shows step, hash and order', { timeout: 30000 }, async () => {
  const { page, errors, context, state } = await openPage(browser, server.url, { pause: false });
  try {
    assert.equal(state.ok, true, state.error);
    assert.equal(await page.title(), 'flocklab – Flocking Lab');
    // the animation runs by itself
    await page.waitForFunction(() => window.flocklab.stepCount() >= 20, null, { timeout: 15000 });
    await hook(page, () => window.flocklab.pause());
    assert.equal(await page.isHidden('#loading'), true);
    const step = await hook(page, () => window.flocklab.stepCount());
    await page.waitForFunction((s) => document.getElementById('stat-step').textContent === s.toLocaleString('en-US'), step);
    assert.equal(await page.textContent('#stat-hash'), await hook(page, () => window.flocklab.hash()));
    assert.match(await page.textContent('#stat-hash'), /^[0-9a-f]{16}$/);
    assert.match(await page.textContent('#order-value'), /^0\.\d{3}$/);
    // WebGL2 by default (Chromium's software WebGL here), canvas 2D where it is missing
    const renderer = await hook(page, () => window.flocklab.renderer());
    assert.ok(['webgl', '2d'].includes(renderer), renderer);
    assert.equal(await page.textContent('#renderer-name'), renderer === 'webgl' ? 'drawn with WebGL2' : 'drawn with canvas 2D');
    assert.match(await page.textContent('#version'), /^flocklab \d+\.\d+\.\d+/);
    // flocklab serve's headers (COOP same-origin, COEP require-corp) isolate the page, and nothing it loads is refused
    assert.equal(await page.evaluate(() => window.crossOriginIsolated), true);
    // so its engine worker steps on WebAssembly threads: one a core, at most 4, and the footer says how many
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const threads = Math.max(1, Math.min(cores, 4));
    // The kernels by use: a boid's hits in simd128 lanes, lanes of boids one boid at a time (bench/README.md).
    const lanes = { boids: 'scalar', hits: 'portable' };
    assert.deepEqual(await hook(page, () => window.flocklab.engine()), { threads, lanes, isolated: true });
    assert.match(await page.textContent('#version'), new RegExp(`WebAssembly in a worker, ${threads} thread${threads === 1 ? '' : 's'}$`));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the boids move', { timeout: 30000 }, async () => {
  await withPage({}, async (page) => {
    const a = await hook(page, () => window.flocklab.positions());
    const hashA = await hook(page, () => window.flocklab.hash());
    await hook(page, () => window.flocklab.step(5));
    const b = await hook(page, () => window.flocklab.positions());
    let moved = 0;
    for (let i = 0; i < a.x.length; i++) if (a.x[i] !== b.x[i] || a.y[i] !== b.y[i]) moved++;
    assert.equal(moved, a.x.length, 'every boid moved');
    assert.notEqual(await hook(page, () => window.flocklab.hash()), hashA);
    // the Step button steps once and pauses
    const before = await hook(page, () => window.flocklab.stepCount());
    await page.click('#step');
    assert.equal(await hook(page, () => window.flocklab.stepCount()), before + 1);
  });
});

test('both renderers draw the flock (WebGL2 and canvas 2D)', { timeout: 30000 }, async () => {
  for (const renderer of ['webgl', '2d']) {
    await withPage({ suffix: `${PAUSED}&renderer=${renderer}` }, async (page) => {
      assert.equal(await hook(page, () => window.flocklab.renderer()), renderer);
      await hook(page, () => window.flocklab.step(10));
      const { lit, total } = await hook(page, () => window.flocklab.litPixels());
      // 1500 triangles of about 20 px each on a dark background
      assert.ok(lit > 1500 * 8 && lit < total / 4, `${renderer}: ${lit} of ${total} pixels lit`);
    });
  }
});

test('at the defaults the order climbs above 0.9 within the steps a native run needs, with the native metrics', { timeout: 90000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'flocklab-browser-'));
  const csv = join(dir, 'metrics.csv');
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.restart({ seed: '42', count: 1500 }));
    const start = (await hook(page, () => window.flocklab.metrics())).polarization;
    assert.ok(start < 0.1, `random headings at the start (order ${start})`);
    let steps = 0, order = start;
    while (order <= 0.9 && steps < 1800) {
      steps = await hook(page, () => window.flocklab.step(10));
      order = (await hook(page, () => window.flocklab.metrics())).polarization;
    }
    assert.ok(order > 0.9, `order ${order} after ${steps} steps`);
    assert.equal(await page.textContent('#order-value'), order.toFixed(3));
    const milling = (await hook(page, () => window.flocklab.metrics())).milling;
    assert.equal(await page.textContent('#mill-value'), milling.toFixed(3));
    // the native run of the same flock to that step: its metrics every 10 steps are the chart's
    // samples to the last bit, and it passes 0.9 at the same step
    await cliRun(['--model', 'steering', '--count', '1500', '--seed', '42', '--steps', String(steps), '--every', '10', '--metrics-out', csv]);
    const [header, ...lines] = readFileSync(csv, 'utf8').trim().split('\n');
    const columns = header.split(',');
    const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [columns[i], Number(v)])));
    const nativeFirst = rows.find((r) => r.polarization > 0.9).step;
    assert.equal(steps, nativeFirst, 'the page passes 0.9 at the same step as the native run');
    const samples = await hook(page, () => window.flocklab.samples());
    assert.equal(samples.length, steps / 10 + 1);
    for (const s of samples) {
      const r = rows[s.step / 10];
      for (const c of columns) assert.equal(s[c], r[c], `${c} at step ${s.step}`);
    }
  });
  rmSync(dir, { recursive: true, force: true });
});

test('alignment 0 (set with the slider, by keyboard) lowers the order of a formed flock', { timeout: 60000 }, async () => {
  await withPage({}, async (page) => {
    const formed = await formedFlock(page);
    await page.focus('#p-alignment');
    await page.keyboard.press('Home');
    assert.equal((await hook(page, () => window.flocklab.params())).alignment, 0);
    assert.equal(await page.textContent('#p-alignment-out'), '0');
    // 3 simulated seconds: seed 42 goes 0.93 -> 0.24 (and about 0.15 after 10 s)
    await hook(page, () => window.flocklab.step(180));
    const m = await hook(page, () => window.flocklab.metrics());
    assert.ok(m.polarization < 0.5 && m.polarization < formed.polarization - 0.4,
      `order ${formed.polarization} -> ${m.polarization} without alignment`);
  });
});

/** The centre of the most crowded 60 px cell, in world px. */
async function crowdedPoint(page) {
  return hook(page, () => {
    const { x, y } = window.flocklab.positions();
    const cells = new Map();
    for (let i = 0; i < x.length; i++) {
      const key = `${Math.floor(x[i] / 60)},${Math.floor(y[i] / 60)}`;
      cells.set(key, (cells.get(key) ?? 0) + 1);
    }
    const [best] = [...cells.entries()].sort((a, b) => b[1] - a[1]);
    const [cx, cy] = best[0].split(',').map(Number);
    return { x: cx * 60 + 30, y: cy * 60 + 30 };
  });
}

// At the default density one flock spans the whole wrap-around world, and boids fleeing a
// predator crowd around the hole it makes, so the largest group barely changes. The seed's own
// "vision 150 merges everything into one flock" gives a compact flock a predator can split:
// 300 boids, vision 150, seeds 1, 2, 3, 7 and 42 all go from about 0.9 to 0.25-0.45 within one
// simulated second of a press (checked with the engine under node), and join up again after.
test('a predator press in a formed flock lowers the largest group\'s share; release lets it rejoin', { timeout: 60000 }, async () => {
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.restart({ count: 300, seed: '42', params: { ...window.flocklab.params(), vision: 150 } }));
    await hook(page, () => window.flocklab.step(900));
    const formed = await hook(page, () => window.flocklab.metrics());
    assert.ok(formed.polarization > 0.9 && formed.largest_share > 0.8, `a formed flock: ${JSON.stringify(formed)}`);
    const at = await crowdedPoint(page);
    const box = await page.locator('#overlay').boundingBox();
    await page.check('input[name="tool"][value="predator"]');
    await page.mouse.move(box.x + ((at.x + 0.2) / 900) * box.width, box.y + ((at.y + 0.2) / 560) * box.height);
    await page.mouse.down();
    await hook(page, () => window.flocklab.step(60));  // held for one simulated second
    const pressed = await hook(page, () => window.flocklab.metrics());
    await page.mouse.up();
    const events = await hook(page, () => window.flocklab.events());
    assert.deepEqual(events[0].slice(0, 2), [900, 'p']);
    const [, mode, px, py] = /^(\w+):(\d+),(\d+)$/.exec(events[0][2].pointer);
    assert.ok(mode === 'predator' && Math.abs(px - at.x) <= 1 && Math.abs(py - at.y) <= 1, `pressed at ${events[0][2].pointer}, aimed at ${at.x},${at.y}`);
    assert.deepEqual(events.at(-1), [960, 'p', { pointer: '' }], 'released');
    assert.ok(pressed.largest_share < formed.largest_share - 0.3,
      `largest share ${formed.largest_share} -> ${pressed.largest_share} with a predator`);
    await hook(page, () => window.flocklab.step(480));
    const rejoined = await hook(page, () => window.flocklab.metrics());
    assert.ok(rejoined.largest_share > pressed.largest_share + 0.2,
      `largest share ${pressed.largest_share} -> ${rejoined.largest_share} 8 s after the release`);
  });
});

test('presets and models switch', { timeout: 60000 }, async () => {
  await withPage({}, async (page) => {
    const presets = await hook(page, () => Object.fromEntries(['school', 'chaos'].map((p) => [p, window.flocklab.presetParams(p)])));
    await page.selectOption('#preset', 'school');
    let params = await hook(page, () => window.flocklab.params());
    for (const k of ['vision', 'separation_radius', 'fov', 'max_speed', 'separation', 'alignment', 'cohesion'])
      assert.equal(params[k], presets.school[k], k);
    assert.equal(await page.inputValue('#p-vision'), '40');
    assert.equal(await page.textContent('#p-fov-out'), '300°');
    // Chaos has no alignment: from a random start the order stays low
    await page.selectOption('#preset', 'chaos');
    params = await hook(page, () => window.flocklab.params());
    assert.equal(params.alignment, 0);
    assert.equal(params.separation, presets.chaos.separation);
    await hook(page, () => window.flocklab.step(300));
    assert.ok((await hook(page, () => window.flocklab.metrics())).polarization < 0.3);
    // moving a slider away from every preset shows "Custom"
    await page.focus('#p-cohesion');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.inputValue('#preset'), '');

    await page.selectOption('#model', 'lab');
    assert.equal(await hook(page, () => window.flocklab.model()), 'lab');
    assert.equal(await hook(page, () => window.flocklab.count()), 120);
    assert.equal(await hook(page, () => window.flocklab.stepCount()), 0);
    assert.equal(await page.locator('#p-radius').count(), 1);
    assert.equal(await page.locator('#p-vision').count(), 0);
    assert.equal(await page.isHidden('#preset-field'), true);
    assert.equal(await page.isHidden('#press-panel'), true);
    await hook(page, () => window.flocklab.step(600));
    const lab = await hook(page, () => window.flocklab.metrics());
    assert.ok(lab.polarization > 0.9, `lab model order ${lab.polarization} after 600 steps`);

    await page.selectOption('#model', 'steering');
    assert.equal(await hook(page, () => window.flocklab.model()), 'steering');
    assert.equal(await hook(page, () => window.flocklab.count()), 1500);
    assert.equal(await page.inputValue('#preset'), 'flock');
    assert.equal(await page.isHidden('#press-panel'), false);
  });
});

test('the model menu, sliders and presets come from the registry; the abm model runs in the page', { timeout: 60000 }, async () => {
  await withPage({}, async (page) => {
    const registry = await hook(page, () => window.flocklab.registry());
    assert.deepEqual(await hook(page, () => window.flocklab.modelMenu()), registry.models.map((m) => m.name));
    assert.ok(registry.models.some((m) => m.name === 'abm'), 'abm is in the registry');
    // each model's controls are its registry's parameters: sliders with the registry's range
    for (const model of registry.models) {
      await page.selectOption('#model', model.name);
      assert.equal(await hook(page, () => window.flocklab.count()), model.default_count, model.name);
      for (const spec of model.params) {
        const control = page.locator(`#p-${spec.key}`);
        const expected = ['number', 'switch', 'choice'].includes(spec.kind) ? 1 : 0;
        assert.equal(await control.count(), expected, `${model.name} ${spec.key}`);
        if (spec.kind === 'number' && spec.key !== 'dt')
          assert.deepEqual(await control.evaluate((e) => [Number(e.min), Number(e.max), Number(e.step)]),
            [spec.slider.min, spec.slider.max, spec.slider.step], `${model.name} ${spec.key} range`);
      }
      assert.deepEqual(await page.$$eval('#preset option:not([disabled])', (os) => os.map((o) => o.value)),
        model.presets.map((p) => p.name), `${model.name} presets`);
      const tools = model.params.some((p) => p.key === 'pointer' || p.key === 'obstacle');
      assert.equal(await page.isHidden('#press-panel'), !tools, `${model.name} canvas tools`);
      const figures = await page.$$eval('#figures dd', (dds) => dds.map((d) => d.id));
      // Polarization and milling are the meters (Order, Rotation); every other metric is a figure.
      assert.deepEqual(figures, registry.metrics.filter((m) => !['polarization', 'milling'].includes(m.key)).map((m) => `m-${m.key}`));
      assert.equal(await page.textContent('#mill-label'), 'Rotation (milling)');
    }

    // abm: its default preset (small), then large (a bigger world: the flock restarts), then --sync
    await page.selectOption('#model', 'abm');
    assert.equal(await hook(page, () => window.flocklab.model()), 'abm');
    assert.equal(await page.inputValue('#preset'), 'small');
    assert.equal(await page.textContent('#count-label'), 'Agents');
    await hook(page, () => window.flocklab.step(100));
    let cli = await cliRun(['--model', 'abm', '--count', '200', '--steps', '100', '--seed', '42']);
    assert.equal(await hook(page, () => window.flocklab.hash()), cli.hash, 'abm small');
    await page.selectOption('#preset', 'large');
    assert.equal(await hook(page, () => window.flocklab.preset()), 'large');
    assert.equal(await hook(page, () => window.flocklab.count()), 400);
    assert.equal(await hook(page, () => window.flocklab.stepCount()), 0);
    await page.check('#p-sync');
    assert.equal((await hook(page, () => window.flocklab.params())).sync, true);
    assert.equal(await hook(page, () => window.flocklab.stepCount()), 0, 'sync restarts the flock');
    await hook(page, () => window.flocklab.step(120));
    const args = await hook(page, () => window.flocklab.cliArgs());
    assert.deepEqual(args.slice(0, 5), ['run', '--model', 'abm', '--preset', 'large']);
    assert.ok(args.includes('--sync'), args.join(' '));
    cli = await cliRun(args.slice(1).filter((a) => a !== '--hash'));
    assert.equal(await hook(page, () => window.flocklab.hash()), cli.hash, `abm: flocklab ${args.join(' ')}`);
    assert.equal(await page.textContent('#stat-hash'), cli.hash);
    // a live change of an abm parameter, and the flock is drawn
    await page.focus('#p-match_factor');
    await page.keyboard.press('ArrowRight');
    assert.ok((await hook(page, () => window.flocklab.events())).length === 1);
    await hook(page, () => window.flocklab.step(10));
    const { lit } = await hook(page, () => window.flocklab.litPixels());
    assert.ok(lit > 400 * 5, `${lit} pixels lit`);
    const m = await hook(page, () => window.flocklab.metrics());
    assert.match(await page.textContent('#m-mean_nn_distance'), new RegExp(`^${m.mean_nn_distance.toFixed(2)} `));
  });
});

test('the page\'s hash equals the command line\'s after N steps', { timeout: 60000 }, async () => {
  await withPage({}, async (page) => {
    // the steering model through the page's own fields and Restart button
    const C = 700, N = 250, S = '20240613';
    await page.fill('#count', String(C));
    await page.fill('#seed', S);
    await page.click('#restart');
    assert.equal(await hook(page, () => window.flocklab.count()), C);
    await hook(page, (n) => window.flocklab.step(n), N);
    const cli = await cliRun(['--model', 'steering', '--count', String(C), '--steps', String(N), '--seed', S]);
    assert.equal(await hook(page, () => window.flocklab.hash()), cli.hash, 'steering');
    assert.equal(await page.textContent('#stat-hash'), cli.hash);

    // walls, an obstacle, other weights and a predator press, as the page's own command line
    await hook(page, () => window.flocklab.restart({
      count: 600, seed: '5',
      params: { ...window.flocklab.params(), edges: 'walls', obstacle: ['450,280,40', '100,100,25'], alignment: 1.5, vision: 40 },
    }));
    await hook(page, () => window.flocklab.step(150));
    await hook(page, () => window.flocklab.setParams({ pointer: 'predator:300,200' }));
    await hook(page, () => window.flocklab.step(40));
    await hook(page, () => window.flocklab.setParams({ pointer: '' }));
    await hook(page, () => window.flocklab.step(30));
    const args = await hook(page, () => window.flocklab.cliArgs());
    assert.ok(args, 'the run has a command line');
    assert.ok(args.includes('--pointer') && args.includes('--obstacle') && args.includes('walls'), args.join(' '));
    const walls = await cliRun(args.slice(1).filter((a) => a !== '--hash'));
    assert.equal(await hook(page, () => window.flocklab.hash()), walls.hash, `walls: flocklab ${args.join(' ')}`);

    // the lab model
    await page.selectOption('#model', 'lab');
    await hook(page, () => window.flocklab.step(300));
    const lab = await cliRun(['--model', 'lab', '--count', '120', '--steps', '300', '--seed', '5']);
    assert.equal(await hook(page, () => window.flocklab.hash()), lab.hash, 'lab');
  });
});

test('input that arrives while the engine worker is mid-step lands at a definite step: the command line and a Share link agree', { timeout: 60000 }, async () => {
  let url, hash;
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.restart({ count: 600, seed: '11' }));
    // The press and the release are sent while the worker is still computing the steps asked
    // for before them: each applies after those steps, at the step the page records.
    const events = await hook(page, async () => {
      const f = window.flocklab;
      const busy = f.stepsInBackground(400);
      const press = f.setParams({ pointer: 'predator:300,200' });
      const more = f.stepsInBackground(60);
      const release = f.setParams({ pointer: '' });
      await Promise.all([busy, press, more, release]);
      return f.events();
    });
    assert.deepEqual(events, [[400, 'p', { pointer: 'predator:300,200' }], [460, 'p', { pointer: '' }]]);
    await hook(page, () => window.flocklab.step(40));
    const args = await hook(page, () => window.flocklab.cliArgs());
    assert.ok(args.includes('--pointer'), args.join(' '));
    const cli = await cliRun(args.slice(1).filter((a) => a !== '--hash'));
    hash = await hook(page, () => window.flocklab.hash());
    assert.equal(hash, cli.hash, `flocklab ${args.join(' ')}`);
    url = await hook(page, () => window.flocklab.shareUrl());
  });
  const { page, errors, context, state } = await openPage(browser, url);
  try {
    assert.equal(state.ok, true, state.error);
    assert.equal(await hook(page, () => window.flocklab.stepCount()), 500);
    assert.equal(await hook(page, () => window.flocklab.hash()), hash, 'the Share link replays to the same hash');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a Share link opened in a new page gives the same flight and hash', { timeout: 60000 }, async () => {
  let url, hash, step, next;
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.restart({ seed: '9', count: 800 }));
    await hook(page, () => window.flocklab.step(120));
    await page.focus('#p-alignment');
    await page.keyboard.press('ArrowLeft');  // a live change: alignment 0.95
    await hook(page, () => window.flocklab.step(30));
    await hook(page, () => window.flocklab.setParams({ pointer: 'food:450,280' }));
    await hook(page, () => window.flocklab.step(30));
    await hook(page, () => window.flocklab.setParams({ pointer: '' }));
    await hook(page, () => window.flocklab.setParams({ obstacle: ['200,200,30'] }));
    await hook(page, () => window.flocklab.step(25));
    await page.click('#share');
    url = page.url();
    assert.match(url, /#v=2&model=steering&count=800&seed=9&/);
    assert.equal(await page.inputValue('#share-url'), url);
    hash = await hook(page, () => window.flocklab.hash());
    step = await hook(page, () => window.flocklab.stepCount());
    await hook(page, () => window.flocklab.step(20));
    next = await hook(page, () => window.flocklab.hash());
  });
  const { page, errors, context, state } = await openPage(browser, url, { pause: false });
  try {
    assert.equal(state.ok, true, state.error);
    assert.equal(await hook(page, () => window.flocklab.running()), false, 'a shared run opens paused');
    assert.equal(await hook(page, () => window.flocklab.stepCount()), step);
    assert.equal(await hook(page, () => window.flocklab.hash()), hash);
    assert.equal(await page.textContent('#stat-hash'), hash);
    assert.equal((await hook(page, () => window.flocklab.params())).alignment, 0.95);
    await hook(page, () => window.flocklab.step(20));
    assert.equal(await hook(page, () => window.flocklab.hash()), next, 'the flight goes on the same way');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
  // a version 1 link (pointer events of their own, obstacles as [x, y, r]) is still read
  let v1hash;
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.restart({ count: 300, seed: '3', preset: '', params: { alignment: 0.5, obstacle: ['200,200,30'] } }));
    await hook(page, () => window.flocklab.step(20));
    await hook(page, () => window.flocklab.setParams({ pointer: 'food:450,280' }));
    await hook(page, () => window.flocklab.step(20));
    await hook(page, () => window.flocklab.setParams({ pointer: '', cohesion: 2 }));
    await hook(page, () => window.flocklab.step(20));
    v1hash = await hook(page, () => window.flocklab.hash());
  });
  const v1 = new URLSearchParams({
    v: '1', model: 'steering', count: '300', seed: '3', params: JSON.stringify({ alignment: 0.5, obstacles: [[200, 200, 30]] }),
    at: '60', events: JSON.stringify([[20, 'ptr', ['food', 450, 280]], [40, 'ptr', ['off', 0, 0]], [40, 'p', { cohesion: 2 }]]),
  });
  const old = await openPage(browser, `${server.url}#${v1}`, { pause: false });
  try {
    assert.equal(old.state.ok, true, old.state.error);
    assert.equal(await hook(old.page, () => window.flocklab.stepCount()), 60);
    assert.equal(await hook(old.page, () => window.flocklab.hash()), v1hash, 'a version 1 link flies as before');
    assert.deepEqual(old.errors, []);
  } finally {
    await old.context.close();
  }
  // a broken link says so on the page, and the page still works
  const broken = await openPage(browser, `${server.url}#v=1&model=steering&count=abc&seed=1&params={}&at=0`, { pause: false });
  try {
    assert.equal(broken.state.ok, false);
    assert.match(await broken.page.textContent('#message'), /count/);
    assert.equal(await hook(broken.page, () => window.flocklab.count()), 1500);
    assert.deepEqual(broken.errors.filter((e) => !e.startsWith('not ready')), []);
  } finally {
    await broken.context.close();
  }
});

test('the share box follows the run: after a model switch, a live change and steps it holds the current link', { timeout: 60000 }, async () => {
  let url, hash;
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.step(30));
    await page.click('#share');
    assert.match(await page.inputValue('#share-url'), /#v=2&model=steering&/);
    await page.selectOption('#model', 'lab');
    await hook(page, () => window.flocklab.model());  // the switch restarts the flock in the engine's worker: wait for it
    let box = new URLSearchParams((await page.inputValue('#share-url')).split('#')[1]);
    assert.equal(box.get('model'), 'lab', 'the box names the new model');
    assert.equal(box.get('count'), '120');
    assert.equal(box.get('at'), '0');
    await page.focus('#p-alignment');
    await page.keyboard.press('ArrowLeft');  // a live change
    await hook(page, () => window.flocklab.step(40));
    url = await page.inputValue('#share-url');
    box = new URLSearchParams(url.split('#')[1]);
    assert.equal(box.get('at'), '40', 'the box follows the steps');
    assert.equal(JSON.parse(box.get('events')).length, 1, 'and holds the live change');
    assert.equal(url, await hook(page, () => window.flocklab.shareUrl()));
    hash = await hook(page, () => window.flocklab.hash());
  });
  const { page, errors, context, state } = await openPage(browser, url, { pause: false });
  try {
    assert.equal(state.ok, true, state.error);
    assert.equal(await hook(page, () => window.flocklab.model()), 'lab');
    assert.equal(await hook(page, () => window.flocklab.stepCount()), 40);
    assert.equal(await hook(page, () => window.flocklab.hash()), hash, 'the box\'s link replays to the same hash');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('downloads: the metrics so far as CSV and the canvas as PNG', { timeout: 30000 }, async () => {
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.step(55));
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#csv')]);
    assert.match(csv.suggestedFilename(), /^flocklab-steering-n1500-seed42-step55\.csv$/);
    const lines = readFileSync(await csv.path(), 'utf8').trim().split('\n');
    assert.equal(lines[0], 'step,polarization,milling,flocks,largest_flock,largest_share,mean_nn_distance,mean_neighbors');
    assert.deepEqual(lines.slice(1).map((l) => Number(l.split(',')[0])), [0, 10, 20, 30, 40, 50, 55]);
    const [png] = await Promise.all([page.waitForEvent('download'), page.click('#png')]);
    assert.match(png.suggestedFilename(), /\.png$/);
    const bytes = readFileSync(await png.path());
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.ok(bytes.length > 5000, `a real picture (${bytes.length} bytes)`);
  });
});

/** Width and height of a PNG (its IHDR chunk). */
const pngSize = (bytes) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/**
 * Installs `window.decodePng(b64)` in the page: the RGBA pixels of a base64 PNG, decoded by the
 * browser (node has no PNG decoder here).
 */
async function installPngDecoder(page) {
  await page.evaluate(() => {
    window.decodePng = async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d');
      ctx.drawImage(img, 0, 0);
      return { width: c.width, pixels: ctx.getImageData(0, 0, c.width, c.height).data };
    };
  });
}

/** How many pixels of rows [from, to) of a PNG are light (caption text on the dark band), decoded in the page. */
async function lightPixels(page, bytes, from, to) {
  await installPngDecoder(page);
  return page.evaluate(async ([b64, y0, y1]) => {
    const { width, pixels: d } = await window.decodePng(b64);
    let light = 0;
    for (let i = y0 * width * 4; i < y1 * width * 4 && i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] > 450) light++;
    return light;
  }, [bytes.toString('base64'), from, to]);
}

test('the PNG download is the flock under a caption: model, preset, count, seed, step and the changed settings', { timeout: 30000 }, async () => {
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.restart({ params: { ...window.flocklab.params(), fov: 270, obstacle: ['450,280,60'] } }));
    await hook(page, () => window.flocklab.step(120));
    const shown = await hook(page, () => window.flocklab.picture());
    const [title, ...details] = shown.lines;
    assert.equal(title, 'steering (preset flock) - 1,500 boids - seed 42 - step 120');
    const text = details.join(' ');
    for (const part of ['field of view 270°', '1 obstacle', `state hash ${await hook(page, () => window.flocklab.hash())}`])
      assert.ok(text.includes(part), `the caption says "${part}": ${text}`);
    assert.ok(!text.includes('vision'), `only the settings that differ from the preset: ${text}`);
    const [png] = await Promise.all([page.waitForEvent('download'), page.click('#png')]);
    const bytes = readFileSync(await png.path());
    const { width, height } = pngSize(bytes);
    // the world (900 x 560 px) at 900 px wide, under a caption band
    assert.equal(width, 900);
    assert.equal(height, 560 + shown.band, `${width} x ${height}`);
    assert.ok(shown.band >= 60, `a caption band of ${shown.band} px`);
    const light = await lightPixels(page, bytes, 0, shown.band);
    assert.ok(light > 800, `caption text drawn in the band (${light} light pixels)`);
    writeFileSync(artifactPath('browser-picture.png'), bytes);
    // one boid: a singular count
    await hook(page, () => window.flocklab.restart({ count: 1, params: window.flocklab.presetParams('flock') }));
    assert.match((await hook(page, () => window.flocklab.picture())).lines[0], / - 1 boid - /);
  });
});

test('keyboard: real buttons, visible focus, and the canvas pointer by keys', { timeout: 30000 }, async () => {
  await withPage({}, async (page) => {
    await page.focus('#run');
    await page.keyboard.press('Enter');
    assert.equal(await hook(page, () => window.flocklab.running()), true);
    await page.keyboard.press('Space');
    assert.equal(await hook(page, () => window.flocklab.running()), false);
    const outline = await page.$eval('#run', (b) => getComputedStyle(b).outlineStyle);
    assert.notEqual(outline, 'none', 'focus is visible');
    // every control has a label
    const unlabelled = await page.$$eval('input, select, button', (els) => els
      .filter((e) => !e.hidden && e.type !== 'hidden' && !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
      .map((e) => e.id || e.outerHTML));
    assert.deepEqual(unlabelled, []);
    await page.focus('#overlay');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    let events = await hook(page, () => window.flocklab.events());
    assert.deepEqual(events.at(-1)[2], { pointer: 'predator:440,280' });
    await page.keyboard.press('Escape');
    events = await hook(page, () => window.flocklab.events());
    assert.deepEqual(events.at(-1)[2], { pointer: '' });
  });
});

test('a phone-sized window: no sideways scrolling, canvas fills the width', { timeout: 30000 }, async () => {
  await withPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 }, async (page) => {
    await hook(page, () => window.flocklab.step(300));
    const { scroll, canvas } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      canvas: document.getElementById('overlay').getBoundingClientRect().width,
    }));
    assert.ok(scroll <= 390, `page width ${scroll}`);
    assert.ok(canvas >= 340, `canvas width ${canvas}`);
    const file = artifactPath('browser-phone.png');
    await page.screenshot({ path: file });
    assert.ok(statSync(file).size > 10000);
  });
});

test('a phone (390 x 844): the flock takes most of the screen, turned to fit, the controls are folded, a tap opens them', { timeout: 30000 }, async () => {
  await withPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 }, async (page) => {
    const stage = await page.evaluate(() => {
      const r = document.getElementById('overlay').getBoundingClientRect();
      return { width: r.width, height: r.height, bottom: r.bottom };
    });
    assert.ok(stage.height >= 0.55 * 844, `canvas ${stage.width} x ${stage.height}: at least 55% of the screen's height`);
    assert.ok(stage.bottom <= 844, `the whole canvas is on the first screen (bottom at ${stage.bottom})`);
    assert.ok(Math.abs(stage.width / stage.height - 560 / 900) < 0.01, 'the 900 x 560 world turned a quarter turn, not stretched');
    assert.equal(await page.isVisible('#turn-note'), true, 'the page says the world is turned');
    // boids are marks, not specks: at the start (spread out) each lights about 58 device pixels
    // (31 on the flat 372 x 231 canvas this layout replaced)
    const { lit } = await hook(page, () => window.flocklab.litPixels());
    assert.ok(lit > 1500 * 45, `${lit} pixels lit by 1500 boids`);
    // a press maps back to the world: the canvas's top left is the world's bottom left
    const box = await page.locator('#overlay').boundingBox();
    await page.mouse.move(box.x + 0.1 * box.width, box.y + 0.2 * box.height);
    await page.mouse.down();
    await hook(page, () => window.flocklab.step(1));
    await page.mouse.up();
    const [, px, py] = /^predator:(\d+),(\d+)$/.exec((await hook(page, () => window.flocklab.events()))[0][2].pointer).map(Number);
    assert.ok(Math.abs(px - 180) <= 2 && Math.abs(py - 504) <= 2, `pressed at world ${px},${py}, expected 180,504`);
    // every control panel starts folded; one tap on its heading opens it
    const panels = await page.$$eval('details.panel', (ds) => ds.filter((d) => !d.hidden).map((d) => ({ id: d.id, open: d.open })));
    assert.ok(panels.length >= 4, JSON.stringify(panels));
    assert.deepEqual(panels.filter((p) => p.open), [], 'folded');
    assert.equal(await page.isVisible('#p-alignment'), false);
    await page.click('#rules-panel > summary');
    assert.equal(await page.isVisible('#p-alignment'), true, 'one tap shows the rules');
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= 390, `page width ${scroll}`);
  });
});

test('a desktop window (1280 x 800) keeps the world unturned, large, and the controls open', { timeout: 30000 }, async () => {
  await withPage({}, async (page) => {
    const r = await page.evaluate(() => document.getElementById('overlay').getBoundingClientRect().toJSON());
    assert.ok(r.width >= 850 && Math.abs(r.width / r.height - 900 / 560) < 0.01, `canvas ${r.width} x ${r.height}`);
    assert.equal(await page.isVisible('#turn-note'), false);
    assert.deepEqual(await page.$$eval('details.panel', (ds) => ds.filter((d) => !d.hidden && !d.open).map((d) => d.id)), []);
  });
});

/**
 * Pixels of two PNG screenshots, decoded in the page: for each, how many differ from its most
 * common colour (the background), and how many differ between the two.
 */
async function comparePictures(page, first, second) {
  await installPngDecoder(page);
  return page.evaluate(async ([a, b]) => {
    const [pa, pb] = [(await window.decodePng(a)).pixels, (await window.decodePng(b)).pixels];
    const drawn = (p) => {
      const counts = new Map();
      for (let i = 0; i < p.length; i += 4) {
        const key = (p[i] << 16) | (p[i + 1] << 8) | p[i + 2];
        counts.set(key, (counts.get(key) || 0) + 1);
      }
      const background = Math.max(...counts.values());
      return p.length / 4 - background;
    };
    let changed = 0;
    if (pa.length === pb.length)
      for (let i = 0; i < pa.length; i += 4)
        changed += pa[i] !== pb[i] || pa[i + 1] !== pb[i + 1] || pa[i + 2] !== pb[i + 2] ? 1 : 0;
    return { pixels: pa.length / 4, samePixels: pa.length === pb.length, drawnA: drawn(pa), drawnB: drawn(pb), changed };
  }, [first.toString('base64'), second.toString('base64')]);
}

test('the flock is drawn on the canvas and moves between two frames', { timeout: 30000 }, async () => {
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.step(400));
    const first = await page.locator('#boids').screenshot();
    await hook(page, () => window.flocklab.step(30));
    const second = await page.locator('#boids').screenshot();
    const p = await comparePictures(page, first, second);
    assert.equal(p.samePixels, true, 'two screenshots of the same canvas have the same size');
    // 1500 boids, each several pixels: clearly more than a few stray pixels, far from all of them.
    for (const drawn of [p.drawnA, p.drawnB]) {
      assert.ok(drawn > 1500, `boids drawn: ${drawn} of ${p.pixels} pixels differ from the background`);
      assert.ok(drawn < p.pixels / 2, `mostly background: ${drawn} of ${p.pixels} pixels drawn`);
    }
    assert.ok(p.changed > 500, `30 steps later the picture changed (${p.changed} pixels)`);
  });
});

test('a screenshot of the page is saved as a test artifact, for each model', { timeout: 60000 }, async () => {
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.step(400));
    const file = artifactPath('browser-desktop.png');
    await page.screenshot({ path: file });
    assert.ok(existsSync(file) && statSync(file).size > 20000, file);
    for (const model of await hook(page, () => window.flocklab.modelMenu())) {
      await page.selectOption('#model', model);
      await hook(page, () => window.flocklab.step(200));
      const shot = artifactPath(`browser-desktop-${model}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      assert.ok(statSync(shot).size > 20000, shot);
    }
  });
});

test('the vicsek model runs in the page with the command line\'s bits, and its noise slider moves order live', { timeout: 60000 }, async () => {
  await withPage({ suffix: `${PAUSED}&model=vicsek` }, async (page) => {
    assert.equal(await hook(page, () => window.flocklab.model()), 'vicsek');
    await hook(page, () => window.flocklab.step(300));
    const cli = await cliRun(['--model', 'vicsek', '--steps', '300', '--seed', '42']);
    assert.equal(await hook(page, () => window.flocklab.hash()), cli.hash);
    // Low noise orders the particles; the slider's largest noise disorders them again, live.
    await hook(page, () => window.flocklab.setParams({ noise: 0.2 }));
    await hook(page, () => window.flocklab.step(700));
    const ordered = (await hook(page, () => window.flocklab.metrics())).polarization;
    await hook(page, () => window.flocklab.setParams({ noise: 6.28 }));
    await hook(page, () => window.flocklab.step(500));
    const disordered = (await hook(page, () => window.flocklab.metrics())).polarization;
    assert.ok(ordered > 0.9, `order at noise 0.2: ${ordered}`);
    assert.ok(disordered < 0.3, `order at noise 6.28: ${disordered}`);
    // The share link names the model and its live changes.
    const url = await hook(page, () => window.flocklab.shareUrl());
    assert.match(url, /model=vicsek/);
  });
});

test('a 3D flock is shown in perspective with the command line\'s bits, and dragging turns the view', { timeout: 60000 }, async () => {
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.restart({ model: 'steering', count: 1500, params: { dims: 3 } }));
    await hook(page, () => window.flocklab.pause());
    await hook(page, () => window.flocklab.step(200));
    const cli = await cliRun(['--model', 'steering', '--dims', '3', '--steps', '200', '--seed', '42']);
    assert.equal(await hook(page, () => window.flocklab.hash()), cli.hash);
    assert.match(await page.locator('#press-hint').textContent(), /drag the view to turn it/);
    const before = await page.locator('#stage').screenshot();
    const box = await page.locator('#overlay').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 6 });
    await page.mouse.up();
    const after = await page.locator('#stage').screenshot();
    const p = await comparePictures(page, before, after);
    assert.ok(p.drawnA > 1500, `boids and box drawn: ${p.drawnA} pixels`);
    assert.ok(p.changed > 2000, `the drag turned the view (${p.changed} pixels changed)`);
    assert.equal(await hook(page, () => window.flocklab.hash()), cli.hash, 'turning the view changes no bit of the run');
    // The PNG download draws the same 3D view under the caption, which names the dimension.
    const shown = await hook(page, () => window.flocklab.picture());
    assert.equal(shown.lines[0], 'steering (preset flock) - 1,500 boids - seed 42 - step 200');
    assert.ok(shown.lines.join(' ').includes('dims 3'), shown.lines.join(' '));
    await page.mouse.wheel(0, -400);
    await page.screenshot({ path: artifactPath('browser-desktop-3d.png') });
  });
});

/** Clicks the canvas at world point (x, y) (a 2D run). */
async function clickWorld(page, x, y) {
  const at = await hook(page, ([u, v]) => window.flocklab.screenPoint(u, v), [x + 0.2, y + 0.2]);
  await page.mouse.click(at.x, at.y);
}

// Species, predators and food (docs/model-steering.md): set up in the Species panel before the
// first step, the run has the command line's hash and its Share link replays to it; clicks spawn
// a predator and drop food, and a later link replays those too.
test('species from the panel: the command line\'s hash and a Share link; clicks spawn a predator and drop food; one chart line per species', { timeout: 60000 }, async () => {
  let first, later;
  await withPage({}, async (page) => {
    assert.equal(await page.isVisible('#species-panel'), true);
    await page.click('#species-add-predator');
    assert.deepEqual((await hook(page, () => window.flocklab.params())).species, ['prey:1500', 'hawk:3:role=predator']);
    await page.fill('#sp-prey-count', '500');
    await page.press('#sp-prey-count', 'Enter');
    await page.locator('#sp-prey-colour').fill('#00ccff');
    await page.click('#sp-hawk .species-more summary');
    await page.focus('#sp-hawk-max_speed');
    await page.keyboard.press('ArrowRight');  // 270 (1.5 times the model's) -> 275 px/s
    const species = ['prey:500:colour=#00ccff', 'hawk:3:role=predator,max_speed=275'];
    assert.deepEqual((await hook(page, () => window.flocklab.params())).species, species);
    assert.deepEqual(await hook(page, () => window.flocklab.events()), [], 'set before the first step: the run restarted');
    assert.equal(await hook(page, () => window.flocklab.count()), 503);
    assert.equal(await page.isDisabled('#count'), true, 'the species give the count');
    await hook(page, () => window.flocklab.step(150));
    const cli = await cliRun(['--model', 'steering', ...species.flatMap((s) => ['--species', s]), '--steps', '150', '--seed', '42']);
    assert.equal(await hook(page, () => window.flocklab.hash()), cli.hash);
    assert.equal(await page.textContent('#stat-hash'), cli.hash);
    const args = await hook(page, () => window.flocklab.cliArgs());
    assert.ok(!args.includes('--count') && args.filter((a) => a === '--species').length === 2, args.join(' '));
    first = { url: await hook(page, () => window.flocklab.shareUrl()), hash: cli.hash };
    // the chart: each species' order in its colour, and the catches
    const look = await hook(page, () => window.flocklab.appearance());
    let chart = await hook(page, () => window.flocklab.chart());
    assert.deepEqual(chart.views.map((v) => v.id), ['flock', 'species', 'catches']);
    assert.equal(chart.view, 'species');
    assert.deepEqual(chart.series.map((s) => [s.label, s.colour]), [['prey', '#00ccff'], ['hawk', '#d62728']]);
    assert.deepEqual(await page.$$eval('#legend li', (lis) => lis.map((li) => li.textContent)), ['prey', 'hawk']);
    assert.deepEqual(await page.$$eval('#kinds-legend li', (lis) => lis.map((li) => li.textContent)),
      ['prey500', 'hawk3 · predator'], 'the species legend');
    const [legendBox, canvasBox] = [await page.locator('#kinds-legend').boundingBox(), await page.locator('#boids').boundingBox()];
    assert.ok(legendBox.y >= canvasBox.y + canvasBox.height - 1, 'the legend sits under the canvas, hiding no boid and no food');
    assert.ok(look.kinds[1].predator && look.kinds[1].size > look.kinds[0].size);
    // a click spawns a hawk there
    await page.check('input[name="tool"][value="spawn"]');
    await clickWorld(page, 450, 280);
    assert.equal(await hook(page, () => window.flocklab.count()), 504);
    assert.equal((await hook(page, () => window.flocklab.appearance())).kinds[1].count, 4);
    assert.deepEqual(await hook(page, () => window.flocklab.events()), [[150, 'spawn', { species: 'hawk', x: 450, y: 280, z: 0 }]]);
    assert.match(await page.textContent('#kinds-legend'), /hawk4 · predator/);
    // a click drops food there
    await page.check('input[name="tool"][value="drop"]');
    await clickWorld(page, 200, 150);
    assert.deepEqual((await hook(page, () => window.flocklab.params())).food, ['200,150:300']);
    const [food] = (await hook(page, () => window.flocklab.appearance())).food;
    assert.deepEqual([food.x, food.y, food.amount], [200, 150, 300]);
    await hook(page, () => window.flocklab.step(60));
    // the downloads name the species: the CSV has the command line's columns, the picture's caption the species
    const header = (await hook(page, () => window.flocklab.metricsCsv())).split('\n')[0].split(',');
    for (const column of ['prey.polarization', 'hawk.polarization', 'catches', 'catch_rate', 'food_eaten'])
      assert.ok(header.includes(column), `${column} in ${header}`);
    // segregation compares prey species: one prey species has none
    assert.ok(!header.includes('segregation'), `no segregation column in ${header}`);
    const caption = (await hook(page, () => window.flocklab.picture())).lines.join(' ');
    assert.ok(caption.includes('species prey 500, hawk 4') && caption.includes('1 food source'), caption);
    await page.screenshot({ path: artifactPath('browser-species.png') });
    await page.click('#chart-views input[value="catches"]');
    chart = await hook(page, () => window.flocklab.chart());
    assert.deepEqual(chart.series.map((s) => s.key), ['catches']);
    await page.locator('#species-panel').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('browser-species-panel.png') });
    later = { url: await hook(page, () => window.flocklab.shareUrl()), hash: await hook(page, () => window.flocklab.hash()) };
  });
  for (const [link, step, count] of [[first, 150, 503], [later, 210, 504]]) {
    const { page, errors, context, state } = await openPage(browser, link.url, { pause: false });
    try {
      assert.equal(state.ok, true, state.error);
      assert.equal(await hook(page, () => window.flocklab.stepCount()), step);
      assert.equal(await hook(page, () => window.flocklab.count()), count);
      assert.equal(await hook(page, () => window.flocklab.hash()), link.hash, `the link to step ${step} replays to the same hash`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test('3D with species: a click spawns a predator (adding the species) and drops food at the middle depth', { timeout: 30000 }, async () => {
  await withPage({}, async (page) => {
    await hook(page, () => window.flocklab.restart({ params: { ...window.flocklab.params(), dims: 3, species: ['prey:600'] } }));
    await hook(page, () => window.flocklab.step(100));
    await page.check('input[name="tool"][value="spawn"]');
    assert.match(await page.textContent('#press-hint'), /the first adds the species hawk/);
    const centre = await hook(page, () => window.flocklab.screenPoint(450, 280, 280));
    await page.mouse.click(centre.x, centre.y);
    assert.deepEqual((await hook(page, () => window.flocklab.params())).species, ['prey:600', 'hawk:1:role=predator']);
    assert.equal(await hook(page, () => window.flocklab.count()), 601);
    const [[step, kind, at]] = await hook(page, () => window.flocklab.events());
    assert.deepEqual([step, kind, at.species, at.z], [0, 'spawn', 'hawk', 280]);
    assert.ok(Math.abs(at.x - 450) <= 3 && Math.abs(at.y - 280) <= 3, `the middle of the box: ${JSON.stringify(at)}`);
    await page.check('input[name="tool"][value="drop"]');
    const spot = await hook(page, () => window.flocklab.screenPoint(300, 200, 280));
    await page.mouse.click(spot.x, spot.y);
    const [food] = (await hook(page, () => window.flocklab.params())).food;
    const [fx, fy] = food.split(/[,:]/).map(Number);
    assert.ok(Math.abs(fx - 300) <= 3 && Math.abs(fy - 200) <= 3 && /,280:300$/.test(food), food);
    await hook(page, () => window.flocklab.step(120));
    await page.screenshot({ path: artifactPath('browser-species-3d.png') });
    const { lit } = await hook(page, () => window.flocklab.litPixels());
    assert.ok(lit > 600 * 5, `${lit} pixels lit`);
  });
});

test('the built site from a plain static host (no isolation headers): the engine runs on one worker thread, says so, and keeps the bits', { timeout: 60000 }, async () => {
  const plain = await serve(undefined, { plain: true });
  const { page, errors, context, state } = await openPage(browser, plain.url);
  try {
    assert.equal(state.ok, true, state.error);
    assert.equal(await page.evaluate(() => window.crossOriginIsolated), false);
    const lanes = { boids: 'scalar', hits: 'portable' };
    assert.deepEqual(await hook(page, () => window.flocklab.engine()), { threads: 1, lanes, isolated: false });
    assert.match(await page.textContent('#version'), /WebAssembly in a worker, 1 thread \(this page is not cross-origin isolated/);
    await hook(page, () => window.flocklab.restart({ count: 700, seed: '3' }));
    await hook(page, () => window.flocklab.step(200));
    const cli = await cliRun(['--model', 'steering', '--count', '700', '--steps', '200', '--seed', '3']);
    assert.equal(await hook(page, () => window.flocklab.hash()), cli.hash);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await plain.stop();
  }
});

test('the site ships no test hook: the page alone has no window.flocklab, and test_hook.js is not served', async () => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
    await page.goto(`${server.url}${PAUSED}`);
    await page.waitForFunction(() => document.getElementById('loading').hidden, null, { timeout: 30000 });
    assert.match(await page.textContent('#stat-hash'), /^[0-9a-f]{16}$/);
    assert.equal(await page.evaluate(() => typeof window.flocklab), 'undefined');
    assert.equal((await page.request.get(`${server.url}test_hook.js`)).status(), 404);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('open space: the couzin model\'s view follows its group, which the command line flies to the same hash', async () => {
  await withPage({}, async (page) => {
    await page.selectOption('#model', 'couzin');
    assert.equal(await hook(page, () => window.flocklab.model()), 'couzin');
    // A parallel group in 2D leaves the start's square of side 12 far behind.
    await hook(page, () => window.flocklab.restart({ seed: '4', count: 60, params: { ...window.flocklab.params(), dims: 2, dro: 8 } }));
    const steps = await hook(page, () => window.flocklab.step(1500));
    const { hash } = await cliRun(['--model', 'couzin', '--dims', '2', '--dro', '8', '--count', '60', '--seed', '4', '--steps', String(steps)]);
    assert.equal(await hook(page, () => window.flocklab.hash()), hash);
    // Every agent is drawn on the canvas: its canvas point lies inside it.
    const inside = await hook(page, () => window.flocklab.agentsOnCanvas());
    assert.equal(inside.total, 60);
    assert.equal(inside.onCanvas, 60, 'the view follows the group');
  });
});

test('the collective memory experiment: one click runs the couzin model with dro ramped up and down; its command line and Share link carry the ramps to the same hash', { timeout: 90000 }, async () => {
  let url, hash;
  await withPage({}, async (page) => {
    await page.click('button[data-experiment="memory"]');
    assert.equal(await hook(page, () => window.flocklab.model()), 'couzin');
    await hook(page, () => window.flocklab.pause());
    const now = await hook(page, () => window.flocklab.stepCount());
    const at = await page.evaluate((n) => window.flocklab.step(n), 3000 - now);
    assert.equal(at, 3000);
    // dro is 1.5 at step 3000 (2000 steps a unit): the note says so, and the group mills.
    assert.match(await page.textContent('#ramp-note'), /^Ramped: dro 0 → 6 \(steps 0–12,000\), 6 → 0 \(steps 12,000–24,000\); now dro 1\.5\.$/);
    const args = await hook(page, () => window.flocklab.cliArgs());
    assert.deepEqual(args.filter((a, k) => a === '--ramp' || args[k - 1] === '--ramp'),
      ['--ramp', 'dro=0:6@0-12000', '--ramp', 'dro=6:0@12000-24000']);
    const cli = await cliRun(args.slice(1).filter((a) => a !== '--hash'));
    hash = await hook(page, () => window.flocklab.hash());
    assert.equal(hash, cli.hash, `flocklab ${args.join(' ')}`);
    assert.ok((await hook(page, () => window.flocklab.metrics())).milling > 0.7, 'a torus on the way up');
    url = await hook(page, () => window.flocklab.shareUrl());
    assert.match(url, /&ramp=/);
    // The camera turns to look down the torus' axis (it showed a blob from the side: issue 46).
    for (let k = 0; k < 40; k++) await hook(page, () => window.flocklab.step(1));
    const [camera, aim] = [await hook(page, () => window.flocklab.camera()), await hook(page, () => window.flocklab.framing())];
    assert.equal(camera.follow, true);
    assert.ok(Math.abs(((camera.azimuth - aim.azimuth) % 360 + 540) % 360 - 180) < 5 && Math.abs(camera.elevation - aim.elevation) < 5,
      JSON.stringify({ camera, aim }));
    // The chart against dro: every sample knows the dro its last step ran with.
    await page.click('input[name="chart-view"][value="against-dro"]');
    assert.equal(await page.getAttribute('#chart', 'aria-label'), "Chart of polarization and milling and largest group's share against dro");
    const samples = await hook(page, () => window.flocklab.samples());
    assert.ok(Math.abs(samples.find((s) => s.step === 3000).ramped.dro - 1.4995) < 1e-12, 'dro at step 2999: 6 x 2999 / 12000');
    await page.locator('figure.chart').screenshot({ path: artifactPath('browser-memory-against-dro.png') });
    // A drag takes the camera over.
    const box = await page.locator('#overlay').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    assert.equal((await hook(page, () => window.flocklab.camera())).follow, false);
    assert.match(await page.textContent('#press-hint'), /^A 3D flock: drag the view to turn it/);
    // The experiment pauses where its ramps end, and says what comes after.
    await hook(page, (n) => window.flocklab.step(n), 23990 - 3040);
    await hook(page, () => window.flocklab.play());
    await page.waitForFunction(() => !window.flocklab.running());
    assert.equal(await hook(page, () => window.flocklab.stepCount()), 24000);
    assert.match(await page.textContent('#message'), /^The experiment is over: its ramps ended at step 24,000/);
  });
  const { page, errors, context, state } = await openPage(browser, url);
  try {
    assert.equal(state.ok, true, state.error);
    assert.equal(await hook(page, () => window.flocklab.stepCount()), 3000);
    assert.equal(await hook(page, () => window.flocklab.hash()), hash, 'the Share link replays the ramps');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the meters show the latest measurement between samples, and say which step it is from', { timeout: 60000 }, async () => {
  await withPage({}, async (page) => {
    // From step 1 at 5 steps a frame no step the loop asks for ends on a multiple of 10: the
    // meters kept step 1's values for the whole run before (issue 46).
    assert.equal(await page.evaluate(() => window.flocklab.step(1)), 1);
    await page.selectOption('#spf', '5');
    await page.click('#run');
    await page.waitForFunction(() => Number(document.getElementById('stat-step').textContent.replace(/,/g, '')) >= 61);
    const shown = await page.evaluate(() => ({
      step: Number(document.getElementById('stat-step').textContent.replace(/,/g, '')),
      order: document.getElementById('order-value').textContent,
      note: document.getElementById('measured-at').textContent,
      visible: document.getElementById('measured-at').style.visibility,
    }));
    await hook(page, () => window.flocklab.pause());
    const at = Number(/^Measured at step ([\d,]+)$/.exec(shown.note)?.[1].replace(/,/g, ''));
    assert.equal(shown.visible, 'visible', JSON.stringify(shown));
    assert.ok(at % 10 === 0 && at >= 60 && at < shown.step && shown.step - at < 10, JSON.stringify(shown));
    const samples = await hook(page, () => window.flocklab.samples());
    assert.equal(shown.order, samples.find((s) => s.step === at).polarization.toFixed(3));
    // Paused, the step shown is measured and the note makes way.
    await page.waitForFunction(() => document.getElementById('measured-at').style.visibility === 'hidden');
    assert.equal(await page.textContent('#order-value'), (await hook(page, () => window.flocklab.metrics())).polarization.toFixed(3));
  });
});

test('the ramp note shows the value the engine runs the next step with, whichever order the ramps are listed in', { timeout: 60000 }, async () => {
  await withPage({}, async (page) => {
    // Out of order: the ramp begun last (at step 4000) sets noise from then on, as the engine does.
    const ramps = ['noise=4.5:0.5@4000-8000', 'noise=0.5:4.5@0-4000'];
    assert.equal(await hook(page, (r) => window.flocklab.restart({ model: 'vicsek', preset: '', count: 40, seed: '3', params: {}, ramps: r }), ramps), true);
    const schedule = 'Ramped: noise 0.5 → 4.5 (steps 0–4,000), 4.5 → 0.5 (steps 4,000–8,000)';
    await page.waitForFunction((s) => document.getElementById('ramp-note').textContent === s, `${schedule}; now noise 0.5.`);
    await hook(page, () => window.flocklab.step(5000));
    assert.equal(await page.textContent('#ramp-note'), `${schedule}; now noise 3.5.`);
    // The noise slider follows the ramp and says so (it showed the start's 0.5 before: issue 46).
    assert.match(await page.textContent('#p-noise-out'), /^3\.5\b.*\(ramped\)$/);
    assert.equal(await page.evaluate(() => document.getElementById('p-noise').closest('.slider').classList.contains('ramped')), true);
    await page.locator('.stage-col').screenshot({ path: artifactPath('browser-ramp-note.png') });
    // The page's run is the command's, ramps in the same order.
    const args = await hook(page, () => window.flocklab.cliArgs());
    assert.deepEqual(args.filter((a, k) => args[k - 1] === '--ramp'), ramps);
    assert.equal(await hook(page, () => window.flocklab.hash()), (await cliRun(args.slice(1).filter((a) => a !== '--hash'))).hash);
    // A ramp not yet begun names no value.
    await hook(page, () => window.flocklab.restart({ model: 'vicsek', preset: '', count: 40, seed: '3', params: {}, ramps: ['noise=0.5:4.5@10-20'] }));
    await page.waitForFunction(() => document.getElementById('ramp-note').textContent === 'Ramped: noise 0.5 → 4.5 (steps 10–20).');
  });
});

test('a Share link whose ramps break a rule together is refused at its start in one line; the page runs the default flock', { timeout: 60000 }, async () => {
  // Each ramp alone is valid; together max_speed * dt passes the world's side at step 5. The
  // page used to start the run and fail midway; every ramped step is now checked first.
  const ramps = encodeURIComponent(JSON.stringify(['max_speed=180:3000@0-20', 'dt=0.01:3@0-20']));
  const opened = await openPage(browser, `${server.url}#v=2&model=steering&count=50&seed=1&params={}&at=10&ramp=${ramps}`);
  try {
    assert.equal(opened.state.ok, false);
    assert.match(opened.state.error, /^Cannot start: ramp (dt|max_speed)=[\d.:@-]+: at step 5, maxSpeed \* dt \([\d.]+ px\) must not exceed the world's smaller side \(560 px\)\.$/);
    assert.equal(await opened.page.textContent('#message'), opened.state.error);
    assert.equal(await hook(opened.page, () => window.flocklab.model()), 'steering');
    assert.deepEqual(await hook(opened.page, () => window.flocklab.cliArgs().filter((a) => a === '--ramp')), []);
  } finally {
    await opened.context.close();
  }
});

test('a Share link to a huge step asks first; its replay shows its progress, and Cancel, Run, Restart and the model menu stop it', { timeout: 120000 }, async () => {
  const huge = 2 ** 53 - 1;
  const link = `${server.url}#v=2&model=steering&count=300&seed=1&params={}&at=${huge}`;
  const replayText = () => document.getElementById('replay').hidden ? null : document.getElementById('replay-text').textContent;
  /** Opens the link, checks the question, answers "Replay it" and waits for the replay to show progress. */
  async function replaying() {
    const opened = await openPage(browser, link);
    const { page } = opened;
    assert.equal(opened.state.ok, true, opened.state.error);
    assert.equal(await hook(page, () => window.flocklab.stepCount()), 0, 'the run opens at its start');
    assert.match(await page.evaluate(replayText), /^This link replays its run to step 9,007,199,254,740,991, more than the 100,000 steps/);
    assert.equal(await page.isVisible('#replay-go'), true);
    await page.click('#replay-go');
    await page.waitForFunction(() => /^Replaying the shared run: step [1-9][\d,]* of 9,007,199,254,740,991 \(0\.0\u00a0%, about [\d,]+ years left\)…$/
      .test(document.getElementById('replay-text').textContent), null, { timeout: 20000 });
    assert.equal(await page.isVisible('#replay-progress'), true);
    return opened;
  }
  const stepShown = (page) => page.evaluate(() => Number(document.getElementById('stat-step').textContent.replaceAll(',', '')));

  // The question, answered Cancel: the run stays at its start, and the page says so.
  const opened = await openPage(browser, link);
  try {
    await opened.page.screenshot({ path: artifactPath('browser-replay-ask.png') });
    await opened.page.click('#replay-cancel');
    assert.equal(await opened.page.evaluate(replayText), null);
    assert.match(await opened.page.textContent('#message'), /shown at its start; its replay to step 9,007,199,254,740,991 was not run/);
    assert.deepEqual(opened.errors, []);
  } finally {
    await opened.context.close();
  }

  /** Opens the link's replay, stops it with `act`, waits until the replay is gone, then `check`s the page. */
  async function stoppedBy(act, check) {
    const opened = await replaying();
    try {
      await act(opened.page);
      await opened.page.waitForFunction(() => document.getElementById('replay').hidden);
      const result = await check(opened.page);
      assert.deepEqual(opened.errors, []);
      return result;
    } finally {
      await opened.context.close();
    }
  }

  // Cancel stops the replay where it is; the page's link then replays to that step and hash.
  const { url, hash, at } = await stoppedBy(async (page) => {
    const before = await stepShown(page);
    await page.waitForFunction((s) => Number(document.getElementById('stat-step').textContent.replaceAll(',', '')) > s, before);
    await page.screenshot({ path: artifactPath('browser-replay-progress.png') });
    await page.click('#replay-cancel');
  }, async (page) => {
    const at = await hook(page, () => window.flocklab.stepCount());
    assert.ok(at > 0 && at < huge);
    assert.match(await page.textContent('#message'), new RegExp(`^Replay stopped at step ${at.toLocaleString('en-US')} of 9,007,199,254,740,991`));
    assert.equal(await hook(page, () => window.flocklab.running()), false);
    assert.equal(await hook(page, () => window.flocklab.step(3)), at + 3, 'the controls work again');
    return { url: await hook(page, () => window.flocklab.shareUrl()), hash: await hook(page, () => window.flocklab.hash()), at };
  });
  const again = await openPage(browser, url);
  try {
    assert.equal(await hook(again.page, () => window.flocklab.stepCount()), at + 3);
    assert.equal(await hook(again.page, () => window.flocklab.hash()), hash);
  } finally {
    await again.context.close();
  }

  // Run stops it and runs on from there.
  await stoppedBy((page) => page.click('#run'), async (page) => {
    assert.equal(await hook(page, () => window.flocklab.running()), true);
    const from = await hook(page, () => window.flocklab.stepCount());
    await page.waitForFunction((s) => window.flocklab.stepCount() > s + 5, from);
    assert.equal(await page.textContent('#run'), 'Pause');
  });

  // Restart stops it and starts the run again from the seed.
  await stoppedBy((page) => page.click('#restart'), async (page) => {
    await hook(page, () => window.flocklab.pause());
    assert.equal(await hook(page, () => window.flocklab.model()), 'steering');
    assert.ok(await hook(page, () => window.flocklab.stepCount()) < 30, 'restarted');
  });

  // The model menu stops it and switches: the menu and the run show the same model.
  await stoppedBy((page) => page.selectOption('#model', 'vicsek'), async (page) => {
    await hook(page, () => window.flocklab.pause());
    assert.equal(await hook(page, () => window.flocklab.model()), 'vicsek');
    assert.equal(await page.inputValue('#model'), 'vicsek');
  });

  // A step beyond 2^53-1 is no exact number: refused with a message, not rounded.
  const refused = await openPage(browser, `${server.url}#v=2&model=steering&count=300&seed=1&params={}&at=9007199254740993`);
  try {
    assert.equal(refused.state.ok, false);
    assert.match(await refused.page.textContent('#message'), /the step must be a whole number from 0 to 9,007,199,254,740,991/);
  } finally {
    await refused.context.close();
  }
});
