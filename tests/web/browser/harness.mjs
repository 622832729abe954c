// Shared set-up of the browser tests: serve the built site, launch Debian's Chromium through
// playwright-core, open the page and collect every console error and page error.
//
// Environment:
//   FLOCKLAB_CLI        the native `flocklab` binary: serves the site (`flocklab lab --port 0`,
//                       cross-origin isolated) and gives the reference hashes (`flocklab run --hash --json`).
//                       Unset: the site is served by `python3 -m http.server` (development only)
//                       and build/release/flocklab is used for the hashes.
//   FLOCKLAB_SITE       the built site folder (default build/release/wasm/site)
//   FLOCKLAB_ARTIFACTS  where screenshots go (default build/release/artifacts)
//   FLOCKLAB_CHROMIUM   the browser (default /usr/bin/chromium)
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const SITE = resolve(process.env.FLOCKLAB_SITE ?? join(ROOT, 'build/release/wasm/site'));
export const ARTIFACTS = resolve(process.env.FLOCKLAB_ARTIFACTS ?? join(ROOT, 'build/release/artifacts'));
export const CLI = process.env.FLOCKLAB_CLI ? resolve(process.env.FLOCKLAB_CLI) : join(ROOT, 'build/release/flocklab');
const CHROMIUM = process.env.FLOCKLAB_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Serves folder `dir` (default: the built site); resolves to {url, stop()}. `plain`: a static
 * server with no isolation headers (python's http.server), as a plain static host serves it.
 */
export async function serve(dir = SITE, { plain = false } = {}) {
  if (!existsSync(join(dir, 'index.html')) || (dir === SITE && !existsSync(join(SITE, 'flocklab', 'flocklab_core.wasm'))))
    throw new Error(`no built site in ${dir} (build with emscripten installed: cmake --build --preset release)`);
  let child, pattern;
  const withCli = process.env.FLOCKLAB_CLI && !plain;
  if (withCli) {
    child = spawn(CLI, ['lab', '--port', '0', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    pattern = /flocklab (?:serve|lab): serving .* at (http:\/\/\S+\/)/;
  } else {
    // Development fallback only: ask the OS for a free port through http.server's port 0.
    child = spawn('/usr/bin/python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    pattern = /Serving HTTP on \S+ port (\d+)/;
  }
  // Never leave the server behind, even when this process is interrupted.
  const killChild = () => { if (child.exitCode === null) child.kill('SIGTERM'); };
  process.once('exit', killChild);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => { killChild(); process.exit(130); });
  const url = await new Promise((resolveUrl, reject) => {
    let out = '', err = '';
    const timer = setTimeout(() => reject(new Error(`the server printed no URL within 10 s: ${out}${err}`)), 10000);
    const look = () => {
      const m = pattern.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolveUrl(withCli ? m[1] : `http://127.0.0.1:${m[1]}/`);
    };
    child.stdout.on('data', (d) => { out += d; look(); });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}): ${out}${err}`)); });
  });
  return {
    url,
    stop: () => new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    }),
  };
}

export async function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * Opens the page (optionally `suffix`, e.g. '#...' or '?renderer=webgl') in a new context, adds
 * the test hook and waits for its `ready`. Returns {page, errors, context}; `errors` collects console
 * errors, page errors and failed requests.
 */
export async function openPage(browser, baseUrl, { suffix = '', viewport = { width: 1280, height: 800 }, deviceScaleFactor = 1, pause = true } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`console: ${msg.text()}`); });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`); });
  await page.goto(baseUrl + suffix);
  await addHook(page);
  const state = await page.evaluate(() => window.flocklab.ready);
  if (!state.ok) errors.push(`not ready: ${state.error}`);
  if (pause) await page.evaluate(() => window.flocklab.pause());
  return { page, errors, context, state };
}

/** The page's test hook (web/page/test_hook.js): the site does not load it; the tests add it. */
const HOOK = readFileSync(join(ROOT, 'web/page/test_hook.js'), 'utf8');

/**
 * Adds the test hook window.flocklab to the lab page open in `page`, as a module script whose
 * imports resolve to the page's own modules, and waits until it is there.
 */
export async function addHook(page) {
  await page.addScriptTag({ type: 'module', content: HOOK });
  await page.waitForFunction(() => window.flocklab !== undefined, null, { timeout: 15000 });
}

const execFileP = promisify(execFile);

/** Runs `flocklab run ... --hash --json` and returns the parsed JSON summary. */
export async function cliRun(args) {
  const { stdout } = await execFileP(CLI, ['run', ...args, '--hash', '--json'], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout);
}

export function artifactPath(name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}
