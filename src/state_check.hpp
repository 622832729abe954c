#pragma once
// Validation of a start state shared by every model.
#include "flocklab/flock.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// Throws std::invalid_argument naming the first boid with a non-finite value or a position
/// outside `space`.
void checkState(const Flock& flock, const Space& space);

}  // namespace flocklab
