// Setting a sweep up: each combination once, with the first run's resolved run file as the
// fingerprint's base (sweep_rows.hpp).
#include "runs/sweep_setup.hpp"

#include <fmt/format.h>

#include "flocklab/keyed_message.hpp"
#include "flocklab/text_excerpt.hpp"
#include "runs/process_setup.hpp"
#include "runs/run_file.hpp"
#include "runs/sweep_rows.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {
namespace {

// A swept parameter that a ramp sets from step 0 would give every value the same run: the rows
// would differ only in their labels.
void refuseRampedFromStart(const SweepPlan& plan, const ModelSetup& setup) {
  for (const Param& p : plan.params) {
    const ParamSpec* spec = setup.model->findParam(p.name);
    for (const Ramp& ramp : setup.ramps)
      if (spec && ramp.key == spec->key && ramp.first == 0)
        throw UsageError(fmt::format("{} {} sweeps {}, but {} {} sets it from step 0, so every value would give the "
                                     "same run; start the ramp later or sweep another parameter",
                                     markKey("param"), excerpt(p.spec), spec->key, markKey("ramp"),
                                     excerpt(ramp.text)));
  }
}

}  // namespace

SweepSetup setUpSweep(SweepPlan plan, const RunOptions& base, std::uint64_t every) {
  SweepSetup s;
  for (std::size_t c = 0; c < plan.combinations(); ++c) {
    const RunOptions options = plan.optionsFor(base, c * plan.seedCount);
    ModelSetup setup;
    try {
      setup = setUpModel(options, EngineOptions{NeighborSearch::Grid, 1});
    } catch (const UsageError& e) {
      throw UsageError(fmt::format("{} (in the sweep's runs with {})", e.marked(), plan.valuesText(c)));
    }
    if (c == 0) {
      refuseRampedFromStart(plan, setup);
      s.model.steps = options.steps ? static_cast<std::uint64_t>(*options.steps) : setup.defaultSteps;
      s.model.label = setup.label;
      s.model.boids = setup.simulation->flock().size();
      s.model.countUnit = setup.model->countUnit;
      s.firstRunConfig = resolvedRunFile(options, setup, s.model.steps);
      plan.metrics = setup.model->metrics(setup.model->current(*setup.simulation));
    }
    s.runBytes.push_back(setup.simulation->flock().size() * setup.bytesPerBoid);
    s.model.boidsByCombination.push_back(setup.simulation->flock().size());
  }
  plan.fingerprint = sweepFingerprint(plan, s.firstRunConfig.dump(), every);
  s.plan = std::move(plan);
  return s;
}

}  // namespace flocklab::runs
