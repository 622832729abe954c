#pragma once
// The loop every model's step shares: each boid gathers its neighbours from the frozen state
// in ascending index (grid or brute force) and writes only its own slot of the next state.
// The engine's own (src/engine): RuleSimulation runs a rule through it.
//
// The driver keeps the state between steps in cell order (boid ids[s] in slot s): the next
// grid is then a nearly sequential re-sort, and each step reads and writes memory in order.
// Callers load() a state in boid order and unload() it when they need it in boid order.
// The Rule (engine/rule.hpp) supplies the model's arithmetic; its kDimensions (2 or 3) must
// match the space's and the state's.
//
// Speed: the grid path walks the boids tile by tile (2 x 2 cells, 2 x 2 x 1 in 3D); a tile's
// boids share one candidate list (CellCandidates, merged into ascending index), filter it with
// a vectorised distance loop, and get their hits already in order. Nothing is allocated once
// the buffers fit the largest candidate list. A rule with lane sums (kRuleLanes) may skip the
// filter: W boids of the tile run at once, one a vector lane, over the whole candidate list,
// each lane adding only its own hits (engine/lanes.hpp): 8 lanes where the CPU has
// AVX-512 and the tile at least 6 boids, else 4 where it has AVX2 and the tile at least 3, else
// the filter (laneKernel() says which runs). A rule with hit lanes (kRuleHitLanes) keeps the
// filter and takes each boid's hits W at a time (engine/hit_lanes.hpp).
// Determinism: add() sees the neighbours in ascending index on both paths, so grid and brute
// force run the same operations; tasks write disjoint slots, so the executor and its size
// change nothing.
// Over several processes (a Partition, flocklab/partition.hpp) the driver holds only
// its process's boids, with their global indices in ids_: before a step it appends the halo
// the partition sends, updates only its own boids (neighbours still in ascending global
// index), drops the halo and lets the partition hand over the boids that left.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "engine/candidate_filter.hpp"
#include "engine/cell_candidates.hpp"
#include "engine/grid.hpp"
#include "engine/hit_lanes.hpp"
#include "engine/lanes.hpp"
#include "engine/rule.hpp"
#include "flocklab/engine_options.hpp"
#include "flocklab/executor.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/partition.hpp"
#include "flocklab/space.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define FLOCKLAB_LANES_X86 1
#endif

namespace flocklab {

/// Steps a state with a Rule. Not thread-safe: one step at a time (it runs tasks on its
/// executor inside).
class StepDriver {
 public:
  /// Runs on `executor` (shared; not null).
  explicit StepDriver(std::shared_ptr<Executor> executor, std::shared_ptr<Partition> partition = nullptr)
      : executor_(std::move(executor)), partition_(std::move(partition)), scratch_(executor_->size()) {}

  /// The executor the steps run on.
  Executor& executor() { return *executor_; }
  /// Workers of the executor.
  unsigned threads() const { return executor_->size(); }
  /// Candidate pairs whose distance the steps so far tested (the work, for benchmarks).
  std::uint64_t candidateChecks() const {
    std::uint64_t total = 0;
    for (const Scratch& scratch : scratch_) total += scratch.checks;
    return total;
  }

  /// Takes `flock` (boid i at index i, 2D or 3D) as the state to step (with a partition, the
  /// boids of this process; collective).
  void load(const Flock& flock) {
    if (partition_) return partition_->scatter(flock, state_, ids_);
    state_ = flock;
    ids_.resize(flock.size());
    for (std::size_t i = 0; i < ids_.size(); ++i) ids_[i] = static_cast<std::uint32_t>(i);
  }
  /// Writes the state, boid i at index i, into `flock` (with a partition, the whole flock
  /// gathered from every process; collective).
  void unload(Flock& flock) const {
    if (partition_) return partition_->gather(state_, ids_, flock);
    flock.dimensions = state_.dimensions;
    flock.resize(state_.size());
    for (std::size_t s = 0; s < ids_.size(); ++s) {
      const std::uint32_t i = ids_[s];
      flock.x[i] = state_.x[s], flock.y[i] = state_.y[s], flock.vx[i] = state_.vx[s], flock.vy[i] = state_.vy[s];
    }
    if (state_.is3d())
      for (std::size_t s = 0; s < ids_.size(); ++s) flock.z[ids_[s]] = state_.z[s], flock.vz[ids_[s]] = state_.vz[s];
  }

  /// One synchronous step of the loaded state: every boid reads the previous state. Throws
  /// std::invalid_argument when the rule's, the space's and the state's dimensions differ.
  template <class R>
    requires Rule<R>
  void step(const Space& space, double radius, NeighborSearch search, const R& rule);

 private:
  // Below this many boids a step is too short to be worth waking threads.
  static constexpr std::size_t kMinBoidsPerTask = 128;
  // Up to this many boids, scanning all of them beats the grid's bookkeeping.
  static constexpr std::size_t kScanAllBelow = 256;
  // Cells per side (x and y) of the tiles that share one candidate list (see CellCandidates).
  static constexpr int kTileSide = 2;

  // A boid's candidates in ascending boid index (z and vz null in 2D); `cells` or `ids` name
  // their boid indices (both null: candidate k is boid k).
  struct Candidates {
    const double *x, *y, *z, *vx, *vy, *vz;
    std::size_t size;
    const CellCandidates* cells = nullptr;
    const std::uint32_t* ids = nullptr;
    std::uint32_t index(std::size_t k) const {
      return cells ? cells->index(k) : (ids ? ids[k] : static_cast<std::uint32_t>(k));
    }
  };
  // A candidate's boid index, for the hit lanes.
  struct IndexOf {
    const Candidates* c;
    std::uint32_t operator()(std::size_t k) const { return c->index(k); }
  };
  // One boid to update: its position among the candidates, its output slot, and whether
  // offsets may need the minimum image (false only where none can exceed half the world).
  struct Target {
    std::size_t self, out;
    bool wrap;
  };
  // What every update of one step shares.
  struct Geometry {
    Offsets offsets;
    double r2;
  };

  unsigned taskCount(std::size_t n) const {
    const std::size_t byWork = n / kMinBoidsPerTask, wanted = std::size_t{executor_->size()} * 4;
    return static_cast<unsigned>(std::max<std::size_t>(1, std::min(byWork, wanted)));
  }
  // Whether offsets from the tile's boids to its candidates may need the minimum image: only
  // on a torus, for a tile whose neighbour cells wrap or reach across half the world.
  bool needsWrap(const Tile& tile, const Offsets& offsets) const {
    if (!offsets.periodic) return false;
    if (partition_) return true;  // a window's neighbour cells may hold a boid from across the torus
    const bool insideX = tile.column >= 1 && tile.column + tile.columns < grid_.columns() &&
                         (tile.columns + 2) * grid_.cellWidth() < offsets.halfWidth;
    const bool insideY = tile.row >= 1 && tile.row + tile.rows < grid_.rows() &&
                         (tile.rows + 2) * grid_.cellHeight() < offsets.halfHeight;
    const bool insideZ = !grid_.is3d() || (tile.layer >= 1 && tile.layer + tile.layers < grid_.layers() &&
                                           (tile.layers + 2) * grid_.cellDepth() < offsets.halfDepth);
    return !(insideX && insideY && insideZ);
  }
  // Tile rows per layer of cells, and in all.
  int tileRowsPerLayer() const { return (grid_.rows() + kTileSide - 1) / kTileSide; }
  // Tasks take whole rows of tiles (layer by layer in 3D), about n / tasks boids each: task t
  // takes the tile rows whose first boid's slot s has s * tasks / n == t.
  void splitTileRows(unsigned tasks) {
    const std::size_t n = grid_.slots();
    const int perLayer = tileRowsPerLayer(), tileRows = perLayer * grid_.layers();
    taskRows_.assign(tasks + 1, tileRows);
    for (int tileRow = tileRows - 1; tileRow >= 0; --tileRow) {
      const std::size_t firstCell = grid_.cell(0, (tileRow % perLayer) * kTileSide, tileRow / perLayer);
      taskRows_[std::min<std::size_t>(tasks, grid_.begin(firstCell) * std::size_t{tasks} / n)] = tileRow;
    }
    for (unsigned t = tasks; t-- > 0;) taskRows_[t] = std::min(taskRows_[t], taskRows_[t + 1]);
    taskRows_[0] = 0;
  }
  template <class R>
  void scanAll(const Space& space, double radius, const R& rule, std::size_t owned);
  template <class R>
  void stepOwned(const Space& space, double radius, NeighborSearch search, const R& rule, std::size_t owned);
  // Keeps the slots whose input element (before the step's re-ordering) was below `owned`:
  // drops the halo.
  void dropHalo(std::size_t owned, const std::uint32_t* inputOf);

  // One worker's buffers, sized for the largest candidate list (a cache line apart, so that
  // workers' counters never share one).
  struct alignas(64) Scratch {
    CellCandidates candidates;
    std::vector<std::uint32_t> hits;
    std::vector<Target> targets;  // the boids of one tile (or task) to update
    std::uint64_t checks = 0;
    void reserve(std::size_t capacity) {
      if (hits.size() < capacity + 8) hits.resize(capacity + 8);  // the filter writes whole vectors
    }
  };

  // Filters one boid's candidates, applies the rule (hit by hit, or W hits at a time in the
  // lanes L where the rule has hit lanes), writes its next state to its slot.
  template <class L, class R>
  [[gnu::always_inline]] void update(Scratch& scratch, const Candidates& c, const Target& target, const Geometry& g,
                                     const R& rule);
  // update() of `count` boids, in a function of its own: inlined into updateAll it would leave
  // the rule's add() a call a hit.
  template <class L, class R>
  [[gnu::noinline]] void updateEach(Scratch& scratch, const Candidates& c, const Target* targets, std::size_t count,
                                    const Geometry& g, const R& rule) {
    for (std::size_t t = 0; t < count; ++t) update<L>(scratch, c, targets[t], g, rule);
  }
  // The rule's start() for the boid of `target`, from its place and velocity among the candidates.
  template <class R>
  typename R::Sums start(const Candidates& c, const Target& target, const R& rule) const {
    const std::size_t i = target.self;
    if constexpr (kRuleDimensions<R> == 2) {
      if constexpr (kRulePairIndexed<R>) return rule.start(ids_[target.out], c.x[i], c.y[i], c.vx[i], c.vy[i]);
      else return rule.start(c.x[i], c.y[i], c.vx[i], c.vy[i]);
    } else {
      if constexpr (kRulePairIndexed<R>)
        return rule.start(ids_[target.out], c.x[i], c.y[i], c.z[i], c.vx[i], c.vy[i], c.vz[i]);
      else return rule.start(c.x[i], c.y[i], c.z[i], c.vx[i], c.vy[i], c.vz[i]);
    }
  }
  // Finishes one boid from its sums and writes its next state to its slot.
  template <class R>
  void finish(const typename R::Sums& sums, const Candidates& c, const Target& target, const R& rule);
  // Updates `count` boids that share the candidates `c` and one `wrap`: lanes of boids with
  // `kernel` when the rule has lane sums, else one at a time.
  template <class R>
  void updateAll(Scratch& scratch, const Candidates& c, const Target* targets, std::size_t count, const Geometry& g,
                 const R& rule, LaneKernel kernel);
  // The lane kernel of width L::kWidth for those boids: W boids at a time, one a lane, over the
  // whole candidate list (always inlined into a function built for its instruction set: see
  // lanesAvx512 and lanesAvx2).
  template <class L, bool kWrap, class R>
  [[gnu::always_inline]] void updateLanes(const Candidates& c, const Target* targets, std::size_t count,
                                          const Geometry& g, const R& rule);
  template <class L, class R>
  [[gnu::always_inline]] void updateLanesAnyWrap(const Candidates& c, const Target* targets, std::size_t count,
                                                 const Geometry& g, const R& rule) {
    if (count > 0 && targets[0].wrap && g.offsets.periodic) updateLanes<L, true>(c, targets, count, g, rule);
    else updateLanes<L, false>(c, targets, count, g, rule);
  }
#ifdef FLOCKLAB_LANES_X86
  template <class R>
  [[gnu::target("avx512f,avx512vl,avx512dq")]] void lanesAvx512(const Candidates& c, const Target* targets,
                                                                std::size_t count, const Geometry& g, const R& rule) {
    updateLanesAnyWrap<LaneVectors<8>>(c, targets, count, g, rule);
  }
  template <class R>
  [[gnu::target("avx2")]] void lanesAvx2(const Candidates& c, const Target* targets, std::size_t count,
                                         const Geometry& g, const R& rule) {
    updateLanesAnyWrap<LaneVectors<4>>(c, targets, count, g, rule);
  }
  // The hit lanes of W = 8 and 4, boid by boid.
  template <class R>
  [[gnu::target("avx512f,avx512vl,avx512dq")]] void hitLanesAvx512(Scratch& scratch, const Candidates& c,
                                                                   const Target* targets, std::size_t count,
                                                                   const Geometry& g, const R& rule) {
    for (std::size_t t = 0; t < count; ++t) update<LaneVectors<8>>(scratch, c, targets[t], g, rule);
  }
  template <class R>
  [[gnu::target("avx2")]] void hitLanesAvx2(Scratch& scratch, const Candidates& c, const Target* targets,
                                            std::size_t count, const Geometry& g, const R& rule) {
    for (std::size_t t = 0; t < count; ++t) update<LaneVectors<4>>(scratch, c, targets[t], g, rule);
  }
#endif

  std::shared_ptr<Executor> executor_;
  std::shared_ptr<Partition> partition_;  // null: this process steps the whole flock
  Grid grid_;
  std::vector<Scratch> scratch_;
  Flock state_;  // slot s holds boid ids_[s]
  std::vector<std::uint32_t> ids_;
  std::vector<int> taskRows_;                         // task t takes tile rows [taskRows_[t], taskRows_[t + 1])
  Flock frozen_;                                      // scanAll's copy of the state in boid order
  std::vector<std::uint32_t> frozenIds_, scanOrder_;  // with a partition: its indices, and where each came from
};

template <class L, class R>
inline void StepDriver::update(Scratch& scratch, const Candidates& c, const Target& target, const Geometry& g,
                               const R& rule) {
  constexpr int Dim = kRuleDimensions<R>;
  const std::size_t self = target.self;
  const std::array<const double*, 3> position{c.x, c.y, c.z}, velocity{c.vx, c.vy, c.vz};
  const double at[3] = {c.x[self], c.y[self], Dim == 3 ? c.z[self] : 0.0};
  const std::size_t found = filterCandidates(
      {c.x, c.y, c.size, at[0], at[1], g.r2, kRuleInclusive<R>, self, target.wrap, Dim == 3 ? c.z : nullptr, at[2]},
      g.offsets, scratch.hits.data());
  typename R::Sums sums = start(c, target, rule);
  if constexpr (!std::is_void_v<L>) {
    if (rule.hitsInLanes(sums)) {
      HitLaneReader<L, Dim, IndexOf> hits(scratch.hits.data(), found, position, velocity, at,
                                          target.wrap && g.offsets.periodic, g.offsets, IndexOf{&c});
      rule.template addHitLanes<L>(sums, hits);
      return finish(sums, c, target, rule);
    }
  }
  // Where no offset can exceed half the world (target.wrap false) the minimum image is the
  // plain difference: the same numbers without the tests.
  const auto addHits = [&](auto wrapped) {
    for (std::size_t h = 0; h < found; ++h) {
      const std::uint32_t k = scratch.hits[h];
      double d[Dim], v[Dim];
      for (int a = 0; a < Dim; ++a) d[a] = position[a][k] - at[a], v[a] = velocity[a][k];
      if constexpr (decltype(wrapped)::value) {
        d[0] = g.offsets.dx(at[0], position[0][k]), d[1] = g.offsets.dy(at[1], position[1][k]);
        if constexpr (Dim == 3) d[2] = g.offsets.dz(at[2], position[2][k]);
      }
      // Determinism: d2 left to right, as the filter computed it.
      double d2 = d[0] * d[0] + d[1] * d[1];
      if constexpr (Dim == 3) d2 += d[2] * d[2];
      if constexpr (Dim == 2) {
        if constexpr (kRulePairIndexed<R>) rule.add(sums, c.index(k), d[0], d[1], d2, v[0], v[1]);
        else rule.add(sums, d[0], d[1], d2, v[0], v[1]);
      } else {
        if constexpr (kRulePairIndexed<R>) rule.add(sums, c.index(k), d[0], d[1], d[2], d2, v[0], v[1], v[2]);
        else rule.add(sums, d[0], d[1], d[2], d2, v[0], v[1], v[2]);
      }
    }
  };
  if (target.wrap) addHits(std::true_type{});
  else addHits(std::false_type{});
  finish(sums, c, target, rule);
}

template <class R>
void StepDriver::finish(const typename R::Sums& sums, const Candidates& c, const Target& target, const R& rule) {
  const std::size_t self = target.self, out = target.out;
  double x = c.x[self], y = c.y[self], vx = c.vx[self], vy = c.vy[self];
  if constexpr (kRuleDimensions<R> == 2) {
    if constexpr (kRuleIndexed<R>) rule.finish(sums, ids_[out], x, y, vx, vy);
    else rule.finish(sums, x, y, vx, vy);
  } else {
    double z = c.z[self], vz = c.vz[self];
    if constexpr (kRuleIndexed<R>) rule.finish(sums, ids_[out], x, y, z, vx, vy, vz);
    else rule.finish(sums, x, y, z, vx, vy, vz);
    state_.z[out] = z, state_.vz[out] = vz;
  }
  state_.x[out] = x, state_.y[out] = y, state_.vx[out] = vx, state_.vy[out] = vy;
}

template <class R>
void StepDriver::updateAll(Scratch& scratch, const Candidates& c, const Target* targets, std::size_t count,
                           const Geometry& g, const R& rule, LaneKernel kernel) {
  // Lanes pay only where the tile fills most of them: a tile of a few boids (sparse cells) is
  // cheaper one boid at a time.
  const auto filled = [count](int width) { return count * 4 >= std::size_t(width) * 3; };
  if constexpr (kRuleLanes<R>) {
    if (kernel == LaneKernel::Avx512 && !filled(8)) kernel = LaneKernel::Scalar;
    if (kernel == LaneKernel::Avx2 && !filled(4)) kernel = LaneKernel::Scalar;
    switch (kernel) {
#ifdef FLOCKLAB_LANES_X86
      case LaneKernel::Avx512: return lanesAvx512(c, targets, count, g, rule);
      case LaneKernel::Avx2: return lanesAvx2(c, targets, count, g, rule);
#endif
      case LaneKernel::Portable: return updateLanesAnyWrap<LaneVectors<2>>(c, targets, count, g, rule);
      default: break;
    }
  }
  if constexpr (kRuleHitLanes<R>) {
    switch (kernel) {
#ifdef FLOCKLAB_LANES_X86
      case LaneKernel::Avx512: return hitLanesAvx512(scratch, c, targets, count, g, rule);
      case LaneKernel::Avx2: return hitLanesAvx2(scratch, c, targets, count, g, rule);
#endif
      case LaneKernel::Portable: return updateEach<LaneVectors<2>>(scratch, c, targets, count, g, rule);
      default: break;
    }
  }
  updateEach<void>(scratch, c, targets, count, g, rule);
}

template <class L, bool kWrap, class R>
inline void StepDriver::updateLanes(const Candidates& c, const Target* targets, std::size_t count, const Geometry& g,
                                    const R& rule) {
  using V = typename L::D;
  constexpr int W = L::kWidth, Dim = kRuleDimensions<R>;
  const double* position[3] = {c.x, c.y, c.z};
  const double* velocity[3] = {c.vx, c.vy, c.vz};
  const double extent[3] = {g.offsets.width, g.offsets.height, g.offsets.depth};
  const double half[3] = {g.offsets.halfWidth, g.offsets.halfHeight, g.offsets.halfDepth};
  V span[Dim], above[Dim], below[Dim], r2, never, one;
  for (int a = 0; a < Dim; ++a)
    broadcast(span[a], extent[a]), broadcast(above[a], half[a]), broadcast(below[a], -half[a]);
  broadcast(r2, g.r2);
  broadcast(never, std::numeric_limits<double>::infinity());
  broadcast(one, 1.0);
  for (std::size_t first = 0; first < count; first += W) {
    // W boids, one a lane; lanes past the last boid repeat it, and their sums are dropped.
    const std::size_t lanes = std::min<std::size_t>(W, count - first);
    double atLane[Dim][W], selfLane[W];
    for (int l = 0; l < W; ++l) {
      const std::size_t self = targets[first + std::min<std::size_t>(l, lanes - 1)].self;
      for (int a = 0; a < Dim; ++a) atLane[a][l] = position[a][self];
      selfLane[l] = static_cast<double>(self);
    }
    V at[Dim], self, k{};
    for (int a = 0; a < Dim; ++a) std::memcpy(&at[a], atLane[a], sizeof(V));
    std::memcpy(&self, selfLane, sizeof(V));
    typename R::template LaneSums<L> sums{};
    for (std::size_t j = 0; j < c.size; ++j, k += one) {
      // Determinism: the filter's and update()'s operations, lane by lane; candidate j is a
      // hit of the lanes where it lies within the radius and is not the lane's own boid.
      V d[Dim], v[Dim], d2;
      for (int a = 0; a < Dim; ++a) {
        broadcast(d[a], position[a][j]);
        d[a] -= at[a];
        if constexpr (kWrap) {
          d[a] = d[a] > above[a] ? d[a] - span[a] : d[a];
          d[a] = d[a] < below[a] ? d[a] + span[a] : d[a];
        }
        broadcast(v[a], velocity[a][j]);
      }
      d2 = d[0] * d[0] + d[1] * d[1];
      if constexpr (Dim == 3) d2 += d[2] * d[2];
      // Selects one after the other, each on one comparison (GCC 12 takes combined masks
      // apart lane by lane): a lane that is no hit ends with d2 = +inf.
      d2 = k == self ? never : d2;
      if constexpr (kRuleInclusive<R>) d2 = d2 <= r2 ? d2 : never;
      else d2 = d2 < r2 ? d2 : never;
      const typename L::M hit = d2 < never;
      if constexpr (Dim == 2) rule.template addLanes<L>(sums, hit, d[0], d[1], d2, v[0], v[1]);
      else rule.template addLanes<L>(sums, hit, d[0], d[1], d[2], d2, v[0], v[1], v[2]);
    }
    for (std::size_t l = 0; l < lanes; ++l)
      finish(rule.template lane<L>(sums, static_cast<int>(l)), c, targets[first + l], rule);
  }
}

// Every boid is a candidate of every other: brute force, and the fastest for small flocks.
// Updates the first `owned` boids of the state (all of them without a partition).
template <class R>
void StepDriver::scanAll(const Space& space, double radius, const R& rule, std::size_t owned) {
  const std::size_t n = state_.size();
  const std::uint32_t* ids = nullptr;
  if (partition_) {
    // The candidates in ascending global index; scanOrder_ remembers where each came from.
    scanOrder_.resize(n);
    for (std::size_t k = 0; k < n; ++k) scanOrder_[k] = static_cast<std::uint32_t>(k);
    std::sort(scanOrder_.begin(), scanOrder_.end(),
              [&](std::uint32_t a, std::uint32_t b) { return ids_[a] < ids_[b]; });
    frozen_.dimensions = state_.dimensions;
    frozen_.resize(n);
    frozenIds_.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint32_t from = scanOrder_[k];
      frozen_.x[k] = state_.x[from], frozen_.y[k] = state_.y[from], frozen_.vx[k] = state_.vx[from],
      frozen_.vy[k] = state_.vy[from];
      if (state_.is3d()) frozen_.z[k] = state_.z[from], frozen_.vz[k] = state_.vz[from];
      frozenIds_[k] = ids_[from];
    }
    state_ = frozen_;
    ids_ = frozenIds_;
    ids = frozenIds_.data();
  } else if (!std::is_sorted(ids_.begin(), ids_.end())) {
    // The candidates in boid order: after a grid step the state is in cell order, so re-index
    // it once; after a scan it is already in boid order.
    unload(frozen_);
    load(frozen_);
  } else {
    frozen_ = state_;
  }
  for (Scratch& scratch : scratch_) scratch.reserve(n);
  const Geometry geometry{Offsets(space), radius * radius};
  const unsigned tasks = taskCount(n);
  const std::size_t chunk = (n + tasks - 1) / tasks;
  const Flock& f = frozen_;
  const Candidates all{f.x.data(), f.y.data(), f.z.data(), f.vx.data(), f.vy.data(), f.vz.data(), n, nullptr, ids};
  const std::uint32_t* from = partition_ ? scanOrder_.data() : nullptr;
  const LaneKernel kernel = laneKernel(kRuleHitLanes<R> ? LaneUse::Hits : LaneUse::Boids);
  executor_->run(tasks, [&](unsigned task, unsigned worker) {
    Scratch& scratch = scratch_[worker];
    const std::size_t end = std::min(n, (task + 1) * chunk);
    scratch.checks += (end - std::min(end, task * chunk)) * n;
    scratch.targets.clear();
    for (std::size_t i = task * chunk; i < end; ++i)
      if (!from || from[i] < owned) scratch.targets.push_back(Target{i, i, true});
    updateAll(scratch, all, scratch.targets.data(), scratch.targets.size(), geometry, rule, kernel);
  });
  if (from) dropHalo(owned, from);
}

inline void StepDriver::dropHalo(std::size_t owned, const std::uint32_t* inputOf) {
  const bool in3d = state_.is3d();
  std::size_t kept = 0;
  for (std::size_t s = 0; s < state_.size(); ++s) {
    if (inputOf[s] >= owned) continue;
    state_.x[kept] = state_.x[s], state_.y[kept] = state_.y[s], state_.vx[kept] = state_.vx[s],
    state_.vy[kept] = state_.vy[s];
    if (in3d) state_.z[kept] = state_.z[s], state_.vz[kept] = state_.vz[s];
    ids_[kept] = ids_[s];
    ++kept;
  }
  state_.resize(kept);
  ids_.resize(kept);
}

template <class R>
  requires Rule<R>
void StepDriver::step(const Space& space, double radius, NeighborSearch search, const R& rule) {
  if (space.dimensions() != kRuleDimensions<R> || state_.dimensions != kRuleDimensions<R>)
    throw std::invalid_argument("the rule, the space and the state must have the same dimensions");
  if (!partition_) return stepOwned(space, radius, search, rule, state_.size());
  const std::size_t owned = partition_->addHalo(state_, ids_, space, radius);
  stepOwned(space, radius, search, rule, owned);
  partition_->migrate(state_, ids_, space);
}

// One step of the first `owned` boids of the state; with a partition the rest (the halo) are
// only read, then dropped.
template <class R>
void StepDriver::stepOwned(const Space& space, double radius, NeighborSearch search, const R& rule, std::size_t owned) {
  const std::size_t n = state_.size();
  if (search == NeighborSearch::Brute || n <= kScanAllBelow) return scanAll(space, radius, rule, owned);

  // Open space: the grid covers the boids (with a partition, its own and the halo) where they are.
  GridWindow window;
  if (space.unbounded)
    window = boundingWindow(state_.x.data(), state_.y.data(), state_.is3d() ? state_.z.data() : nullptr, n, radius);
  else if (partition_) window = partition_->window(space, radius);
  grid_.build(state_.x.data(), state_.y.data(), state_.z.data(), state_.vx.data(), state_.vy.data(), state_.vz.data(),
              ids_.data(), n, space, radius, partition_ || space.unbounded ? &window : nullptr);
  std::copy(grid_.indices(), grid_.indices() + n, ids_.begin());
  const Geometry geometry{Offsets(space), radius * radius};
  const unsigned tasks = taskCount(n);
  splitTileRows(tasks);
  const int perLayer = tileRowsPerLayer();
  const bool halo = owned < n;
  const LaneKernel kernel = laneKernel(kRuleHitLanes<R> ? LaneUse::Hits : LaneUse::Boids);
  executor_->run(tasks, [&](unsigned task, unsigned worker) {
    Scratch& scratch = scratch_[worker];
    const CellCandidates& c = scratch.candidates;
    for (int tileRow = taskRows_[task]; tileRow < taskRows_[task + 1]; ++tileRow) {
      const int layer = tileRow / perLayer, row = (tileRow % perLayer) * kTileSide;
      for (int column = 0; column < grid_.columns(); column += kTileSide) {
        const Tile tile{
            column, row, std::min(kTileSide, grid_.columns() - column), std::min(kTileSide, grid_.rows() - row),
            layer,  1};
        // The tile's boids: in each of its rows, one run of slots.
        std::uint32_t first[kTileSide], last[kTileSide], boids = 0;
        for (int r = 0; r < tile.rows; ++r) {
          first[r] = grid_.begin(grid_.cell(column, row + r, layer));
          last[r] = grid_.end(grid_.cell(column + tile.columns - 1, row + r, layer));
          boids += last[r] - first[r];
        }
        if (boids == 0) continue;
        scratch.candidates.gather(grid_, tile);
        const bool wrap = needsWrap(tile, geometry.offsets);
        scratch.reserve(c.size());
        scratch.checks += std::uint64_t{boids} * c.size();
        const Candidates candidates{c.x(), c.y(), c.z(), c.vx(), c.vy(), c.vz(), c.size(), &c};
        scratch.targets.clear();
        for (int r = 0; r < tile.rows; ++r)
          for (std::uint32_t slot = first[r]; slot < last[r]; ++slot)
            if (!halo || grid_.inputOf(slot) < owned) scratch.targets.push_back(Target{c.position(slot), slot, wrap});
        updateAll(scratch, candidates, scratch.targets.data(), scratch.targets.size(), geometry, rule, kernel);
      }
    }
  });
  if (partition_) dropHalo(owned, grid_.inputOfSlots());
}

}  // namespace flocklab
