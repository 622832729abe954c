#pragma once
// The box boids live in: W x H in 2D, W x H x D in 3D, either a torus (edges wrap) or a box
// (walls), or open space without either (unbounded: the box is only where the start lies and
// where pictures look first). 2D is the default: a Space written as {width, height, periodic}
// is 2D.
#include <string>

namespace flocklab {

/// The world's extent and topology. Positions lie in [0, width] x [0, height] (x [0, depth]).
struct Space {
  double width = 100;      ///< extent along x, > 0
  double height = 100;     ///< extent along y, > 0
  bool periodic = true;    ///< true: a torus, offsets wrap to the nearest image; false: walls
  double depth = 0;        ///< extent along z, > 0 in 3D; 0 means a 2D world
  bool unbounded = false;  ///< true: open space (not periodic), positions anywhere finite

  /// A square torus of side `side` (the lab model's world).
  static Space square(double side) { return {side, side, true}; }
  /// A cubic torus of side `side` (the lab model's world in 3D).
  static Space cube(double side) { return {side, side, true, side}; }
  /// Open space whose start fills a square (cube when `dims` is 3) of side `side`.
  static Space open(double side, int dims) { return {side, side, false, dims == 3 ? side : 0.0, true}; }
  /// True for a 3D world (depth > 0).
  bool is3d() const { return depth > 0; }
  /// 2 or 3.
  int dimensions() const { return is3d() ? 3 : 2; }
  /// True when (x, y) lies in [0, width] x [0, height] (anywhere finite in open space).
  bool contains(double x, double y) const {
    if (unbounded) return x - x == 0 && y - y == 0;
    return x >= 0 && x <= width && y >= 0 && y <= height;
  }
  /// True when (x, y, z) lies in [0, width] x [0, height] x [0, depth] (anywhere finite in open space).
  bool contains(double x, double y, double z) const {
    if (unbounded) return contains(x, y) && z - z == 0;
    return contains(x, y) && z >= 0 && z <= depth;
  }
};

/// Offsets between two positions in a Space: minimum image on a torus, plain difference in a
/// box. Determinism: the same operations as the lab model's wrapped offset, per axis
/// (docs/model-lab.md, "One step").
struct Offsets {
  /// The offsets of `s` (z's extent is 0 in 2D and dz then unused).
  explicit Offsets(const Space& s)
      : width(s.width),
        height(s.height),
        halfWidth(s.width / 2),
        halfHeight(s.height / 2),
        periodic(s.periodic),
        depth(s.depth),
        halfDepth(s.depth / 2) {}
  /// Offset along x from `from` to `to`; likewise dy and dz.
  double dx(double from, double to) const { return wrap(to - from, width, halfWidth); }
  double dy(double from, double to) const { return wrap(to - from, height, halfHeight); }
  double dz(double from, double to) const { return wrap(to - from, depth, halfDepth); }

  double width, height, halfWidth, halfHeight;
  bool periodic;
  double depth, halfDepth;

 private:
  double wrap(double d, double extent, double half) const {
    if (!periodic) return d;
    if (d > half) return d - extent;
    if (d < -half) return d + extent;
    return d;
  }
};

}  // namespace flocklab
