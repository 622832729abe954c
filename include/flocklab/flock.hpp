#pragma once
// The state of a flock: positions and velocities as structure of arrays, boid i at index i.
// A 2D flock leaves z and vz empty; a 3D flock (dimensions == 3) fills them too.
#include <cstddef>
#include <vector>

namespace flocklab {

/// One boid's position and velocity, in the units of Flock's fields; z and vz are 0 in 2D.
struct AgentState {
  double x = 0, y = 0, z = 0;
  double vx = 0, vy = 0, vz = 0;
};

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
  /// Boid i's position and velocity (z and vz 0 in 2D). i must be below size().
  AgentState agent(std::size_t i) const;
  /// Sets boid i's position and velocity (z and vz ignored in 2D). i must be below size().
  void setAgent(std::size_t i, const AgentState& a);
  /// Inserts a boid at index `at` (at most size()); the boids from `at` on move up one.
  void insertAgent(std::size_t at, const AgentState& a);
  /// Removes boid i; the boids after it move down one, in order.
  void eraseAgent(std::size_t i);
  /// Resizes every field of this dimension count to n boids (new boids are zero).
  void resize(std::size_t n);
  /// True when every field of this dimension count holds the same number of boids, the
  /// others none, and dimensions is 2 or 3.
  bool consistent() const;
};

}  // namespace flocklab
