#pragma once
// Uniform grid over a Space (a torus or a box, W x H) for neighbour search.
//
// Invariants:
// - cells along x: m = floor(W / (r * (1 + 1e-9))), at least 1 (likewise along y), both scaled
//   down when the cell count would far exceed the boid count; a cell side W/m is then at least
//   r with a margin far above rounding, so two boids closer than r (wrapped on a torus) always
//   sit in the same or adjacent cells.
// - a position equal to W (rounding can leave one there) goes to the last cell.
// - Determinism: each cell lists its boids in ascending boid index, whatever the input order
//   and the thread count (a counting sort, then an insertion sort inside each cell, which is
//   nearly free when the input is the last step's cell order).
// - on a torus with fewer than 3 cells along an axis the 3x3 block would visit a cell twice;
//   neighbourCells() lists each cell once, so no neighbour is ever counted twice. In a box the
//   block stops at the border.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "flocklab/space.hpp"

namespace flocklab {

class Grid {
 public:
  /// Sorts n boids at (x, y) into cells of side >= radius over `space`. Input element k is boid
  /// ids[k] (boid k when ids is null). When vx and vy are given, cell-ordered copies of the
  /// velocities are kept too.
  void build(const double* x, const double* y, const double* vx, const double* vy,
             const std::uint32_t* ids, std::size_t n, const Space& space, double radius);

  int columns() const { return mx_; }
  int rows() const { return my_; }
  double cellWidth() const { return sideX_; }
  double cellHeight() const { return sideY_; }
  bool periodic() const { return periodic_; }
  std::size_t cellCount() const { return start_.size() - 1; }
  /// Number of boids sorted (slots).
  std::size_t slots() const { return order_.size(); }
  /// Slots [begin(c), end(c)) of cell c in the cell-ordered arrays.
  std::uint32_t begin(std::size_t cell) const { return start_[cell]; }
  std::uint32_t end(std::size_t cell) const { return start_[cell + 1]; }
  /// Cell of input element k.
  std::uint32_t cellOf(std::size_t k) const { return cellOf_[k]; }
  /// Column of an x in [0, W] and row of a y in [0, H].
  int column(double x) const;
  int row(double y) const;
  /// The distinct cells of the 3x3 block around `cell` (fewer when m < 3); returns how many.
  int neighborCells(std::uint32_t cell, std::uint32_t out[9]) const;
  /// The distinct columns (rows) from first - 1 to last + 1: wrapped on a torus (each once,
  /// all of them when the span covers the grid), clipped in a box. Returns how many; `out`
  /// needs room for last - first + 3.
  int columnsAround(int first, int last, int* out) const;
  int rowsAround(int first, int last, int* out) const;

  /// Cell-ordered data: slot s holds boid index(s) with its position and velocity.
  std::uint32_t index(std::size_t slot) const { return order_[slot]; }
  const std::uint32_t* indices() const { return order_.data(); }
  const double* sortedX() const { return sx_.data(); }
  const double* sortedY() const { return sy_.data(); }
  const double* sortedVx() const { return svx_.data(); }
  const double* sortedVy() const { return svy_.data(); }

 private:
  int mx_ = 1, my_ = 1;
  double sideX_ = 0, sideY_ = 0;
  bool periodic_ = true;
  std::vector<std::uint32_t> start_{0, 0}, order_, cellOf_, cursor_, input_;  // input_: slot -> k
  std::vector<double> sx_, sy_, svx_, svy_;
};

}  // namespace flocklab
