#include "flocklab/models/lab_params.hpp"

#include "models/param_check.hpp"

namespace flocklab {
std::string validate(const LabParams& p) {
  if (std::string problem = firstNumberProblem({{"separation", p.separation, true},
                                                 {"alignment", p.alignment, true},
                                                 {"cohesion", p.cohesion, true},
                                                 {"radius", p.radius, false},
                                                 {"max speed", p.maxSpeed, false},
                                                 {"world", p.world, false}});
      !problem.empty())
    return problem;
  // One wrap per axis brings a boid back into [0, L] only if a step is at most L long.
  if (p.maxSpeed > p.world)
    return "max speed (" + showNumber(p.maxSpeed) + ") must not exceed the world's side (" +
           showNumber(p.world) + ")";
  return "";
}

}  // namespace flocklab
