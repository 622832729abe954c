// The npm package (the WebAssembly core) under node gives the native build's bits: for every
// model, the state hash after N steps equals `flocklab run --hash` for the same model,
// parameters, seed and steps. Run by ctest: FLOCKLAB_CLI is the native binary,
// FLOCKLAB_PACKAGE the built package (build/<preset>/wasm/package).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadPackage, nativeModelNames, nativeRun } from './support.mjs';

const lab = await loadPackage();
const registry = { models: lab.models(), metrics: lab.metrics() };
const presetOf = (model, name) => registry.models.find((x) => x.name === model).presets.find((p) => p.name === name);

const nativeHash = (args) => nativeRun(args).hash;

function wasmHash(model, params, count, seed, steps, drive = (f) => f.step(steps), preset = '') {
  const flock = new lab.Simulation(model, { ...params, count, seed, preset });
  try {
    drive(flock);
    assert.equal(flock.stepCount, steps);
    return flock.hash();
  } finally {
    flock.dispose();
  }
}

// Every golden scene of the scene library (scenes/scenes.json): the pinned hash, and the native
// command line's for the same scene.
const scenes = JSON.parse(readFileSync(new URL('../../../scenes/scenes.json', import.meta.url), 'utf8')).golden;

function sceneFlags(scene) {
  const args = ['--model', scene.model, '--count', String(scene.count), '--seed', String(scene.seed),
    '--steps', String(scene.steps)];
  if (scene.preset) args.push('--preset', scene.preset);
  for (const [key, value] of Object.entries(scene.params)) {
    const flag = `--${key.replaceAll('_', '-')}`;
    if (value === true) args.push(flag);
    else if (Array.isArray(value)) for (const item of value) args.push(flag, item);
    else if (value !== false) args.push(flag, String(value));
  }
  return args;
}

for (const scene of scenes) {
  test(`golden scene: ${scene.name}`, () => {
    const hash = wasmHash(scene.model, scene.params, scene.count, scene.seed, scene.steps, undefined, scene.preset ?? '');
    assert.equal(hash, scene.hash);
    assert.equal(nativeHash(sceneFlags(scene)), scene.hash);
  });
}

test('lab with other parameters set one by one, as the command line sets them', () => {
  const params = { separation: 2, alignment: 0.5, cohesion: 1.5, radius: 7, max_speed: 1.5, world: 61.3 };
  assert.equal(wasmHash('lab', params, 200, 9, 100),
    nativeHash(['--separation', '2', '--alignment', '0.5', '--cohesion', '1.5', '--radius', '7',
      '--max-speed', '1.5', '--world', '61.3', '--count', '200', '--seed', '9', '--steps', '100']));
});

for (const preset of ['flock', 'school', 'swarm', 'chaos']) {
  test(`steering preset ${preset}`, () => {
    const native = nativeHash(['--model', 'steering', '--preset', preset, '--count', '700', '--steps', '240']);
    // by name, and as the registry's values over the default preset
    assert.equal(wasmHash('steering', {}, 700, 42, 240, undefined, preset), native);
    assert.equal(wasmHash('steering', presetOf('steering', preset).params, 700, 42, 240), native);
  });
}

for (const preset of ['small', 'large']) {
  for (const sync of [false, true]) {
    test(`abm preset ${preset}${sync ? ' --sync' : ''}`, () => {
      const { count } = presetOf('abm', preset);
      const params = sync ? { sync: true } : {};
      const hash = wasmHash('abm', params, count, 11, 150, undefined, preset);
      assert.equal(hash, nativeHash(['--model', 'abm', '--preset', preset, ...(sync ? ['--sync'] : []),
        '--count', String(count), '--seed', '11', '--steps', '150']));
      // the registry's values of the preset give the same flight
      assert.equal(wasmHash('abm', { ...presetOf('abm', preset).params, ...params }, count, 11, 150), hash);
    });
  }
}

test('abm: the default preset is small; other values over a preset, as the command line\'s flags', () => {
  const model = registry.models.find((x) => x.name === 'abm');
  assert.equal(wasmHash('abm', {}, model.default_count, 42, 100), nativeHash(['--model', 'abm']));
  assert.equal(wasmHash('abm', { radius: 10, world: 80, sync: true }, 400, 3, 120, undefined, 'large'),
    nativeHash(['--model', 'abm', '--preset', 'large', '--sync', '--radius', '10', '--world', '80',
      '--count', '400', '--seed', '3', '--steps', '120']));
});

test('steering with walls, obstacles, a 270-degree field of view and a predator for steps 50-150', () => {
  const params = { edges: 'walls', fov: 270, obstacle: ['450,280,60', '200,150,30'] };
  const drive = (f) => {
    f.step(50);
    f.setPointer('predator', 600, 300);
    const [mode, xy] = f.params.pointer.split(':');
    assert.deepEqual([mode, ...xy.split(',').map(Number)], ['predator', 600, 300]);
    f.step(100);
    f.setPointer('off');
    f.step(90);
  };
  const hash = wasmHash('steering', params, 700, 9, 240, drive);
  // obstacles as [[x, y, r]] under the alias "obstacles" (the page's older links give them so)
  const { obstacle, ...rest } = params;
  assert.equal(wasmHash('steering', { ...rest, obstacles: [[450, 280, 60], [200, 150, 30]] }, 700, 9, 240, drive), hash);
  assert.equal(hash, nativeHash(['--model', 'steering', '--count', '700', '--steps', '240', '--seed', '9',
    '--edges', 'walls', '--fov', '270', '--obstacle', '450,280,60', '--obstacle', '200,150,30',
    '--pointer', 'predator:600,300@50-150']));
});

test('noise draws the same numbers in WebAssembly: lab and steering with --noise', () => {
  assert.equal(wasmHash('lab', { noise: 1 }, 300, 5, 200), nativeHash(['--noise', '1', '--count', '300', '--seed', '5', '--steps', '200']));
  assert.equal(wasmHash('steering', { noise: 0.3, fov: 300 }, 500, 6, 120),
    nativeHash(['--model', 'steering', '--noise', '0.3', '--fov', '300', '--count', '500', '--seed', '6', '--steps', '120']));
});

test('3D runs give the native hashes: lab with its cone noise, steering with walls, a sphere and a pointer in space', () => {
  assert.equal(wasmHash('lab', { dims: 3, world: 40, noise: 0.7 }, 400, 3, 150),
    nativeHash(['--dims', '3', '--world', '40', '--noise', '0.7', '--count', '400', '--seed', '3', '--steps', '150']));
  const steering = { dims: 3, edges: 'walls', fov: 270, obstacle: ['450,280,280,60'], pointer: 'food:200,200,100', noise: 0.2 };
  assert.equal(wasmHash('steering', steering, 600, 4, 120),
    nativeHash(['--model', 'steering', '--dims', '3', '--edges', 'walls', '--fov', '270', '--obstacle', '450,280,280,60',
      '--pointer', 'food:200,200,100', '--noise', '0.2', '--count', '600', '--seed', '4', '--steps', '120']));
});

// Species, predators and food (docs/model-steering.md): the after-move phase (bites, catches,
// rebirths or removals, food that comes back) runs serially from the counter-based stream, so
// WebAssembly gives the native bits, catches and food eaten.
function flags(name, items) {
  return items.flatMap((item) => [`--${name}`, item]);
}

const speciesRuns = [
  {
    name: '2D: two prey species (one flocking with the other), hawks and two food sources',
    params: { species: ['prey:400', 'starling:150:alignment=2,colour=#2ca02c,flocks_with=prey', 'hawk:3:role=predator,max_speed=260'],
      food: ['200,200:50', '650,300:80'] },
    seed: 7, steps: 300, args: [],
  },
  {
    name: '3D: prey and hawks in a box with walls, food in space, caught prey removed',
    params: { dims: 3, edges: 'walls', catches: 'remove', species: ['prey:300', 'hawk:2:role=predator,catch_radius=15'],
      food: ['300,300,280:60'] },
    seed: 4, steps: 200, args: ['--dims', '3', '--edges', 'walls', '--catches', 'remove'],
  },
];

for (const run of speciesRuns) {
  test(`species, a predator and food give the native hash: ${run.name}`, () => {
    const flock = new lab.Simulation('steering', { ...run.params, seed: run.seed });
    try {
      flock.step(run.steps);
      const native = nativeRun(['--model', 'steering', ...run.args, ...flags('species', run.params.species),
        ...flags('food', run.params.food), '--seed', String(run.seed), '--steps', String(run.steps)]);
      assert.equal(flock.hash(), native.hash);
      const metrics = flock.metrics();
      for (const key of ['catches', 'food_eaten', 'segregation', 'prey.polarization', 'hawk.polarization'])
        if (key in native.end) assert.equal(metrics[key], native.end[key], key);
      assert.ok(metrics.catches > 0, `the hawks caught something (${metrics.catches})`);
      assert.ok(metrics.food_eaten > 0, `the prey ate (${metrics.food_eaten})`);
      // the page's view of the species and food
      const look = flock.appearance();
      assert.deepEqual(look.kinds.map((k) => [k.name, k.predator]), run.params.species.map((t) => [t.split(':')[0], t.includes('role=predator')]));
      assert.equal(look.food.length, run.params.food.length);
      const kinds = flock.kindOf();
      assert.equal(kinds.length, flock.count);
      assert.equal(look.kinds.reduce((n, k) => n + k.count, 0), flock.count);
    } finally {
      flock.dispose();
    }
  });
}

test('the registry lists every model with its parameters, presets and the metric schema', () => {
  assert.deepEqual(registry.models.map((x) => x.name), nativeModelNames());
  for (const model of registry.models) {
    const f = new lab.Simulation(model.name, { seed: 1 });
    try {
      assert.equal(f.count, model.default_count, model.name);
      assert.deepEqual(Object.keys(f.params), model.params.map((p) => p.key), model.name);
      assert.equal(f.model, model.name);
      assert.deepEqual(Object.keys(f.metrics()), registry.metrics.map((x) => x.key));
    } finally {
      f.dispose();
    }
  }
});

test('every model on its defaults gives `flocklab run --hash` on its defaults, in 2D and 3D', () => {
  for (const model of registry.models) {
    for (const dims of model.params.some((p) => p.key === 'dims') ? [2, 3] : [2]) {
      const f = new lab.Simulation(model.name, dims === 3 ? { dims } : {});
      try {
        f.step(model.default_steps);
        const args = ['--model', model.name, ...(dims === 3 ? ['--dims', '3'] : [])];
        assert.equal(f.hash(), nativeHash(args), `${model.name} ${dims}D`);
      } finally {
        f.dispose();
      }
    }
  }
});
