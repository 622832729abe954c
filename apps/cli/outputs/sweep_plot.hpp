#pragma once
// `sweep --plot`: a metric against the first swept parameter. Design: one series per
// combination of the other parameters' values, each point the mean over seeds of the runs'
// last-fifth means, with a band of one standard deviation over seeds (none for one seed).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "commands/sweep_plan.hpp"
#include "commands/sweep_run.hpp"

namespace flocklab::cli {

/// The model as the plot's subtitle names it, from the sweep's first run.
struct SweepModel {
  std::string label;        ///< as the summary names it, e.g. "lab"
  std::size_t boids = 0;    ///< of the first run; not named when the count differs between runs
  std::vector<std::size_t> boidsByCombination;  ///< each combination's count (--density makes it vary)
  std::string countUnit = "boids";  ///< what the model counts ("boids", "agents"), plural
  std::uint64_t steps = 0;  ///< of every run
};

/// The plot of metric `metric` (an index into plan.metrics) as SVG, from the `results` of every
/// run of `plan` (by run); `points`: markers and error bars rather than lines and bands.
std::string plotSvg(const SweepPlan& plan, const std::vector<RunResult>& results, std::size_t metric,
                    const SweepModel& model, bool points = false);

}  // namespace flocklab::cli
