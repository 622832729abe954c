#pragma once
// Bit-for-bit comparison of two states, shared by the determinism and golden tests.
#include <cstring>

#include "flocklab/flock.hpp"

namespace flocklab {

/// Index of the first boid whose bits differ (0 if the sizes or dimensions differ), or -1 when
/// identical. Compares z and vz too in 3D.
inline long firstDifference(const Flock& a, const Flock& b) {
  if (a.size() != b.size() || a.dimensions != b.dimensions) return 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a.x[i], &b.x[i], 8) || std::memcmp(&a.y[i], &b.y[i], 8) || std::memcmp(&a.vx[i], &b.vx[i], 8) ||
        std::memcmp(&a.vy[i], &b.vy[i], 8) ||
        (a.is3d() && (std::memcmp(&a.z[i], &b.z[i], 8) || std::memcmp(&a.vz[i], &b.vz[i], 8))))
      return static_cast<long>(i);
  return -1;
}

}  // namespace flocklab
