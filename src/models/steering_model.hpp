#pragma once
// The steering model's entry in the registry.
#include "flocklab/models/steering_params.hpp"
#include "models/typed_model.hpp"

namespace flocklab {

class SteeringModel final : public TypedModel<SteeringParams> {
 public:
  SteeringModel();
  Space space(const ParamSet& p) const override;
  Flock randomStart(const ParamSet& p, std::size_t count, std::uint64_t seed) const override;
  std::unique_ptr<Simulation> create(const ParamSet& p, Flock start, std::uint64_t seed,
                                     const EngineOptions& options) const override;
  ParamSet current(const Simulation& s) const override;
  void change(Simulation& s, const ParamSet& p) const override;
  std::vector<Obstacle> obstacles(const ParamSet& p) const override;

 protected:
  SteeringParams presetParams(std::string_view preset) const override;
  std::string crossProblemOf(const SteeringParams& p) const override;
};

/// The one SteeringModel.
const SteeringModel& steeringModel();

}  // namespace flocklab
