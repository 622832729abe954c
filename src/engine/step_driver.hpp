#pragma once
// The loop every model's step shares: each boid gathers its neighbours from the frozen state
// in ascending index (grid or brute force) and writes only its own slot of the next state.
// The driver keeps the state between steps in cell order (boid ids[s] in slot s): the next
// grid is then a nearly sequential re-sort, and each step reads and writes memory in order.
// Callers load() a state in boid order and unload() it when they need it in boid order.
//
// A Rule supplies the model's arithmetic:
//   typename Rule::Sums;                          one boid's neighbour sums
//   Sums start(x, y, vx, vy) const;               empty sums for this boid
//   void add(Sums&, dx, dy, d2, vxj, vyj) const;  neighbour j at offset (dx, dy), d2 < r^2
//   static constexpr bool kInclusive;             optional: true counts d2 == r^2 too
//   void finish(const Sums&, i, x, y, vx, vy) const;  update boid i in place
// Speed: the grid path walks the boids tile by tile (2 x 2 cells); a tile's boids share one
// candidate list (CellCandidates, merged into ascending index), filter it with a vectorised
// distance loop, and get their hits already in order. Nothing is allocated once the buffers
// fit the largest candidate list.
// Determinism: add() sees the neighbours in ascending index on both paths, so grid and brute
// force run the same operations; tasks write disjoint slots, so threads change nothing.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "flocklab/flock.hpp"
#include "flocklab/engine_options.hpp"
#include "flocklab/space.hpp"
#include "engine/candidate_filter.hpp"
#include "engine/cell_candidates.hpp"
#include "engine/grid.hpp"
#include "engine/thread_pool.hpp"

namespace flocklab {

/// True when Rule declares `static constexpr bool kInclusive = true`: neighbours at exactly the
/// radius count (d2 <= r^2); otherwise only those strictly inside (d2 < r^2).
template <class Rule>
constexpr bool kInclusive = [] {
  if constexpr (requires { Rule::kInclusive; }) return Rule::kInclusive;
  return false;
}();

class StepDriver {
 public:
  explicit StepDriver(unsigned threads) : pool_(threads), scratch_(pool_.size()) {}

  ThreadPool& pool() { return pool_; }
  unsigned threads() const { return pool_.size(); }
  /// Candidate pairs whose distance the steps so far tested (the work, for benchmarks).
  std::uint64_t candidateChecks() const {
    std::uint64_t total = 0;
    for (const Scratch& scratch : scratch_) total += scratch.checks;
    return total;
  }

  /// Takes `flock` (boid i at index i) as the state to step.
  void load(const Flock& flock) {
    state_ = flock;
    ids_.resize(flock.size());
    for (std::size_t i = 0; i < ids_.size(); ++i) ids_[i] = static_cast<std::uint32_t>(i);
  }
  /// Writes the state, boid i at index i, into `flock`.
  void unload(Flock& flock) const {
    flock.resize(state_.size());
    for (std::size_t s = 0; s < ids_.size(); ++s) {
      const std::uint32_t i = ids_[s];
      flock.x[i] = state_.x[s], flock.y[i] = state_.y[s], flock.vx[i] = state_.vx[s], flock.vy[i] = state_.vy[s];
    }
  }

  /// One synchronous step of the loaded state.
  template <class Rule>
  void step(const Space& space, double radius, NeighborSearch search, const Rule& rule);

 private:
  // Below this many boids a step is too short to be worth waking threads.
  static constexpr std::size_t kMinBoidsPerTask = 128;
  // Up to this many boids, scanning all of them beats the grid's bookkeeping.
  static constexpr std::size_t kScanAllBelow = 256;
  // Cells per side of the tiles that share one candidate list (see CellCandidates).
  static constexpr int kTileSide = 2;
  unsigned taskCount(std::size_t n) const {
    const std::size_t byWork = n / kMinBoidsPerTask, wanted = std::size_t{pool_.size()} * 4;
    return static_cast<unsigned>(std::max<std::size_t>(1, std::min(byWork, wanted)));
  }
  // Whether offsets from the tile's boids to its candidates may need the minimum image: only
  // on a torus, for a tile whose neighbour cells wrap or reach across half the world.
  bool needsWrap(const Tile& tile, const Offsets& offsets) const {
    if (!offsets.periodic) return false;
    const bool insideX = tile.column >= 1 && tile.column + tile.columns < grid_.columns() &&
                         (tile.columns + 2) * grid_.cellWidth() < offsets.halfWidth;
    const bool insideY = tile.row >= 1 && tile.row + tile.rows < grid_.rows() &&
                         (tile.rows + 2) * grid_.cellHeight() < offsets.halfHeight;
    return !(insideX && insideY);
  }
  // Tasks take whole rows of tiles, about n / tasks boids each: task t takes the tile rows
  // whose first boid's slot s has s * tasks / n == t.
  void splitTileRows(unsigned tasks) {
    const std::size_t n = grid_.slots();
    const int tileRows = (grid_.rows() + kTileSide - 1) / kTileSide;
    taskRows_.assign(tasks + 1, tileRows);
    for (int tileRow = tileRows - 1; tileRow >= 0; --tileRow) {
      const std::size_t firstCell = static_cast<std::size_t>(tileRow) * kTileSide * grid_.columns();
      taskRows_[std::min<std::size_t>(tasks, grid_.begin(firstCell) * std::size_t{tasks} / n)] = tileRow;
    }
    for (unsigned t = tasks; t-- > 0;) taskRows_[t] = std::min(taskRows_[t], taskRows_[t + 1]);
    taskRows_[0] = 0;
  }
  template <class Rule>
  void scanAll(const Space& space, double radius, const Rule& rule);

  // One worker's buffers, sized for the largest candidate list (a cache line apart, so that
  // workers' counters never share one).
  struct alignas(64) Scratch {
    CellCandidates candidates;
    std::vector<std::uint32_t> hits;
    std::uint64_t checks = 0;
    void reserve(std::size_t capacity) {
      if (hits.size() < capacity + 8) hits.resize(capacity + 8);  // the filter writes whole vectors
    }
  };

  // Filters one boid's candidates (ascending index, its own position `self`; `wrap` unless no
  // offset can exceed half the world), applies the rule, writes its next state to slot `out`.
  template <class Rule>
  void update(Scratch& scratch, const double* cx, const double* cy, const double* cvx, const double* cvy,
              std::size_t m, std::size_t self, bool wrap, std::uint32_t i, std::size_t out,
              const Offsets& offsets, double r2, const Rule& rule);

  ThreadPool pool_;
  Grid grid_;
  std::vector<Scratch> scratch_;
  Flock state_;                     // slot s holds boid ids_[s]
  std::vector<std::uint32_t> ids_;
  std::vector<int> taskRows_;       // task t takes tile rows [taskRows_[t], taskRows_[t + 1])
  Flock frozen_;                    // scanAll's copy of the state in boid order
};

template <class Rule>
void StepDriver::update(Scratch& scratch, const double* cx, const double* cy, const double* cvx,
                        const double* cvy, std::size_t m, std::size_t self, bool wrap, std::uint32_t i,
                        std::size_t out, const Offsets& offsets, double r2, const Rule& rule) {
  double x = cx[self], y = cy[self], vx = cvx[self], vy = cvy[self];
  const std::size_t found = filterCandidates({cx, cy, m, x, y, r2, kInclusive<Rule>, self, wrap}, offsets, scratch.hits.data());
  typename Rule::Sums sums = rule.start(x, y, vx, vy);
  for (std::size_t h = 0; h < found; ++h) {
    const std::uint32_t k = scratch.hits[h];
    const double dx = offsets.dx(x, cx[k]), dy = offsets.dy(y, cy[k]);
    rule.add(sums, dx, dy, dx * dx + dy * dy, cvx[k], cvy[k]);
  }
  rule.finish(sums, i, x, y, vx, vy);
  state_.x[out] = x, state_.y[out] = y, state_.vx[out] = vx, state_.vy[out] = vy;
}

// Every boid is a candidate of every other: brute force, and the fastest for small flocks.
template <class Rule>
void StepDriver::scanAll(const Space& space, double radius, const Rule& rule) {
  const std::size_t n = state_.size();
  // The candidates in boid order: after a grid step the state is in cell order, so re-index it
  // once; after a scan it is already in boid order.
  if (!std::is_sorted(ids_.begin(), ids_.end())) {
    unload(frozen_);
    load(frozen_);
  } else {
    frozen_ = state_;
  }
  for (Scratch& scratch : scratch_) scratch.reserve(n);
  const Offsets offsets(space);
  const unsigned tasks = taskCount(n);
  const std::size_t chunk = (n + tasks - 1) / tasks;
  const Flock& f = frozen_;
  pool_.run(tasks, [&](unsigned task, unsigned worker) {
    const std::size_t end = std::min(n, (task + 1) * chunk);
    scratch_[worker].checks += (end - std::min(end, task * chunk)) * n;
    for (std::size_t i = task * chunk; i < end; ++i)
      update(scratch_[worker], f.x.data(), f.y.data(), f.vx.data(), f.vy.data(), n, i, true,
             static_cast<std::uint32_t>(i), i, offsets, radius * radius, rule);
  });
}

template <class Rule>
void StepDriver::step(const Space& space, double radius, NeighborSearch search, const Rule& rule) {
  const std::size_t n = state_.size();
  if (search == NeighborSearch::Brute || n <= kScanAllBelow) return scanAll(space, radius, rule);

  grid_.build(state_.x.data(), state_.y.data(), state_.vx.data(), state_.vy.data(), ids_.data(), n, space, radius);
  std::copy(grid_.indices(), grid_.indices() + n, ids_.begin());
  const Offsets offsets(space);
  const unsigned tasks = taskCount(n);
  splitTileRows(tasks);
  pool_.run(tasks, [&](unsigned task, unsigned worker) {
    Scratch& scratch = scratch_[worker];
    const CellCandidates& c = scratch.candidates;
    for (int tileRow = taskRows_[task]; tileRow < taskRows_[task + 1]; ++tileRow)
      for (int column = 0; column < grid_.columns(); column += kTileSide) {
        const Tile tile{column, tileRow * kTileSide, std::min(kTileSide, grid_.columns() - column),
                        std::min(kTileSide, grid_.rows() - tileRow * kTileSide)};
        // The tile's boids: in each of its rows, one run of slots.
        std::uint32_t first[kTileSide], last[kTileSide], boids = 0;
        for (int r = 0; r < tile.rows; ++r) {
          const std::size_t rowStart = static_cast<std::size_t>(tile.row + r) * grid_.columns();
          first[r] = grid_.begin(rowStart + column);
          last[r] = grid_.end(rowStart + column + tile.columns - 1);
          boids += last[r] - first[r];
        }
        if (boids == 0) continue;
        scratch.candidates.gather(grid_, tile);
        const bool wrap = needsWrap(tile, offsets);
        scratch.reserve(c.size());
        scratch.checks += std::uint64_t{boids} * c.size();
        for (int r = 0; r < tile.rows; ++r)
          for (std::uint32_t slot = first[r]; slot < last[r]; ++slot)
            update(scratch, c.x(), c.y(), c.vx(), c.vy(), c.size(), c.position(slot), wrap, grid_.index(slot),
                   slot, offsets, radius * radius, rule);
      }
  });
}

}  // namespace flocklab
