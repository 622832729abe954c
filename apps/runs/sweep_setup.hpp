#pragma once
// A sweep made ready to run: every combination set up once (so that a value a model refuses
// fails before the first run), the metrics of its rows, the fingerprint that names it and what
// one run of each combination needs in memory. `flocklab sweep` and Python's flocklab.sweep
// both start here, so their rows are the same bytes.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runs/run_options.hpp"
#include "runs/sweep_plan.hpp"

namespace flocklab::runs {

/// The model as the plot's subtitle names it, from the sweep's first run.
struct SweepModel {
  std::string label;                            ///< as the summary names it, e.g. "lab"
  std::size_t boids = 0;                        ///< of the first run; not named when the count differs between runs
  std::vector<std::size_t> boidsByCombination;  ///< each combination's count (--density makes it vary)
  std::string countUnit = "boids";              ///< what the model counts ("boids", "agents"), plural
  std::uint64_t steps = 0;                      ///< of every run
};

/// A planned sweep after setUpSweep.
struct SweepSetup {
  SweepPlan plan;                       ///< with its metrics and fingerprint set
  SweepModel model;                     ///< what the first run is, and each combination's count
  nlohmann::json firstRunConfig;        ///< the resolved run file of the first run
  std::vector<std::uint64_t> runBytes;  ///< by combination: the memory one of its runs needs
};

/// Sets up each combination of `plan` (made by planSweep from `base`) with `every` steps between
/// the last fifth's measurements. Throws UsageError naming the combination at fault.
SweepSetup setUpSweep(SweepPlan plan, const RunOptions& base, std::uint64_t every);

}  // namespace flocklab::runs
