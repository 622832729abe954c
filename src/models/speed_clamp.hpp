#pragma once
// The speed clamp both models share: rescale v to vmax when faster, to vmin when slower (but
// not when at rest). Determinism: (v / s) * limit, in this order, as the seed computes it.
#include <cmath>

namespace flocklab {

inline void clampSpeed(double& vx, double& vy, double vmin, double vmax) {
  const double speed = std::sqrt(vx * vx + vy * vy);
  if (speed > vmax) {
    vx = (vx / speed) * vmax;
    vy = (vy / speed) * vmax;
  } else if (speed < vmin && speed > 0) {
    vx = (vx / speed) * vmin;
    vy = (vy / speed) * vmin;
  }
}

/// The same clamp in three components.
inline void clampSpeed(double& vx, double& vy, double& vz, double vmin, double vmax) {
  const double speed = std::sqrt(vx * vx + vy * vy + vz * vz);
  if (speed > vmax) {
    vx = (vx / speed) * vmax;
    vy = (vy / speed) * vmax;
    vz = (vz / speed) * vmax;
  } else if (speed < vmin && speed > 0) {
    vx = (vx / speed) * vmin;
    vy = (vy / speed) * vmin;
    vz = (vz / speed) * vmin;
  }
}

}  // namespace flocklab
