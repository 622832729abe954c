#pragma once
// A running flock under the lab model (docs/model-lab.md).
#include <cstddef>
#include <cstdint>

#include "flocklab/models/lab_params.hpp"
#include "flocklab/simulation.hpp"

namespace flocklab {

/// Steps a flock under the lab model. See Simulation for the determinism contract.
class LabSimulation : public Simulation {
 public:
  /// Takes the start state. Throws std::invalid_argument when params are invalid, the fields
  /// differ in length, or a value is not finite or lies outside [0, L].
  /// `seed` keys the noise's draws (flocklab/counter_rng.hpp); without noise it changes nothing.
  LabSimulation(const LabParams& params, Flock start, const EngineOptions& options = {}, std::uint64_t seed = 0);

  const char* model() const override { return "lab"; }
  void step(std::uint64_t steps = 1) override;
  Space space() const override { return labSpace(params_); }
  /// Groups link boids closer than r; neighbours are those the rule sees, closer than r.
  MetricRules metricRules() const override { return MetricRules::within(params_.radius); }

  /// The parameters in use.
  const LabParams& params() const { return params_; }
  /// Changes parameters between steps (validated as in the constructor).
  void setParams(const LabParams& params);

 private:
  LabParams params_;
  std::uint64_t seed_;
};

/// The lab model's random start (docs/model-lab.md, "Random start"): boid by boid, x = L*U,
/// y = L*U, a heading drawn by rejection in the unit disc, speed uniform in [vmax/2, vmax); in
/// 3D z = L*U too and the heading from the unit ball ("Three dimensions"). Same bits everywhere.
Flock randomLabStart(std::size_t count, const LabParams& params, std::uint64_t seed);

}  // namespace flocklab
