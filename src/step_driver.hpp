#pragma once
// The loop every model's step shares: each boid gathers its neighbours from the frozen state
// in ascending index (grid or brute force) and writes only its own slot of the next state.
//
// A Rule supplies the model's arithmetic:
//   typename Rule::Sums;                          one boid's neighbour sums
//   Sums start(x, y, vx, vy) const;               empty sums for this boid
//   void add(Sums&, dx, dy, d2, vxj, vyj) const;  neighbour j at offset (dx, dy), d2 < r^2
//   void finish(const Sums&, i, x, y, vx, vy) const;  update boid i in place
// Determinism: add() sees the neighbours in ascending index on both paths, so grid and brute
// force run the same operations; tasks write disjoint slots, so threads change nothing.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "flocklab/flock.hpp"
#include "flocklab/neighbor_search.hpp"
#include "flocklab/space.hpp"
#include "grid.hpp"
#include "thread_pool.hpp"

namespace flocklab {

class StepDriver {
 public:
  explicit StepDriver(unsigned threads) : pool_(threads), hits_(pool_.size()) {}

  ThreadPool& pool() { return pool_; }
  unsigned threads() const { return pool_.size(); }

  /// One synchronous step of all boids of `now` into `next` (already sized like `now`).
  template <class Rule>
  void step(const Flock& now, Flock& next, const Space& space, double radius,
            NeighborSearch search, const Rule& rule);

 private:
  // Below this many boids a step is too short to be worth waking threads.
  static constexpr std::size_t kMinBoidsPerTask = 512;
  unsigned taskCount(std::size_t n) const {
    const std::size_t byWork = n / kMinBoidsPerTask, wanted = std::size_t{pool_.size()} * 4;
    return static_cast<unsigned>(std::max<std::size_t>(1, std::min(byWork, wanted)));
  }

  ThreadPool pool_;
  Grid grid_;
  std::vector<std::vector<std::uint64_t>> hits_;  // per worker: (index << 32 | slot) of hits
};

template <class Rule>
void StepDriver::step(const Flock& now, Flock& next, const Space& space, double radius,
                      NeighborSearch search, const Rule& rule) {
  const std::size_t n = now.size();
  const Offsets offsets(space);
  const double r2 = radius * radius;
  const unsigned tasks = taskCount(n);
  const std::size_t chunk = (n + tasks - 1) / tasks;
  const auto store = [&next](std::size_t i, double x, double y, double vx, double vy) {
    next.x[i] = x, next.y[i] = y, next.vx[i] = vx, next.vy[i] = vy;
  };

  if (search == NeighborSearch::Brute) {
    pool_.run(tasks, [&](unsigned task, unsigned) {
      for (std::size_t i = task * chunk; i < std::min(n, (task + 1) * chunk); ++i) {
        double x = now.x[i], y = now.y[i], vx = now.vx[i], vy = now.vy[i];
        typename Rule::Sums sums = rule.start(x, y, vx, vy);
        for (std::size_t j = 0; j < n; ++j) {
          if (j == i) continue;
          const double dx = offsets.dx(x, now.x[j]), dy = offsets.dy(y, now.y[j]);
          const double d2 = dx * dx + dy * dy;
          if (d2 < r2) rule.add(sums, dx, dy, d2, now.vx[j], now.vy[j]);
        }
        rule.finish(sums, i, x, y, vx, vy);
        store(i, x, y, vx, vy);
      }
    });
    return;
  }

  grid_.build(now.x.data(), now.y.data(), now.vx.data(), now.vy.data(), n, space, radius);
  for (auto& buffer : hits_)
    if (buffer.size() < grid_.maxBlockPopulation()) buffer.resize(grid_.maxBlockPopulation());
  const double *sx = grid_.sortedX(), *sy = grid_.sortedY();
  const double *svx = grid_.sortedVx(), *svy = grid_.sortedVy();
  pool_.run(tasks, [&](unsigned task, unsigned worker) {
    std::uint64_t* hits = hits_[worker].data();
    std::uint32_t block[9];
    // Walk boids in cell order so that consecutive boids share their candidates in cache.
    for (std::size_t slot = task * chunk; slot < std::min(n, (task + 1) * chunk); ++slot) {
      const std::uint32_t i = grid_.index(slot);
      double x = sx[slot], y = sy[slot], vx = svx[slot], vy = svy[slot];
      std::size_t found = 0;
      const int cells = grid_.neighborCells(grid_.cellOf(i), block);
      for (int c = 0; c < cells; ++c)
        for (std::uint32_t k = grid_.begin(block[c]); k < grid_.end(block[c]); ++k) {
          const double dx = offsets.dx(x, sx[k]), dy = offsets.dy(y, sy[k]);
          if (dx * dx + dy * dy < r2 && k != slot)
            hits[found++] = (std::uint64_t{grid_.index(k)} << 32) | k;
        }
      // Determinism: ascending neighbour index, as the brute search adds them.
      std::sort(hits, hits + found);
      typename Rule::Sums sums = rule.start(x, y, vx, vy);
      for (std::size_t h = 0; h < found; ++h) {
        const auto k = static_cast<std::uint32_t>(hits[h]);
        const double dx = offsets.dx(x, sx[k]), dy = offsets.dy(y, sy[k]);
        rule.add(sums, dx, dy, dx * dx + dy * dy, svx[k], svy[k]);
      }
      rule.finish(sums, i, x, y, vx, vy);
      store(i, x, y, vx, vy);
    }
  });
}

}  // namespace flocklab
