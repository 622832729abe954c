// Shared by the npm package's tests: the built package (FLOCKLAB_PACKAGE, set by ctest, or
// build/release's), the native command to compare with (FLOCKLAB_CLI), and the packed tarball
// installed into a folder as a user installs it.
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const PACKAGE = resolve(process.env.FLOCKLAB_PACKAGE ?? join(ROOT, 'build/release/wasm/package'));
export const CLI = resolve(process.env.FLOCKLAB_CLI ?? join(ROOT, 'build/release/flocklab'));

/** The loaded engine. */
export async function loadPackage() {
  return (await import(pathToFileURL(`${PACKAGE}/index.js`).href)).createFlocklab();
}

/** Runs `body` with a new `Simulation(model, options)` of the package and disposes of it. */
export function withSimulation(Simulation, model, options, body) {
  const sim = new Simulation(model, options);
  try {
    return body(sim);
  } finally {
    sim.dispose();
  }
}

/** `flocklab run ARGS --hash --json` on 2 threads: its JSON summary (hash, end metrics, ...). */
export function nativeRun(args) {
  return JSON.parse(execFileSync(CLI, ['run', ...args, '--hash', '--json', '--threads', '2'], { encoding: 'utf8' }));
}

/** The names of the models `flocklab models --json` lists, in its order (the native registry). */
export function nativeModelNames() {
  return JSON.parse(execFileSync(CLI, ['models', '--json'], { encoding: 'utf8' })).models.map((m) => m.name);
}

/** Words as the engine's messages list them (flocklab/word_list.hpp): 'a', 'a or b', 'a, b or c'. */
export function wordList(words, last = 'or') {
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
}

/** `npm pack` of the package into `folder`, then `npm install --offline` of that tarball there. Returns the tarball's npm pack entry. */
export function installPacked(folder) {
  const [info] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', folder], { cwd: PACKAGE, encoding: 'utf8' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(folder, info.filename)], { cwd: folder });
  return info;
}
