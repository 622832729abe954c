#pragma once
// The rectangle boids live in: W x H, either a torus (edges wrap) or a box (walls).
#include <string>

namespace flocklab {

/// The world's extent and topology. Positions lie in [0, width] x [0, height].
struct Space {
  double width = 100;    ///< extent along x, > 0
  double height = 100;   ///< extent along y, > 0
  bool periodic = true;  ///< true: a torus, offsets wrap to the nearest image; false: walls

  /// A square torus of side `side` (the lab model's world).
  static Space square(double side) { return {side, side, true}; }
  /// True when (x, y) lies in [0, width] x [0, height].
  bool contains(double x, double y) const { return x >= 0 && x <= width && y >= 0 && y <= height; }
};

/// Offsets between two positions in a Space: minimum image on a torus, plain difference in a
/// box. Determinism: the same operations as SPEC section 3's wrapped offset.
struct Offsets {
  explicit Offsets(const Space& s)
      : width(s.width), height(s.height), halfWidth(s.width / 2), halfHeight(s.height / 2),
        periodic(s.periodic) {}
  double dx(double from, double to) const { return wrap(to - from, width, halfWidth); }
  double dy(double from, double to) const { return wrap(to - from, height, halfHeight); }

  double width, height, halfWidth, halfHeight;
  bool periodic;

 private:
  double wrap(double d, double extent, double half) const {
    if (!periodic) return d;
    if (d > half) return d - extent;
    if (d < -half) return d + extent;
    return d;
  }
};

}  // namespace flocklab
