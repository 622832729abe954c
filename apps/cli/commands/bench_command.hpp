#pragma once
// `flocklab bench`: the performance workloads W1 to W8 (bench/README.md), timed on this
// machine and printed as a table or JSON, with an optional scaling chart.
#include <cstdint>
#include <string>
#include "support/cli11_forward.hpp"

namespace flocklab::cli {

struct BenchOptions {
  bool full = false;  ///< also W4 and W5's million boids (minutes)
  bool json = false;
  bool quiet = false;        ///< no progress lines on stderr
  std::int64_t threads = 0;  ///< 0: all cores
  std::int64_t repeats = 5;  ///< timings per workload; the median is reported
  std::string plot;          ///< FILE.svg or FILE.png: time per boid-step against boids, grid and brute force
  std::string reference;     ///< the JavaScript pair loop for W1 (default: the source tree's)
  std::string only;          ///< comma-separated workload ids to run (default: all)
  std::string lanes;  ///< comma-separated lane kernels, each a pass over the workloads, or "all" (default: none forced)
};

CLI::App* addBenchCommand(CLI::App& app, BenchOptions& options);
int executeBench(const BenchOptions& options);

}  // namespace flocklab::cli
