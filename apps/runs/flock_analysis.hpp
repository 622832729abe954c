#pragma once
// One state analysed as `flocklab analyze` reports it (docs/analyze.md): the flock's metrics,
// C(r) with r0 and L, and gamma(n) with n_c, over every agent or the largest group. Pure: the
// command, and later every front end, analyse a state they hold with it.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "flocklab/anisotropy.hpp"
#include "flocklab/executor.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/metrics.hpp"
#include "flocklab/space.hpp"
#include "flocklab/velocity_correlation.hpp"

namespace flocklab::runs {

/// What to analyse and how; 0 for a length means its default.
struct AnalysisOptions {
  double bin = 0;                 ///< dr; 0: a hundredth of the pairs' reach (defaultBin)
  double link = 0;                ///< groups link agents closer than this; 0: twice the mean nearest distance
  bool largestGroup = false;      ///< analyse only the largest group (after linking the whole flock)
  std::uint32_t nearestMax = 20;  ///< gamma(n) for n = 1 .. nearestMax
};

/// One state's figures.
struct Analysis {
  std::size_t agents = 0;    ///< in the state
  std::size_t analysed = 0;  ///< in the group analysed (all, or the largest group's)
  double link = 0;           ///< the link radius used
  Metrics metrics;           ///< of the group analysed; neighbours: those within the link
  VelocityCorrelation correlation;
  Anisotropy anisotropy;
};

/// dr when none is given: a hundredth of the pairs' reach, half the world's smallest side on a
/// torus, else the diagonal of the agents' bounding box (1 when they all sit at one place).
double defaultBin(const Flock& flock, const Space& space);

/// Analyses `flock` in `space` (a torus, or open space: Space::unbounded). Throws
/// std::invalid_argument for options out of range (a bin <= 0, a link <= 0) and for an agent
/// whose values are not finite or that lies outside the world ("agent 3 lies outside the world").
Analysis analyzeFlock(const Flock& flock, const Space& space, const AnalysisOptions& options,
                      const std::shared_ptr<Executor>& executor);

/// The analysis as JSON: agents, analysed, link, the metrics (order, rotation, ...), bin,
/// correlation_length and size, topological_range, and the curves (r, correlation, pairs;
/// gamma). A value that does not exist (r0 of a curve that never falls below 0) is null.
nlohmann::ordered_json analysisJson(const Analysis& analysis);

}  // namespace flocklab::runs
