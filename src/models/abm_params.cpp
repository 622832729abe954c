#include "flocklab/models/abm_params.hpp"

namespace flocklab {

const char* toString(AbmPreset preset) { return preset == AbmPreset::Large ? "large" : "small"; }

std::optional<AbmPreset> parseAbmPreset(std::string_view name) {
  for (AbmPreset p : {AbmPreset::Small, AbmPreset::Large})
    if (name == toString(p)) return p;
  return std::nullopt;
}

AbmParams abmPreset(AbmPreset preset) {
  AbmParams p;  // small: the defaults
  if (preset == AbmPreset::Large) p.world = 150, p.visualDistance = 15;
  return p;
}

std::size_t abmPresetCount(AbmPreset preset) { return preset == AbmPreset::Large ? 400 : 200; }

}  // namespace flocklab
