// Golden hashes (STYLE "Testing habits"): every golden scene of the scene library
// (scenes/scenes.json: each model, its presets and scenes with walls, obstacles and a pointer)
// gives its pinned state hash for grid and brute search and 1, 2, 3 and 8 threads (two of
// them under a sanitizer). Any change to
// a model's arithmetic, the random start or the hash shows up here; a changed hash needs its own
// commit saying why. How each hash was checked independently is the scene's "checked" field:
// the lab scenes against the JavaScript reference, the abm scenes against test_abm's pair loop,
// the steering scenes by grid, brute force and thread counts agreeing (and test_steering_reference
// checks the steering rules against an independent implementation).
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/lanes.hpp"
#include "flocklab/flocklab.hpp"
#include "scenes.hpp"
#include "support/state_compare.hpp"

namespace flocklab {
namespace {

// After a wrong hash: where this configuration first parts from brute force on one thread.
std::string divergenceFromBrute(const scenes::Scene& g, const Flock& start, const EngineOptions& options) {
  const auto reference = scenes::simulate(g, start, {NeighborSearch::Brute, 1});
  const auto other = scenes::simulate(g, start, options);
  for (std::uint64_t s = 1; s <= g.steps; ++s) {
    reference->step();
    other->step();
    const long boid = firstDifference(reference->flock(), other->flock());
    if (boid >= 0)
      return "first differs from brute/1 thread at step " + std::to_string(s) + ", boid " + std::to_string(boid);
  }
  return "same bits as brute/1 thread at every step (the model, start or hash changed)";
}

// The engine configurations each scene runs in. Under a sanitizer (ThreadSanitizer is 10 to 20
// times slower, AddressSanitizer 2 to 3) two suffice: one threaded run of each search, every
// path of the step; the release build checks them all.
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitizer = true;
#elif defined(__has_feature)
constexpr bool kSanitizer = __has_feature(thread_sanitizer) || __has_feature(address_sanitizer);
#else
constexpr bool kSanitizer = false;
#endif

std::vector<EngineOptions> configurations() {
  if (kSanitizer) return {{NeighborSearch::Grid, 3}, {NeighborSearch::Brute, 2}};
  std::vector<EngineOptions> all;
  for (NeighborSearch search : {NeighborSearch::Grid, NeighborSearch::Brute})
    for (unsigned threads : {1u, 2u, 3u, 8u}) all.push_back({search, threads});
  return all;
}

TEST(Golden, EverySceneKeepsItsHashForGridBruteAndThreadCounts) {
  ASSERT_GE(scenes::golden().size(), 10u);
  for (const scenes::Scene& g : scenes::golden()) {
    const Flock start = scenes::start(g);
    for (const EngineOptions& options : configurations()) {
      const auto sim = scenes::simulate(g, start, options);
      sim->step(g.steps);
      const std::string actual = hashHex(stateHash(sim->flock()));
      EXPECT_EQ(actual, g.hash) << g.name << ", " << toString(options.search) << ", " << options.threads << " threads; "
                                << divergenceFromBrute(g, start, options);
    }
  }
}

TEST(Golden, OneSharedPoolGivesTheSameHashes) {
  const auto pool = makeThreadPool(3);
  for (const scenes::Scene& g : scenes::golden()) {
    const auto sim = scenes::simulate(g, scenes::start(g), {NeighborSearch::Grid, 0, pool});
    sim->step(g.steps);
    EXPECT_EQ(hashHex(stateHash(sim->flock())), g.hash) << g.name;
  }
}

// Every lane kernel (engine/lanes.hpp) gives every scene's pinned hash, with the grid
// on 1 and 8 threads and brute force on 2; a kernel this CPU cannot run is skipped, and says
// so (the default kernel, AVX-512 where the CPU has it, else AVX2, else scalar, runs every other
// test).
class GoldenLanes : public ::testing::TestWithParam<LaneKernel> {};

constexpr LaneKernel kKernels[] = {LaneKernel::Scalar, LaneKernel::Portable, LaneKernel::Avx2, LaneKernel::Avx512};

TEST_P(GoldenLanes, EverySceneKeepsItsHash) {
  const LaneKernel kernel = GetParam();
  if (!laneKernelSupported(kernel)) GTEST_SKIP() << "this CPU cannot run the " << laneKernelName(kernel) << " kernel";
  // Under a sanitizer the portable lanes (the same source as every width) suffice.
  if (kSanitizer && kernel != LaneKernel::Portable) GTEST_SKIP() << "under a sanitizer only the portable kernel runs";
  setLaneKernel(kernel);
  const std::vector<EngineOptions> options =
      kSanitizer ? std::vector<EngineOptions>{{NeighborSearch::Grid, 2}}
                 : std::vector<EngineOptions>{
                       {NeighborSearch::Grid, 1}, {NeighborSearch::Grid, 8}, {NeighborSearch::Brute, 2}};
  for (const scenes::Scene& g : scenes::golden())
    for (const EngineOptions& o : options) {
      const auto sim = scenes::simulate(g, scenes::start(g), o);
      sim->step(g.steps);
      EXPECT_EQ(hashHex(stateHash(sim->flock())), g.hash)
          << g.name << " with the " << laneKernelName(kernel) << " kernel, " << toString(o.search);
    }
  useDefaultLaneKernels();
}

INSTANTIATE_TEST_SUITE_P(Kernels, GoldenLanes, ::testing::ValuesIn(kKernels),
                         [](const ::testing::TestParamInfo<LaneKernel>& info) {
                           return std::string(laneKernelName(info.param));
                         });

// The steering rule's hit lanes with what no golden scene has: species that each see their own
// field of view, vision and separation radius, of different sizes, flocking only with some
// others, among hawks, in 2D and 3D, on a torus and in a box, dense enough that every lane
// fills. Every kernel gives the one-boid path's bits.
TEST(GoldenLanes, SteeringSpeciesWithTheirOwnViewsKeepTheOneBoidBits) {
  const char* species =
      R"("species": ["wide:300:fov=300,vision=45,separation_radius=25,flocks_with=narrow",)"
      R"( "narrow:250:fov=120,vision=60,size=1.5,separation_radius=12", "blind:150:vision=30,size=0.7",)"
      R"( "hawk:4:role=predator,fov=200"])";
  const std::vector<std::string> worlds = {R"({"width": 300, "height": 200, )",
                                           R"({"edges": "walls", "width": 300, "height": 200, )",
                                           R"({"dims": 3, "width": 200, "height": 150, "depth": 100, )"};
  for (const std::string& world : worlds) {
    const scenes::Scene scene{"species lanes", "steering", "", world + species + "}", 704, 5, 60, "", ""};
    std::string scalar;
    for (LaneKernel kernel : kKernels) {
      if (!laneKernelSupported(kernel) ||
          (kSanitizer && kernel != LaneKernel::Scalar && kernel != LaneKernel::Portable))
        continue;
      setLaneKernel(kernel);
      const auto sim = scenes::simulate(scene, scenes::start(scene), {NeighborSearch::Grid, 2});
      sim->step(scene.steps);
      const std::string hash = hashHex(stateHash(sim->flock()));
      if (kernel == LaneKernel::Scalar) scalar = hash;
      else EXPECT_EQ(hash, scalar) << world << " with the " << laneKernelName(kernel) << " kernel";
    }
  }
  useDefaultLaneKernels();
}

// The default is the widest lanes the CPU has: AVX2 on a CPU without AVX-512 (an AMD EPYC,
// where it beat the one-boid path), which used to run the one-boid path.
TEST(GoldenLanes, TheDefaultIsTheWidestLanesTheCpuHas) {
  for (LaneUse use : {LaneUse::Boids, LaneUse::Hits}) {
    EXPECT_EQ(preferredLaneKernel(use, true, true), LaneKernel::Avx512);
    EXPECT_EQ(preferredLaneKernel(use, false, true), LaneKernel::Avx2);
    if (std::getenv("FLOCKLAB_LANES") == nullptr)
      EXPECT_EQ(laneKernel(use), preferredLaneKernel(use, laneKernelSupported(LaneKernel::Avx512),
                                                     laneKernelSupported(LaneKernel::Avx2)));
  }
  // Without AVX2: boids one at a time (two lanes of boids lose to it), hits in two lanes (they
  // win in WebAssembly).
  EXPECT_EQ(preferredLaneKernel(LaneUse::Boids, false, false), LaneKernel::Scalar);
  EXPECT_EQ(preferredLaneKernel(LaneUse::Hits, false, false), LaneKernel::Portable);
}

TEST(GoldenLanes, AKernelTheCpuLacksIsRefused) {
  for (LaneKernel kernel : {LaneKernel::Avx2, LaneKernel::Avx512})
    if (!laneKernelSupported(kernel)) EXPECT_THROW(setLaneKernel(kernel), std::invalid_argument);
  EXPECT_TRUE(laneKernelSupported(LaneKernel::Scalar));
  EXPECT_TRUE(laneKernelSupported(LaneKernel::Portable));
}

}  // namespace
}  // namespace flocklab
