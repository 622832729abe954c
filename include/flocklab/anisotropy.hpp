#pragma once
// How an agent's neighbours lie around it (Ballerini et al., PNAS 105:1232, 2008;
// docs/analyze.md, "Anisotropy"): gamma(n), the square of the cosine between the group's
// heading and the direction in which the n-th nearest neighbours are scarcest. 1/D where they
// lie all around (isotropic); 1 where they all lie across the heading.
#include <cstdint>
#include <vector>

#include "flocklab/executor.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// The most neighbours anisotropy() ranks an agent's by.
inline constexpr std::uint32_t kMaxNearestRank = 100;
/// How close to 1/D gamma(n) must come for n to be the topological range: 0.05.
inline constexpr double kIsotropyTolerance = 0.05;

/// gamma(n) of one state, and the topological range it shows.
struct Anisotropy {
  /// gamma(n) for n = 1 .. nearestMax (at most the agents less one), gamma[n - 1]; NaN when the
  /// group's mean velocity is 0 (it has no heading).
  std::vector<double> gamma;
  double isotropic = 0.5;  ///< 1/D: gamma where neighbours lie all around
  /// n_c: the first n whose gamma(n) is within kIsotropyTolerance of 1/D, or 0 when none is.
  std::uint32_t range = 0;
};

/// gamma(n) for n = 1 .. nearestMax of `flock` in `space` (docs/analyze.md): each agent's n-th
/// nearest other agent (the minimum image on a torus; of equal distances the lower index first)
/// found with the grid. The same bits for any executor. Throws std::invalid_argument when the
/// dimensions differ or nearestMax is not in [1, kMaxNearestRank].
Anisotropy anisotropy(const Flock& flock, const Space& space, std::uint32_t nearestMax, Executor& executor);

}  // namespace flocklab
