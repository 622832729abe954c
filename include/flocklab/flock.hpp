#pragma once
// The state of a flock: positions and velocities as structure of arrays, boid i at index i.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "flocklab/models/lab_params.hpp"

namespace flocklab {

/// Positions and velocities of n boids, one array per field (structure of arrays).
/// Plain data: copying a Flock copies the state exactly.
struct Flock {
  std::vector<double> x, y;    ///< positions, world units, in [0, L]
  std::vector<double> vx, vy;  ///< velocities, world units per step

  /// Number of boids.
  std::size_t size() const { return x.size(); }
  /// Resizes every field to n boids (new boids are zero).
  void resize(std::size_t n);
  /// True when all four fields hold the same number of boids.
  bool consistent() const;
};

/// The lab model's random start (SPEC section 2): boid by boid, x = L*U, y = L*U, a heading
/// drawn by rejection in the unit disc, speed uniform in [vmax/2, vmax). Same bits everywhere.
Flock randomLabStart(std::size_t count, const LabParams& params, std::uint64_t seed);

}  // namespace flocklab
