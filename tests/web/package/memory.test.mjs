// The views a Simulation hands out (positions, velocities) held across every call that moves or
// frees the engine's memory, without reading the property again: a view kept is either the
// flock's current state (checked by hashing the held arrays in JavaScript, the engine's FNV-1a
// over the same bits, against sim.hash() and the native command) or, once the count changed or
// the flock was disposed, empty (length 0); and writing through any view, stale or not, changes
// no flock's hash. Run by ctest with FLOCKLAB_CLI and FLOCKLAB_PACKAGE, as api.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackage, nativeRun, withSimulation } from './support.mjs';

const lab = await loadPackage();
const { Simulation } = lab;
const withSim = (model, options, body) => withSimulation(Simulation, model, options, body);

/** The engine's state hash (src/io/state_hash.cpp) of held views: FNV-1a 64 over each value's little-endian bytes, boid by boid. */
function hashOf(positions, velocities) {
  const axes = [...positions, ...velocities];
  const bytes = new Uint8Array(new Float64Array([0]).buffer), value = new Float64Array(bytes.buffer);
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < axes[0].length; i++) {
    for (const axis of axes) {
      value[0] = axis[i];
      for (const b of bytes) h = BigInt.asUintN(64, (h ^ BigInt(b)) * 0x100000001b3n);
    }
  }
  return h.toString(16).padStart(16, '0');
}

/** Views taken once and kept: all axes, and whether they still show `sim`. */
function hold(sim) {
  const positions = sim.positions, velocities = sim.velocities;
  return {
    positions, velocities,
    length: () => positions[0].length,
    // the held arrays first: any call into the engine could bring a view of its memory up to date
    current: () => {
      const mine = hashOf(positions, velocities), length = positions[0].length;
      return length === sim.count && mine === sim.hash();
    },
    empty: () => [...positions, ...velocities].every((v) => v.length === 0 && v[0] === undefined),
    /** Writes 1e300 everywhere a stale pointer could reach: element by element (ignored past the end), then fill(), which throws on an empty view. */
    scribble: () => {
      for (const v of [...positions, ...velocities]) {
        for (let i = 0; i < Math.max(v.length, 64); i++) v[i] = 1e300;
        if (v.length === 0) assert.throws(() => v.fill(1e300), TypeError);
        else v.fill(1e300);
      }
    },
  };
}

test('views kept across steps show each step (the lab model gathers its arrays only when asked)', () => {
  for (const dims of [2, 3]) {
    withSim('lab', { count: 200, seed: 5, dims, ...(dims === 3 ? { world: 40 } : {}) }, (sim) => {
      const held = hold(sim);
      const first = held.positions[0][0];
      for (const n of [1, 10, 39]) {
        sim.step(n);
        assert.ok(held.current(), `${dims}D after ${sim.stepCount} steps`);
      }
      assert.notEqual(held.positions[0][0], first);
      const dimsArgs = dims === 3 ? ['--dims', '3', '--world', '40'] : [];
      assert.equal(hashOf(held.positions, held.velocities), nativeRun(['--count', '200', '--seed', '5', '--steps', '50', ...dimsArgs]).hash);
      // setParams changes the run; the held views follow the steps after it
      sim.setParams({ radius: 7 }).step(5);
      assert.ok(held.current());
    });
  }
});

test('a write through a held view changes only the copy: the flock and the next step are the command\'s', () => {
  withSim('steering', { count: 300, seed: 2 }, (sim) => {
    const held = hold(sim);
    sim.step(20);
    const before = sim.hash();
    held.scribble();
    assert.equal(sim.hash(), before);
    sim.step(25);
    assert.ok(held.current(), 'the next step refills the copies');
    assert.equal(sim.hash(), nativeRun(['--model', 'steering', '--count', '300', '--seed', '2', '--steps', '45']).hash);
  });
});

test('spawn: views held before it are empty, writes through them change no flock; the new views stay current', () => {
  const options = { species: ['prey:20', 'hawk:0:role=predator'], seed: 3 };
  const twin = new Simulation('steering', options), other = new Simulation('steering', { count: 20, seed: 9 });
  try {
    withSim('steering', options, (sim) => {
      sim.step(5);
      const held = hold(sim);
      sim.spawn('hawk', 300, 200);
      twin.step(5).spawn('hawk', 300, 200);
      assert.ok(held.empty(), 'views from before the spawn are detached');
      held.scribble();
      const fresh = hold(sim);
      assert.equal(fresh.length(), 21);
      sim.step(30);
      twin.step(30);
      other.step(35);
      assert.ok(fresh.current());
      assert.equal(sim.hash(), twin.hash(), 'the stale write reached no flock');
      assert.equal(other.hash(), nativeRun(['--model', 'steering', '--count', '20', '--seed', '9', '--steps', '35']).hash);
    });
  } finally {
    twin.dispose();
    other.dispose();
  }
});

test('catches that remove prey change the count inside a step: the views held before are empty', () => {
  withSim('steering', { species: ['prey:60', 'hawk:4:role=predator'], catches: 'remove', width: 200, height: 200, seed: 1 }, (sim) => {
    const held = hold(sim);
    let steps = 0;
    while (sim.count === 64 && steps < 3000) sim.step(10), steps += 10;
    assert.ok(sim.count < 64, 'a prey was caught');
    assert.ok(held.empty());
    const fresh = hold(sim);
    sim.step(10);
    assert.ok(fresh.current() || fresh.empty());
  });
});

test('views held across wasm memory growth stay current', () => {
  withSim('lab', { count: 100, seed: 3 }, (sim) => {
    sim.step(10);
    const held = hold(sim);
    const memory = lab.memoryBytes();
    withSim('lab', { count: 2000000, seed: 1 }, () => {});  // 64 MB of positions and velocities
    assert.ok(lab.memoryBytes() > memory, `the memory grew (${memory} -> ${lab.memoryBytes()} bytes)`);
    sim.step(10);
    assert.ok(held.current());
    assert.equal(sim.hash(), nativeRun(['--count', '100', '--seed', '3', '--steps', '20']).hash);
  });
});

test('dispose: held views are empty, and writes through them reach no other flock (the issue\'s cases)', () => {
  const a = new Simulation('lab', { count: 1000 });
  const [x] = a.positions, held = hold(a);
  a.dispose();
  assert.equal(x[0], undefined);
  assert.ok(held.empty());
  x[0] = 1e300;
  assert.equal(x[0], undefined, 'a write into an empty view does nothing');
  assert.throws(() => x.fill(1e300), (e) => e instanceof TypeError && /detached/.test(e.message));
  withSim('steering', { count: 500 }, (b) => {
    assert.equal(b.step(5).hash(), nativeRun(['--model', 'steering', '--count', '500', '--steps', '5']).hash);
  });
  // a small flock made after the dispose, where the freed memory may be reused
  const c = new Simulation('lab', { count: 20, seed: 4 });
  const d = new Simulation('steering', { count: 20, seed: 4 });
  const stale = hold(c);
  c.dispose();
  stale.scribble();
  withSim('steering', { count: 20, seed: 7 }, (e) => {
    hold(e).scribble();  // a live flock's own views: copies too
    d.step(15);
    e.step(15);
    assert.equal(d.hash(), nativeRun(['--model', 'steering', '--count', '20', '--seed', '4', '--steps', '15']).hash);
    assert.equal(e.hash(), nativeRun(['--model', 'steering', '--count', '20', '--seed', '7', '--steps', '15']).hash);
  });
  d.dispose();
});

test('a random sequence of calls: every view ever handed out is current or empty, never stale', () => {
  let seed = 12345;
  const random = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
  const options = { species: ['prey:30', 'hawk:1:role=predator'], catches: 'remove', width: 300, height: 300, seed: 6 };
  const sims = [new Simulation('steering', options)];
  const held = [];  // [sim, views]
  for (let i = 0; i < 150; i++) {
    const sim = sims[random(sims.length)];
    switch (random(6)) {
      case 0: held.push([sim, hold(sim)]); break;
      case 1: sim.step(1 + random(20)); break;
      case 2: sim.spawn(random(2), 1 + random(298), 1 + random(298)); break;
      case 3: sims.push(new Simulation('steering', { ...options, seed: i })); break;
      case 4: if (sims.length > 1) sims.splice(sims.indexOf(sim), 1), sim.dispose(); break;
      default: {
        const [owner, views] = held[random(held.length || 1)] ?? [];
        if (!views) break;
        const hashes = sims.map((s) => s.hash());
        views.scribble();
        assert.deepEqual(sims.map((s) => s.hash()), hashes, `call ${i}: a write through a view changed no flock`);
        if (!owner.disposed) owner.step(1);  // the copies, refilled
      }
    }
    for (const [owner, views] of held) {
      if (owner.disposed) assert.ok(views.empty(), `call ${i}: a disposed flock's views are empty`);
      else assert.ok(views.empty() || views.current(), `call ${i}: a view is current or empty`);
    }
  }
  for (const sim of sims) sim.dispose();
});
