// Candidate gathering: one run per non-empty cell, merged pairwise (see the header's design).
#include "engine/cell_candidates.hpp"

#include <algorithm>

namespace flocklab {
namespace {

constexpr int kMaxTileSide = 6;           // cells per tile side, neighbours included
constexpr std::size_t kInsertBelow = 64;  // keys up to which one insertion sort replaces the merges

// Merges two ascending runs into `out`, branch-free: the comparison picks, it never jumps.
void mergeRuns(const std::uint64_t* a, const std::uint64_t* aEnd, const std::uint64_t* b, const std::uint64_t* bEnd,
               std::uint64_t* out) {
  while (a < aEnd && b < bEnd) {
    const bool takeB = *b < *a;
    *out++ = takeB ? *b : *a;
    b += takeB;
    a += !takeB;
  }
  while (a < aEnd) *out++ = *a++;
  while (b < bEnd) *out++ = *b++;
}

}  // namespace

void CellCandidates::gather(const Grid& grid, const Tile& tile) {
  int columns[kMaxTileSide], rows[kMaxTileSide], layers[kMaxTileSide];
  const int nc = grid.columnsAround(tile.column, tile.column + tile.columns - 1, columns);
  const int nr = grid.rowsAround(tile.row, tile.row + tile.rows - 1, rows);
  const int nl = grid.layersAround(tile.layer, tile.layer + tile.layers - 1, layers);
  // One run of keys per non-empty cell, back to back; bounds[r] is where run r starts.
  std::size_t bounds[kMaxTileSide * kMaxTileSide * kMaxTileSide + 1], total = 0;
  int runs = 0;
  for (int l = 0; l < nl; ++l)
    for (int r = 0; r < nr; ++r)
      for (int c = 0; c < nc; ++c) {
        const std::uint32_t cell = grid.cell(columns[c], rows[r], layers[l]);
        total += grid.end(cell) - grid.begin(cell);
      }
  const bool is3d = grid.is3d();
  if (keys_.size() < total) {
    for (auto* v : {&keys_, &scratch_}) v->resize(total);
    for (auto* v : {&x_, &y_, &vx_, &vy_}) v->resize(total);
  }
  if (is3d && z_.size() < total)
    for (auto* v : {&z_, &vz_}) v->resize(total);
  std::size_t n = 0;
  for (int l = 0; l < nl; ++l)
    for (int r = 0; r < nr; ++r)
      for (int c = 0; c < nc; ++c) {
        const std::uint32_t cell = grid.cell(columns[c], rows[r], layers[l]);
        if (grid.begin(cell) == grid.end(cell)) continue;
        bounds[runs++] = n;
        for (std::uint32_t s = grid.begin(cell); s < grid.end(cell); ++s)
          keys_[n++] = (std::uint64_t{grid.index(s)} << 32) | s;
      }
  bounds[runs] = n;
  // Determinism: the merged list is in ascending boid index (the keys' high half), the order
  // brute force adds neighbours in. Merge neighbouring runs pairwise until one is left.
  std::uint64_t* from = keys_.data();
  std::uint64_t* to = scratch_.data();
  if (n <= kInsertBelow && runs > 2) {
    // Few keys in many short runs (sparse cells): one insertion pass beats the merge tree's
    // passes, each of which pays for every run.
    for (std::size_t k = 1; k < n; ++k) {
      const std::uint64_t key = from[k];
      std::size_t at = k;
      for (; at > 0 && from[at - 1] > key; --at) from[at] = from[at - 1];
      from[at] = key;
    }
    runs = 1;
  }
  while (runs > 1) {
    int kept = 0;
    for (int r = 0; r < runs; r += 2) {
      const std::size_t lo = bounds[r], mid = bounds[std::min(r + 1, runs)], hi = bounds[std::min(r + 2, runs)];
      mergeRuns(from + lo, from + mid, from + mid, from + hi, to + lo);
      bounds[kept++] = lo;
    }
    bounds[kept] = n;
    runs = kept;
    std::swap(from, to);
  }
  if (position_.size() < grid.slots()) position_.resize(grid.slots());
  const double *sx = grid.sortedX(), *sy = grid.sortedY();
  const double *svx = grid.sortedVx(), *svy = grid.sortedVy();
  for (std::size_t k = 0; k < n; ++k) {
    const auto s = static_cast<std::uint32_t>(from[k]);
    position_[s] = static_cast<std::uint32_t>(k);
    x_[k] = sx[s];
    y_[k] = sy[s];
    vx_[k] = svx[s];
    vy_[k] = svy[s];
  }
  if (is3d) {
    const double *sz = grid.sortedZ(), *svz = grid.sortedVz();
    for (std::size_t k = 0; k < n; ++k) {
      const auto s = static_cast<std::uint32_t>(from[k]);
      z_[k] = sz[s];
      vz_[k] = svz[s];
    }
  }
  merged_ = from;
  size_ = n;
}

}  // namespace flocklab
