#pragma once
// `flocklab run`: one flock of any model from a random start or a CSV, stepped and measured.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>
#include "support/cli11_forward.hpp"

#include <nlohmann/json.hpp>

#include "flocklab/engine_options.hpp"
#include "runs/model_setup.hpp"
#include "runs/run_options.hpp"

namespace flocklab::cli {

/// Adds the options that describe a run's model and start (model, count, steps, seed and
/// each model's parameters) to `command`: `run` and `sweep` share them.
void addModelOptions(CLI::App* command, runs::RunOptions& options);
/// Adds the `run` subcommand and its options to `app`, parsing into `options`.
CLI::App* addRunCommand(CLI::App& app, runs::RunOptions& options);
/// Completes `options` from a --config file (the command line wins) and checks them; throws
/// UsageError. executeRun starts with it; flocklab-mpi's other processes call it alone.
void prepareRun(runs::RunOptions& options, const CLI::App& command);
/// Runs it (`command` tells which options the command line gave, over a --config file);
/// throws UsageError for bad input, returns the exit status otherwise.
int executeRun(runs::RunOptions options, const CLI::App& command);

}  // namespace flocklab::cli
