#pragma once
// `sweep --plot`: a metric against the first swept parameter. Design: one series per
// combination of the other parameters' values, each point the mean over seeds of the runs'
// last-fifth means, with a band of one standard deviation over seeds (none for one seed).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "runs/sweep_run.hpp"
#include "runs/sweep_setup.hpp"

namespace flocklab::cli {

/// The plot of metric `metric` (an index into plan.metrics) as SVG, from the `results` of every
/// run of `plan` (by run); `points`: markers and error bars rather than lines and bands.
std::string plotSvg(const runs::SweepPlan& plan, const std::vector<runs::RunResult>& results, std::size_t metric,
                    const runs::SweepModel& model, bool points = false);

}  // namespace flocklab::cli
