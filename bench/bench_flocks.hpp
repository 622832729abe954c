#pragma once
// What the benchmark programs share: the scene library's flocks (scenes/scenes.hpp: the lab
// model at the seed's density, warmed up 50 steps, built once per n) and a counter helper.
#include <cstddef>
#include <cstdint>

#include "scenes.hpp"

namespace flocklab::bench {

using scenes::warmLabFlock;
/// The lab model's defaults at the seed's density for n boids.
inline LabParams labParamsAt(std::size_t n) { return scenes::labAtSeedDensity(n); }

inline constexpr std::uint64_t kSeed = 42;
inline constexpr std::uint64_t kWarmUpSteps = 50;

/// Boid-steps (or boids) handled by the timed loop so far, for SetItemsProcessed.
inline std::int64_t boidSteps(std::int64_t iterations, std::size_t n) {
  return iterations * static_cast<std::int64_t>(n);
}

}  // namespace flocklab::bench
