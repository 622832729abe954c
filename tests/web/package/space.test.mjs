// The package's `space` and `obstacles` against the parameters each run was made from, for every
// model of the registry (models(), never a list written here) in each dimension count it takes:
// what the lab page draws comes from these, so they must be the world the engine steps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPackage, withSimulation } from './support.mjs';

const lab = await loadPackage();
const { Simulation } = lab;
const models = lab.models();

/** The dimension counts a model takes: 2, and 3 where its `dims` parameter allows it. */
function dimsOf(model) {
  const dims = model.params.find((p) => p.key === 'dims');
  return dims ? [2, 3].filter((d) => d >= dims.min && d <= dims.max) : [2];
}

/**
 * The world the parameters `p` describe, worked out here from the registry's keys (docs/model-*.md):
 * a square (a cube in 3D) of side `world`, or `width` x `height` (x `depth`); walls where
 * `edges` says so; open space with the start's box of side `start` (docs/model-couzin.md); the
 * unit of the parameter that gives the size.
 */
function expectedSpace(model, p) {
  const sizeKey = ['width', 'world', 'start'].find((k) => k in p);
  assert.ok(sizeKey in p, `${model.name}: no parameter gives its world's size; say here how its parameters give it`);
  const side = p[sizeKey];
  const dims = p.dims ?? 2;
  return {
    dims,
    width: side,
    height: p.height ?? side,
    depth: dims === 3 ? (p.depth ?? side) : 0,
    wrap: p.edges !== 'walls' && sizeKey !== 'start',
    open: sizeKey === 'start',
    unit: model.params.find((s) => s.key === sizeKey).unit,
  };
}

/** Parameters that change the world's size away from the default: each size parameter at its slider's top. */
function resized(model) {
  const out = {};
  for (const key of ['world', 'width', 'height', 'depth', 'start']) {
    const spec = model.params.find((s) => s.key === key);
    if (spec) out[key] = spec.slider.max;
  }
  return out;
}

/**
 * The box to show, by the documented rule (docs/javascript.md, `view`): the world's, or in open
 * space the square (cube) centred on the middle of the group's extent, 1.2 times its widest
 * extent and never less than the start's box.
 */
function expectedView(space, positions) {
  if (!space.open) return { x0: 0, y0: 0, z0: 0, width: space.width, height: space.height, depth: space.depth };
  let side = space.width;
  const middle = positions.map((axis) => {
    const lo = Math.min(...axis), hi = Math.max(...axis);
    side = Math.max(side, 1.2 * (hi - lo));
    return (lo + hi) / 2;
  });
  const [x0, y0, z0 = side / 2] = middle.map((m) => m - side / 2);
  return { x0, y0, z0: space.dims === 3 ? z0 : 0, width: side, height: side, depth: space.dims === 3 ? side : 0 };
}

for (const model of models) {
  for (const dims of dimsOf(model)) {
    const base = dims === 3 ? { dims } : {};
    test(`${model.name} ${dims}D: space is the world its parameters give, at the default and resized`, () => {
      for (const params of [base, { ...base, ...resized(model) }]) {
        withSimulation(Simulation, model.name, { count: 20, seed: 3, ...params }, (sim) => {
          const space = sim.space;
          assert.deepEqual(space, expectedSpace(model, sim.params));
          assert.equal(space.dims, sim.dims);
          // Every boid lies in the world the space describes (anywhere in open space).
          sim.step(5);
          const extents = [space.width, space.height, space.depth];
          sim.positions.forEach((axis, a) => {
            for (const v of axis)
              assert.ok(space.open ? Number.isFinite(v) : v >= 0 && v <= extents[a], `${model.name}: ${v} outside [0, ${extents[a]}]`);
          });
          assert.deepEqual(sim.view, expectedView(space, sim.positions));
          assert.equal(space.unit, model.length_unit);
        });
      }
    });

    test(`${model.name} ${dims}D: obstacles are the ones set, and none without`, () => {
      const spec = model.params.find((s) => s.key === 'obstacle');
      withSimulation(Simulation, model.name, { count: 20, seed: 3, ...base }, (sim) => {
        assert.deepEqual(sim.obstacles, []);
        if (!spec) return;
        const { width, height, depth } = sim.space;
        const placed = dims === 3
          ? [{ x: width / 4, y: height / 2, z: depth / 2, radius: 30 }, { x: width / 2, y: height / 4, z: depth / 4, radius: 12.5 }]
          : [{ x: width / 4, y: height / 2, radius: 30 }, { x: width / 2, y: height / 4, radius: 12.5 }];
        sim.setParams({ obstacle: placed.map((o) => Object.values(o).join(',')) });
        assert.deepEqual(sim.obstacles, placed);
        sim.setParams({ obstacle: [] });
        assert.deepEqual(sim.obstacles, []);
      });
    });
  }
}

test('walls: a model with edges reports them, and the space follows the choice', () => {
  const withEdges = models.filter((m) => m.params.some((p) => p.key === 'edges'));
  assert.ok(withEdges.length > 0, 'no model of the registry has edges');
  for (const model of withEdges) {
    for (const edges of model.params.find((p) => p.key === 'edges').choices) {
      withSimulation(Simulation, model.name, { count: 10, seed: 1, edges }, (sim) => {
        assert.equal(sim.space.wrap, edges !== 'walls', `${model.name} edges ${edges}`);
      });
    }
  }
});

test('space and obstacles of a disposed simulation throw', () => {
  const sim = new Simulation(models[0].name, { count: 5 });
  sim.dispose();
  assert.throws(() => sim.space, /disposed/);
  assert.throws(() => sim.obstacles, /disposed/);
});
