// Screenshots of the page for a person to look at (not a test): desktop 1280x800 and phone
// 390x844, at the start and with a formed flock (the whole page too, the phone's panels folded),
// a run with species, hawks and food (and its Species panel), a Picture (PNG) download, into FLOCKLAB_ARTIFACTS (default
// build/release/artifacts). Run: node tests/web/browser/screenshots.mjs
import { artifactPath, launch, openPage, serve } from './harness.mjs';

const server = await serve();
const browser = await launch();
try {
  const shots = [
    { name: 'desktop', viewport: { width: 1280, height: 800 }, scale: 1 },
    { name: 'phone', viewport: { width: 390, height: 844 }, scale: 2 },
  ];
  for (const s of shots) {
    const { page, errors, context } = await openPage(browser, server.url, { viewport: s.viewport, deviceScaleFactor: s.scale });
    await page.evaluate(() => window.flocklab.step(30));
    await page.screenshot({ path: artifactPath(`page-${s.name}-start.png`) });
    await page.evaluate(() => window.flocklab.step(570));
    await page.screenshot({ path: artifactPath(`page-${s.name}-formed.png`) });
    await page.screenshot({ path: artifactPath(`page-${s.name}-full.png`), fullPage: true });
    // a phone starts with its control panels folded: open them for the pictures below
    await page.evaluate(() => { for (const d of document.querySelectorAll('details.panel')) d.open = true; });
    // Steering with walls, an obstacle and a predator held
    await page.evaluate(() => {
      window.flocklab.restart({ params: { ...window.flocklab.params(), edges: 'walls' } });
      window.flocklab.setParams({ obstacle: ['450,280,40'] });
      window.flocklab.step(300);
      window.flocklab.setParams({ pointer: 'predator:300,200' });
      window.flocklab.step(20);
    });
    await page.screenshot({ path: artifactPath(`page-${s.name}-walls.png`) });
    // Species: two prey species, hawks (one spawned by a click) and a food source dropped by a click
    await page.evaluate(() => window.flocklab.restart({ params: { ...window.flocklab.params(), edges: 'wrap', obstacle: [], pointer: '',
      species: ['prey:900', 'starling:300:alignment=1.5', 'hawk:3:role=predator'] } }));
    await page.evaluate(() => window.flocklab.step(300));
    for (const [tool, x, y] of [['spawn', 450, 280], ['drop', 250, 180]]) {
      await page.check(`input[name="tool"][value="${tool}"]`);
      const at = await page.evaluate(([u, v]) => window.flocklab.screenPoint(u, v), [x, y]);
      await page.mouse.click(at.x, at.y);
    }
    await page.evaluate(() => window.flocklab.step(60));
    await page.screenshot({ path: artifactPath(`page-${s.name}-species.png`) });
    await page.locator('#species-panel').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath(`page-${s.name}-species-panel.png`) });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.check('input[name="tool"][value="predator"]');
    await page.evaluate(() => window.flocklab.restart({ params: { ...window.flocklab.params(), species: [], food: [], edges: 'walls' } }));
    await page.evaluate(() => window.flocklab.step(20));
    // keyboard focus on a slider, and the About panel
    await page.focus('#p-alignment');
    await page.keyboard.press('ArrowLeft');
    await page.screenshot({ path: artifactPath(`page-${s.name}-focus.png`) });
    await page.locator('#about').scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath(`page-${s.name}-about.png`) });
    await page.evaluate(() => window.scrollTo(0, 0));
    // Every other model of the registry
    for (const model of await page.evaluate(() => window.flocklab.modelMenu())) {
      await page.selectOption('#model', model);
      await page.evaluate(() => window.flocklab.step(300));
      await page.screenshot({ path: artifactPath(`page-${s.name}-${model}.png`) });
    }
    await page.evaluate(() => window.flocklab.restart({ model: 'steering', preset: '', count: 1500, params: {} }));
    await page.evaluate(() => window.flocklab.step(600));
    const [png] = await Promise.all([page.waitForEvent('download'), page.click('#png')]);
    await png.saveAs(artifactPath(`picture-${s.name}.png`));
    console.log(s.name, errors.length ? errors : 'no console errors');
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
