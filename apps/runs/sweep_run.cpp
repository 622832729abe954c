// Measuring a run. Design: the metrics are taken at the steps `run --every K --metrics-out`
// writes, and the means of the last fifth summed in step order, so that a sweep's row equals
// what `run` reports for the same options and seed. The measured steps are walked, never
// stored: a run of 2^63 steps needs no more memory than one of 100.
#include "runs/sweep_run.hpp"

#include "runs/process_setup.hpp"
#include "runs/run_options.hpp"
#include "runs/runner.hpp"

namespace flocklab::runs {

RunResult measureRun(const RunOptions& options, std::uint64_t steps, std::uint64_t every,
                     std::shared_ptr<Executor> executor, const std::atomic<bool>& stop) {
  Runner runner(setUpModel(options, EngineOptions{NeighborSearch::Grid, 1, std::move(executor), nullptr}));
  Simulation& sim = runner.simulation();
  const std::vector<MetricSpec> schema = runner.model().metrics(runner.model().current(sim));
  RunResult r;
  r.lastFifth.assign(schema.size(), 0);
  // The steps measured: those of `run --every K --metrics-out` (multiples of K, and the last
  // step) after step steps - floor(steps / 5); the last step alone when steps < 5. No overflow:
  // steps < 2^63 and every <= 10^9.
  const std::uint64_t after = steps - steps / 5;
  std::uint64_t measured = 0;
  const auto measureAt = [&](std::uint64_t s) {
    runner.advance(s - sim.stepCount(), [&] { return stop.load(); });
    if (sim.stepCount() < s) throw RunStopped();
    const Metrics m = sim.metrics();
    r.final.clear();
    for (std::size_t k = 0; k < schema.size(); ++k) {
      r.final.push_back(metricValue(schema[k], m));  // the last one is the final state's
      r.lastFifth[k] += r.final[k];                  // Determinism: summed in step order
    }
    ++measured;
  };
  for (std::uint64_t s = (after / every + 1) * every; s < steps; s += every) measureAt(s);
  measureAt(steps);
  for (double& sum : r.lastFifth) sum /= static_cast<double>(measured);
  return r;
}

}  // namespace flocklab::runs
