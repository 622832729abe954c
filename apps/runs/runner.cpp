// The runner: schedules, then the step (see runner.hpp).
#include "runs/runner.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "flocklab/keyed_message.hpp"

namespace flocklab::runs {

void checkChange(const ModelDescription& model, const Simulation& simulation, const ParamSet& params) {
  if (const std::string problem = params.markedProblem(); !problem.empty()) throw KeyedError(problem);
  const Space now = simulation.space(), world = model.space(params);
  if (world.width == now.width && world.height == now.height && world.depth == now.depth &&
      world.periodic == now.periodic && world.unbounded == now.unbounded)
    return;
  const Flock& f = simulation.flock();
  for (std::size_t i = 0; i < f.size(); ++i)
    if (!(f.is3d() ? world.contains(f.x[i], f.y[i], f.z[i]) : world.contains(f.x[i], f.y[i])))
      throw std::invalid_argument("boid " + std::to_string(i) + " is outside the world");
}

Runner::Runner(ModelSetup setup) : setup_(std::move(setup)) {
  if (!setup_.model || !setup_.simulation) throw std::invalid_argument("a runner needs a set-up run");
}

void Runner::step() {
  Simulation& sim = simulation();
  const ModelDescription& m = *setup_.model;
  const bool scheduled = m.hasSchedule();
  if (!setup_.ramps.empty() || scheduled) {
    const std::uint64_t now = sim.stepCount();
    ParamSet next = m.current(sim);
    bool changed = false;
    for (const auto& [key, value] : rampedValues(setup_.ramps, now))
      if (std::get<double>(next.get(key)) != value) next.set(key, value), changed = true;
    changed = (scheduled && m.schedule(next, now)) || changed;
    if (changed) {
      checkChange(m, sim, next);
      m.change(sim, next);
    }
  }
  if (stepper_) stepper_(sim);
  else sim.step(1);
}

std::uint64_t Runner::advance(std::uint64_t steps, const std::function<bool()>& cancel) {
  if (setup_.ramps.empty() && !model().hasSchedule() && !stepper_ && !cancel) {
    simulation().step(steps);
    return steps;
  }
  std::uint64_t done = 0;
  for (; done < steps && !(cancel && cancel()); ++done) step();
  return done;
}

}  // namespace flocklab::runs
