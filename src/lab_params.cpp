#include "flocklab/lab_params.hpp"

#include <cmath>

namespace flocklab {
namespace {
std::string checkFinite(const char* name, double value, bool allowZero) {
  if (!std::isfinite(value)) return std::string(name) + " must be a finite number";
  if (value < 0 || (!allowZero && value == 0))
    return std::string(name) + (allowZero ? " must be >= 0" : " must be > 0");
  return "";
}
}  // namespace

std::string validate(const LabParams& p) {
  const struct {
    const char* name;
    double value;
    bool allowZero;
  } checks[] = {{"separation", p.separation, true}, {"alignment", p.alignment, true},
                {"cohesion", p.cohesion, true},     {"radius", p.radius, false},
                {"max speed", p.maxSpeed, false},   {"world", p.world, false}};
  for (const auto& c : checks) {
    std::string problem = checkFinite(c.name, c.value, c.allowZero);
    if (!problem.empty()) return problem + " (got " + std::to_string(c.value) + ")";
  }
  // One wrap per axis brings a boid back into [0, L] only if a step is at most L long.
  if (p.maxSpeed > p.world)
    return "max speed (" + std::to_string(p.maxSpeed) + ") must not exceed the world's side (" +
           std::to_string(p.world) + ")";
  return "";
}

}  // namespace flocklab
