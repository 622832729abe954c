#pragma once
// The one place a run is stepped. A Runner owns a set-up run (ModelSetup: the model, its
// simulation and the run's schedules) and advances it; before each step it applies every
// schedule for that step: the run's parameter ramps (docs/ramps.md), then the model's own
// schedule (ModelDescription::schedule), if it has one. The command's run and
// sweeps, flocklab-mpi's ranks, Python and the page's glue all step through a Runner, so a new
// kind of schedule is written here once and reaches every front end.
//
// A ramp's values are checked with the run's other parameters before they reach the model
// (checkChange): a front end may have changed a live parameter since the ramps were read, and
// the page's step code must never throw (web/glue/flocklab_web.cpp). Between steps a cancel
// check (a sweep's stop) may end an advance; a step is never cut in half. Python, which times
// each step, calls step() itself and looks for Ctrl-C between the calls.
#include <cstdint>
#include <functional>

#include "flocklab/model.hpp"
#include "flocklab/simulation.hpp"
#include "runs/model_setup.hpp"

namespace flocklab::runs {

/// Throws when `params` cannot apply to `simulation` of `model`: its values do not fit together
/// (KeyedError, the parameter marked), or the world they give leaves a boid outside
/// (std::invalid_argument). What the model's own change would refuse, found before it is made.
void checkChange(const ModelDescription& model, const Simulation& simulation, const ParamSet& params);

class Runner {
 public:
  /// How a step is taken once its schedules are set: the simulation's own step unless set.
  using Stepper = std::function<void(Simulation&)>;

  explicit Runner(ModelSetup setup);

  ModelSetup& setup() { return setup_; }
  const ModelSetup& setup() const { return setup_; }
  Simulation& simulation() const { return *setup_.simulation; }
  const ModelDescription& model() const { return *setup_.model; }

  /// Steps through `stepper` from now on (flocklab-mpi's first rank steps its processes).
  void stepWith(Stepper stepper) { stepper_ = std::move(stepper); }

  /// One step, its schedules first: each ramped parameter is set to its value for the step
  /// from stepCount() on, then the model's schedule sets its own, all checked together
  /// (checkChange) before the model sees them.
  void step();
  /// Up to `steps` steps. Before each, `cancel` (when given) is asked and, once true, no more
  /// are taken. Returns the steps taken. Without ramps, a model schedule, a stepper or a cancel
  /// check, one call of the simulation's step(steps).
  std::uint64_t advance(std::uint64_t steps, const std::function<bool()>& cancel = {});

 private:
  ModelSetup setup_;
  Stepper stepper_;
};

}  // namespace flocklab::runs
