#pragma once
// Lab parameters in one line, for tests that run many parameter sets.
#include "flocklab/models/lab_params.hpp"

namespace flocklab {

/// The lab model's parameters with the given radius, world, weights and max speed.
inline LabParams with(double radius, double world, double sep = 1.5, double ali = 1, double coh = 1,
                      double maxSpeed = 1) {
  LabParams p;
  p.radius = radius;
  p.world = world;
  p.separation = sep;
  p.alignment = ali;
  p.cohesion = coh;
  p.maxSpeed = maxSpeed;
  return p;
}

}  // namespace flocklab
