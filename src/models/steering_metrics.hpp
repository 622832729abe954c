#pragma once
// The steering model's own metrics (docs/model-steering.md, "Metrics with species and food"):
// each species' order, groups and spacing, the segregation of species, catches and food eaten.
#include <vector>

#include "flocklab/metric_schema.hpp"
#include "flocklab/models/steering_params.hpp"

namespace flocklab {

/// The metrics a run under `p` adds to metricSchema(), in the order Metrics::extra holds them.
std::vector<MetricSpec> steeringExtraMetrics(const SteeringParams& p);

}  // namespace flocklab
