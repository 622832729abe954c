// Measuring a run. Design: the metrics are taken at the steps `run --every K --metrics-out`
// writes, and the means of the last fifth summed in step order, so that a sweep's row equals
// what `run` reports for the same options and seed.
#include "commands/sweep_run.hpp"

#include <vector>

#include "commands/model_setup.hpp"

namespace flocklab::cli {
namespace {

// The steps at which a run of `steps` steps is measured for the last-fifth means: those of
// `run --every K --metrics-out` (multiples of K, and the last step) after step
// steps - floor(steps / 5); the last step alone when steps < 5.
std::vector<std::uint64_t> measuredSteps(std::uint64_t steps, std::uint64_t every) {
  const std::uint64_t after = steps - steps / 5;
  std::vector<std::uint64_t> at;
  for (std::uint64_t s = (after / every + 1) * every; s < steps; s += every) at.push_back(s);
  at.push_back(steps);
  return at;
}

}  // namespace

RunResult measureRun(const RunOptions& options, std::uint64_t steps, std::uint64_t every,
                     std::shared_ptr<Executor> executor) {
  ModelSetup setup = setUpModel(options, EngineOptions{NeighborSearch::Grid, 1, std::move(executor)});
  Simulation& sim = *setup.simulation;
  const std::vector<MetricSpec>& schema = metricSchema();
  RunResult r;
  r.lastFifth.assign(schema.size(), 0);
  const std::vector<std::uint64_t> at = measuredSteps(steps, every);
  for (std::uint64_t s : at) {
    if (s > sim.stepCount()) sim.step(s - sim.stepCount());
    const Metrics m = sim.metrics();
    r.final.clear();
    for (std::size_t k = 0; k < schema.size(); ++k) {
      r.final.push_back(schema[k].value(m));  // the last one is the final state's
      r.lastFifth[k] += r.final[k];           // Determinism: summed in step order
    }
  }
  for (double& sum : r.lastFifth) sum /= static_cast<double>(at.size());
  return r;
}

}  // namespace flocklab::cli
