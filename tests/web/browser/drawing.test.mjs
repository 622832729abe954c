// Browser tests of the boid renderers (web/page/draw.js, draw_gl.js): every renderer draws each
// boid where the engine says it is (the drawn canvas's lit pixels against the boids' positions
// on the canvas), in the 12 heading colours, the plain colour or the species' colours with the
// predators' white outlines, antialiased except 'webgl-noaa'; the 3D view draws through the same
// renderer; the page picks a renderer at load unless ?renderer= names one; a lost WebGL context
// falls back to canvas 2D.
//
// Run: FLOCKLAB_CLI=build/release/flocklab node --test tests/web/browser/drawing.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withPage as withPausedPage } from './suite.mjs';

/** Opens a paused page with `query` after ?paused=1 (suite.mjs's withPage). */
const withPage = (query, body) => withPausedPage({ suffix: `?paused=1${query}` }, body);

const hook = (page, fn, arg) => page.evaluate(fn, arg);

/** The renderer drawing now: its kind (the footer's words), its variant and the footer's tooltip. */
const footer = (page) => page.evaluate(() => {
  const name = document.getElementById('renderer-name');
  return { text: name.textContent, variant: name.dataset.renderer, title: name.title, name: window.flocklab.renderer() };
});

/**
 * Draws the flock now and reads the boid canvas back: `lit` pixels (far from the background's
 * colour), `faint` ones (an antialiased edge: a little off the background), `hit`: the share of
 * boids with a lit pixel within 1 px of their position on the canvas, `near`: the share of lit
 * pixels within 8 px of some boid, `bins`: lit pixels by hue in the 12 heading sectors (saturated
 * ones only), `colours`: how many pixels are within 40 (each channel) of each of `colours`.
 */
function drawnFlock(page, colours = []) {
  return page.evaluate(async (colours) => {
    const { render, stageView, triangleSize } = await import('./stage.js');
    const { S, in3d, worldSize3d } = await import('./state.js');
    const { toCanvas } = await import('./view.js');
    const { project } = await import('./view3d.js');
    const boids = document.getElementById('boids');
    const copy = document.createElement('canvas');
    copy.width = boids.width;
    copy.height = boids.height;
    const ctx = copy.getContext('2d');
    render();
    ctx.drawImage(boids, 0, 0);  // at once: WebGL keeps no drawing buffer after the frame
    const { width: w, height: h } = copy, data = ctx.getImageData(0, 0, w, h).data;
    let points;
    if (in3d()) {
      const { frame } = project(S.flock, worldSize3d(), S.camera, w, h, triangleSize(), S.colour, {});
      points = Array.from({ length: frame.n }, (_, i) => ({ u: frame.x[i], v: frame.y[i] }));
    } else {
      const view = stageView(), [x, y] = S.flock.positions;
      points = Array.from({ length: S.flock.count }, (_, i) => toCanvas(view, x[i], y[i]));
    }
    const off = (i) => Math.abs(data[i] - 11) + Math.abs(data[i + 1] - 22) + Math.abs(data[i + 2] - 38);
    const isLit = (u, v) => u >= 0 && v >= 0 && u < w && v < h && off(4 * (v * w + u)) > 100;
    const nearby = new Uint8Array(w * h);
    let hit = 0;
    for (const { u, v } of points) {
      const cu = Math.round(u), cv = Math.round(v);
      let found = false;
      for (let dv = -1; dv <= 1; dv++) for (let du = -1; du <= 1; du++) found ||= isLit(cu + du, cv + dv);
      if (found) hit++;
      for (let dv = -8; dv <= 8; dv++) for (let du = -8; du <= 8; du++) {
        const pu = cu + du, pv = cv + dv;
        if (pu >= 0 && pv >= 0 && pu < w && pv < h) nearby[pv * w + pu] = 1;
      }
    }
    let lit = 0, faint = 0, near = 0;
    const bins = new Array(12).fill(0), counts = colours.map(() => 0);
    const rgbs = colours.map((c) => [1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16)));
    for (let p = 0; p < w * h; p++) {
      const i = 4 * p, o = off(i), r = data[i], g = data[i + 1], b = data[i + 2];
      rgbs.forEach((c, k) => { if (Math.abs(r - c[0]) <= 40 && Math.abs(g - c[1]) <= 40 && Math.abs(b - c[2]) <= 40) counts[k]++; });
      if (o > 15 && o <= 100) faint++;
      if (o <= 100) continue;
      lit++;
      if (nearby[p]) near++;
      const max = Math.max(r, g, b), min = Math.min(r, g, b);
      if (max - min < 80) continue;
      let hue = max === r ? (g - b) / (max - min) : max === g ? 2 + (b - r) / (max - min) : 4 + (r - g) / (max - min);
      hue = (hue * 60 + 360) % 360;
      bins[Math.round(hue / 30) % 12]++;
    }
    return { n: points.length, total: w * h, lit, faint, hit: hit / points.length, near: near / Math.max(1, lit), bins, counts };
  }, colours);
}

/** The variant each ?renderer= name draws with. */
const VARIANTS = { '2d': '2d-paths', webgl: 'webgl', 'webgl-msaa': 'webgl-msaa', 'webgl-noaa': 'webgl-noaa' };

test('every renderer draws each boid where it is, in the 12 heading colours, antialiased (but webgl-noaa)', { timeout: 90000 }, async () => {
  for (const [asked, variant] of Object.entries(VARIANTS)) {
    await withPage(`&renderer=${asked}`, async (page) => {
      assert.equal((await footer(page)).variant, variant);
      await hook(page, () => window.flocklab.step(10));
      const d = await drawnFlock(page);
      const why = `${asked}: ${JSON.stringify(d)}`;
      assert.equal(d.n, 1500);
      assert.ok(d.lit > d.n * 8 && d.lit < d.total / 4, why);
      assert.ok(d.hit > 0.98, `${why}: boids drawn where they are`);
      assert.ok(d.near > 0.98, `${why}: nothing drawn away from the boids`);
      // 10 steps from a random start: every heading is there, so every sector's colour
      assert.equal(d.bins.filter((c) => c > d.lit / 200).length, 12, why);
      // antialiasing: the edges fade into the background (one level of colour without it)
      // (MSAA's 4 samples give fewer levels than canvas 2D's or the shaders' coverage)
      if (asked === 'webgl-noaa') assert.ok(d.faint < d.lit * 0.005, why);
      else assert.ok(d.faint > d.lit * 0.02, why);
    });
  }
});

test('with heading colour off every boid is drawn in the plain colour (canvas 2D and WebGL2)', { timeout: 30000 }, async () => {
  for (const asked of ['2d', 'webgl']) {
    await withPage(`&renderer=${asked}`, async (page) => {
      await page.click('#colour');
      await hook(page, () => window.flocklab.step(2));
      const d = await drawnFlock(page, ['#e8eef8']);
      assert.ok(d.counts[0] > d.lit * 0.5 && d.hit > 0.98, `${asked}: ${JSON.stringify(d)}`);
      assert.ok(d.bins.reduce((s, c) => s + c, 0) < d.lit * 0.01, `${asked}: no heading colours`);
    });
  }
});

test('species are drawn in their colours, predators outlined in white (canvas 2D and WebGL2)', { timeout: 30000 }, async () => {
  for (const asked of ['2d', 'webgl']) {
    await withPage(`&renderer=${asked}`, async (page) => {
      await hook(page, () => window.flocklab.restart({ params: { ...window.flocklab.params(),
        species: ['prey:600:colour=#00ccff', 'hawk:6:role=predator,colour=#ff8000'] } }));
      await hook(page, () => window.flocklab.step(5));
      const d = await drawnFlock(page, ['#00ccff', '#ff8000', '#ffffff']);
      const why = `${asked}: ${JSON.stringify(d)}`;
      assert.equal(d.n, 606);
      assert.ok(d.hit > 0.98 && d.near > 0.95, why);  // predators are bigger: their tips reach past 8 px
      assert.ok(d.counts[0] > 600 * 8, `${why}: the prey's colour`);
      assert.ok(d.counts[1] > 6 * 8, `${why}: the predators' colour`);
      assert.ok(d.counts[2] > 6 * 10, `${why}: the predators' white outlines`);
      assert.ok(d.counts[0] + d.counts[1] + d.counts[2] > d.lit * 0.6, `${why}: no heading colours`);
    });
  }
});

test('the 3D view draws the projected flock through the same renderer', { timeout: 30000 }, async () => {
  for (const asked of ['2d', 'webgl']) {
    await withPage(`&renderer=${asked}`, async (page) => {
      await hook(page, () => window.flocklab.restart({ params: { ...window.flocklab.params(), dims: 3 } }));
      await hook(page, () => window.flocklab.step(3));
      assert.equal((await footer(page)).variant, VARIANTS[asked]);
      const d = await drawnFlock(page);
      const why = `${asked}: ${JSON.stringify(d)}`;
      assert.ok(d.lit > d.n * 4, why);
      assert.ok(d.hit > 0.95 && d.near > 0.98, why);
      assert.ok(d.bins.filter((c) => c > d.lit / 200).length >= 10, `${why}: heading colours`);
    });
  }
});

test('the page picks a renderer by measuring, unless ?renderer= names one; a lost WebGL context falls back to canvas 2D', { timeout: 60000 }, async () => {
  for (const query of ['', '&renderer=nonsense']) {
    await withPage(query, async (page) => {
      const f = await footer(page);
      assert.ok(['webgl', '2d-paths'].includes(f.variant), JSON.stringify(f));
      assert.equal(f.text, f.name === 'webgl' ? 'drawn with WebGL2' : 'drawn with canvas 2D');
      // both candidates were timed (this machine has WebGL2 through SwiftShader)
      assert.match(f.title, /picked as the fastest here \(ms a sample frame: webgl \d+\.\d, 2d \d+\.\d\)/);
      await hook(page, () => window.flocklab.step(3));
      const d = await drawnFlock(page);
      assert.ok(d.hit > 0.98 && d.lit > d.n * 8, JSON.stringify(d));
      // one boid canvas under the overlay, whichever won
      assert.equal(await page.locator('#stage canvas#boids').count(), 1);
    });
  }
  await withPage('&renderer=webgl-msaa', async (page) => {
    const f = await footer(page);
    assert.deepEqual([f.text, f.variant, f.title], ['drawn with WebGL2', 'webgl-msaa', 'webgl-msaa, as asked (?renderer=)']);
  });
  await withPage('&renderer=webgl', async (page) => {
    await page.evaluate(() => document.getElementById('boids').getContext('webgl2').getExtension('WEBGL_lose_context').loseContext());
    await page.waitForFunction(() => window.flocklab.renderer() === '2d');
    const f = await footer(page);
    assert.deepEqual([f.text, f.variant], ['drawn with canvas 2D', '2d-paths']);
    assert.match(f.title, /WebGL context was lost/);
    await hook(page, () => window.flocklab.step(2));
    const d = await drawnFlock(page);
    assert.ok(d.hit > 0.98 && d.lit > d.n * 8, JSON.stringify(d));
  });
});
