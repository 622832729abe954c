#pragma once
// The candidates of one tile of grid cells: every boid of the cells around the tile, merged
// into ascending boid index and copied into contiguous arrays.
//
// Design: all boids of a tile share one candidate list, so the merge is paid once per tile
// and each boid only filters it. A boid's hits then come out of the filter already in
// ascending index, the order brute force adds them in, with no sort per boid. Each cell lists
// its boids in ascending index (Grid), so the list is a merge of sorted runs, one per
// non-empty cell: pairwise, branch-free, into ping-pong buffers. A tile of 2 x 2 cells pays
// the merge over about four times as many boids as one cell, for a list of 16 cells, not 9.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/grid.hpp"

namespace flocklab {

/// A rectangle of cells: columns [column, column + columns), rows [row, row + rows).
struct Tile {
  int column, row, columns, rows;
};

class CellCandidates {
 public:
  /// Gathers the boids of the cells around `tile` (its cells and their neighbours) in
  /// ascending boid index. Allocates only when a list is longer than any before.
  void gather(const Grid& grid, const Tile& tile);

  std::size_t size() const { return size_; }
  const double* x() const { return x_.data(); }
  const double* y() const { return y_.data(); }
  const double* vx() const { return vx_.data(); }
  const double* vy() const { return vy_.data(); }
  /// Where the boid in grid slot `slot` (a slot of the gathered tile) sits among the candidates.
  std::size_t position(std::uint32_t slot) const { return position_[slot]; }

 private:
  std::size_t size_ = 0;
  std::vector<std::uint64_t> keys_, scratch_;  // (index << 32 | slot), merged in place
  std::vector<double> x_, y_, vx_, vy_;
  std::vector<std::uint32_t> position_;        // by grid slot, valid for the gathered list
};

}  // namespace flocklab
