#include "flocklab/models/abm_params.hpp"

#include "models/param_check.hpp"

namespace flocklab {

std::string validate(const AbmParams& p) {
  if (std::string problem = firstNumberProblem({{"world", p.world, false},
                                                 {"visual distance", p.visualDistance, false},
                                                 {"speed", p.speed, false},
                                                 {"separation", p.separation, true},
                                                 {"cohere factor", p.cohereFactor, true},
                                                 {"separate factor", p.separateFactor, true},
                                                 {"match factor", p.matchFactor, true}});
      !problem.empty())
    return problem;
  // One wrap per axis brings an agent back into [0, L] only if a step is at most L long.
  if (p.speed > p.world)
    return "speed (" + showNumber(p.speed) + ") must not exceed the world's side (" + showNumber(p.world) + ")";
  return "";
}

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
