#pragma once
// One run of a sweep and what it reports. Design: a run is single-threaded and owns its
// simulation, so its result is a pure function of its options (parameters and seed); the
// sweep's thread count changes only how many runs go at once.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "flocklab/executor.hpp"
#include "flocklab/metric_schema.hpp"

namespace flocklab::runs {

struct RunOptions;  // commands/run_command.hpp

/// What a run reports, each in the metric schema's order (flocklab/metric_schema.hpp): the
/// final state's metrics and the means over the last fifth of the steps.
struct RunResult {
  std::vector<double> final, lastFifth;
};

/// Thrown by measureRun when `stop` was set: the run was abandoned between two steps.
struct RunStopped {};

/// Runs `options`' model for `steps` steps on `executor` (a sweep passes an inline one),
/// measuring the last fifth as `run --every <every> --metrics-out` would. Deterministic; memory
/// independent of `steps`. Throws UsageError as setUpModel does, and RunStopped when `stop` is
/// found set before a step.
RunResult measureRun(const RunOptions& options, std::uint64_t steps, std::uint64_t every,
                     std::shared_ptr<Executor> executor, const std::atomic<bool>& stop);

}  // namespace flocklab::runs
