#pragma once
// The couzin model's simulation (docs/model-couzin.md): the engine's step driver with the
// Couzin rule in open space (no walls, no wrap), noise from the counter-based stream.
#include <cstdint>

#include "flocklab/models/couzin_params.hpp"
#include "flocklab/simulation.hpp"

namespace flocklab {

class CouzinSimulation : public Simulation {
 public:
  /// Takes the start state and the seed of the noise. Throws std::invalid_argument when the
  /// parameters are invalid or a value is not finite.
  CouzinSimulation(const CouzinParams& params, Flock start, const EngineOptions& options = {}, std::uint64_t seed = 0);

  const char* model() const override { return "couzin"; }
  void step(std::uint64_t steps = 1) override;
  /// Open space; its box is where the start lies.
  Space space() const override { return couzinSpace(params_); }
  /// Groups link agents closer than r_a; neighbours are those an agent perceives (closer than
  /// r_a, outside the blind cone).
  MetricRules metricRules() const override;

  const CouzinParams& params() const { return params_; }
  /// Changes parameters between steps (dims cannot change).
  void setParams(const CouzinParams& params);

  /// The open space of `params`: the start's square (cube in 3D) of side `start`.
  static Space couzinSpace(const CouzinParams& params);

 private:
  CouzinParams params_;
  std::uint64_t seed_;
};

/// The couzin model's random start (docs/model-couzin.md, "Random start"): as every model's start in
/// the square (cube) of side `start`, at speed s * tau per step. Same bits everywhere.
Flock randomCouzinStart(std::size_t count, const CouzinParams& params, std::uint64_t seed);

}  // namespace flocklab
