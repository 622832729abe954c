#pragma once
// `flocklab run`: one flock from a random start or a CSV, stepped and measured.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "flocklab/lab_params.hpp"

namespace flocklab::cli {

/// Everything `flocklab run` can be asked, as parsed from the command line.
struct RunOptions {
  std::int64_t count = 120;
  std::int64_t steps = 600;
  std::uint64_t seed = 42;
  LabParams params;
  std::int64_t threads = 0;  ///< 0: all cores
  std::string neighbors = "grid";
  std::int64_t every = 10;
  std::string metricsOut, initFile, saveFile;
  bool hash = false, json = false;
};

/// Adds the `run` subcommand and its options to `app`, parsing into `options`.
CLI::App* addRunCommand(CLI::App& app, RunOptions& options);
/// Runs it; throws UsageError for bad input, returns the exit status otherwise.
int executeRun(const RunOptions& options, const CLI::App& command);

}  // namespace flocklab::cli
