#pragma once
// The candidates of one tile of grid cells: every boid of the cells around the tile, merged
// into ascending boid index and copied into contiguous arrays. The step driver's own.
//
// Design: all boids of a tile share one candidate list, so the merge is paid once per tile
// and each boid only filters it. A boid's hits then come out of the filter already in
// ascending index, the order brute force adds them in, with no sort per boid. Each cell lists
// its boids in ascending index (Grid), so the list is a merge of sorted runs, one per
// non-empty cell: pairwise, branch-free, into ping-pong buffers; where the cells are sparse
// (at most 64 boids in three runs or more, as from a random start at the seed's density) one
// insertion sort instead, which pays no pass per run (a million boids from the random start,
// 40 steps on one thread: 12.2 -> 9.3 s of CPU, medians of 4). A tile of 2 x 2 cells pays
// the merge over about four times as many boids as one cell, for a list of 16 cells, not 9.
// In 3D a tile is 2 x 2 x 1 cells: 48 cells around 4, the same ratio (16/9 = 48/27) as in 2D.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/grid.hpp"

namespace flocklab {

/// A box of cells: columns [column, column + columns), rows [row, row + rows), layers
/// [layer, layer + layers) (a 2D grid's only layer is 0).
struct Tile {
  int column, row, columns, rows;
  int layer = 0, layers = 1;
};

/// One tile's candidate list; reused from tile to tile (one per worker).
class CellCandidates {
 public:
  /// Gathers the boids of the cells around `tile` (its cells and their neighbours) in
  /// ascending boid index. Tiles span at most 4 cells per axis. Allocates only when a list is
  /// longer than any before.
  void gather(const Grid& grid, const Tile& tile);

  /// Number of candidates.
  std::size_t size() const { return size_; }
  /// Candidate positions and velocities in ascending boid index (z and vz in 3D only).
  const double* x() const { return x_.data(); }
  const double* y() const { return y_.data(); }
  const double* z() const { return z_.data(); }
  const double* vx() const { return vx_.data(); }
  const double* vy() const { return vy_.data(); }
  const double* vz() const { return vz_.data(); }
  /// Boid index of candidate k.
  std::uint32_t index(std::size_t k) const { return static_cast<std::uint32_t>(merged_[k] >> 32); }
  /// Where the boid in grid slot `slot` (a slot of the gathered tile) sits among the candidates.
  std::size_t position(std::uint32_t slot) const { return position_[slot]; }

 private:
  std::size_t size_ = 0;
  std::vector<std::uint64_t> keys_, scratch_;  // (index << 32 | slot), merged in place
  const std::uint64_t* merged_ = nullptr;      // the merged list: keys_ or scratch_
  std::vector<double> x_, y_, z_, vx_, vy_, vz_;
  std::vector<std::uint32_t> position_;  // by grid slot, valid for the gathered list
};

}  // namespace flocklab
