// The couzin model (docs/model-couzin.md) against an independent reference:
// tests/reference/couzin_reference.mjs, a plain loop over every pair in JavaScript written
// from the page alone. The engine (grid path above the 256-agent scan-all limit, 1, 2 and 3
// threads; and brute force) must match it to the last bit in 2D and 3D, with and without the
// blind cone, noise and the turning limit; the golden scenes' hashes come from the reference
// too; in open space the grid follows a group far from its start; and the paper's states form
// where it says (a swarm, a torus, a parallel group) over seeds.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "flocklab/flocklab.hpp"
#include "flocklab/io/state_hash.hpp"
#include "scenes.hpp"
#include "support/node_reference.hpp"
#include "support/state_compare.hpp"

namespace flocklab {
namespace {

const std::string kNode = FLOCKLAB_NODE;
const std::string kScript = std::string(FLOCKLAB_SOURCE_DIR) + "/tests/reference/couzin_reference.mjs";

std::string referenceArgs(const CouzinParams& p, int steps, std::uint64_t seed) {
  auto num = [](double v) { return writeDecimal(v); };
  return "--steps " + std::to_string(steps) + " --repulsion " + num(p.repulsion) + " --dro " + num(p.dro) + " --dra " +
         num(p.dra) + " --fov " + num(p.fov) + " --turn-rate " + num(p.turnRate) + " --speed " + num(p.speed) +
         " --tau " + num(p.tau) + " --noise " + num(p.noise) + " --seed " + std::to_string(seed) + " --nearest " +
         num(p.nearest);
}

Flock reference(const CouzinParams& p, const Flock& start, int steps, std::uint64_t seed) {
  Flock out;
  runNodeReference(kNode, kScript, referenceArgs(p, steps, seed), start, CouzinSimulation::couzinSpace(p),
                   std::to_string(seed), out);
  return out;
}

void expectEngineMatches(const char* name, const CouzinParams& p, const Flock& start, int steps, std::uint64_t seed) {
  SCOPED_TRACE(name);
  const Flock expected = reference(p, start, steps, seed);
  if (testing::Test::HasFatalFailure()) return;
  ASSERT_EQ(expected.size(), start.size());
  const EngineOptions options[] = {
      {NeighborSearch::Grid, 1}, {NeighborSearch::Grid, 2}, {NeighborSearch::Grid, 3}, {NeighborSearch::Brute, 1}};
  for (const EngineOptions& o : options) {
    CouzinSimulation sim(p, start, o, seed);
    sim.step(steps);
    const long agent = firstDifference(sim.flock(), expected);
    EXPECT_EQ(agent, -1) << name << " (" << toString(o.search) << ", " << o.threads
                         << " threads): first differing agent " << agent
                         << "\n  engine:    " << describeBoid(sim.flock(), agent)
                         << "\n  reference: " << describeBoid(expected, agent);
  }
}

CouzinParams params(int dims) {
  CouzinParams p;
  p.dims = dims;
  return p;
}

TEST(CouzinReference, ThreeDimensionsAtTheDefaults) {
  const CouzinParams p = params(3);
  expectEngineMatches("3D defaults, 300 agents", p, randomCouzinStart(300, p, 5), 80, 5);
}

TEST(CouzinReference, TwoDimensionsWithANarrowFieldAndAFastTurn) {
  CouzinParams p = params(2);
  p.dro = 3;
  p.fov = 200;
  p.turnRate = 90;
  p.noise = 0.3;
  p.start = 20;
  expectEngineMatches("2D, fov 200, 300 agents", p, randomCouzinStart(300, p, 8), 80, 8);
}

TEST(CouzinReference, NoNoiseNoBlindConeAndFreeTurns) {
  for (const int dims : {2, 3}) {
    CouzinParams p = params(dims);
    p.noise = 0;
    p.fov = 360;
    p.turnRate = 4000;  // theta * tau = 400 degrees: every turn is free
    p.dro = 0;
    expectEngineMatches(dims == 3 ? "3D free turns" : "2D free turns", p, randomCouzinStart(260, p, 3), 40, 3);
  }
}

TEST(CouzinReference, AgentsAtRestAndAtTheSamePlace) {
  // Zero velocities (heading along x), two agents on one spot (no repulsion direction), a large
  // noise whose angles wrap past pi.
  for (const int dims : {2, 3}) {
    CouzinParams p = params(dims);
    p.noise = 4;
    Flock start = randomCouzinStart(40, p, 9);
    for (std::size_t i = 0; i < 10; ++i) {
      start.vx[i] = 0, start.vy[i] = 0;
      if (dims == 3) start.vz[i] = 0;
    }
    start.x[11] = start.x[12], start.y[11] = start.y[12];
    if (dims == 3) start.z[11] = start.z[12];
    expectEngineMatches(dims == 3 ? "3D at rest" : "2D at rest", p, start, 20, 9);
  }
}

TEST(CouzinReference, TopologicalNeighboursTheNearestKTiesByIndex) {
  for (const int dims : {2, 3}) {
    CouzinParams p = params(dims);
    p.nearest = 7;
    expectEngineMatches(dims == 3 ? "3D, 7 nearest" : "2D, 7 nearest", p, randomCouzinStart(300, p, 6), 60, 6);
  }
  // A square lattice of spacing 1.5: every agent has 4 neighbours at exactly 1.5 and 4 at
  // exactly 1.5 sqrt(2), so K = 3 and K = 6 cut through equal distances (the lower index wins).
  CouzinParams p = params(2);
  p.fov = 360;
  p.start = 40;
  for (const double k : {3.0, 6.0}) {
    p.nearest = k;
    Flock lattice;
    for (int row = 0; row < 18; ++row)
      for (int column = 0; column < 18; ++column) {
        lattice.x.push_back(1.5 * column), lattice.y.push_back(1.5 * row);
        lattice.vx.push_back(0.3), lattice.vy.push_back(0);
      }
    expectEngineMatches(k == 3 ? "lattice, 3 nearest" : "lattice, 6 nearest", p, lattice, 30, 2);
  }
}

TEST(CouzinReference, TheGoldenScenesHashesAreTheReferences) {
  int scenes = 0;
  for (const scenes::Scene& scene : scenes::golden()) {
    if (scene.model != "couzin") continue;
    ++scenes;
    const ParamSet set = scenes::params(scene);
    const CouzinParams& p = set.as<CouzinParams>();
    const Flock expected = reference(p, scenes::start(scene), static_cast<int>(scene.steps), scene.seed);
    if (testing::Test::HasFatalFailure()) return;
    EXPECT_EQ(hashHex(stateHash(expected)), scene.hash) << scene.name;
  }
  EXPECT_GE(scenes, 2);
}

TEST(CouzinOpenSpace, TheGridFollowsTheGroupFarFromItsStart) {
  // A parallel group travels s * tau = 0.3 a step: after 2000 steps it is hundreds of units
  // from the start's cube, and the grid over its bounding box still lists what brute force does.
  CouzinParams p = params(3);
  p.dro = 8;
  const Flock start = randomCouzinStart(300, p, 4);
  CouzinSimulation grid(p, start, {NeighborSearch::Grid, 2}, 4), brute(p, start, {NeighborSearch::Brute, 1}, 4);
  grid.step(2000);
  brute.step(2000);
  EXPECT_EQ(firstDifference(grid.flock(), brute.flock()), -1);
  double farthest = 0;
  for (std::size_t i = 0; i < grid.flock().size(); ++i)
    farthest = std::max(farthest, std::hypot(grid.flock().x[i], grid.flock().y[i], grid.flock().z[i]));
  EXPECT_GT(farthest, 100.0);
  EXPECT_EQ(grid.metrics().flocks, brute.metrics().flocks);
}

// The paper's states at N = 100 and dra = 12 over 4 seeds, 3000 steps each (300 s): a swarm at
// dro = 0, a torus at dro = 1, a parallel group at dro = 6 (last state's polarization and milling).
TEST(CouzinClaims, SwarmTorusAndParallelGroupFormWhereThePaperSaysOverSeeds) {
  struct State {
    double dro;
    bool (*holds)(const Metrics&);
    const char* name;
  };
  const State states[] = {
      {0, [](const Metrics& m) { return m.polarization < 0.35 && m.milling < 0.35; }, "swarm"},
      {1, [](const Metrics& m) { return m.polarization < 0.35 && m.milling > 0.7; }, "torus"},
      {6, [](const Metrics& m) { return m.polarization > 0.85 && m.milling < 0.3; }, "parallel"},
  };
  for (const State& state : states)
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      CouzinParams p;
      p.dro = state.dro;
      CouzinSimulation sim(p, randomCouzinStart(100, p, seed), {}, seed);
      sim.step(3000);
      const Metrics m = sim.metrics();
      EXPECT_TRUE(state.holds(m)) << state.name << " at dro " << state.dro << ", seed " << seed << ": polarization "
                                  << m.polarization << ", milling " << m.milling;
    }
}

}  // namespace
}  // namespace flocklab
