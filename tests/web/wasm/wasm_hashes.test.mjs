// The WebAssembly build of the core under node gives the native build's bits: for both models,
// the state hash after N steps equals `flocklab run --hash` for the same model, parameters,
// seed and steps. Run by ctest: FLOCKLAB_CLI is the native binary, FLOCKLAB_WASM_NODE the
// node build of the module (build/<preset>/wasm/node/flocklab_node.cjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const cli = process.env.FLOCKLAB_CLI;
const modulePath = process.env.FLOCKLAB_WASM_NODE;
const m = createRequire(import.meta.url)(modulePath)();

function nativeHash(args) {
  const out = execFileSync(cli, ['run', ...args, '--hash', '--json', '--threads', '2'], { encoding: 'utf8' });
  return JSON.parse(out).hash;
}

function wasmHash(model, params, count, seed, steps, drive = (f) => f.step(steps)) {
  const flock = new m.Flock(model, JSON.stringify(params), count, String(seed));
  try {
    drive(flock);
    assert.equal(flock.stepCount(), steps);
    return flock.hash();
  } finally {
    flock.delete();
  }
}

test('lab defaults: 120 boids, seed 42, 600 steps', () => {
  assert.equal(wasmHash('lab', {}, 120, 42, 600), nativeHash([]));
  assert.equal(wasmHash('lab', {}, 120, 42, 600), 'e2cf14bff71a4ad4');  // the pinned golden
});

test('lab with other parameters and a world that r does not divide', () => {
  const params = { separation: 2, alignment: 0.5, cohesion: 1.5, radius: 7, max_speed: 1.5, world: 61.3 };
  assert.equal(wasmHash('lab', params, 200, 7, 400),
    nativeHash(['--separation', '2', '--alignment', '0.5', '--cohesion', '1.5', '--radius', '7',
      '--max-speed', '1.5', '--world', '61.3', '--count', '200', '--seed', '7', '--steps', '400']));
});

for (const preset of ['flock', 'school', 'swarm', 'chaos']) {
  test(`steering preset ${preset}`, () => {
    const params = JSON.parse(m.presetJson(preset));
    assert.equal(wasmHash('steering', params, 700, 42, 240),
      nativeHash(['--model', 'steering', '--preset', preset, '--count', '700', '--steps', '240']));
  });
}

test('steering with walls, obstacles, a 270-degree field of view and a predator for steps 50-150', () => {
  const params = { edges: 'walls', fov: 270, obstacles: [[450, 280, 60], [200, 150, 30]] };
  const hash = wasmHash('steering', params, 700, 9, 240, (f) => {
    f.step(50);
    f.setPointer('predator', 600, 300);
    f.step(100);
    f.setPointer('off', 0, 0);
    f.step(90);
  });
  assert.equal(hash, nativeHash(['--model', 'steering', '--count', '700', '--steps', '240', '--seed', '9',
    '--edges', 'walls', '--fov', '270', '--obstacle', '450,280,60', '--obstacle', '200,150,30',
    '--pointer', 'predator:600,300@50-150']));
});

test('bad parameters throw with a readable message', () => {
  assert.throws(() => new m.Flock('steering', '{"fov": 400}', 10, '1'), (e) => /field of view/.test(m.errorMessage(e)));
  assert.throws(() => new m.Flock('lab', '{"radius": "big"}', 10, '1'), (e) => /radius/.test(m.errorMessage(e)));
});
