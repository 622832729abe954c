#pragma once
// Hit lanes: one boid's hits W at a time, one a vector lane, for a rule whose arithmetic a hit
// is the cost of a step (engine/rule.hpp, kRuleHitLanes). The engine's own (src/engine).
//
// Design: the step driver filters a boid's candidates as on the one-boid path; a
// HitLaneReader then hands the hits to the rule W at a time, in ascending index, with each
// lane's offset, d2 and velocity computed by the one-boid path's operations (the minimum image,
// then d2 left to right), so each lane holds the numbers add() would get. The rule keeps its
// sums in registers while it reads, and each sum takes the W lanes in order.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

#include "engine/lanes.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// W hits of one boid (L a LaneVectors<W>) in Dim dimensions, one a lane, in ascending index:
/// their offsets, d2 (+inf in the lanes past the last hit, which repeat it), the neighbours'
/// velocities and their places among the candidates (HitLaneReader::boid gives their indices).
template <class L, int Dim>
struct HitLanes {
  std::array<typename L::D, Dim> d, v;
  typename L::D d2;
  std::uint32_t at[L::kWidth];
};

/// Reads a boid's hits (positions among the candidates, ascending) W at a time; `indexOf`
/// maps a candidate's position to its boid index.
template <class L, int Dim, class IndexOf>
class HitLaneReader {
  using V = typename L::D;
  static constexpr int W = L::kWidth;

 public:
  /// The boid at `at` with `found` hits; the candidates' positions and velocities by axis;
  /// `wrap`: offsets take the minimum image of the periodic `offsets`.
  [[gnu::always_inline]] HitLaneReader(const std::uint32_t* hits, std::size_t found,
                                       const std::array<const double*, 3>& position,
                                       const std::array<const double*, 3>& velocity, const double* at, bool wrap,
                                       const Offsets& offsets, IndexOf indexOf)
      : hits_(hits), found_(found), position_(position), velocity_(velocity), wrap_(wrap), indexOf_(indexOf) {
    const double extent[3] = {offsets.width, offsets.height, offsets.depth};
    const double half[3] = {offsets.halfWidth, offsets.halfHeight, offsets.halfDepth};
    for (int a = 0; a < Dim; ++a)
      broadcast(from_[a], at[a]), broadcast(span_[a], extent[a]), broadcast(above_[a], half[a]),
          broadcast(below_[a], -half[a]);
    broadcast(never_, std::numeric_limits<double>::infinity());
    for (int l = 0; l < W; ++l) lane_[l] = l;
  }

  /// The boid index of the candidate at `at` (a lane's HitLanes::at).
  std::uint32_t boid(std::uint32_t at) const { return indexOf_(at); }

  /// The next W hits into `h`; false when none is left.
  [[gnu::always_inline]] bool next(HitLanes<L, Dim>& h) {
    if (first_ >= found_) return false;
    const std::size_t lanes = std::min<std::size_t>(W, found_ - first_);
    for (int l = 0; l < W; ++l) h.at[l] = hits_[first_ + std::min<std::size_t>(l, lanes - 1)];
    for (int a = 0; a < Dim; ++a) {
      // Determinism: the one-boid path's offsets and d2, lane by lane.
      gatherLanes(h.d[a], position_[a], h.at);
      gatherLanes(h.v[a], velocity_[a], h.at);
      h.d[a] -= from_[a];
      if (wrap_) {
        h.d[a] = h.d[a] > above_[a] ? h.d[a] - span_[a] : h.d[a];
        h.d[a] = h.d[a] < below_[a] ? h.d[a] + span_[a] : h.d[a];
      }
    }
    h.d2 = h.d[0] * h.d[0] + h.d[1] * h.d[1];
    if constexpr (Dim == 3) h.d2 += h.d[2] * h.d[2];
    V count;
    broadcast(count, static_cast<double>(lanes));
    h.d2 = lane_ < count ? h.d2 : never_;
    first_ += W;
    return true;
  }

 private:
  const std::uint32_t* hits_;
  std::size_t found_, first_ = 0;
  std::array<const double*, 3> position_, velocity_;
  bool wrap_;
  IndexOf indexOf_;
  V from_[Dim], span_[Dim], above_[Dim], below_[Dim], never_, lane_;
};

}  // namespace flocklab
