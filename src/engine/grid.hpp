#pragma once
// Uniform grid over a Space (a torus or a box; W x H in 2D, W x H x D in 3D) for neighbour
// search. The engine's own (src/engine): the step driver and metrics use it.
//
// Invariants:
// - cells along x: m = floor(W / (r * (1 + 1e-9))), at least 1 (likewise along y and z), all
//   scaled down (the longest axis first when one axis is already at 1) to at most 4n + 16 cells
//   and 2^30, however large the world, so the cells never outnumber the boids by far; a cell
//   side W/m is then
//   at least r with a margin far above rounding, so two boids closer than r (wrapped on a
//   torus) always sit in the same or adjacent cells.
// - cell index = (layer * rows + row) * columns + column; a 2D grid has one layer, so its
//   cells are numbered row-major as before 3D existed.
// - a position equal to W (rounding can leave one there) goes to the last cell.
// - Determinism: each cell lists its boids in ascending boid index, whatever the input order
//   and the thread count (a counting sort, then an insertion sort inside each cell, which is
//   nearly free when the input is the last step's cell order).
// - a window (GridWindow) makes the grid cover only part of the world along an axis, a box that
//   does not wrap: one MPI rank's part and its halo. A position outside the window on a torus
//   is placed at its image inside, so offsets (always the minimum image) still find it.
// - on a torus with fewer than 3 cells along an axis the 3x3 (3x3x3) block would visit a cell
//   twice; neighborCells() lists each cell once, so no neighbour is ever counted twice. In a
//   box the block stops at the border.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "flocklab/grid_window.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// The window over the bounding box of n boids at (x, y, z) (z null in 2D), each axis at least
/// `radius` long: the grid of open space (Space::unbounded) follows the group with it. Where the
/// box is over twice as wide as the span of all but the n/64 lowest and highest agents along an
/// axis (widened by `radius`), the window takes that span instead, so a few stragglers far off
/// do not spread the group's cells. Any window lists the same neighbours (a position outside it
/// goes to the nearest cell, and that keeps boids closer than a cell's side in the same or
/// adjacent cells); a tight one is fast.
GridWindow boundingWindow(const double* x, const double* y, const double* z, std::size_t n, double radius);

/// Boids sorted into cells of side >= the interaction radius, with cell-ordered copies of
/// their positions (and velocities). Not thread-safe to build; const use is.
class Grid {
 public:
  /// The most cells neighborCells() returns (3 x 3 x 3).
  static constexpr int kMaxNeighborCells = 27;

  /// Sorts n boids at (x, y) into cells of side >= radius over a 2D `space`. Input element k
  /// is boid ids[k] (boid k when ids is null). When vx and vy are given, cell-ordered copies
  /// of the velocities are kept too.
  void build(const double* x, const double* y, const double* vx, const double* vy, const std::uint32_t* ids,
             std::size_t n, const Space& space, double radius);
  /// As above for a 2D or 3D `space`; z (and vz) are read only when space.is3d(). With a
  /// `window`, only that part of the world: every boid must lie in it (on a torus, an image
  /// of it).
  void build(const double* x, const double* y, const double* z, const double* vx, const double* vy, const double* vz,
             const std::uint32_t* ids, std::size_t n, const Space& space, double radius,
             const GridWindow* window = nullptr);

  /// Cells along x, y and z (layers is 1 in 2D).
  int columns() const { return mx_; }
  int rows() const { return my_; }
  int layers() const { return mz_; }
  /// Cell sides along x, y and z (0 along z in 2D), world units.
  double cellWidth() const { return sideX_; }
  double cellHeight() const { return sideY_; }
  double cellDepth() const { return sideZ_; }
  /// Whether cells wrap around: a torus covered whole (along every axis).
  bool periodic() const { return periodic_ && whole_[0] && whole_[1] && whole_[2]; }
  bool is3d() const { return is3d_; }
  std::size_t cellCount() const { return start_.size() - 1; }
  /// Number of boids sorted (slots).
  std::size_t slots() const { return order_.size(); }
  /// Slots [begin(c), end(c)) of cell c in the cell-ordered arrays.
  std::uint32_t begin(std::size_t cell) const { return start_[cell]; }
  std::uint32_t end(std::size_t cell) const { return start_[cell + 1]; }
  /// Cell of input element k.
  std::uint32_t cellOf(std::size_t k) const { return cellOf_[k]; }
  /// Cell index of (column, row, layer).
  std::uint32_t cell(int column, int row, int layer = 0) const {
    return static_cast<std::uint32_t>((layer * my_ + row) * mx_ + column);
  }
  /// Column of an x in [0, W], row of a y in [0, H], layer of a z in [0, D] (0 in 2D).
  int column(double x) const;
  int row(double y) const;
  int layer(double z) const;
  /// The distinct cells of the 3x3 (3x3x3) block around `cell` (fewer when an axis has
  /// under 3 cells or meets a wall), each once; returns how many.
  int neighborCells(std::uint32_t cell, std::uint32_t out[kMaxNeighborCells]) const;
  /// The distinct columns (rows, layers) from first - 1 to last + 1: wrapped on a torus (each
  /// once, all of them when the span covers the grid), clipped in a box. Returns how many;
  /// `out` needs room for last - first + 3.
  int columnsAround(int first, int last, int* out) const;
  int rowsAround(int first, int last, int* out) const;
  int layersAround(int first, int last, int* out) const;

  /// Cell-ordered data: slot s holds boid index(s) with its position and velocity (z and vz
  /// in 3D only).
  std::uint32_t index(std::size_t slot) const { return order_[slot]; }
  /// The input element (k of build()) that slot `slot` holds.
  std::uint32_t inputOf(std::size_t slot) const { return input_[slot]; }
  const std::uint32_t* inputOfSlots() const { return input_.data(); }
  const std::uint32_t* indices() const { return order_.data(); }
  const double* sortedX() const { return sx_.data(); }
  const double* sortedY() const { return sy_.data(); }
  const double* sortedZ() const { return sz_.data(); }
  const double* sortedVx() const { return svx_.data(); }
  const double* sortedVy() const { return svy_.data(); }
  const double* sortedVz() const { return svz_.data(); }

 private:
  int mx_ = 1, my_ = 1, mz_ = 1;
  double sideX_ = 0, sideY_ = 0, sideZ_ = 0;
  bool periodic_ = true, is3d_ = false;
  bool whole_[3] = {true, true, true};  // the world's whole axis, else a window
  double origin_[3] = {0, 0, 0}, world_[3] = {0, 0, 0}, extent_[3] = {0, 0, 0};
  // A coordinate along `axis` as the cells count it: from the window's origin, wrapped into it.
  double local(double v, int axis) const {
    if (whole_[axis]) return v;
    double u = v - origin_[axis];
    if (periodic_ && u < 0) u = (v + world_[axis]) - origin_[axis];
    else if (periodic_ && u > extent_[axis]) u = (v - world_[axis]) - origin_[axis];
    return u;
  }
  std::vector<std::uint32_t> start_{0, 0}, order_, cellOf_, cursor_, input_;  // input_: slot -> k
  std::vector<double> sx_, sy_, sz_, svx_, svy_, svz_;
};

}  // namespace flocklab
