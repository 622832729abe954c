// The steering model's step: the StepDriver's gather within the vision radius with the
// SteeringRule's arithmetic.
#include "flocklab/models/steering_simulation.hpp"

#include <algorithm>
#include <stdexcept>

#include "flocklab/cosine.hpp"

#include "engine/random_start.hpp"
#include "engine/state_check.hpp"
#include "flocklab/engine/step_driver.hpp"
#include "models/steering_rule.hpp"

namespace flocklab {
SteeringSimulation::SteeringSimulation(const SteeringParams& params, Flock start,
                                       const EngineOptions& options, std::uint64_t seed)
    : Simulation(std::move(start), options), params_(checkedParams(params)), seed_(seed) {
  checkState(flock(), space());
}

void SteeringSimulation::setParams(const SteeringParams& params) {
  checkedParams(params);
  if (params.width != params_.width || params.height != params_.height || params.edges != params_.edges ||
      params.dims != params_.dims || (params.dims == 3 && params.depth != params_.depth))
    throw std::invalid_argument("the world's size and edges cannot change during a run");
  params_ = params;
}

void SteeringSimulation::step(std::uint64_t steps) {
  for (std::uint64_t s = 0; s < steps; ++s) {
    if (params_.dims == 3) driver().step(space(), params_.vision, options().search, SteeringRule3d(params_, seed_, stepCount()));
    else driver().step(space(), params_.vision, options().search, SteeringRule(params_, seed_, stepCount()));
    stepped();
  }
}

MetricRules SteeringSimulation::metricRules() const {
  Sight sight{params_.vision, false, params_.fov < 360, cosine(params_.fov / 2 * (kPi / 180)), true};
  return {std::min(params_.vision, params_.separationRadius), sight};
}

Flock randomSteeringStart(std::size_t count, const SteeringParams& params, std::uint64_t seed) {
  if (params.dims == 3)
    return randomStart3d(count, params.space(), params.maxSpeed / 3, params.maxSpeed, seed,
                         [&](double x, double y, double z) { return insideAnObstacle(params, x, y, z); });
  const auto blocked = [&](double x, double y) { return insideAnObstacle(params, x, y); };
  return randomStart(count, params.space(), params.maxSpeed / 3, params.maxSpeed, seed, blocked);
}

}  // namespace flocklab
