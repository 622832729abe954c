#pragma once
// A sweep made ready to run: every combination set up once (so that a value a model refuses
// fails before the first run), the metrics of its rows, the fingerprint that names it and what
// one run of each combination needs in memory. `flocklab sweep` and Python's flocklab.sweep
// both start here, so their rows are the same bytes.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "commands/run_command.hpp"
#include "commands/sweep_plan.hpp"
#include "outputs/sweep_plot.hpp"

namespace flocklab::cli {

/// A planned sweep after setUpSweep.
struct SweepSetup {
  SweepPlan plan;                        ///< with its metrics and fingerprint set
  SweepModel model;                      ///< what the first run is, and each combination's count
  nlohmann::json firstRunConfig;         ///< the resolved run file of the first run
  std::vector<std::uint64_t> runBytes;   ///< by combination: the memory one of its runs needs
};

/// Sets up each combination of `plan` (made by planSweep from `base`) with `every` steps between
/// the last fifth's measurements. Throws UsageError naming the combination at fault.
SweepSetup setUpSweep(SweepPlan plan, const RunOptions& base, std::uint64_t every);

}  // namespace flocklab::cli
