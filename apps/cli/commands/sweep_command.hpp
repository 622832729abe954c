#pragma once
// `flocklab sweep`: many runs of one model over a grid of parameter values and seeds, run in
// parallel, each row of results appended to a CSV as its run finishes, so that a killed sweep
// resumes where it stopped; the final CSV is the same bytes however often it was resumed.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include "support/cli11_forward.hpp"

#include "commands/run_command.hpp"
#include "runs/sweep_run.hpp"

namespace flocklab::cli {

/// Options of `flocklab sweep`, as parsed from the command line.
struct SweepOptions {
  runs::RunOptions base;                ///< the model options, shared with `run` (addModelOptions)
  std::vector<std::string> params;      ///< "NAME=FROM:TO:STEP" or "NAME=V1,V2,...", first outermost
  std::int64_t seeds = 10;              ///< seeds --seed, --seed + 1, ...
  std::string out;                      ///< FILE.csv: one row per run
  std::string plot;                     ///< FILE.svg or FILE.png, or ""
  std::string plotStyle = "lines";      ///< "lines" (a band of one deviation) or "points" (error bars)
  std::string metric = "polarization";  ///< the plotted metric, one of the six columns
  std::int64_t threads = 0;             ///< runs at a time; 0: all cores
  std::int64_t every = 1;               ///< steps between measurements in the last fifth
  bool quiet = false;                   ///< no progress bar
  bool dryRun = false;                  ///< plan and check every run; run none, write nothing
  std::string config, writeConfig;      ///< run files (runs/run_file.hpp)
};

/// Adds the `sweep` subcommand to `app`, parsing into `options`.
CLI::App* addSweepCommand(CLI::App& app, SweepOptions& options);
/// Runs the sweep `command` (the subcommand addSweepCommand made, to tell which options were
/// given) parsed; throws UsageError for bad input before any file is created or changed, and
/// returns the exit status (kInterruptExit after Ctrl-C).
int executeSweep(SweepOptions& options, const CLI::App& command);
/// The sweep's runs without its files: sets up the plan as executeSweep does (throws
/// UsageError alike) and returns what computes run k's result (k in the plan's canonical
/// order). The other processes of an MPI sweep take their runs through it.
std::function<runs::RunResult(std::size_t)> sweepRunner(SweepOptions& options, const CLI::App& command);

}  // namespace flocklab::cli
