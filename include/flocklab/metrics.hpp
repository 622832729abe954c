#pragma once
// Measures of a flock (docs/model-lab.md, "Metrics"; in 2D or 3D): order, groups, spacing.
// Computed with the grid, so they cost O(n) and work at a million boids; the same bits for
// every executor.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "flocklab/engine_options.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// Measures of one state. Deterministic; independent of thread count and neighbour search.
struct Metrics {
  double polarization = 0;         ///< |mean of unit headings|, in [0, 1]
  double milling = 0;              ///< |mean of (unit offset from the centre) x (unit heading)|, in [0, 1]
  std::size_t flocks = 0;          ///< connected groups, boids linked when closer than the link radius
  std::size_t largestFlock = 0;    ///< boids in the largest group
  double largestShare = 0;         ///< largestFlock / n, in (0, 1]
  double meanNearestDistance = 0;  ///< mean distance to the nearest other boid (wrapped); 0 if n < 2
  double meanNeighbors = 0;        ///< mean number of neighbours, as MetricRules::sight counts them
  /// The model's own metrics beyond these (a species' order, catches), in the order of
  /// ModelDescription::extraMetrics for the run's parameters; empty for most runs.
  std::vector<double> extra;
};

/// Which other boids a boid sees: within `radius` (strictly, or also at it when `inclusive`)
/// and, when `fovLimited`, inside the cone where dot(v, d) >= (|v| |d|) * cosHalfFov; with
/// `nearest` K > 0 it heeds at most K of them (topological neighbours: the count is capped).
struct Sight {
  double radius = 1;
  bool inclusive = false;
  bool fovLimited = false;
  double cosHalfFov = -1;     ///< the cosine of half the field of view, as the model computes it
  bool apartOnly = false;     ///< true: a boid at the very same place is not seen (d2 > 0)
  std::uint32_t nearest = 0;  ///< K > 0: at most the K nearest of those seen count; 0: all
};

/// What a model's metrics link and count: groups chain boids closer than `linkRadius`;
/// "neighbours per boid" counts the boids `sight` takes in, the neighbours its rule sees.
struct MetricRules {
  double linkRadius = 1;
  Sight sight;
  /// Links and neighbours both within `radius` (strictly), seen all around.
  static MetricRules within(double radius) { return {radius, {radius}}; }
};

/// Measures `flock` in `space` (of the flock's dimensions), linking and counting as `rules`
/// say (offsets wrapped on a torus). The work runs on `options.executor`, or on a pool of
/// `options.threads` made for the call; the result does not depend on either. Throws
/// std::invalid_argument when the flock's and the space's dimensions differ.
Metrics measure(const Flock& flock, const Space& space, const MetricRules& rules, const EngineOptions& options = {});
/// measure() with links and neighbours both within `radius`, seen all around.
inline Metrics measure(const Flock& flock, const Space& space, double radius, const EngineOptions& options = {}) {
  return measure(flock, space, MetricRules::within(radius), options);
}

/// The agents of the largest group of `flock` (agents linked closer than `linkRadius`, as the
/// groups metric links them), in ascending index; of groups of equal size, the one holding the
/// lowest index. Throws std::invalid_argument when the dimensions differ.
std::vector<std::uint32_t> largestGroup(const Flock& flock, const Space& space, double linkRadius);

}  // namespace flocklab
