#pragma once
// The lab model's entry in the registry.
#include "flocklab/models/lab_params.hpp"
#include "models/typed_model.hpp"

namespace flocklab {

class LabModel final : public TypedModel<LabParams> {
 public:
  LabModel();
  Space space(const ParamSet& p) const override;
  Flock randomStart(const ParamSet& p, std::size_t count, std::uint64_t seed) const override;
  std::unique_ptr<Simulation> create(const ParamSet& p, Flock start, std::uint64_t seed,
                                     const EngineOptions& options) const override;
  ParamSet current(const Simulation& s) const override;
  void change(Simulation& s, const ParamSet& p) const override;

 protected:
  LabParams presetParams(std::string_view preset) const override;
  std::string crossProblemOf(const LabParams& p) const override;
};

/// The one LabModel.
const LabModel& labModel();

}  // namespace flocklab
