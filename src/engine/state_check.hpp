#pragma once
// Validation of parameters and of a start state, shared by every model.
#include <stdexcept>
#include <string>

#include "flocklab/flock.hpp"
#include "flocklab/keyed_message.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// "" when one boid's values suit `space` (finite, speeds within kMaxLength, inside the world and
/// within kMaxCoordinate in open space), else what is wrong, after the boid's name: "is outside
/// the world".
std::string agentProblem(const AgentState& agent, const Space& space);

/// Throws std::invalid_argument naming the first boid with a non-finite value or a position
/// outside `space`.
void checkState(const Flock& flock, const Space& space);

/// Returns `params`, or throws std::invalid_argument with the problem validate() names.
template <class Params>
const Params& checkedParams(const Params& params) {
  if (const std::string problem = validate(params); !problem.empty()) throw KeyedError(problem);
  return params;
}

}  // namespace flocklab
