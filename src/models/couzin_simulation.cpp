// The couzin model's step: the StepDriver's gather over r_a with the CouzinRule's arithmetic,
// the noise keyed by the run's seed and the step's number.
#include "flocklab/models/couzin_simulation.hpp"

#include <stdexcept>

#include "engine/random_start.hpp"
#include "engine/state_check.hpp"
#include "engine/step_driver.hpp"
#include "models/couzin_rule.hpp"

namespace flocklab {

CouzinSimulation::CouzinSimulation(const CouzinParams& params, Flock start, const EngineOptions& options,
                                   std::uint64_t seed)
    : Simulation(std::move(start), options), params_(checkedParams(params)), seed_(seed) {
  checkState(flock(), space());
}

Space CouzinSimulation::couzinSpace(const CouzinParams& params) {
  return Space::open(params.start, params.dims == 3 ? 3 : 2);
}

MetricRules CouzinSimulation::metricRules() const {
  const double reach = params_.reach();
  // The cone as the rule tests it: dot(v, d) >= (|v| |d|) cos(alpha / 2); at most K with nearest.
  return {
      reach,
      {reach, false, params_.fov < 360, couzinCosHalfFov(params_), false, static_cast<std::uint32_t>(params_.nearest)}};
}

void CouzinSimulation::setParams(const CouzinParams& params) {
  checkedParams(params);
  if (params.dims != params_.dims) throw std::invalid_argument("dims cannot change while the flock runs");
  params_ = params;
}

void CouzinSimulation::step(std::uint64_t steps) {
  for (std::uint64_t s = 0; s < steps; ++s) {
    if (params_.dims == 3)
      driver().step(space(), params_.reach(), options().search, CouzinRule<3>(params_, seed_, stepCount()));
    else driver().step(space(), params_.reach(), options().search, CouzinRule<2>(params_, seed_, stepCount()));
    stepped();
  }
}

Flock randomCouzinStart(std::size_t count, const CouzinParams& params, std::uint64_t seed) {
  const Space space = CouzinSimulation::couzinSpace(params);
  const double speed = params.stepLength();
  if (params.dims == 3)
    return randomStart3d(count, space, speed, speed, seed, [](double, double, double) { return false; });
  return randomStart(count, space, speed, speed, seed, [](double, double) { return false; });
}

}  // namespace flocklab
