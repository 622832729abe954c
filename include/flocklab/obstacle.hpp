#pragma once
// A circle boids steer around and never enter (the steering model's obstacles; pictures draw them).

namespace flocklab {

/// A circle that boids steer around and never enter.
struct Obstacle {
  double x = 0, y = 0;  ///< centre, world units (px), inside the world
  double radius = 0;    ///< world units (px), > 0
};

}  // namespace flocklab
