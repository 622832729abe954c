#pragma once
// How far velocity fluctuations are correlated in a group (Cavagna et al., PNAS 107:11865,
// 2010; docs/analyze.md, "Velocity correlation"): C(r) over the pairs' distances, its first
// zero r0 (the correlation length) and the group's size L, its largest pair distance.
#include <cstdint>
#include <limits>
#include <vector>

#include "flocklab/executor.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// C(r) of one state, and r0 and L.
struct VelocityCorrelation {
  double bin = 0;                    ///< dr: bin k holds the pairs with k dr <= r < (k + 1) dr
  std::vector<double> r;             ///< the centre (k + 1/2) dr of each bin that holds a pair, ascending
  std::vector<double> correlation;   ///< C_k of those bins
  std::vector<std::uint64_t> pairs;  ///< the pairs in each
  /// r0: the first zero of C, between the last bin with C >= 0 and the first with C < 0
  /// (linearly); that bin's centre when the first bin is already below 0; NaN when C never is.
  double zeroCrossing = std::numeric_limits<double>::quiet_NaN();
  double extent = 0;  ///< L: the largest distance between two agents
};

/// The distance pairs reach: half the world's smallest side on a torus (a longer offset is not
/// the minimum image along every axis), every pair in a box or open space (infinity).
double correlationReach(const Space& space);

/// The longest distance a counted pair can have: correlationReach(space) on a torus, else the
/// diagonal of the agents' bounding box (no pair is longer). C(r)'s bins cover it.
double correlationSpan(const Flock& flock, const Space& space);

/// C(r) of `flock` in `space` with bins of width `bin` (> 0), over every pair closer than
/// correlationReach(space) (docs/analyze.md). With fewer than two agents, or agents that all
/// move alike (no fluctuation), every bin's C is NaN. The same bits for any executor: the
/// pairs are summed in fixed blocks of rows, each in ascending index, the blocks in order.
/// Throws std::invalid_argument when the flock's and the space's dimensions differ or `bin` is
/// not a finite number > 0.
VelocityCorrelation velocityCorrelation(const Flock& flock, const Space& space, double bin, Executor& executor);

}  // namespace flocklab
