#pragma once
// The flocklab command line: its commands and their options, parsed, and the command run with
// every error turned into one line and exit status 2. main.cpp and flocklab-mpi (apps/mpi)
// both use it, so the two executables take exactly the same command lines.
#include <memory>

#include "commands/analyze_command.hpp"
#include "commands/bench_command.hpp"
#include "commands/models_command.hpp"
#include "commands/run_command.hpp"
#include "commands/serve_command.hpp"
#include "commands/sweep_command.hpp"

namespace flocklab::cli {

/// Every command and the options it parses into.
struct CliApp {
  CliApp();
  ~CliApp();
  std::unique_ptr<CLI::App> app;  // behind a pointer: main.cpp need not compile CLI11
  runs::RunOptions runOptions;
  SweepOptions sweepOptions;
  ModelsOptions modelsOptions;
  ServeOptions serveOptions;
  BenchOptions benchOptions;
  AnalyzeOptions analyzeOptions;
  CLI::App *run, *sweep, *models, *serve, *bench, *analyze;
};

/// Parses the command line. Returns -1 when a command is ready to run, else the exit status
/// (after --help or --version, or an error); `report` false prints nothing (the other
/// processes of an MPI run, whose first process reports).
int parseCommandLine(CliApp& cli, int argc, char** argv, bool report = true);
/// Runs `work` (a parsed command), turning every error a user can cause into one line on
/// stderr (when `report`) and exit status 2.
int runReported(const std::function<int()>& work, bool report = true);
/// Runs the parsed command.
int executeCommand(CliApp& cli);

}  // namespace flocklab::cli
