// The engine against an independent reference: tests/reference/lab_reference.mjs, a plain pair loop
// in JavaScript written from docs/model-lab.md alone. Grid and brute search must match it to the
// last bit after 300 steps, over seeds, counts and parameter sets, so that a slip in the engine's
// arithmetic or order (not only a grid/brute disagreement) is caught. The 3D lab model (--dims 3,
// docs/model-lab.md "Three dimensions") is checked against the reference's --dims 3 the same way,
// with and without its cone noise.
#include <gtest/gtest.h>

#include <string>

#include "flocklab/flocklab.hpp"
#include "scenes.hpp"
#include "support/lab_params_builder.hpp"
#include "support/node_reference.hpp"
#include "support/state_compare.hpp"

namespace flocklab {
namespace {

constexpr int kSteps = 300;
const std::string kNode = FLOCKLAB_NODE;
const std::string kScript = std::string(FLOCKLAB_SOURCE_DIR) + "/tests/reference/lab_reference.mjs";

// Runs the JS reference from `start` for `steps` steps; the final state, or a failed assertion.
// The reference's run of `p` (its dims and noise too; the noise keyed by `noiseSeed`, steps
// counted from 0) from `start`.
void runReference(const LabParams& p, const Flock& start, int steps, const std::string& tag, Flock& result,
                  std::uint64_t noiseSeed = 0) {
  std::string args = "--steps " + std::to_string(steps) + " --separation " + writeDecimal(p.separation) +
                     " --alignment " + writeDecimal(p.alignment) + " --cohesion " + writeDecimal(p.cohesion) +
                     " --radius " + writeDecimal(p.radius) + " --max-speed " + writeDecimal(p.maxSpeed) + " --world " +
                     writeDecimal(p.world);
  if (p.dims == 3) args += " --dims 3";
  if (p.noise > 0)
    args += " --noise " + writeDecimal(p.noise) + " --seed " + std::to_string(noiseSeed) + " --first-step 0";
  runNodeReference(kNode, kScript, args, start, labSpace(p), tag, result);
}

// The engine with `options` from `start` for `steps` steps against the reference's result.
void expectEngineMatches(const char* name, const LabParams& p, const Flock& start, int steps, const Flock& reference,
                         const EngineOptions& options) {
  LabSimulation sim(p, start, options);
  sim.step(steps);
  const long boid = firstDifference(sim.flock(), reference);
  EXPECT_EQ(boid, -1) << name << " (" << start.size() << " boids, " << steps << " steps, " << toString(options.search)
                      << ", " << options.threads << " threads): first differing boid " << boid
                      << "\n  engine:    " << describeBoid(sim.flock(), boid)
                      << "\n  reference: " << describeBoid(reference, boid);
}

struct Case {
  const char* name;
  std::size_t count;
  std::uint64_t seed;
  LabParams params;
};

void expectMatchesReference(const Case& c) {
  SCOPED_TRACE(c.name);
  const Flock start = randomLabStart(c.count, c.params, c.seed);
  Flock reference;
  runReference(c.params, start, kSteps, std::to_string(c.seed), reference);
  if (testing::Test::HasFatalFailure()) return;
  ASSERT_EQ(reference.size(), c.count);
  for (NeighborSearch search : {NeighborSearch::Grid, NeighborSearch::Brute})
    expectEngineMatches(c.name, c.params, start, kSteps, reference, {search, 1});
}

}  // namespace

TEST(Reference, DefaultsAcrossSeedsAndCounts) {
  const Case cases[] = {
      {"one boid", 1, 1, LabParams{}},
      {"two boids", 2, 2, LabParams{}},
      {"two boids in a small world", 2, 3, with(10, 5)},
      {"50 boids", 50, 4, LabParams{}},
      {"120 boids, seed 42", 120, 42, LabParams{}},
      {"200 boids", 200, 5, LabParams{}},
  };
  for (const Case& c : cases) expectMatchesReference(c);
}

// With noise the reference draws the counter-based stream and turns by the polynomials itself
// (tests/reference/heading_noise.mjs, written from docs/random-numbers.md).
TEST(Reference, NoiseAsDocumented) {
  for (const double noise : {0.3, 2.0, 6.283185307179586}) {
    SCOPED_TRACE(noise);
    LabParams p;
    p.noise = noise;
    const Flock start = randomLabStart(300, p, 12);
    Flock reference;
    const std::string args = "--steps 200 --noise " + writeDecimal(noise) + " --seed 18446744073709551615";
    runNodeReference(kNode, kScript, args, start, Space::square(p.world), "noise", reference);
    if (testing::Test::HasFatalFailure()) return;
    for (NeighborSearch search : {NeighborSearch::Grid, NeighborSearch::Brute}) {
      LabSimulation sim(p, start, {search, 2}, 18446744073709551615ULL);
      sim.step(200);
      EXPECT_EQ(firstDifference(sim.flock(), reference), -1) << toString(search);
    }
  }
}

TEST(Reference, ParameterSets) {
  const Case cases[] = {
      {"radius 7 in world 61.3", 200, 6, with(7, 61.3)},
      {"separation 0", 120, 7, with(10, 100, 0, 1, 1)},
      {"alignment 0", 120, 8, with(10, 100, 1.5, 0, 1)},
      {"cohesion 0", 120, 9, with(10, 100, 1.5, 1, 0)},
      {"max speed 2.5", 150, 10, with(10, 100, 1.5, 1, 1, 2.5)},
      {"radius = L/2", 80, 11, with(25, 50)},
      {"radius > L/2", 60, 12, with(40, 50, 2, 0.5, 3)},
      {"dense crowd, strong separation", 200, 13, with(6, 30, 4, 1, 2, 0.7)},
  };
  for (const Case& c : cases) expectMatchesReference(c);
}

}  // namespace flocklab

namespace flocklab {
namespace {

// Boids in pairs at exactly representable offsets (6, 8) and (3, 4): squared distances of
// exactly r^2 = 100 and r^2/4 = 25, once inside the world and once across its wrapped edges.
// Neither pair may count as neighbours (< r^2) nor separate (< r^2/4) at the exact edge.
Flock exactEdgePairs() {
  Flock f;
  auto add = [&f](double x, double y, double vx, double vy) {
    f.x.push_back(x), f.y.push_back(y), f.vx.push_back(vx), f.vy.push_back(vy);
  };
  add(20, 30, 0.5, 0.25), add(26, 38, -0.25, 0.5);  // d2 = 100
  add(97, 50, 0.75, 0), add(3, 58, 0, -0.75);       // d2 = 100 across x's edge
  add(50, 20, 0.5, 0.5), add(53, 24, -0.5, 0.25);   // d2 = 25
  add(60, 98, 0.25, -0.5), add(63, 2, 0.5, 0.75);   // d2 = 25 across y's edge
  return f;
}

// The same pairs among `fillers` random boids kept off them, so that the grid path runs.
Flock exactEdgePairsAmong(std::size_t fillers) {
  Flock f = exactEdgePairs();
  const Flock extra = randomLabStart(fillers * 2, LabParams{}, 77);
  for (std::size_t i = 0; i < extra.size() && f.size() < 8 + fillers; ++i) {
    bool nearAPair = false;
    for (std::size_t k = 0; k < 8; ++k) {
      const Offsets o(Space::square(100));
      const double dx = o.dx(f.x[k], extra.x[i]), dy = o.dy(f.y[k], extra.y[i]);
      nearAPair = nearAPair || dx * dx + dy * dy < 400;
    }
    if (nearAPair) continue;
    f.x.push_back(extra.x[i]), f.y.push_back(extra.y[i]);
    f.vx.push_back(extra.vx[i]), f.vy.push_back(extra.vy[i]);
  }
  return f;
}

void expectExactEdgesMatch(const char* name, const Flock& start, const std::vector<unsigned>& threads) {
  SCOPED_TRACE(name);
  const LabParams p;  // r = 10, L = 100
  for (int steps : {1, 5}) {
    Flock reference;
    runReference(p, start, steps, "edges", reference);
    if (testing::Test::HasFatalFailure()) return;
    for (NeighborSearch search : {NeighborSearch::Grid, NeighborSearch::Brute})
      for (unsigned t : threads) expectEngineMatches(name, p, start, steps, reference, {search, t});
  }
}

}  // namespace

// Exactly r apart is not a neighbour; exactly r/2 apart does not separate. Eight boids take
// the scan-all path.
TEST(Reference, ExactEdgesOnTheScanAllPath) {
  const Flock start = exactEdgePairs();
  ASSERT_LE(start.size(), 256u);
  expectExactEdgesMatch("eight boids at the exact edges", start, {1});
}

// The same pairs among enough other boids that the grid path (over 256 boids) runs.
TEST(Reference, ExactEdgesOnTheGridPath) {
  const Flock start = exactEdgePairsAmong(400);
  ASSERT_GT(start.size(), 300u);
  expectExactEdgesMatch("exact edges among 400 boids", start, {1, 3});
}

// The grid path (above 256 boids) against the reference, for 1, 2 and 3 threads: dense flocks
// with neighbours across cells and across the wrapped edges, cells that do not divide the world
// evenly, and a world only two cells wide.
TEST(Reference, GridPathAboveTheScanAllLimit) {
  const Case cases[] = {
      {"600 boids at 5 times the default density", 600, 31, with(10, 100)},
      {"1500 boids in world 130", 1500, 32, with(10, 130)},
      {"900 boids, radius 7 in world 61.3", 900, 33, with(7, 61.3)},
      {"700 boids, radius 12 in world 100 (cells of 12.5)", 700, 34, with(12, 100, 2, 1, 1, 1.5)},
      {"400 boids, radius 25 in world 50 (two cells a side)", 400, 35, with(25, 50)},
  };
  constexpr int kGridSteps = 60;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const Flock start = randomLabStart(c.count, c.params, c.seed);
    Flock reference;
    runReference(c.params, start, kGridSteps, std::to_string(c.seed), reference);
    if (testing::Test::HasFatalFailure()) return;
    for (unsigned threads : {1u, 2u, 3u})
      expectEngineMatches(c.name, c.params, start, kGridSteps, reference, {NeighborSearch::Grid, threads});
  }
}

// The scene library's golden lab hashes are the reference's: its state after each scene hashes
// to the pinned value (so the pins were not taken from the engine alone).
TEST(Reference, GoldenLabScenesAreTheReferences) {
  int checked = 0;
  for (const scenes::Scene& s : scenes::golden()) {
    if (s.model != "lab") continue;
    Flock reference;
    runReference(scenes::params(s).as<LabParams>(), scenes::start(s), static_cast<int>(s.steps), "golden", reference,
                 s.seed);
    EXPECT_EQ(hashHex(stateHash(reference)), s.hash) << s.name;
    ++checked;
  }
  EXPECT_GE(checked, 2);
}

}  // namespace flocklab

namespace flocklab {
namespace {

// A 3D case: the lab parameters (dims set here), the start's seed and the noise's seed.
struct Case3d {
  const char* name;
  std::size_t count;
  std::uint64_t seed;
  LabParams params;
  int steps;
  double noise;
  std::uint64_t noiseSeed;
};

// The engine from a 3D random start against `lab_reference.mjs --dims 3`, bit for bit in x, y,
// z, vx, vy, vz, for grid and brute force and 1 and 3 threads.
void expectMatchesReference3d(const Case3d& c) {
  SCOPED_TRACE(c.name);
  LabParams p = c.params;
  p.dims = 3;
  p.noise = c.noise;
  const Flock start = randomLabStart(c.count, p, c.seed);
  ASSERT_TRUE(start.is3d());
  Flock reference;
  runReference(p, start, c.steps, "3d_" + std::to_string(c.seed), reference, c.noiseSeed);
  if (testing::Test::HasFatalFailure()) return;
  ASSERT_EQ(reference.size(), c.count);
  ASSERT_TRUE(reference.is3d());
  for (NeighborSearch search : {NeighborSearch::Grid, NeighborSearch::Brute})
    for (unsigned threads : {1u, 3u}) {
      LabSimulation sim(p, start, {search, threads}, c.noiseSeed);
      sim.step(c.steps);
      const long boid = firstDifference(sim.flock(), reference);
      EXPECT_EQ(boid, -1) << c.name << " (" << c.count << " boids, " << c.steps << " steps, " << toString(search)
                          << ", " << threads << " threads): first differing boid " << boid
                          << "\n  engine:    " << describeBoid(sim.flock(), boid)
                          << "\n  reference: " << describeBoid(reference, boid);
    }
}

}  // namespace

// Without noise: the defaults, worlds small enough that most neighbours lie across the wrapped
// faces, other weights and speeds, a radius above L/2, and enough boids for the grid path.
TEST(Reference, ThreeDimensionsAsDocumented) {
  const Case3d cases[] = {
      {"3D, 300 boids, defaults", 300, 41, LabParams{}, 100, 0, 0},
      {"3D, 200 boids in world 30", 200, 42, with(10, 30), 150, 0, 0},
      {"3D, radius 7 in world 61.3, other weights, max speed 2.5", 400, 43, with(7, 61.3, 2, 0.5, 3, 2.5), 80, 0, 0},
      {"3D, radius 12 > L/2 in world 20, strong separation", 150, 44, with(12, 20, 4, 1, 2, 0.7), 100, 0, 0},
      {"3D, 600 boids, radius 5 in world 40", 600, 45, with(5, 40), 60, 0, 0},
  };
  for (const Case3d& c : cases) expectMatchesReference3d(c);
}

// With noise the reference turns each clamped velocity within its cone itself (turn3d in
// tests/reference/heading_noise.mjs, written from docs/model-lab.md "Noise in 3D").
TEST(Reference, ThreeDimensionsWithNoiseAsDocumented) {
  const Case3d cases[] = {
      {"3D noise 0.7 in world 30", 200, 51, with(10, 30), 100, 0.7, 9},
      {"3D noise 0.2, defaults", 300, 52, LabParams{}, 100, 0.2, 5},
      {"3D noise 2, radius 6 in world 30, seed 2^64-1", 200, 53, with(6, 30), 150, 2.0, 18446744073709551615ULL},
      {"3D noise 2 pi (the whole sphere) in world 30", 200, 54, with(10, 30), 100, 6.283185307179586, 3},
      {"3D noise 1.3, radius 7 in world 61.3, other weights", 400, 55, with(7, 61.3, 2, 0.5, 3, 2.5), 80, 1.3, 77},
      {"3D noise 0.9, 600 boids, radius 5 in world 40", 600, 56, with(5, 40), 60, 0.9, 11},
  };
  for (const Case3d& c : cases) expectMatchesReference3d(c);
}

}  // namespace flocklab
