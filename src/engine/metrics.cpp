// Metrics with the grid. Design: the per-boid quantities (neighbour count, nearest distance)
// are computed in parallel into per-boid slots; every float total is then summed serially in
// boid index order, so the result is the same for any thread count. Flocks come from a
// union-find over the linked pairs: the partition into groups is unique, so the counts do
// not depend on the order of the unions (nor on numbering the boids by grid slot).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "engine/grid.hpp"
#include "engine/measure.hpp"

namespace flocklab {
namespace {

struct Geometry {
  Offsets offsets;
  double r2;
  double d2(double x0, double y0, double x1, double y1) const {
    const double dx = offsets.dx(x0, x1), dy = offsets.dy(y0, y1);
    return dx * dx + dy * dy;
  }
};

// The cell offsets [lo, hi] along one axis that reach every cell once from cell c.
void offsetRange(int c, int count, bool periodic, int& lo, int& hi) {
  if (periodic) {
    lo = -((count - 1) / 2);
    hi = count / 2;
  } else {
    lo = -c;
    hi = count - 1 - c;
  }
}

// Nearest other boid of the boid in `slot` by rings of cells around its cell. Ring k holds
// the cells whose larger axis offset is k; offsets stay in [lo, hi] so that no cell is seen
// twice. Every boid beyond ring k is at least k cell sides away, which ends the search.
double nearestDistance2(const Grid& grid, const Geometry& g, std::size_t slot) {
  const int mx = grid.columns(), my = grid.rows();
  const std::uint32_t cell = grid.cellOf(grid.index(slot));
  const int cx = static_cast<int>(cell % mx), cy = static_cast<int>(cell / mx);
  int loX, hiX, loY, hiY;
  offsetRange(cx, mx, grid.periodic(), loX, hiX);
  offsetRange(cy, my, grid.periodic(), loY, hiY);
  const int reach = std::max(std::max(-loX, hiX), std::max(-loY, hiY));
  const double side = std::min(grid.cellWidth(), grid.cellHeight());
  const double x = grid.sortedX()[slot], y = grid.sortedY()[slot];
  double best = std::numeric_limits<double>::infinity();
  for (int k = 0; k <= reach; ++k) {
    for (int oy = std::max(loY, -k); oy <= std::min(hiY, k); ++oy)
      for (int ox = std::max(loX, -k); ox <= std::min(hiX, k); ++ox) {
        if (std::max(std::abs(ox), std::abs(oy)) != k) continue;
        const auto c = static_cast<std::uint32_t>(((cy + oy + my) % my) * mx + (cx + ox + mx) % mx);
        for (std::uint32_t s = grid.begin(c); s < grid.end(c); ++s)
          if (s != slot) best = std::min(best, g.d2(x, y, grid.sortedX()[s], grid.sortedY()[s]));
      }
    const double bound = k * side * (1 - 1e-9);
    if (best <= bound * bound) break;
  }
  return best;
}

struct UnionFind {
  std::vector<std::uint32_t> parent, size;
  explicit UnionFind(std::size_t n) : parent(n), size(n, 1) {
    std::iota(parent.begin(), parent.end(), 0u);
  }
  std::uint32_t find(std::uint32_t a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
  }
  void unite(std::uint32_t a, std::uint32_t b) {
    a = find(a), b = find(b);
    if (a == b) return;
    if (size[a] < size[b]) std::swap(a, b);
    parent[b] = a;
    size[a] += size[b];
  }
};

}  // namespace

Metrics measureWith(const Flock& flock, const Space& space, double radius, ThreadPool& pool) {
  Metrics out;
  const std::size_t n = flock.size();
  if (n == 0) return out;
  const Geometry g{Offsets(space), radius * radius};
  Grid grid;
  grid.build(flock.x.data(), flock.y.data(), nullptr, nullptr, nullptr, n, space, radius);

  std::vector<std::uint32_t> neighbors(n);
  std::vector<double> nearest(n);
  const unsigned tasks = static_cast<unsigned>(std::min<std::size_t>(pool.size() * 4, (n + 1023) / 1024));
  const std::size_t chunk = (n + tasks - 1) / tasks;
  pool.run(tasks, [&](unsigned task, unsigned) {
    std::uint32_t block[9];
    for (std::size_t slot = task * chunk; slot < std::min(n, (task + 1) * chunk); ++slot) {
      const double x = grid.sortedX()[slot], y = grid.sortedY()[slot];
      const std::uint32_t i = grid.index(slot);
      std::uint32_t count = 0;
      const int cells = grid.neighborCells(grid.cellOf(i), block);
      for (int c = 0; c < cells; ++c)
        for (std::uint32_t s = grid.begin(block[c]); s < grid.end(block[c]); ++s)
          count += s != slot && g.d2(x, y, grid.sortedX()[s], grid.sortedY()[s]) < g.r2;
      neighbors[i] = count;
      nearest[i] = n > 1 ? std::sqrt(nearestDistance2(grid, g, slot)) : 0.0;
    }
  });

  // Determinism: serial sums in boid index order.
  double ux = 0, uy = 0, nearestSum = 0;
  std::uint64_t neighborSum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double speed = std::sqrt(flock.vx[i] * flock.vx[i] + flock.vy[i] * flock.vy[i]);
    if (speed > 0) {
      ux += flock.vx[i] / speed;
      uy += flock.vy[i] / speed;
    }
    nearestSum += nearest[i];
    neighborSum += neighbors[i];
  }
  const double count = static_cast<double>(n);
  out.polarization = std::sqrt((ux / count) * (ux / count) + (uy / count) * (uy / count));
  out.meanNearestDistance = nearestSum / count;
  out.meanNeighbors = static_cast<double>(neighborSum) / count;

  // Union-find over grid slots: linked boids sit in nearby slots, so the tree stays in cache.
  UnionFind groups(n);
  std::uint32_t block[9];
  for (std::uint32_t slot = 0; slot < n; ++slot) {
    const int cells = grid.neighborCells(grid.cellOf(grid.index(slot)), block);
    for (int c = 0; c < cells; ++c)
      for (std::uint32_t s = std::max(grid.begin(block[c]), slot + 1); s < grid.end(block[c]); ++s)
        if (g.d2(grid.sortedX()[slot], grid.sortedY()[slot], grid.sortedX()[s], grid.sortedY()[s]) < g.r2)
          groups.unite(slot, s);
  }
  for (std::uint32_t slot = 0; slot < n; ++slot)
    if (groups.find(slot) == slot) {
      ++out.flocks;
      out.largestFlock = std::max<std::size_t>(out.largestFlock, groups.size[slot]);
    }
  out.largestShare = static_cast<double>(out.largestFlock) / count;
  return out;
}

Metrics measure(const Flock& flock, const Space& space, double radius, const EngineOptions& options) {
  ThreadPool pool(options.threads);
  return measureWith(flock, space, radius, pool);
}

}  // namespace flocklab
