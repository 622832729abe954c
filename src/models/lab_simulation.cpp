// The lab model's step: the StepDriver's gather with the LabRule's arithmetic.
#include "flocklab/models/lab_simulation.hpp"

#include <stdexcept>

#include "engine/random_start.hpp"
#include "engine/state_check.hpp"
#include "engine/step_driver.hpp"
#include "models/lab_rule.hpp"

namespace flocklab {
LabSimulation::LabSimulation(const LabParams& params, Flock start, const EngineOptions& options, std::uint64_t seed)
    : Simulation(std::move(start), options), params_(checkedParams(params)), seed_(seed) {
  checkState(flock(), space());
}

void LabSimulation::setParams(const LabParams& params) {
  checkedParams(params);
  if (params.dims != params_.dims) throw std::invalid_argument("dims cannot change while the flock runs");
  if (params.world != params_.world) checkState(flock(), labSpace(params));
  params_ = params;
}

void LabSimulation::step(std::uint64_t steps) {
  for (std::uint64_t s = 0; s < steps; ++s) {
    if (params_.dims == 3)
      driver().step(space(), params_.radius, options().search, LabRule3d(params_, seed_, stepCount()));
    else driver().step(space(), params_.radius, options().search, LabRule(params_, seed_, stepCount()));
    stepped();
  }
}

Flock randomLabStart(std::size_t count, const LabParams& params, std::uint64_t seed) {
  // vmax - vmax/2 is exactly vmax/2, so this is speed = vmax/2 + (vmax/2)*U
  // (docs/model-lab.md, "Random start").
  if (params.dims == 3)
    return randomStart3d(count, labSpace(params), params.maxSpeed / 2, params.maxSpeed, seed,
                         [](double, double, double) { return false; });
  return randomStart(count, Space::square(params.world), params.maxSpeed / 2, params.maxSpeed, seed,
                     [](double, double) { return false; });
}

}  // namespace flocklab
