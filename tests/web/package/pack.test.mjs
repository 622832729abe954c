// The package as a user gets it: `npm pack` gives a tarball that a fresh folder installs
// offline; there the README's five-line example, every example of the package's own README and
// examples/web/node_metrics.mjs give the command's hashes, and the typings compile under
// tsc --strict and catch six misuses.
// Run by ctest with FLOCKLAB_CLI and FLOCKLAB_PACKAGE; tsc is npm's (package-lock.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, installPacked, nativeRun } from './support.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const work = mkdtempSync(join(tmpdir(), 'flocklab-npm-'));
const app = join(work, 'app');
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

const nativeHash = (args) => nativeRun(args).hash;

/** The first ```js block of the README's section `heading`. */
function readmeExample(heading) {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(`\n## ${heading}\n`));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  assert.ok(match, `README.md's ${heading} section has a js example`);
  return match[1];
}

test('npm pack gives a tarball of the module, the engine, the typings and the README, which a fresh folder installs offline', () => {
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  const info = installPacked(app);
  assert.equal(info.name, 'flocklab');
  assert.equal(`flocklab ${info.version}`, execFileSync(CLI, ['--version'], { encoding: 'utf8' }).trim());
  assert.deepEqual(info.files.map((f) => f.path).sort(),
    ['README.md', 'flocklab_core.js', 'flocklab_core.wasm', 'flocklab_core_mt.js', 'flocklab_core_mt.wasm',
      'flocklab_core_mt.worker.js', 'index.d.ts', 'index.js', 'package.json']);
});

test('the README\'s example runs in that folder and prints the command\'s hash', () => {
  const example = readmeExample('JavaScript');
  assert.ok(example.trim().split('\n').length <= 5, 'five lines');
  // In a project as `npm init -y` leaves it (no "type": "module"), under the name the README
  // gives it; the package resolves from the folder above.
  const plain = join(app, 'plain');
  mkdirSync(plain);
  writeFileSync(join(plain, 'package.json'), JSON.stringify({ name: 'plain', version: '1.0.0' }));
  writeFileSync(join(plain, 'ex.mjs'), example);
  const out = execFileSync('node', ['ex.mjs'], { cwd: plain, encoding: 'utf8' });
  assert.match(out, new RegExp(nativeHash(['--model', 'steering', '--count', '500', '--seed', '42', '--vision', '60', '--steps', '600'])));
});

/** The package's own README (web/package/README.md, the one npm shows). */
const packageReadme = () => readFileSync(join(ROOT, 'web', 'package', 'README.md'), 'utf8');

test('every example of the package\'s README runs on the installed package as written', () => {
  const blocks = [...packageReadme().matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.equal(blocks.length, 2, 'a new block of the README needs its run here');
  const [first, canvas] = blocks;
  // The first as a user pastes it into a module: a flock that orders, with the command's bits.
  writeFileSync(join(app, 'readme_first.mjs'), first);
  const [polarization, hash] = execFileSync('node', ['readme_first.mjs'], { cwd: app, encoding: 'utf8' }).trim().split(' ');
  assert.equal(hash, nativeHash(['--model', 'steering', '--count', '500', '--seed', '42', '--vision', '60', '--steps', '300']));
  assert.ok(Number(polarization) >= 0.5, `the example's flock orders (polarization ${polarization})`);
  // The canvas loop after it, with a canvas context that counts what is drawn, for three frames.
  writeFileSync(join(app, 'readme_canvas.mjs'), `${first}
const canvas = { width: 900, height: 560 };
let frames = 0, drawn = 0;
const ctx = { clearRect() { drawn = 0; }, fillRect() { drawn += 1; } };
const requestAnimationFrame = (next) => { frames += 1; if (frames < 3) next(); };
${canvas}
frame();
console.log(frames, drawn, sim.stepCount);`);
  const lines = execFileSync('node', ['readme_canvas.mjs'], { cwd: app, encoding: 'utf8' }).trim().split('\n');
  assert.equal(lines.at(-1), '3 500 303');
  // The lists its API gives as examples: the species' and the obstacles' texts.
  const [species, obstacle] = [...packageReadme().matchAll(/`(\['[^`]*'\])`/g)].map((m) => JSON.parse(m[1].replaceAll("'", '"')));
  const check = `import { createFlocklab } from 'flocklab';
const { Simulation } = await createFlocklab();
const a = new Simulation('steering', { species: ${JSON.stringify(species)} });
const b = new Simulation('steering', { obstacle: ${JSON.stringify(obstacle)} });
console.log(a.count, a.appearance().kinds.map((k) => k.name + (k.predator ? '!' : '')).join(' '), b.obstacles.length);`;
  writeFileSync(join(app, 'readme_lists.mjs'), check);
  assert.equal(execFileSync('node', ['readme_lists.mjs'], { cwd: app, encoding: 'utf8' }).trim(), '303 prey hawk! 1');
});

test('examples/web/node_metrics.mjs runs on the installed package and prints the command\'s hash', () => {
  copyFileSync(join(ROOT, 'examples', 'web', 'node_metrics.mjs'), join(app, 'node_metrics.mjs'));
  const out = execFileSync('node', ['node_metrics.mjs'], { cwd: app, encoding: 'utf8' });
  assert.match(out, /^ 600 +0\.\d{3} +\d+ +[01]\.\d{3}$/m);
  assert.match(out, new RegExp(`hash ${nativeHash(['--count', '300', '--seed', '42', '--steps', '600'])}`));
});

test('the typings compile under tsc --strict, and catch each misuse', () => {
  const tsc = (file) => spawnSync('node', [TSC, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext',
    '--moduleResolution', 'nodenext', file], { cwd: app, encoding: 'utf8' });
  copyFileSync(join(ROOT, 'tests', 'web', 'package', 'typings_use.ts'), join(app, 'use.ts'));
  const use = tsc('use.ts');
  assert.equal(use.status, 0, use.stdout + use.stderr);
  copyFileSync(join(ROOT, 'tests', 'web', 'package', 'typings_misuse.ts'), join(app, 'misuse.ts'));
  const misuse = tsc('misuse.ts');
  assert.notEqual(misuse.status, 0);
  const lines = new Set([...misuse.stdout.matchAll(/misuse\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
  assert.deepEqual([...lines].sort((a, b) => a - b), [7, 8, 9, 10, 11, 12], misuse.stdout);
});
