#pragma once
// The metrics as one schema: the key files and JSON use, the label people read, the unit and
// what each measures. The summary, --metrics-out, --json, sweeps, charts and the browser lab
// all take their metric names from here, so a new metric is added in one place.
#include <string>
#include <vector>

#include "flocklab/metrics.hpp"

namespace flocklab {

/// One metric of Metrics.
struct MetricSpec {
  std::string key;                            ///< snake_case: CSV columns, JSON keys, `sweep --metric`
  std::string label;                          ///< what a person reads: "nearest-neighbour distance"
  std::string unit;                           ///< "world units", "" for a pure number or a count
  std::string description;                    ///< one sentence: what it measures (model-generic)
  bool whole = false;                         ///< a count, printed without decimals
  int digits = 3;                             ///< decimals in a summary
  std::string joins;                          ///< key of the metric whose summary line shows this one in parentheses
  std::string shortLabel;                     ///< its word in those parentheses: "largest"
  double (*value)(const Metrics&) = nullptr;  ///< reads it from a Metrics
  int extra = -1;                             ///< a model's own metric: its place in Metrics::extra (value is null)
};

/// The value of `spec` in `metrics`: value(metrics), or the model's own metric extra[spec.extra]
/// (0 when a Metrics lacks it).
double metricValue(const MetricSpec& spec, const Metrics& metrics);

/// Every metric, in the order files list them. Thread-safe.
const std::vector<MetricSpec>& metricSchema();
/// The metric called `key`, or nullptr.
const MetricSpec* findMetric(const std::string& key);
/// The keys as a person lists them: "polarization, flocks, ... or mean_neighbors".
std::string metricKeys();

}  // namespace flocklab
