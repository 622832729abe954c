// The steering model against an independent reference: tests/reference/steering_reference.mjs,
// a plain pair loop in JavaScript written from docs/model-steering.md alone. The engine (grid
// path, above the 256-boid scan-all limit, 1, 2 and 3 threads; and brute force) must match it
// to the last bit with wrap and walls, an obstacle, a pointer as food and as a predator, and a
// field of view below 360 degrees, and topological neighbours (only the K nearest seen).
#include <gtest/gtest.h>

#include <string>

#include "engine/cosine.hpp"
#include "flocklab/flocklab.hpp"
#include "scenes.hpp"
#include "support/node_reference.hpp"
#include "support/state_compare.hpp"

namespace flocklab {
namespace {

const std::string kNode = FLOCKLAB_NODE;
const std::string kScript = std::string(FLOCKLAB_SOURCE_DIR) + "/tests/reference/steering_reference.mjs";

std::string referenceArgs(const SteeringParams& p, int steps) {
  auto num = [](double v) { return writeDecimal(v); };
  std::string a = "--steps " + std::to_string(steps) + " --width " + num(p.width) + " --height " + num(p.height) +
                  " --edges " + (p.edges == Edges::Wrap ? "wrap" : "walls") + " --vision " + num(p.vision) +
                  " --separation-radius " + num(p.separationRadius) + " --fov " + num(p.fov) + " --cos-half " +
                  num(cosine((p.fov / 2) * (kPi / 180))) + " --max-speed " + num(p.maxSpeed) + " --dt " + num(p.dt) +
                  " --separation " + num(p.separation) + " --alignment " + num(p.alignment) + " --cohesion " +
                  num(p.cohesion) + " --food-weight " + num(p.foodWeight) + " --predator-weight " +
                  num(p.predatorWeight) + " --wall-weight " + num(p.wallWeight) + " --obstacle-weight " +
                  num(p.obstacleWeight);
  if (p.pointer.mode != PointerMode::Off) {
    a += std::string(" --pointer ") + (p.pointer.mode == PointerMode::Food ? "food" : "predator") + " --pointer-x " +
         num(p.pointer.x) + " --pointer-y " + num(p.pointer.y) + " --pointer-from " +
         std::to_string(p.pointer.fromStep);
    if (p.pointer.toStep != Pointer{}.toStep) a += " --pointer-to " + std::to_string(p.pointer.toStep);
  }
  for (const Obstacle& o : p.obstacles) a += " --obstacle " + num(o.x) + "," + num(o.y) + "," + num(o.radius);
  if (p.nearest > 0) a += " --nearest " + num(p.nearest);
  return a;
}

struct Case {
  const char* name;
  std::size_t count;
  std::uint64_t seed;
  SteeringParams params;
  int steps;
};

void expectMatchesReference(const Case& c) {
  SCOPED_TRACE(c.name);
  const Flock start = randomSteeringStart(c.count, c.params, c.seed);
  Flock reference;
  runNodeReference(kNode, kScript, referenceArgs(c.params, c.steps), start, c.params.space(), std::to_string(c.seed),
                   reference);
  if (testing::Test::HasFatalFailure()) return;
  ASSERT_EQ(reference.size(), c.count);
  const EngineOptions options[] = {
      {NeighborSearch::Grid, 1}, {NeighborSearch::Grid, 2}, {NeighborSearch::Grid, 3}, {NeighborSearch::Brute, 1}};
  for (const EngineOptions& o : options) {
    SteeringSimulation sim(c.params, start, o);
    sim.step(c.steps);
    const long boid = firstDifference(sim.flock(), reference);
    EXPECT_EQ(boid, -1) << c.name << " (" << c.count << " boids, " << c.steps << " steps, " << toString(o.search)
                        << ", " << o.threads << " threads): first differing boid " << boid
                        << "\n  engine:    " << describeBoid(sim.flock(), boid)
                        << "\n  reference: " << describeBoid(reference, boid);
  }
}

SteeringParams small(Edges edges) {
  SteeringParams p;  // a smaller world keeps the reference quick at a density above the default
  p.width = 400;
  p.height = 300;
  p.edges = edges;
  return p;
}

}  // namespace

TEST(SteeringReference, WrapAndWalls) {
  SteeringParams walls = small(Edges::Walls);
  walls.fov = 270;
  Case cases[] = {
      {"wrap, defaults", 600, 1, small(Edges::Wrap), 120},
      {"walls, field of view 270", 600, 2, walls, 120},
      {"scan-all: 150 boids with walls", 150, 3, small(Edges::Walls), 120},
  };
  for (const Case& c : cases) expectMatchesReference(c);
}

TEST(SteeringReference, PointerObstacleAndFieldOfView) {
  SteeringParams food = small(Edges::Wrap);
  food.pointer = {PointerMode::Food, 380, 20, 10, 80};  // near a corner: reached across the edges
  food.obstacles = {{200, 150, 40}};
  food.fov = 200;
  SteeringParams predator = small(Edges::Walls);
  predator.pointer = {PointerMode::Predator, 200, 150, 0, Pointer{}.toStep};
  predator.obstacles = {{100, 80, 30}, {300, 200, 25}};
  predator.fov = 120;
  predator.separationRadius = 60;  // above the vision radius: separation acts on every neighbour
  // Obstacles with weight 0: nothing steers boids away, so over a thousand times a boid lands
  // inside a circle and is moved onto its rim (step 6 of the docs).
  SteeringParams entering = small(Edges::Walls);
  entering.obstacles = {{200, 150, 60}, {330, 80, 30}};
  entering.obstacleWeight = 0;
  Case cases[] = {
      {"wrap, food, obstacle, field of view 200", 500, 4, food, 120},
      {"walls, boids entering two obstacles", 400, 6, entering, 120},
      {"walls, predator, two obstacles, field of view 120", 500, 5, predator, 120},
  };
  for (const Case& c : cases) expectMatchesReference(c);
}

// The scene library's golden steering hashes are the reference's: its state after each scene
// (every preset; walls, obstacles, a predator and a 270-degree field of view) hashes to the pin.
// Scenes with species or food are test_species_reference's (this reference has one species).
TEST(SteeringReference, TopologicalNeighboursTheNearestSeven) {
  SteeringParams wrap = small(Edges::Wrap);
  wrap.nearest = 7;
  SteeringParams narrow = small(Edges::Walls);
  narrow.nearest = 3;
  narrow.fov = 240;
  Case cases[] = {
      {"wrap, 7 nearest", 600, 7, wrap, 120},
      {"walls, field of view 240, 3 nearest", 600, 8, narrow, 120},
  };
  for (const Case& c : cases) expectMatchesReference(c);
}

TEST(SteeringReference, GoldenSteeringScenesAreTheReferences) {
  int checked = 0;
  for (const scenes::Scene& s : scenes::golden()) {
    if (s.model != "steering") continue;
    const SteeringParams p = scenes::params(s).as<SteeringParams>();
    if (hasSpeciesOrFood(p)) continue;
    Flock reference;
    runNodeReference(kNode, kScript, referenceArgs(p, static_cast<int>(s.steps)), scenes::start(s), p.space(), "golden",
                     reference);
    EXPECT_EQ(hashHex(stateHash(reference)), s.hash) << s.name;
    ++checked;
  }
  EXPECT_GE(checked, 5);
}

}  // namespace flocklab
