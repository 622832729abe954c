#pragma once
// Metrics on a pool the caller already has (a simulation reuses its own workers).
#include "flocklab/metrics.hpp"
#include "engine/thread_pool.hpp"

namespace flocklab {

/// As measure(), with the work shared over `pool`.
Metrics measureWith(const Flock& flock, const Space& space, double radius, ThreadPool& pool);

}  // namespace flocklab
