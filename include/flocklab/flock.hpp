#pragma once
// The state of a flock: positions and velocities as structure of arrays, boid i at index i.
// A 2D flock leaves z and vz empty; a 3D flock (dimensions == 3) fills them too.
#include <cstddef>
#include <vector>

namespace flocklab {

/// Positions and velocities of n boids, one array per field (structure of arrays).
/// Plain data: copying a Flock copies the state exactly. `Flock{x, y, vx, vy}` is 2D.
struct Flock {
  std::vector<double> x, y;    ///< positions, world units, in [0, W] and [0, H]
  std::vector<double> vx, vy;  ///< velocities, world units per step
  std::vector<double> z, vz;   ///< 3D only: position in [0, D] and velocity along z; else empty
  int dimensions = 2;          ///< 2 or 3

  /// Number of boids.
  std::size_t size() const { return x.size(); }
  /// True for a 3D flock.
  bool is3d() const { return dimensions == 3; }
  /// Resizes every field of this dimension count to n boids (new boids are zero).
  void resize(std::size_t n);
  /// True when every field of this dimension count holds the same number of boids, the
  /// others none, and dimensions is 2 or 3.
  bool consistent() const;
};

}  // namespace flocklab
