#pragma once
// Measures of a flock (SPEC section 3; in 2D or 3D): order, groups, spacing. Computed with the
// grid, so they cost O(n) and work at a million boids; the same bits for every executor.
#include <cstddef>

#include "flocklab/flock.hpp"
#include "flocklab/engine_options.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// Measures of one state. Deterministic; independent of thread count and neighbour search.
struct Metrics {
  double polarization = 0;    ///< |mean of unit headings|, in [0, 1]
  std::size_t flocks = 0;     ///< connected groups, boids linked when closer than the link radius
  std::size_t largestFlock = 0;  ///< boids in the largest group
  double largestShare = 0;    ///< largestFlock / n, in (0, 1]
  double meanNearestDistance = 0;  ///< mean distance to the nearest other boid (wrapped); 0 if n < 2
  double meanNeighbors = 0;   ///< mean number of other boids closer than r
};

/// Measures `flock` in `space` (of the flock's dimensions), linking boids closer than `radius`
/// (wrapped on a torus). The work runs on `options.executor`, or on a pool of
/// `options.threads` made for the call; the result does not depend on either. Throws
/// std::invalid_argument when the flock's and the space's dimensions differ.
Metrics measure(const Flock& flock, const Space& space, double radius, const EngineOptions& options = {});

}  // namespace flocklab
