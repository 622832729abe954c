#pragma once
// The cells of a grid around one agent's cell, nearest first, for the searches whose answer may
// lie beyond the 3^D block (the nearest other agent, the K nearest). Shell k holds the cells
// whose largest axis offset is k; offsets stay in [lo, hi] so that no cell is seen twice. An
// agent beyond shell k lies k + 1 or more cells away along some axis that still has cells that
// far, so at least k sides of that axis away: once the search has what it needs within that,
// it ends. The bound takes only such axes (in a long thin world the short axis, all of it in
// shell 0, would otherwise end the search only when every cell was seen), and each shell visits
// only its own cells, so the work follows the cells within the answer.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "engine/grid.hpp"

namespace flocklab {

/// The cell offsets [lo, hi] along one axis that reach every cell once from cell c.
inline void offsetRange(int c, int count, bool periodic, int& lo, int& hi) {
  if (periodic) {
    lo = -((count - 1) / 2);
    hi = count / 2;
  } else {
    lo = -c;
    hi = count - 1 - c;
  }
}

/// Calls visit(cell) for the cells around the cell of the agent in `slot`, shell by shell, and
/// after each shell settled(bound2), where every agent of the cells not yet visited lies farther
/// than sqrt(bound2) (infinity once none is left); stops when it returns true.
template <int D, class Visit, class Settled>
void walkShells(const Grid& grid, std::size_t slot, Visit&& visit, Settled&& settled) {
  const int mx = grid.columns(), my = grid.rows(), mz = grid.layers();
  const std::uint32_t cell = grid.cellOf(grid.index(slot));
  const int cx = static_cast<int>(cell % mx), cy = static_cast<int>((cell / mx) % my);
  const int cz = static_cast<int>(cell / mx / my);
  int lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  offsetRange(cx, mx, grid.periodic(), lo[0], hi[0]);
  offsetRange(cy, my, grid.periodic(), lo[1], hi[1]);
  if constexpr (D == 3) offsetRange(cz, mz, grid.periodic(), lo[2], hi[2]);
  const double side[3] = {grid.cellWidth(), grid.cellHeight(), grid.cellDepth()};
  int far[3];  // the largest offset along each axis
  for (int a = 0; a < 3; ++a) far[a] = std::max(-lo[a], hi[a]);
  const int reach = std::max({far[0], far[1], far[2]});
  const auto at = [&](int ox, int oy, int oz) {
    visit(grid.cell((cx + ox + mx) % mx, (cy + oy + my) % my, (cz + oz + mz) % mz));
  };
  for (int k = 0; k <= reach; ++k) {
    for (int oz = std::max(lo[2], -k); oz <= std::min(hi[2], k); ++oz)
      for (int oy = std::max(lo[1], -k); oy <= std::min(hi[1], k); ++oy) {
        if (std::max(std::abs(oy), std::abs(oz)) == k) {  // a face of the shell: every column
          for (int ox = std::max(lo[0], -k); ox <= std::min(hi[0], k); ++ox) at(ox, oy, oz);
        } else {  // inside the shell's span: its two end columns only
          if (-k >= lo[0]) at(-k, oy, oz);
          if (k <= hi[0] && k != 0) at(k, oy, oz);
        }
      }
    double nearestBeyond = std::numeric_limits<double>::infinity();
    for (int a = 0; a < D; ++a)
      if (far[a] > k) nearestBeyond = std::min(nearestBeyond, k * side[a] * (1 - 1e-9));
    if (nearestBeyond == std::numeric_limits<double>::infinity() || settled(nearestBeyond * nearestBeyond)) return;
  }
}

}  // namespace flocklab
