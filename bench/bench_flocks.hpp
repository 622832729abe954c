#pragma once
// Flocks shared by the benchmark programs: the lab model at the seed's density (120 boids per
// 100 x 100) for any n, started at random and stepped 50 times so that the state has begun to
// clump as a real run would. Each flock is built once per n and kept, so that Google Benchmark's
// repeated calls of one benchmark (and a million boids' 50 warm-up steps) cost it only once.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>

#include "flocklab/flock.hpp"
#include "flocklab/models/lab_params.hpp"
#include "flocklab/models/lab_simulation.hpp"

namespace flocklab::bench {

inline constexpr std::uint64_t kSeed = 42;
inline constexpr std::uint64_t kWarmUpSteps = 50;

/// The lab model's defaults in a world of side 100 * sqrt(n / 120): the seed's density.
inline LabParams labParamsAt(std::size_t n) {
  LabParams params;
  params.world = 100.0 * std::sqrt(static_cast<double>(n) / 120.0);
  return params;
}

/// randomLabStart(n) at the seed's density after kWarmUpSteps steps; built on first use.
/// Not thread-safe (benchmarks are set up on the main thread).
inline const Flock& warmLabFlock(std::size_t n) {
  static std::map<std::size_t, Flock> cache;
  auto found = cache.find(n);
  if (found == cache.end()) {
    const LabParams params = labParamsAt(n);
    // All cores for the warm-up: the state after k steps is the same for any thread count.
    LabSimulation sim(params, randomLabStart(n, params, kSeed), EngineOptions{NeighborSearch::Grid, 0});
    sim.step(kWarmUpSteps);
    found = cache.emplace(n, sim.flock()).first;
  }
  return found->second;
}

/// Boid-steps (or boids) handled by the timed loop so far, for SetItemsProcessed.
inline std::int64_t boidSteps(std::int64_t iterations, std::size_t n) {
  return iterations * static_cast<std::int64_t>(n);
}

}  // namespace flocklab::bench
