#pragma once
// Parameters of `gather`, the model docs/architecture.md's guide ("How to add a model") adds:
// examples/custom_model.cpp's rule (cohesion and alignment in 3D) made a model of the registry.
// Built into the test command flocklab_gather only (tests/CMakeLists.txt), never the library.
#include <string>

namespace flocklab {

/// Parameters of the gather model.
struct GatherParams {
  double cohesion = 0.01;  ///< gain towards the neighbours' centre
  double alignment = 0.1;  ///< gain towards the neighbours' mean velocity
  double radius = 6;       ///< neighbours closer than this are seen, world units, > 0
  double maxSpeed = 1;     ///< speeds stay in [maxSpeed/2, maxSpeed], world units/step
  double world = 60;       ///< side of the cubic wrap-around world, world units
  int pulse = 0;           ///< the model's schedule: the two gains swap every `pulse` steps; 0: never
  bool open = false;       ///< open space: no wrap, the world's cube only where the start lies
};

/// The first problem with `p`, or "" (from the description's table, by FLOCKLAB_REGISTER_MODEL).
std::string validate(const GatherParams& p);

}  // namespace flocklab
