#pragma once
// One run of a sweep and what it reports. Design: a run is single-threaded and owns its
// simulation, so its result is a pure function of its options (parameters and seed); the
// sweep's thread count changes only how many runs go at once.
#include <array>
#include <cstddef>
#include <cstdint>

#include "flocklab/metrics.hpp"
#include "commands/run_command.hpp"

namespace flocklab::cli {

/// How many metrics a run reports.
inline constexpr std::size_t kMetricCount = 6;
/// The metric columns, in the order of `run --metrics-out`.
inline constexpr const char* kMetricNames[kMetricCount] = {"polarization",  "flocks",           "largest_flock",
                                                           "largest_share", "mean_nn_distance", "mean_neighbors"};

/// What a run reports: the final metrics and the last fifth's means, in kMetricNames' order.
struct RunResult {
  Metrics final;
  std::array<double, kMetricCount> lastFifth{};
};

/// Runs `options`' model for `steps` steps on this thread, measuring the last fifth as
/// `run --every <every> --metrics-out` would. Deterministic; throws UsageError as setUpModel does.
RunResult measureRun(const RunOptions& options, std::uint64_t steps, std::uint64_t every);

}  // namespace flocklab::cli
