// Metrics with the grid, in 2D and 3D. Design: the per-boid quantities (neighbour count,
// nearest distance) are computed in parallel into per-boid slots; every float total is then
// summed serially in boid index order, so the result is the same for any executor. Flocks come
// from a union-find over the linked pairs: the partition into groups is unique, so the counts
// do not depend on the order of the unions (nor on numbering the boids by grid slot).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "engine/grid.hpp"
#include "engine/grid_shells.hpp"
#include "engine/lanes.hpp"
#include "engine/measure.hpp"
#include "engine/union_find.hpp"

namespace flocklab {
namespace {

// Distances between grid slots, wrapped on a torus (D = 2 or 3).
template <int D>
struct Geometry {
  const Grid& grid;
  Offsets offsets;
  double r2;  // links: d2 < r2
  double d2(std::size_t a, std::size_t b) const {
    const double *x = grid.sortedX(), *y = grid.sortedY();
    const double dx = offsets.dx(x[a], x[b]), dy = offsets.dy(y[a], y[b]);
    if constexpr (D == 2) {
      return dx * dx + dy * dy;
    } else {
      const double dz = offsets.dz(grid.sortedZ()[a], grid.sortedZ()[b]);
      return dx * dx + dy * dy + dz * dz;
    }
  }
  // Whether the boid in slot a sees the one in slot b, dd = d2(a, b) away (Sight; the cone as
  // the steering rule tests it, with the same operations).
  bool sees(const Sight& sight, std::size_t a, std::size_t b, double dd) const {
    const double s2 = sight.radius * sight.radius;
    if (!(sight.inclusive ? dd <= s2 : dd < s2) || (sight.apartOnly && dd == 0)) return false;
    if (!sight.fovLimited) return true;
    const double *x = grid.sortedX(), *y = grid.sortedY(), *vx = grid.sortedVx(), *vy = grid.sortedVy();
    const double dx = offsets.dx(x[a], x[b]), dy = offsets.dy(y[a], y[b]);
    double dot = vx[a] * dx + vy[a] * dy, speed2 = vx[a] * vx[a] + vy[a] * vy[a];
    if constexpr (D == 3) {
      const double dz = offsets.dz(grid.sortedZ()[a], grid.sortedZ()[b]);
      dot += grid.sortedVz()[a] * dz;
      speed2 += grid.sortedVz()[a] * grid.sortedVz()[a];
    }
    return dot >= (std::sqrt(speed2) * std::sqrt(dd)) * sight.cosHalfFov;
  }
};

// The boids of slots [begin, end) against the one in `self`: how many it sees, added to `count`,
// and the least d2, into `best`. With a sight all around, two at a time (SSE2 natively, simd128
// in WebAssembly); with a field of view, and for the last odd slot, one at a time.
// Determinism: each lane's d2 is Geometry::d2's (the same wrap, then the squares left to right),
// the count is a whole number and the least of a set of distances is the same in any order.
template <int D>
void scanSlots(const Geometry<D>& g, const Sight& sight, std::size_t self, std::size_t begin, std::size_t end,
               std::uint32_t& count, double& best) {
  using L = LaneVectors<2>;
  using V = L::D;
  const double* at[3] = {g.grid.sortedX(), g.grid.sortedY(), D == 3 ? g.grid.sortedZ() : nullptr};
  const double extent[3] = {g.offsets.width, g.offsets.height, g.offsets.depth};
  const double half[3] = {g.offsets.halfWidth, g.offsets.halfHeight, g.offsets.halfDepth};
  V from[D], span[D], above[D], below[D], never, least, reach, zero, slotOf, selfSlot, two;
  for (int a = 0; a < D; ++a)
    broadcast(from[a], at[a][self]), broadcast(span[a], extent[a]), broadcast(above[a], half[a]),
        broadcast(below[a], -half[a]);
  broadcast(never, std::numeric_limits<double>::infinity());
  broadcast(least, best);
  broadcast(reach, sight.radius * sight.radius);
  broadcast(zero, 0.0);
  broadcast(selfSlot, static_cast<double>(self));
  broadcast(two, 2.0);
  slotOf = V{static_cast<double>(begin), static_cast<double>(begin + 1)};
  L::M seen{};
  std::size_t s = begin;
  for (; !sight.fovLimited && s + 2 <= end; s += 2, slotOf += two) {
    V d2{};
    for (int a = 0; a < D; ++a) {
      V d = V{at[a][s], at[a][s + 1]} - from[a];
      if (g.offsets.periodic) {
        d = d > above[a] ? d - span[a] : d;
        d = d < below[a] ? d + span[a] : d;
      }
      d2 = a == 0 ? d * d : d2 + d * d;
    }
    d2 = slotOf == selfSlot ? never : d2;
    least = d2 < least ? d2 : least;
    L::M in = sight.inclusive ? d2 <= reach : d2 < reach;
    if (sight.apartOnly) in &= d2 != zero;
    seen -= in;  // a set lane is -1
  }
  count += static_cast<std::uint32_t>(seen[0] + seen[1]);  // each lane counts up by its -1s
  best = std::min({best, least[0], least[1]});
  for (; s < end; ++s) {
    if (s == self) continue;
    const double dd = g.d2(self, s);
    best = std::min(best, dd);
    count += g.sees(sight, self, s, dd);
  }
}

// Nearest other boid of the boid in `slot`, by shells of cells around its cell (walkShells).
// Determinism: the minimum of the same distances, whatever the order or the grid's shape.
template <int D>
double nearestDistance2(const Geometry<D>& g, std::size_t slot) {
  const Grid& grid = g.grid;
  double best = std::numeric_limits<double>::infinity();
  walkShells<D>(
      grid, slot,
      [&](std::uint32_t c) {
        for (std::uint32_t s = grid.begin(c); s < grid.end(c); ++s)
          if (s != slot) best = std::min(best, g.d2(slot, s));
      },
      [&](double beyond2) { return best <= beyond2; });
  return best;
}

// (x, y, z) / |(x, y, z)| in place; false (unchanged) for the zero vector. Determinism: where
// the sum of squares is a normal number (every run's vectors but the tiniest) this is the plain
// sqrt and division, the bits metrics always had; below, where the squares lose their digits or
// underflow to 0 (a speed of 1e-170), the vector is first scaled by 2^600, exactly, so that the
// unit vector is still one long and a measure stays within [0, 1].
bool toUnit(double& x, double& y, double& z) {
  double s = x * x + y * y + z * z;
  if (!(s >= std::numeric_limits<double>::min())) {
    if (x == 0 && y == 0 && z == 0) return false;
    x *= 0x1p600, y *= 0x1p600, z *= 0x1p600;
    s = x * x + y * y + z * z;
  }
  const double length = std::sqrt(s);
  x /= length, y /= length, z /= length;
  return true;
}

// Polarization: |mean of unit headings|.
double polarization(const Flock& flock) {
  const std::size_t n = flock.size();
  const double count = static_cast<double>(n);
  const bool in3d = flock.is3d();
  // Determinism: serial sums in boid index order; in 2D, z stays +0 and adds +0 to every sum,
  // which changes no bit.
  double ux = 0, uy = 0, uz = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double vx = flock.vx[i], vy = flock.vy[i], vz = in3d ? flock.vz[i] : 0.0;
    if (!toUnit(vx, vy, vz)) continue;
    ux += vx, uy += vy, uz += vz;
  }
  return std::sqrt((ux / count) * (ux / count) + (uy / count) * (uy / count) + (uz / count) * (uz / count));
}

// Milling: |sum over boids of (unit offset from the centre) x (unit heading)| / n, the
// group's normalised angular momentum (docs/model-lab.md, "Metrics"). The centre is the mean
// position; on a torus, the mean of each boid's image nearest boid 0 (the group's own centre
// while it spans under half the world along each axis), and each offset is from that image.
// Boids at the centre or with no speed add nothing. In 2D the cross product is its z part.
// Determinism: serial sums in boid index order.
double milling(const Flock& flock, const Space& space) {
  const std::size_t n = flock.size();
  if (n == 0) return 0;
  const Offsets offsets(space);
  const bool in3d = flock.is3d();
  const double count = static_cast<double>(n);
  // The images' offsets from boid 0 (on a torus) or the plain positions, their mean the centre.
  const auto image = [&](std::size_t i, int axis) {
    const std::vector<double>& v = axis == 0 ? flock.x : axis == 1 ? flock.y : flock.z;
    if (!space.periodic) return v[i];
    return axis == 0 ? offsets.dx(v[0], v[i]) : axis == 1 ? offsets.dy(v[0], v[i]) : offsets.dz(v[0], v[i]);
  };
  const int dims = in3d ? 3 : 2;
  double centre[3] = {0, 0, 0};
  for (int a = 0; a < dims; ++a) {
    for (std::size_t i = 0; i < n; ++i) centre[a] += image(i, a);
    centre[a] /= count;
  }
  double sx = 0, sy = 0, sz = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double ax = image(i, 0) - centre[0], ay = image(i, 1) - centre[1];
    double az = in3d ? image(i, 2) - centre[2] : 0.0;
    double bx = flock.vx[i], by = flock.vy[i], bz = in3d ? flock.vz[i] : 0.0;
    if (!toUnit(ax, ay, az) || !toUnit(bx, by, bz)) continue;
    sz += ax * by - ay * bx;
    if (in3d) {
      sx += ay * bz - az * by;
      sy += az * bx - ax * bz;
    }
  }
  return std::sqrt((sx / count) * (sx / count) + (sy / count) * (sy / count) + (sz / count) * (sz / count));
}

// Union-find over grid slots of the boids linked closer than the link radius: linked boids sit
// in nearby slots, so the tree stays in cache.
template <int D>
UnionFind linkGroups(const Geometry<D>& g, std::size_t n) {
  const Grid& grid = g.grid;
  UnionFind groups(n);
  std::uint32_t block[Grid::kMaxNeighborCells];
  for (std::uint32_t slot = 0; slot < n; ++slot) {
    const int cells = grid.neighborCells(grid.cellOf(grid.index(slot)), block);
    for (int c = 0; c < cells; ++c)
      for (std::uint32_t s = std::max(grid.begin(block[c]), slot + 1); s < grid.end(block[c]); ++s)
        if (g.d2(slot, s) < g.r2) groups.unite(slot, s);
  }
  return groups;
}

// The agents of the largest group, ascending; of groups of equal size, the one with the lowest
// index.
template <int D>
std::vector<std::uint32_t> largestGroupIn(const Flock& flock, const Space& space, double linkRadius) {
  const std::size_t n = flock.size();
  Grid grid;
  const GridWindow window =
      space.unbounded ? boundingWindow(flock.x.data(), flock.y.data(), D == 3 ? flock.z.data() : nullptr, n, linkRadius)
                      : GridWindow{};
  grid.build(flock.x.data(), flock.y.data(), flock.z.data(), nullptr, nullptr, nullptr, nullptr, n, space, linkRadius,
             space.unbounded ? &window : nullptr);
  UnionFind groups = linkGroups(Geometry<D>{grid, Offsets(space), linkRadius * linkRadius}, n);
  std::vector<std::uint32_t> rootOf(n);
  for (std::uint32_t slot = 0; slot < n; ++slot) rootOf[grid.index(slot)] = groups.find(slot);
  std::uint32_t best = rootOf[0];
  for (std::uint32_t i = 1; i < n; ++i)
    if (groups.size[rootOf[i]] > groups.size[best]) best = rootOf[i];
  std::vector<std::uint32_t> members;
  for (std::uint32_t i = 0; i < n; ++i)
    if (rootOf[i] == best) members.push_back(i);
  return members;
}

template <int D>
Metrics measureIn(const Flock& flock, const Space& space, const MetricRules& rules, Executor& executor) {
  Metrics out;
  const std::size_t n = flock.size();
  Grid grid;
  // Cells at least as wide as the farther of the two reaches, so that the 3^D block around a
  // boid holds every boid it links to or sees; velocities only for a field of view.
  const Sight& sight = rules.sight;
  const double reach = std::max(rules.linkRadius, sight.radius);
  const bool withVelocity = sight.fovLimited;
  // Open space: the grid covers the group's bounding box, wherever it has gone.
  const GridWindow window =
      space.unbounded ? boundingWindow(flock.x.data(), flock.y.data(), D == 3 ? flock.z.data() : nullptr, n, reach)
                      : GridWindow{};
  grid.build(flock.x.data(), flock.y.data(), flock.z.data(), withVelocity ? flock.vx.data() : nullptr,
             withVelocity ? flock.vy.data() : nullptr, withVelocity && D == 3 ? flock.vz.data() : nullptr, nullptr, n,
             space, reach, space.unbounded ? &window : nullptr);
  const Geometry<D> g{grid, Offsets(space), rules.linkRadius * rules.linkRadius};

  std::vector<std::uint32_t> neighbors(n);
  std::vector<double> nearest(n);
  // A boid outside the 3^D block of cells around a boid's cell lies at least one cell's side
  // away, so a nearest distance found in the block within the shortest side is the nearest of
  // all; only a boid with none that close searches further (nearestDistance2). Determinism: the
  // minimum of the same distances either way.
  double shortestSide = std::min(grid.cellWidth(), grid.cellHeight());
  if constexpr (D == 3) shortestSide = std::min(shortestSide, grid.cellDepth());
  const double blockReach2 = (shortestSide * (1 - 1e-9)) * (shortestSide * (1 - 1e-9));
  const unsigned tasks = static_cast<unsigned>(std::min<std::size_t>(executor.size() * 4, (n + 1023) / 1024));
  const std::size_t chunk = (n + tasks - 1) / tasks;
  executor.run(tasks, [&](unsigned task, unsigned) {
    std::uint32_t block[Grid::kMaxNeighborCells];
    for (std::size_t slot = task * chunk; slot < std::min(n, (task + 1) * chunk); ++slot) {
      const std::uint32_t i = grid.index(slot);
      std::uint32_t count = 0;
      double best = std::numeric_limits<double>::infinity();
      const int cells = grid.neighborCells(grid.cellOf(i), block);
      for (int c = 0; c < cells; ++c) scanSlots(g, sight, slot, grid.begin(block[c]), grid.end(block[c]), count, best);
      neighbors[i] = sight.nearest > 0 ? std::min(count, sight.nearest) : count;
      nearest[i] = n > 1 ? std::sqrt(best <= blockReach2 ? best : nearestDistance2(g, slot)) : 0.0;
    }
  });

  // Determinism: serial sums in boid index order.
  double nearestSum = 0;
  std::uint64_t neighborSum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    nearestSum += nearest[i];
    neighborSum += neighbors[i];
  }
  const double count = static_cast<double>(n);
  out.polarization = polarization(flock);
  out.milling = milling(flock, space);
  out.meanNearestDistance = nearestSum / count;
  out.meanNeighbors = static_cast<double>(neighborSum) / count;

  UnionFind groups = linkGroups(g, n);
  for (std::uint32_t slot = 0; slot < n; ++slot)
    if (groups.find(slot) == slot) {
      ++out.flocks;
      out.largestFlock = std::max<std::size_t>(out.largestFlock, groups.size[slot]);
    }
  out.largestShare = static_cast<double>(out.largestFlock) / count;
  return out;
}

}  // namespace

Metrics measureWith(const Flock& flock, const Space& space, const MetricRules& rules, Executor& executor) {
  if (flock.is3d() != space.is3d()) throw std::invalid_argument("the flock and the world differ in dimensions");
  if (flock.size() == 0) return {};
  return flock.is3d() ? measureIn<3>(flock, space, rules, executor) : measureIn<2>(flock, space, rules, executor);
}

std::vector<std::uint32_t> largestGroup(const Flock& flock, const Space& space, double linkRadius) {
  if (flock.is3d() != space.is3d()) throw std::invalid_argument("the flock and the world differ in dimensions");
  if (flock.size() == 0) return {};
  return flock.is3d() ? largestGroupIn<3>(flock, space, linkRadius) : largestGroupIn<2>(flock, space, linkRadius);
}

Metrics measure(const Flock& flock, const Space& space, const MetricRules& rules, const EngineOptions& options) {
  if (options.executor) return measureWith(flock, space, rules, *options.executor);
  ThreadPool pool(options.threads);
  return measureWith(flock, space, rules, pool);
}

}  // namespace flocklab
