#pragma once
// The abm model's entry in the registry.
#include "flocklab/models/abm_params.hpp"
#include "models/typed_model.hpp"

namespace flocklab {

class AbmModel final : public TypedModel<AbmParams> {
 public:
  AbmModel();
  Space space(const ParamSet& p) const override;
  Flock randomStart(const ParamSet& p, std::size_t count, std::uint64_t seed) const override;
  std::unique_ptr<Simulation> create(const ParamSet& p, Flock start, std::uint64_t seed,
                                     const EngineOptions& options) const override;
  ParamSet current(const Simulation& s) const override;
  void change(Simulation& s, const ParamSet& p) const override;
  std::string form(const ParamSet& p) const override;

 protected:
  AbmParams presetParams(std::string_view preset) const override;
  std::string crossProblemOf(const AbmParams& p) const override;
};

/// The one AbmModel.
const AbmModel& abmModel();

}  // namespace flocklab
