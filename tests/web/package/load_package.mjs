// The built npm package for the tests: FLOCKLAB_PACKAGE (set by ctest) or build/release's.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const PACKAGE = resolve(process.env.FLOCKLAB_PACKAGE ?? 'build/release/wasm/package');

/** The package's module (createFlocklab, ...). */
export function packageModule() {
  return import(pathToFileURL(`${PACKAGE}/index.js`).href);
}

/** The loaded engine. */
export async function loadPackage() {
  return (await packageModule()).createFlocklab();
}
