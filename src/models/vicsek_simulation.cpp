// The Vicsek model's step: the StepDriver's gather with the VicsekRule's arithmetic, the noise
// keyed by the run's seed and the step's number.
#include "flocklab/models/vicsek_simulation.hpp"

#include <stdexcept>

#include "engine/random_start.hpp"
#include "engine/state_check.hpp"
#include "engine/step_driver.hpp"
#include "models/vicsek_rule.hpp"

namespace flocklab {

VicsekSimulation::VicsekSimulation(const VicsekParams& params, Flock start, const EngineOptions& options,
                                   std::uint64_t seed)
    : Simulation(std::move(start), options), params_(checkedParams(params)), seed_(seed) {
  checkState(flock(), space());
}

void VicsekSimulation::setParams(const VicsekParams& params) {
  checkedParams(params);
  if (params.world != params_.world) throw std::invalid_argument("the world's side cannot change during a run");
  params_ = params;
}

void VicsekSimulation::step(std::uint64_t steps) {
  for (std::uint64_t s = 0; s < steps; ++s) {
    driver().step(space(), params_.radius, options().search, VicsekRule(params_, seed_, stepCount()));
    stepped();
  }
}

Flock randomVicsekStart(std::size_t count, const VicsekParams& params, std::uint64_t seed) {
  return randomStart(count, Space::square(params.world), params.speed, params.speed, seed,
                     [](double, double) { return false; });
}

}  // namespace flocklab
