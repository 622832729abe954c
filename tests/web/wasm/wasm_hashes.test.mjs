// The WebAssembly build of the core under node gives the native build's bits: for every model,
// the state hash after N steps equals `flocklab run --hash` for the same model, parameters,
// seed and steps. Run by ctest: FLOCKLAB_CLI is the native binary, FLOCKLAB_WASM_NODE the
// node build of the module (build/<preset>/wasm/node/flocklab_node.cjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';

const cli = process.env.FLOCKLAB_CLI;
const modulePath = resolve(process.env.FLOCKLAB_WASM_NODE);  // relative to the working folder
const m = createRequire(import.meta.url)(modulePath)();
const registry = JSON.parse(m.registryJson());
const presetOf = (model, name) => registry.models.find((x) => x.name === model).presets.find((p) => p.name === name);

function nativeHash(args) {
  const out = execFileSync(cli, ['run', ...args, '--hash', '--json', '--threads', '2'], { encoding: 'utf8' });
  return JSON.parse(out).hash;
}

function wasmHash(model, params, count, seed, steps, drive = (f) => f.step(steps), preset = '') {
  const flock = new m.Simulation(model, preset, JSON.stringify(params), count, String(seed));
  try {
    drive(flock);
    assert.equal(flock.stepCount(), steps);
    return flock.hash();
  } finally {
    flock.delete();
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
    f.setParams(JSON.stringify({ pointer: 'predator:600,300' }));
    const [mode, xy] = JSON.parse(f.paramsJson()).pointer.split(':');
    assert.deepEqual([mode, ...xy.split(',').map(Number)], ['predator', 600, 300]);
    f.step(100);
    f.setParams(JSON.stringify({ pointer: '' }));
    f.step(90);
  };
  const hash = wasmHash('steering', params, 700, 9, 240, drive);
  // the page's older links give obstacles as [[x, y, r]] under the key "obstacles"
  assert.equal(wasmHash('steering', { ...params, obstacle: undefined, obstacles: [[450, 280, 60], [200, 150, 30]] }, 700, 9, 240, drive), hash);
  assert.equal(hash, nativeHash(['--model', 'steering', '--count', '700', '--steps', '240', '--seed', '9',
    '--edges', 'walls', '--fov', '270', '--obstacle', '450,280,60', '--obstacle', '200,150,30',
    '--pointer', 'predator:600,300@50-150']));
});

test('bad parameters throw with a readable message', () => {
  assert.throws(() => new m.Simulation('steering', '', '{"fov": 400}', 10, '1'), (e) => /fov|field of view/.test(m.errorMessage(e)));
  assert.throws(() => new m.Simulation('lab', '', '{"radius": "big"}', 10, '1'), (e) => /radius/.test(m.errorMessage(e)));
  assert.throws(() => new m.Simulation('abm', '', '{"sync": 1}', 10, '1'), (e) => /sync/.test(m.errorMessage(e)));
  const f = new m.Simulation('steering', '', '{}', 10, '1');
  try {
    assert.throws(() => f.setParams('{"pointer": "cat:1,2"}'), (e) => /pointer/.test(m.errorMessage(e)));
  } finally {
    f.delete();
  }
});

test('noise draws the same numbers in WebAssembly: lab and steering with --noise', () => {
  assert.equal(wasmHash('lab', { noise: 1 }, 300, 5, 200), nativeHash(['--noise', '1', '--count', '300', '--seed', '5', '--steps', '200']));
  assert.equal(wasmHash('steering', { noise: 0.3, fov: 300 }, 500, 6, 120),
    nativeHash(['--model', 'steering', '--noise', '0.3', '--fov', '300', '--count', '500', '--seed', '6', '--steps', '120']));
});

test('a 3D flock shows its third axis as views: z and vz beside x, y, vx, vy', () => {
  const f = new m.Simulation('lab', '', JSON.stringify({ dims: 3, world: 40 }), 50, '7');
  try {
    assert.equal(f.dimensions(), 3);
    assert.equal(f.z().length, 50);
    assert.equal(f.vz().length, 50);
    assert.ok(Array.from(f.z()).every((v) => v >= 0 && v <= 40));
    assert.ok(Array.from(f.vz()).some((v) => v !== 0));
  } finally {
    f.delete();
  }
  const flat = new m.Simulation('lab', '', '{}', 10, '7');
  try {
    assert.equal(flat.dimensions(), 2);
    assert.equal(flat.z().length, 0);
  } finally {
    flat.delete();
  }
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
function nativeRun(args) {
  return JSON.parse(execFileSync(cli, ['run', ...args, '--hash', '--json', '--threads', '2'], { encoding: 'utf8' }));
}

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
    const flock = new m.Simulation('steering', '', JSON.stringify(run.params), 1, String(run.seed));
    try {
      flock.step(run.steps);
      const native = nativeRun(['--model', 'steering', ...run.args, ...flags('species', run.params.species),
        ...flags('food', run.params.food), '--seed', String(run.seed), '--steps', String(run.steps)]);
      assert.equal(flock.hash(), native.hash);
      const metrics = JSON.parse(flock.metricsJson());
      for (const key of ['catches', 'food_eaten', 'segregation', 'prey.polarization', 'hawk.polarization'])
        if (key in native.end) assert.equal(metrics[key], native.end[key], key);
      assert.ok(metrics.catches > 0, `the hawks caught something (${metrics.catches})`);
      assert.ok(metrics.food_eaten > 0, `the prey ate (${metrics.food_eaten})`);
      // the page's view of the species and food
      const look = JSON.parse(flock.appearanceJson());
      assert.deepEqual(look.kinds.map((k) => [k.name, k.predator]), run.params.species.map((t) => [t.split(':')[0], t.includes('role=predator')]));
      assert.equal(look.food.length, run.params.food.length);
      const kinds = flock.kindOf();
      assert.equal(kinds.length, flock.count());
      assert.equal(look.kinds.reduce((n, k) => n + k.count, 0), flock.count());
    } finally {
      flock.delete();
    }
  });
}

test('spawn adds a boid of a species where asked, and the species\' count grows; food dropped live keeps the old sources', () => {
  const flock = new m.Simulation('steering', '', JSON.stringify({ species: ['prey:200', 'hawk:0:role=predator'] }), 1, '3');
  try {
    flock.step(10);
    flock.spawn(1, 300, 200, 0);
    assert.equal(flock.count(), 201);
    assert.deepEqual(JSON.parse(flock.paramsJson()).species, ['prey:200', 'hawk:1:role=predator']);
    assert.equal(flock.kindOf()[200], 1);
    assert.deepEqual([flock.x()[200], flock.y()[200]], [300, 200]);
    flock.setParams(JSON.stringify({ food: ['100,100:40'] }));
    flock.step(20);
    const eaten = JSON.parse(flock.appearanceJson()).food[0];
    flock.setParams(JSON.stringify({ food: ['100,100:40', '500,300:100'] }));
    assert.deepEqual(JSON.parse(flock.appearanceJson()).food[0], eaten, 'the first source kept its state');
    assert.throws(() => flock.spawn(2, 1, 1, 0), (e) => /species/.test(m.errorMessage(e)));
  } finally {
    flock.delete();
  }
});

test('the registry lists every model with its parameters, presets and the metric schema', () => {
  assert.deepEqual(registry.models.map((x) => x.name).sort(), ['abm', 'lab', 'steering', 'vicsek']);
  for (const model of registry.models) {
    const f = new m.Simulation(model.name, '', '{}', model.default_count, '1');
    try {
      assert.deepEqual(Object.keys(JSON.parse(f.paramsJson())), model.params.map((p) => p.key), model.name);
      assert.equal(f.model(), model.name);
      assert.deepEqual(Object.keys(JSON.parse(f.metricsJson())), registry.metrics.map((x) => x.key));
    } finally {
      f.delete();
    }
  }
});
