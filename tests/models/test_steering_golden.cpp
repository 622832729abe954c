// Golden hashes of fixed steering runs, one per preset and one scene with walls, obstacles, a
// pointer over a step range and a 270-degree field of view. Each is checked for grid and brute
// search and 1 and 3 threads. Pinned after grid, brute and every thread count agreed; the
// steering model has no second implementation, so these hashes guard against change, and
// test_steering checks the rules themselves. A changed hash needs its own commit saying why.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "flocklab/flocklab.hpp"
#include "support/state_compare.hpp"

namespace flocklab {
namespace {

struct Golden {
  std::string name;
  SteeringParams params;
  std::uint64_t hash;
};

std::vector<Golden> goldens() {
  SteeringParams scene;
  scene.edges = Edges::Walls;
  scene.fov = 270;
  scene.obstacles = {{450, 280, 60}, {200, 150, 30}};
  scene.pointer = {PointerMode::Predator, 600, 300, 50, 150};
  return {{"flock", steeringPreset(SteeringPreset::Flock), 0x9dc17f2f72c798a8ULL},
          {"school", steeringPreset(SteeringPreset::School), 0x453133f2f23f4f82ULL},
          {"swarm", steeringPreset(SteeringPreset::Swarm), 0x3a12687cce24b48dULL},
          {"chaos", steeringPreset(SteeringPreset::Chaos), 0x2d00f32b9dcb181eULL},
          {"walls, obstacles, predator, fov 270", scene, 0x7c86fd19f52ed4bcULL}};
}

constexpr std::size_t kCount = 700;
constexpr std::uint64_t kSeed = 42, kSteps = 240;

TEST(SteeringGolden, EveryPresetAndASceneKeepTheirHash) {
  for (const Golden& g : goldens()) {
    const Flock start = randomSteeringStart(kCount, g.params, kSeed);
    SteeringSimulation reference(g.params, start, {NeighborSearch::Brute, 1});
    reference.step(kSteps);
    const std::uint64_t hash = stateHash(reference.flock());
    EXPECT_EQ(hashHex(hash), hashHex(g.hash)) << g.name << ": brute force on 1 thread";
    for (const EngineOptions options : {EngineOptions{NeighborSearch::Grid, 1}, EngineOptions{NeighborSearch::Grid, 3},
                                        EngineOptions{NeighborSearch::Brute, 3}}) {
      SteeringSimulation other(g.params, start, options);
      other.step(kSteps);
      EXPECT_EQ(firstDifference(reference.flock(), other.flock()), -1)
          << g.name << ": " << toString(options.search) << " on " << options.threads << " threads";
    }
  }
}

}  // namespace
}  // namespace flocklab
