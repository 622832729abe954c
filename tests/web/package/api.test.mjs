// The npm package's API under node: positions and velocities as the native state, parameters by
// name with the command's messages, numbers out of range refused (never wrapped), live changes,
// species, and memory that create/dispose cycles and refused calls give back (views held across
// steps, spawns, growth and dispose: memory.test.mjs). Run by ctest with FLOCKLAB_CLI (the
// native binary) and FLOCKLAB_PACKAGE.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, loadPackage, nativeRun, PACKAGE, withSimulation, wordList } from './support.mjs';

const lab = await loadPackage();
const { Simulation } = lab;
const withSim = (model, options, body) => withSimulation(Simulation, model, options, body);

/** The command's one-line refusal of `args`, without the program's name. */
function nativeRefusal(args) {
  const r = spawnSync(CLI, ['run', ...args], { encoding: 'utf8' });
  assert.equal(r.status, 2, r.stderr);
  return r.stderr.trim().replace(/^flocklab( run)?: (error: )?/, '');
}

test('the version is the command\'s', () => {
  assert.equal(`flocklab ${lab.version}`, execFileSync(CLI, ['--version'], { encoding: 'utf8' }).trim());
});

test('positions and velocities are the native state, bit for bit', () => {
  withSim('lab', { count: 200, seed: 5 }, (sim) => {
    sim.step(150);
    const folder = mkdtempSync(join(tmpdir(), 'flocklab-views-'));
    try {
      const native = nativeRun(['--count', '200', '--seed', '5', '--steps', '150', '--save', join(folder, 'end.csv')]);
      assert.equal(sim.hash(), native.hash);
      // the command's state file, in round-trip decimals: column by column, the views' doubles
      const [header, ...rows] = readFileSync(join(folder, 'end.csv'), 'utf8').trim().split('\n');
      assert.equal(header, 'x,y,vx,vy');
      const views = [...sim.positions, ...sim.velocities];
      assert.ok(views.every((v) => v instanceof Float64Array && v.length === 200));
      rows.forEach((row, i) => assert.deepEqual(row.split(',').map(Number), views.map((v) => v[i]), `boid ${i}`));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const [x] = sim.positions;
    // the arrays are the Simulation's copies: a write into them leaves the flock as it was
    const before = sim.hash();
    x[7] += 1;
    assert.equal(sim.hash(), before);
  });
});

test('views kept across steps show each step, and are the same objects', () => {
  withSim('steering', { count: 300, seed: 2 }, (sim) => {
    sim.step(5);  // the grid's buffers are allocated in the first steps
    const positions = sim.positions, [x] = positions;
    const first = x[0];
    sim.step(40);
    assert.notEqual(x[0], first);
    assert.equal(sim.positions, positions);
    // a write into a copy is not the flock's: the hash stays the command's
    const native = nativeRun(['--model', 'steering', '--count', '300', '--seed', '2', '--steps', '45']).hash;
    x[0] += 1;
    assert.equal(sim.hash(), native);
  });
});

test('wasm memory growth moves no view: the property gives the same arrays after it', () => {
  withSim('lab', { count: 100, seed: 3 }, (sim) => {
    sim.step(10);
    const positions = sim.positions;
    const heap = lab.heapBytes(), memory = lab.memoryBytes();
    withSim('lab', { count: 2000000, seed: 1 }, () => {});  // 64 MB of positions and velocities: the memory grows
    assert.equal(lab.heapBytes(), heap, 'the big flock gave its memory back');
    assert.ok(lab.memoryBytes() > memory, 'the memory grew');
    sim.step(10);
    assert.equal(sim.positions, positions);
    assert.equal(positions[0].length, 100);
    assert.equal(sim.hash(), nativeRun(['--count', '100', '--seed', '3', '--steps', '20']).hash);
  });
});

test('3D flocks have three axes; 2D flocks two', () => {
  withSim('lab', { dims: 3, world: 40, count: 50, seed: 7 }, (sim) => {
    assert.equal(sim.dims, 3);
    assert.equal(sim.positions.length, 3);
    assert.ok(Array.from(sim.positions[2]).every((v) => v >= 0 && v <= 40));
    assert.ok(Array.from(sim.velocities[2]).some((v) => v !== 0));
  });
  withSim('lab', { count: 10 }, (sim) => assert.deepEqual([sim.dims, sim.positions.length], [2, 2]));
});

test('parameters by name in camelCase or snake_case, seeds as numbers, bigints or strings', () => {
  const native = nativeRun(['--model', 'steering', '--max-speed', '5', '--seed', '18446744073709551615', '--steps', '50']).hash;
  for (const options of [{ maxSpeed: 5, seed: 18446744073709551615n }, { max_speed: 5, seed: '18446744073709551615' },
    { 'max-speed': 5, seed: 2n ** 64n - 1n }]) {
    withSim('steering', options, (sim) => assert.equal(sim.step(50).hash(), native, JSON.stringify(Object.keys(options))));
  }
  withSim('abm', { preset: 'large', seed: 9 }, (sim) => {
    assert.equal(sim.count, lab.model('abm').presets.find((p) => p.name === 'large').count);
    assert.equal(sim.step(20).hash(), nativeRun(['--model', 'abm', '--preset', 'large', '--seed', '9', '--steps', '20']).hash);
  });
});

test('a refused value throws RangeError with the command\'s message, in the caller\'s spelling', () => {
  const cases = [
    ['lab', { radius: -1 }, ['--radius', '-1']],
    ['steering', { fov: 400 }, ['--model', 'steering', '--fov', '400']],
    ['steering', { maxSpeed: 0 }, ['--model', 'steering', '--max-speed', '0']],
    ['steering', { pointer: 'cat:1,2' }, ['--model', 'steering', '--pointer', 'cat:1,2']],
    ['steering', { species: ['prey:0'] }, ['--model', 'steering', '--species', 'prey:0']],
    ['abm', { preset: 'huge' }, ['--model', 'abm', '--preset', 'huge']],
  ];
  for (const [model, options, args] of cases) {
    const given = Object.keys(options)[0];
    const flag = args[args.length - 2];
    // the command's message with each flag as JavaScript names it: the parameter as the caller did, the rest in camelCase
    const expected = nativeRefusal(args).replaceAll(flag, given)
      .replace(/--([a-z][a-z-]*)/g, (_, name) => name.replace(/-([a-z])/g, (__, c) => c.toUpperCase()));
    assert.throws(() => new Simulation(model, options), (e) => e instanceof RangeError && e.message === expected,
      `${model} ${JSON.stringify(options)}: ${expected}`);
  }
});

test('the engine\'s messages reach JavaScript in its spelling, with no flag of the command line', () => {
  const inJavaScriptsWords = (pattern) => (e) =>
    e instanceof RangeError && pattern.test(e.message) && !e.message.includes('--') && !e.message.includes('\x1f');
  // a bad preset: the engine names the preset and the model by their keys
  assert.throws(() => new Simulation('steering', { preset: 'herd' }),
    inJavaScriptsWords(/^preset must be [a-z, ]+ with model steering \(got herd\)$/));
  // keys inside a message are spelled too: the caller's name for one given, camelCase for the rest
  assert.throws(() => new Simulation('steering', { maxSpeed: 1e6 }),
    inJavaScriptsWords(/^maxSpeed \* dt \(16666\.666666666668 px\) must not exceed the world's smaller side \(560 px\)$/));
  assert.throws(() => new Simulation('steering', { 'max-speed': 1e6 }), inJavaScriptsWords(/^max-speed \* dt \(/));
  assert.throws(() => new Simulation('steering', { species: ['prey:2'], count: 3 }),
    inJavaScriptsWords(/^count 3 differs from the species' total of 2; give the counts with species$/));
});

test('unknown names and values of the wrong type throw, naming them', () => {
  const refused = (model, options, type, pattern) =>
    assert.throws(() => new Simulation(model, options), (e) => e instanceof type && pattern.test(e.message), JSON.stringify(options));
  refused('lab', { radious: 3 }, RangeError,
    /^model lab has no parameter 'radious' \(did you mean radius\?\); models\(\) lists each model's parameters$/);
  refused('steering', { maxSped: 3 }, RangeError, /^model steering has no parameter 'maxSped' \(did you mean maxSpeed\?\)/);
  // The run library's sentence (runs/unknown_param.hpp), as Python's: a name that only begins
  // one parameter's is meant as it, spelled the package's way.
  refused('steering', { predato: 3 }, RangeError, /^model steering has no parameter 'predato' \(did you mean predatorWeight\?\)/);
  refused('lab', { steps: 600 }, RangeError, /^steps is not a setting of the simulation: give it to step\(n\)$/);
  refused('lab', { zzzqq: 1 }, RangeError, /^model lab has no parameter 'zzzqq'; models\(\) lists each model's parameters$/);
  refused('lab', { fov: 200 }, RangeError, /^model lab has no parameter 'fov'/);
  refused('lab', { radius: 'big' }, TypeError, /^radius must be a number \(got "big"\)/);
  refused('abm', { sync: 1 }, TypeError, /^sync must be true or false/);
  refused('lab', { radius: NaN }, RangeError, /^radius must be a finite number/);
  refused('lab', { count: 0 }, RangeError, /^count must be a whole number from 1 to 2\^53-1 \(got 0\)/);
  refused('lab', { count: 2.5 }, RangeError, /^count must be a whole number/);
  refused('lab', { count: '10' }, TypeError, /^count must be a number/);
  refused('lab', { seed: -1 }, RangeError, /^seed must be a whole number/);
  refused('lab', { seed: '12x' }, RangeError, /^seed must be a whole number from 0 to 2\^64-1 \(got 12x\)/);
  refused('lab', { seed: {} }, TypeError, /^seed must be a number, bigint or string/);
  refused('steering', { species: ['prey:30'], count: 31 }, RangeError, /^count 31 differs from the species' total of 30/);
  const names = lab.models().map((m) => m.name);
  assert.throws(() => new Simulation('boids'), (e) => e instanceof RangeError && e.message === `model must be ${wordList(names)} (got "boids")`);
  withSim('lab', {}, (sim) => {
    assert.throws(() => sim.step(-1), RangeError);
    assert.throws(() => sim.step('3'), TypeError);
  });
});

test('numbers out of range are refused with the argument and its range, never wrapped or cut', () => {
  const refused = (call, type, message) =>
    assert.throws(call, (e) => e instanceof type && e.message === message, message);
  withSim('lab', { count: 10 }, (sim) => {
    // a double past 2^53 is no exact count of steps, and the engine's uint64 cast of it wrapped to no step at all
    for (const [n, shown] of [[1e20, '100000000000000000000'], [2 ** 64, '18446744073709552000'], [1e300, '1e+300'],
      [2 ** 53, '9007199254740992'], [2.5, '2.5'], [-1, '-1'], [NaN, 'NaN'], [Infinity, 'Infinity']]) {
      refused(() => sim.step(n), RangeError, `steps must be a whole number from 0 to 2^53-1 (got ${shown})`);
    }
    assert.equal(sim.stepCount, 0);
    assert.equal(sim.step(0).stepCount, 0);
    refused(() => sim.spawn(0, 1, 1), RangeError, 'this lab run has no species to add a boid to');
  });
  for (const [count, shown] of [[1e20, '100000000000000000000'], [2 ** 64, '18446744073709552000'], [2 ** 53, '9007199254740992'], [-3, '-3']]) {
    refused(() => new Simulation('lab', { count }), RangeError, `count must be a whole number from 1 to 2^53-1 (got ${shown})`);
  }
  refused(() => new Simulation('lab', { count: 2 ** 53 - 1 }), RangeError,
    'count 9007199254740991 is more than the 4294967295 boids flocklab can index');
  refused(() => new Simulation('lab', { count: 2 ** 32 - 1 }), RangeError,
    'count 4294967295 needs more memory than the 2 GiB WebAssembly can address');
  refused(() => new Simulation('lab', { seed: 2 ** 53 }), RangeError,
    'seed must be a whole number from 0 to 2^53-1, or a bigint or string up to 2^64-1 (got 9007199254740992)');
  refused(() => new Simulation('lab', { seed: 2n ** 64n }), RangeError,
    'seed must be a whole number from 0 to 2^64-1 (got 18446744073709551616)');
  refused(() => new Simulation('steering', { species: ['prey:4294967296'] }), RangeError,
    'the species\' counts add up to more than 4294967295 boids');
  withSim('steering', { species: ['prey:20', 'hawk:0:role=predator'], seed: 3 }, (sim) => {
    // the engine's species index is a uint32: 2^32 was a boid of species 0, 2^31 "must be >= 0"
    for (const [kind, shown] of [[2 ** 32, '4294967296'], [2 ** 31, '2147483648'], [2, '2'], [-1, '-1'], [1.5, '1.5'], [NaN, 'NaN']]) {
      refused(() => sim.spawn(kind, 10, 10), RangeError, `kind must be a species' name or index from 0 to 1 (got ${shown})`);
    }
    refused(() => sim.spawn(null, 10, 10), TypeError, 'kind must be a species\' index or name (got null)');
    refused(() => sim.spawn(1, '10', 10), TypeError, 'x must be a number (got "10")');
    refused(() => sim.spawn(1, 10), TypeError, 'y must be a number (got undefined)');
    refused(() => sim.spawn(1, 10, Infinity), RangeError, 'the new boid\'s place is off the world');
    assert.equal(sim.count, 20);
    assert.equal(sim.spawn(1, 10, 10).count, 21);
  });
});

test('the engine module checks the numbers itself, for callers other than index.js', async () => {
  const createCore = (await import(`${PACKAGE}/flocklab_core.js`)).default;
  const core = await createCore({ wasmBinary: readFileSync(`${PACKAGE}/flocklab_core.wasm`) });
  const sim = core.create('steering', '', '{"species": ["prey:5", "hawk:0:role=predator"]}', -1, '1', '[]');
  try {
    for (const k of [1e20, 2 ** 64, 2 ** 53, -1, 0.5, NaN]) {
      assert.equal(sim.step(k), false, String(k));
      assert.match(core.lastError(), /^steps must be a whole number from 0 to 2\^53-1 \(got /);
    }
    assert.equal(sim.stepCount(), 0);
    assert.equal(sim.step(3), true);
    for (const kind of [2 ** 32, 2 ** 31 + 2 ** 32, -1, 0.5]) {
      assert.equal(sim.spawn(kind, 10, 10, 0), false, String(kind));
      assert.match(core.lastError(), /^kind must be a species index, a whole number from 0 to 4294967295 \(got /);
    }
    assert.equal(sim.spawn(2 ** 32 - 1, 10, 10, 0), false);
    assert.equal(core.lastError(), 'there is no species 4294967295 to add a boid to');
    assert.equal(sim.count(), 5);
    assert.equal(core.create('lab', '', '{}', 1e20, '1', '[]'), null);
    // the engine's own word marks the keys it names (index.js spells them)
    assert.equal(core.lastError(), '\x1fcount\x1f 1e20 is more than the 4294967295 boids flocklab can index');
    assert.equal(core.create('lab', '', '{}', NaN, '1', '[]'), null);
    assert.equal(core.lastError(), '\x1fcount\x1f must be a whole number of at least 1 (got nan)');
  } finally {
    sim.delete();
  }
});

test('setParams before a step gives the command\'s run with those flags; a refusal leaves the flock unchanged', () => {
  withSim('lab', { count: 150, seed: 4 }, (sim) => {
    // (rules only: the random start is drawn from the world and the speed when the flock is made)
    sim.setParams({ radius: 7, cohesion: 1.5 });
    assert.equal(sim.params.radius, 7);
    sim.step(80);
    assert.equal(sim.hash(), nativeRun(['--radius', '7', '--cohesion', '1.5', '--count', '150', '--seed', '4', '--steps', '80']).hash);
    const before = sim.params;
    assert.throws(() => sim.setParams({ radius: -2 }), (e) => e instanceof RangeError && /^radius must be/.test(e.message));
    assert.throws(() => sim.setParams({ world: 'x' }), TypeError);
    assert.deepEqual(sim.params, before);
  });
});

test('one check of the run library reaches the command and JavaScript, each spelling the key its way', () => {
  // The ramp's value beside the run's other parameters (apps/runs/ramp.cpp), written once in the
  // run library's pure part, which the glue links whole: the command names the keys as flags,
  // JavaScript as options (and Python as keywords: tests/python/test_simulation.py).
  const ramp = 'max_speed=1e9:1e9@0-10';
  const sentence = (rampKey, speed, dt) => `${rampKey} ${ramp}: at 1e9, ${speed} * ${dt} (16666666.666666666 px) ` +
    "must not exceed the world's smaller side (560 px)";
  assert.throws(() => new lab.Simulation('steering', { ramp }),
    (e) => e instanceof RangeError && e.message === sentence('ramp', 'maxSpeed', 'dt'));
  const cli = spawnSync(CLI, ['run', '--model', 'steering', '--ramp', ramp], { encoding: 'utf8' });
  assert.equal(cli.status, 2);
  assert.equal(cli.stderr, `flocklab: error: ${sentence('--ramp', '--max-speed', '--dt')}\n`);
});

test('a ramp moves a parameter before each step, as flocklab run --ramp does', () => {
  const args = ['--model', 'vicsek', '--count', '100', '--seed', '7', '--steps', '30', '--ramp', 'noise=0.5:4.5@10-20'];
  const expected = nativeRun(args).hash;
  withSim('vicsek', { count: 100, seed: 7, ramp: 'noise=0.5:4.5@10-20' }, (sim) => {
    sim.step(30);
    assert.equal(sim.hash(), expected);
  });
  withSim('vicsek', { count: 100, seed: 7, ramp: ['noise=0.5:4.5@10-20'] }, (sim) => {
    for (let k = 0; k < 30; k++) sim.step(1);  // one step at a time: the same values
    assert.equal(sim.hash(), expected);
  });
  assert.throws(() => new lab.Simulation('vicsek', { ramp: ['nois=0:1@0-5'] }),
    (e) => e instanceof RangeError && e.message === "ramp nois=0:1@0-5: model vicsek has no parameter 'nois' (did you mean noise?)");
  assert.throws(() => new lab.Simulation('vicsek', { ramp: 5 }), TypeError);
});

test('setPointer presses and lets go (the steering model\'s pointer, in 2D and 3D)', () => {
  withSim('steering', { count: 200, seed: 8 }, (sim) => {
    sim.step(20).setPointer('food', 300, 200).step(30).setPointer('off').step(10);
    assert.equal(sim.params.pointer, '');
    assert.equal(sim.hash(), nativeRun(['--model', 'steering', '--count', '200', '--seed', '8', '--steps', '60',
      '--pointer', 'food:300,200@20-50']).hash);
    assert.throws(() => sim.setPointer('cat', 1, 2), RangeError);
    assert.throws(() => sim.setPointer('food', 1), TypeError);
  });
  withSim('steering', { dims: 3, count: 100 }, (sim) => {
    sim.setPointer('predator', 100, 100, 50);
    assert.match(sim.params.pointer, /^predator:100,100,50/);
  });
  withSim('lab', {}, (sim) => assert.throws(() => sim.setPointer('food', 1, 2), /model lab has no parameter 'pointer'/));
});

test('species: spawn adds a boid of a species by index or name; food dropped live keeps the old sources', () => {
  withSim('steering', { species: ['prey:200', 'hawk:0:role=predator'], seed: 3 }, (sim) => {
    sim.step(10);
    sim.spawn('hawk', 300, 200);
    assert.equal(sim.count, 201);
    assert.deepEqual(sim.params.species, ['prey:200', 'hawk:1:role=predator']);
    assert.equal(sim.kindOf()[200], 1);
    assert.deepEqual([sim.positions[0][200], sim.positions[1][200]], [300, 200]);
    sim.setParams({ food: ['100,100:40'] });
    sim.step(20);
    const eaten = sim.appearance().food[0];
    sim.setParams({ food: ['100,100:40', '500,300:100'] });
    assert.deepEqual(sim.appearance().food[0], eaten, 'the first source kept its state');
    assert.throws(() => sim.spawn(2, 1, 1), (e) => e instanceof RangeError && /species/.test(e.message));
    assert.throws(() => sim.spawn('owl', 1, 1), /no species is called "owl"/);
  });
});

test('obstacles as texts or as numbers give the same flight', () => {
  const hashOf = (obstacle) => withSim('steering', { obstacle, count: 200, seed: 1 }, (sim) => sim.step(60).hash());
  assert.equal(hashOf(['450,280,60']), hashOf([[450, 280, 60]]));
  assert.equal(hashOf('450,280,60'), nativeRun(['--model', 'steering', '--obstacle', '450,280,60', '--count', '200', '--seed', '1', '--steps', '60']).hash);
});

test('dispose gives the memory back: 300 create/step/dispose cycles and 1,000 refused calls leave the heap as it was', () => {
  const cycle = () => withSim('steering', { count: 500, seed: 1, species: ['prey:490', 'hawk:10:role=predator'] }, (sim) => {
    sim.step(3);
    sim.metrics();
    sim.appearance();
    return sim.positions[0].length;
  });
  cycle();
  const before = lab.heapBytes();
  for (let i = 0; i < 300; i++) cycle();
  assert.equal(lab.heapBytes(), before, 'create/dispose');
  withSim('lab', {}, (sim) => {
    // One refusal first, so the last message held is this loop's (an earlier test's may be longer).
    assert.throws(() => sim.setParams({ radius: -1 }), RangeError);
    const held = lab.heapBytes();
    for (let i = 0; i < 500; i++) {
      assert.throws(() => new Simulation('lab', { radius: -1 }), RangeError);
      assert.throws(() => sim.setParams({ radius: -1 }), RangeError);
    }
    // A leak would grow the heap by an allocation (8 bytes or more) a call, 8,000 in all; the
    // allocator may move a few bytes once (the last message's buffer is replaced, not grown).
    assert.ok(Math.abs(lab.heapBytes() - held) <= 16, `refused calls: ${held} -> ${lab.heapBytes()} bytes`);
  });
});

test('refusals leak nothing, wherever the engine finds the fault: ramped steps, a world too small for the flock, a boid off the world', () => {
  // The engine's step code is compiled without -fexceptions (src/CMakeLists.txt): an exception
  // that started there freed nothing its frames held, and a refused ramped step lost 56 to 104
  // bytes, a lab world too small for its boids 43 (issue 43). The engine module checks these
  // values itself before they reach that code. A ramp's values may also be refused by new.
  const refusal = (body) => {
    try {
      body();
    } catch (e) {
      assert.ok(e instanceof RangeError, `${e}`);
      assert.doesNotMatch(e.message, /\n/);
      return e.message;
    }
    return null;
  };
  const rampedRun = (model, options, steps, live = {}) => () => {
    const sim = new Simulation(model, options);
    try {
      sim.setParams(live).step(steps);
    } finally {
      sim.dispose();
    }
  };
  withSim('lab', { count: 50, seed: 1 }, (labSim) => withSim('steering', { count: 20, species: ['prey:19', 'hawk:1:role=predator'] }, (birds) => {
    const cases = {
      'a ramp of nearest through fractions': rampedRun('couzin', { count: 10, ramp: 'nearest=0:32@0-10' }, 5),
      'ramps of dt and max_speed that break the world together': rampedRun('steering',
        { count: 10, ramp: ['dt=0.01:3@0-2', 'max_speed=180:3000@0-2'] }, 3),
      // valid when it began, refused at step 7 after a live change of dt: max_speed x dt beyond the world
      'a ramp of max_speed after a live change of dt': rampedRun('steering', { count: 10, ramp: 'max_speed=180:3000@5-10' }, 10, { dt: 0.5 }),
      'a lab world too small for its boids': () => labSim.setParams({ world: 20 }),
      'a boid off the world': () => birds.spawn('hawk', -5, 7),
      'a boid of a species there is not': () => birds.spawn(7, 5, 7),
    };
    for (const [name, body] of Object.entries(cases)) {
      const message = refusal(body);
      assert.ok(message, `${name}: refused`);
      refusal(body);
      const held = lab.heapBytes();
      for (let i = 0; i < 400; i++) refusal(body);
      assert.ok(Math.abs(lab.heapBytes() - held) <= 16, `${name} (${message}): ${held} -> ${lab.heapBytes()} bytes after 400 calls`);
    }
    assert.equal(refusal(cases['a ramp of max_speed after a live change of dt']), 'maxSpeed * dt (654 px) must not exceed the world\'s smaller side (560 px)');
    assert.equal(refusal(() => labSim.setParams({ world: 20 })), 'boid 0 is outside the world');
    assert.equal(refusal(() => birds.spawn('hawk', -5, 7)), "the new boid's place is off the world");
    assert.equal(labSim.params.world, 100, 'a refused change leaves the run as it was');
  }));
});

test('ramped() gives the values the engine runs each step with: of one parameter\'s ramps, the one begun last, in any order', () => {
  const ramps = ['noise=4.5:0.5@4000-8000', 'noise=0.5:4.5@0-4000'];
  const args = ['--model', 'vicsek', '--count', '40', '--seed', '3', '--steps', '5001'];
  const expected = nativeRun([...args, '--ramp', ramps[0], '--ramp', ramps[1]]).hash;
  assert.equal(nativeRun([...args, '--ramp', ramps[1], '--ramp', ramps[0]]).hash, expected, 'the command takes either order');
  withSim('vicsek', { count: 40, seed: 3, ramp: ramps }, (sim) => {
    assert.deepEqual(sim.ramped(), { noise: 0.5 }, 'the next step, step 0');
    assert.deepEqual([2000, 4000, 5000, 8000, 2 ** 53 - 1].map((k) => sim.ramped(k).noise), [2.5, 4.5, 3.5, 0.5, 0.5]);
    sim.step(5000);
    assert.deepEqual(sim.ramped(), { noise: 3.5 });
    sim.step(1);
    assert.equal(sim.params.noise, 3.5, 'the engine ran step 5000 with it');
    assert.equal(sim.hash(), expected);
    assert.throws(() => sim.ramped(-1), RangeError);
    assert.throws(() => sim.ramped(1.5), RangeError);
    assert.throws(() => sim.ramped('5'), TypeError);
  });
  withSim('vicsek', { count: 10, ramp: 'noise=0.5:4.5@10-20' }, (sim) => {
    assert.deepEqual(sim.ramped(), {}, 'before the ramp begins');
    assert.deepEqual(sim.ramped(15), { noise: 2.5 });
  });
  withSim('vicsek', { count: 10, ramp: ['noise=1:2@0-10', 'speed=0.1:0.2@0-10'] }, (sim) => {
    assert.deepEqual(Object.keys(sim.ramped()), ['noise', 'speed']);
  });
  withSim('lab', { count: 10 }, (sim) => assert.deepEqual(sim.ramped(), {}));
});

test('texts that are not well-formed UTF-16 (a lone surrogate) are refused in one line that names the option', () => {
  const lone = '\ud800';
  withSim('steering', { count: 20, species: ['prey:19', 'hawk:1:role=predator'] }, (sim) => {
    const cases = [
      [() => new Simulation('vicsek', { ramp: `noise=0.5${lone}:1@0-5` }), 'ramp must be well-formed text: it holds a lone surrogate (U+D800) at index 9'],
      [() => new Simulation('vicsek', { ramp: ['noise=0.5:1@0-5', 'x\udc00'] }), 'ramp must be well-formed text: it holds a lone surrogate (U+DC00) at index 1'],
      [() => new Simulation('steering', { species: [`pr${lone}ey:10`] }), 'species[0] must be well-formed text: it holds a lone surrogate (U+D800) at index 2'],
      [() => new Simulation('steering', { obstacle: [[1, 2, 3], `1,2${lone},3`] }), 'obstacle[1] must be well-formed text: it holds a lone surrogate (U+D800) at index 3'],
      [() => new Simulation('steering', { preset: `flock${lone}` }), 'preset must be well-formed text: it holds a lone surrogate (U+D800) at index 5'],
      [() => new Simulation('steering', { edges: `walls${lone}` }), 'edges must be well-formed text: it holds a lone surrogate (U+D800) at index 5'],
      [() => new Simulation('lab', { seed: `1${lone}` }), 'seed must be well-formed text: it holds a lone surrogate (U+D800) at index 1'],
      [() => new Simulation(`lab${lone}`), 'model must be well-formed text: it holds a lone surrogate (U+D800) at index 3'],
      [() => new Simulation('lab', { [`radius${lone}`]: 1 }), 'a parameter\'s name must be well-formed text: it holds a lone surrogate (U+D800) at index 6'],
      [() => sim.setParams({ pointer: `food:1${lone},2` }), 'pointer must be well-formed text: it holds a lone surrogate (U+D800) at index 6'],
      [() => sim.spawn(`hawk${lone}`, 1, 1), 'kind must be well-formed text: it holds a lone surrogate (U+D800) at index 4'],
    ];
    for (const [call, message] of cases) assert.throws(call, (e) => e instanceof RangeError && e.message === message, message);
  });
  // A whole pair is a character like any other, refused (or not) for what it says.
  assert.throws(() => new Simulation('steering', { preset: 'flock🐦' }), (e) => e instanceof RangeError && !/well-formed/.test(e.message));
});

test('a disposed Simulation refuses every call; a second dispose does nothing', () => {
  const sim = new Simulation('lab', { count: 10 });
  sim.dispose();
  sim.dispose();
  assert.ok(sim.disposed);
  for (const call of [() => sim.step(), () => sim.hash(), () => sim.positions, () => sim.metrics(), () => sim.setParams({})]) {
    assert.throws(call, /this Simulation was disposed/);
  }
});

test('models() and metrics() are the registry\'s, and copies', () => {
  const models = lab.models();
  const steering = models.find((m) => m.name === 'steering');
  const fov = steering.params.find((p) => p.key === 'fov');
  assert.ok(fov.help.length > 0 && fov.range.length > 0 && typeof fov.default === 'number');
  assert.ok(steering.presets.length >= 4);
  models.length = 0;
  assert.ok(lab.models().length >= 4);
  assert.deepEqual(lab.metrics().map((m) => m.key).slice(0, 4), ['polarization', 'milling', 'flocks', 'largest_flock']);
});

test('threads: one by default and on request; more than one needs an isolated browser page, so node refuses it', async () => {
  const { createFlocklab } = await import(`${new URL(`file://${PACKAGE}/index.js`).href}`);
  assert.equal(lab.threads, 1);
  const one = await createFlocklab({ threads: 1 });
  assert.equal(one.threads, 1);
  withSimulation(one.Simulation, 'steering', { count: 600, seed: 1 }, (sim) => {
    assert.equal(sim.step(5).hash(), nativeRun(['--model', 'steering', '--count', '600', '--seed', '1', '--steps', '5']).hash);
  });
  await assert.rejects(createFlocklab({ threads: 2 }), {
    name: 'RangeError',
    message: 'threads: 2 needs a browser page or worker that is cross-origin isolated; in node the package runs on one thread (threads: 1)',
  });
  for (const [threads, error] of [[0, RangeError], [65, RangeError], [1.5, RangeError], [Number.NaN, RangeError], ['2', TypeError]]) {
    await assert.rejects(createFlocklab({ threads }), error, String(threads));
  }
  await assert.rejects(createFlocklab({ threads: 0 }), { message: 'threads must be a whole number from 1 to 64 (got 0)' });
});

test('lanes: each model runs the faster kernel by default, either on request, with the command\'s bits', async () => {
  const { createFlocklab } = await import(`${new URL(`file://${PACKAGE}/index.js`).href}`);
  // Lanes of boids lose to one boid at a time in WebAssembly; a boid's hits in lanes win (bench/README.md).
  assert.deepEqual(lab.lanes, { boids: 'scalar', hits: 'portable' });
  const native = nativeRun(['--model', 'steering', '--count', '1500', '--seed', '3', '--steps', '40']).hash;
  for (const lanes of ['scalar', 'portable']) {
    const forced = await createFlocklab({ lanes });
    assert.deepEqual(forced.lanes, { boids: lanes, hits: lanes });
    withSimulation(forced.Simulation, 'steering', { count: 1500, seed: 3 }, (sim) => {
      assert.equal(sim.step(40).hash(), native, lanes);
    });
  }
  await assert.rejects(createFlocklab({ lanes: 'avx2' }), { name: 'RangeError', message: 'lanes must be scalar or portable (got avx2)' });
  await assert.rejects(createFlocklab({ lanes: 2 }), { name: 'TypeError', message: 'lanes must be a string (got 2)' });
});
