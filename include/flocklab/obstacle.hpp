#pragma once
// A circle (a sphere in 3D) boids steer around and never enter (the steering model's obstacles;
// pictures draw them).

namespace flocklab {

/// A circle, or in 3D a sphere, that boids steer around and never enter.
struct Obstacle {
  double x = 0, y = 0;  ///< centre, world units (px), inside the world
  double radius = 0;    ///< world units (px), > 0
  double z = 0;         ///< the centre's depth, for a sphere
  int axes = 2;         ///< 2: a circle given as X,Y,R; 3: a sphere given as X,Y,Z,R
};

}  // namespace flocklab
