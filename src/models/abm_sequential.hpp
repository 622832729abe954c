#pragma once
// The abm model's sequential step (docs/model-abm.md): agents move one at a time in a fresh
// random order, each reading the current state, so agents already moved this step are seen
// where they are now. One thread by nature.
//
// Invariants:
// - Grid: cells per axis m = floor(L / (r * (1 + 1e-9))), at least 1, fewer when m * m would
//   far exceed the agent count, so a cell side L/m is at least the visual distance r with a
//   margin far above rounding: two agents at distance <= r (wrapped) always sit in the same or
//   adjacent cells. A position equal to L goes to the last cell.
// - Cells are packed row-major into one array of slots holding each agent's index and a copy
//   of its position, kept current: an agent that moves rewrites its copy, and one that changes
//   cell is carried over at once, swapped from cell to cell between the two, so every cell
//   stays contiguous. The three cells of a block row are then one run of slots (two where the
//   row wraps), and a block lists each cell once (with m < 3 a block row is the whole row).
// - Speed: the candidate loop has no data-dependent branch (runs are read four slots at a
//   time, the slots past a run's end masked off), and a few hits are ordered by rank without
//   branches; mispredicted branches, not arithmetic, are what a step of 200 agents costs.
// - Determinism: the hits (distance <= r) are put in ascending index before they are added
//   (by rank when few, else through a bitset over their index range, else by std::sort on
//   distinct keys), so the grid adds exactly the neighbours the brute pair loop adds, in the
//   same order, and gives the same bits.
// - Up to kMaskAgents agents, where cells hold 2 agents or more on average, no ordering at
//   all: each cell also keeps the set of its agents
//   as a bitset over the agents' indices, so the union of a block's cells lists its agents in
//   ascending index and the hits come out of the test already in order (no sort), with the
//   offsets the test found, which the sums then take.
// - Every array is sized in the constructor or place(); step() allocates nothing.
#include <cstdint>
#include <vector>

#include "flocklab/engine_options.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/models/abm_params.hpp"
#include "flocklab/rng.hpp"

namespace flocklab {

class AbmSequential {
 public:
  /// For n agents: the identity permutation and the order's generator for `seed`.
  AbmSequential(std::size_t n, std::uint64_t seed, NeighborSearch search);

  /// Sorts the agents of `flock` into a grid for `params` (grid search only). Call before the
  /// first step and whenever the visual distance changes.
  void place(const Flock& flock, const AbmParams& params);
  /// One sequential step of `flock` in place.
  void step(Flock& flock, const AbmParams& params);
  /// The order's generator (4 words) and the order, for a checkpoint.
  std::vector<std::uint64_t> saved() const;
  /// Takes back what saved() gave; place() must follow. Throws std::invalid_argument when it
  /// does not fit n agents.
  void restore(const std::vector<std::uint64_t>& saved);
  /// Candidate pairs whose distance the steps so far tested (for benchmarks).
  std::uint64_t candidateChecks() const { return checks_; }
  /// Counts `checks` more (a replaced order's, carried over).
  void countChecks(std::uint64_t checks) { checks_ += checks; }

 private:
  // A run of whole cells [first, last) whose slots are contiguous.
  struct Span {
    std::uint32_t first, last;
  };
  static constexpr int kSpans = 6;                    // per block: 3 rows, each at most 2 runs
  static constexpr std::uint32_t kLanes = 4;          // slots read at a time
  static constexpr std::uint32_t kRankSort = 16;      // most hits ordered by rank
  static constexpr std::uint32_t kScanAllWords = 16;  // up to 1024 agents: every bitset word
  static constexpr std::size_t kMaskAgents = 2048;    // cells' bitsets up to this many agents

  std::uint32_t cellAt(double x, double y) const;
  void swapSlots(std::uint32_t a, std::uint32_t b);
  void moveAgent(std::uint32_t i, std::uint32_t from, std::uint32_t to);
  void putInOrder(std::uint32_t* hits, std::uint32_t found);
  template <class Add>
  void visitInOrder(std::uint32_t i, std::uint32_t cell, Add&& add);
  void setMember(std::uint32_t cell, std::uint32_t i, bool in);

  NeighborSearch search_;
  std::uint64_t checks_ = 0;
  Xoshiro256ss rng_;
  std::vector<std::uint32_t> order_;    // the permutation, reshuffled every step
  std::vector<std::uint32_t> hits_;     // one agent's neighbours (and itself)
  std::vector<std::uint64_t> bits_;     // all zero between uses: hits by index, for ordering
  std::vector<std::uint32_t> nonzero_;  // the words of bits_ that hold hits

  int cells_ = 1;                               // per axis
  double inverseSide_ = 0;                      // cells per unit length
  std::vector<Span> spans_;                     // kSpans per cell
  std::vector<std::uint8_t> spanCount_;         // per cell: 3 or 6 runs, padded with empty ones
  std::vector<std::uint32_t> start_;            // slots [start_[c], start_[c + 1]) hold cell c
  std::vector<std::uint32_t> agent_;            // per slot, and kLanes spare ones at the end
  std::vector<double> slotX_, slotY_;           // per slot: the agent's current position
  std::vector<std::uint32_t> slotOf_, cellOf_;  // per agent
  std::uint32_t maskWords_ = 0;                 // words of a cell's bitset (0: no bitsets)
  std::vector<std::uint64_t> members_;          // per cell, maskWords_ words: its agents
  std::vector<std::uint64_t> block_;            // one block's union of them
  std::vector<double> hitDx_, hitDy_, hitD2_;   // with the bitsets: each hit's offset and d2
};

}  // namespace flocklab
