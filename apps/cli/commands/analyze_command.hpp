#pragma once
// `flocklab analyze FILE`: the measures of real flocks (docs/analyze.md) for any state or
// trajectory, simulated or tracked: a saved state, or animals tracked on video. Prints the
// figures, or JSON, and writes the curves C(r) and gamma(n) as CSV where asked.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "support/cli11_forward.hpp"

namespace flocklab::cli {

/// Options of `flocklab analyze`.
struct AnalyzeOptions {
  std::string file;
  std::vector<double> world;      ///< W,H[,D]: a torus; empty: open space
  std::optional<double> bin;      ///< dr; none: the default (a hundredth of the pairs' reach)
  std::optional<double> link;     ///< groups' link radius; none: twice the mean nearest distance
  std::string group = "all";      ///< all or largest
  std::uint32_t nearestMax = 20;  ///< gamma(n) up to this n
  double dt = 1;                  ///< tracks: time between frames
  std::string correlationOut, anisotropyOut;
  bool json = false;
  unsigned threads = 0;
};

/// Adds the `analyze` subcommand to `app`, parsing into `options`.
CLI::App* addAnalyzeCommand(CLI::App& app, AnalyzeOptions& options);
/// Analyses; throws UsageError for a bad file or option.
int executeAnalyze(const AnalyzeOptions& options);

}  // namespace flocklab::cli
