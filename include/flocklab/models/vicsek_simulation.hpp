#pragma once
// The Vicsek model's simulation (docs/model-vicsek.md): the engine's step driver with the
// Vicsek rule, noise from the counter-based stream.
#include <cstdint>

#include "flocklab/models/vicsek_params.hpp"
#include "flocklab/simulation.hpp"

namespace flocklab {

class VicsekSimulation : public Simulation {
 public:
  /// Takes the start state and the seed of the noise. Throws std::invalid_argument when the
  /// parameters are invalid or a position lies outside [0, L].
  VicsekSimulation(const VicsekParams& params, Flock start, const EngineOptions& options = {}, std::uint64_t seed = 0);

  const char* model() const override { return "vicsek"; }
  void step(std::uint64_t steps = 1) override;
  Space space() const override { return Space::square(params_.world); }
  /// Groups link particles closer than r; neighbours are the other particles closer than r.
  MetricRules metricRules() const override { return MetricRules::within(params_.radius); }

  const VicsekParams& params() const { return params_; }
  /// Changes parameters between steps (the world's side must stay).
  void setParams(const VicsekParams& params);

 private:
  VicsekParams params_;
  std::uint64_t seed_;
};

/// The Vicsek model's random start: positions uniform in the L x L world, headings uniform
/// (by rejection in the unit disc, as every model's start), speed v0. Same bits everywhere.
Flock randomVicsekStart(std::size_t count, const VicsekParams& params, std::uint64_t seed);

}  // namespace flocklab
