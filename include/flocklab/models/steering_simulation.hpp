#pragma once
// A running flock under the steering model (SPEC section 4).
#include "flocklab/simulation.hpp"
#include "flocklab/models/steering_params.hpp"

namespace flocklab {

/// Steps a flock under the steering model. See Simulation for the determinism contract.
class SteeringSimulation : public Simulation {
 public:
  /// Takes the start state. Throws std::invalid_argument when params are invalid, the fields
  /// differ in length, or a value is not finite or lies outside the world.
  /// `seed` keys the noise's draws (flocklab/counter_rng.hpp); without noise it changes nothing.
  SteeringSimulation(const SteeringParams& params, Flock start, const EngineOptions& options = {},
                     std::uint64_t seed = 0);

  const char* model() const override { return "steering"; }
  void step(std::uint64_t steps = 1) override;
  Space space() const override { return params_.space(); }
  /// Groups link boids closer than the smaller of the vision and separation radii (the vision
  /// alone would link every boid of the default density into one group from the start, and
  /// a narrower vision shows smaller groups); neighbours are those the rule sees: within the
  /// vision and the field of view.
  MetricRules metricRules() const override;

  /// The parameters in use.
  const SteeringParams& params() const { return params_; }
  /// Changes parameters between steps (validated as in the constructor; the world's size and
  /// edges must stay as they are).
  void setParams(const SteeringParams& params);

 private:
  SteeringParams params_;
  std::uint64_t seed_;
};

/// The steering model's random start (SPEC section 2 in a W x H world): boid by boid,
/// x = W*U, y = H*U (drawn again while inside an obstacle), a heading drawn by rejection in
/// the unit disc, speed V/3 + (V - V/3)*U.
Flock randomSteeringStart(std::size_t count, const SteeringParams& params, std::uint64_t seed);

}  // namespace flocklab
