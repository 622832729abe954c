#pragma once
// Metrics on an executor the caller already has (a simulation reuses its own).
#include "flocklab/executor.hpp"
#include "flocklab/metrics.hpp"

namespace flocklab {

/// As measure(), with the work shared over `executor`; the result does not depend on it.
Metrics measureWith(const Flock& flock, const Space& space, const MetricRules& rules, Executor& executor);

}  // namespace flocklab
