#pragma once
// A check, before allocating, that a flock of n boids fits in this machine's memory.
#include <cstddef>
#include <cstdint>
#include <string>

namespace flocklab {

/// Bytes the engine needs per boid: two states, the grid and the metrics' scratch arrays.
inline constexpr std::uint64_t kBytesPerBoid = 160;

/// Physical memory of this machine in bytes, or 0 if unknown.
std::uint64_t physicalMemoryBytes();
/// "" when `count` boids fit in memory, else one sentence saying how much they need.
std::string memoryProblem(std::uint64_t count);

}  // namespace flocklab
