#pragma once
// `flocklab run`: one flock of any model from a random start or a CSV, stepped and measured.
#include "support/cli11_forward.hpp"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "flocklab/engine_options.hpp"

namespace flocklab::cli {

struct ModelSetup;  // commands/model_setup.hpp

/// Everything `flocklab run` can be asked, as parsed from the command line. Options that
/// depend on the model are optional: unset means the model's (or preset's) default.
struct RunOptions {
  std::string model = "lab";
  std::optional<std::int64_t> count, steps;
  /// Boids per unit of the world's area, instead of count: the count is density x area, rounded.
  std::optional<double> density;
  std::uint64_t seed = 42;
  /// Who asked for the seed: "--seed", or a run file's "seed" key; "" for the default. (A
  /// file written by flocklab 0.1.0 always held a seed, so its seed counts as the default.)
  std::string seedGivenBy;
  std::optional<std::string> preset;
  /// Model parameters as given, by the registry's key (or alias) with underscores: each
  /// flag's texts (several for a list such as --obstacle); an empty list was not given.
  std::map<std::string, std::vector<std::string>> params;
  // engine and outputs
  std::int64_t threads = 0;  ///< 0: all cores
  std::string neighbors = "grid";
  std::int64_t every = 10;
  std::string metricsOut, initFile, saveFile;
  bool hash = false, json = false;
  // pictures, trajectories, run files
  std::string plotFile, plotTrackFile, pictureFile, trajectoryFile;
  std::vector<std::string> pictureEvery;  ///< K and DIR
  std::string camera;  ///< 3D pictures: "AZ,EL", "orbit" or "orbit:DEG"; "" for the default view
  std::string movieFile;         ///< FILE.mp4 or FILE.gif, or ""
  std::int64_t movieEvery = 2;   ///< steps between the movie's frames
  double fps = 30;               ///< the movie's frames a second
  std::string configFile, writeConfigFile;
  bool quiet = false;
  std::vector<std::string> checkpointEvery;  ///< K and DIR
  std::string resumeDir;                     ///< a checkpoint's folder, or ""
  // several processes (mpirun -n P flocklab run)
  std::int64_t rebalanceEvery = 50;  ///< steps between cuts of the world by boid counts; 0: never
};

/// Adds the options that describe a run's model and start (model, count, steps, seed and
/// each model's parameters) to `command`: `run` and `sweep` share them.
void addModelOptions(CLI::App* command, RunOptions& options);
/// Adds the `run` subcommand and its options to `app`, parsing into `options`.
CLI::App* addRunCommand(CLI::App& app, RunOptions& options);
/// Completes `options` from a --config file (the command line wins) and checks them; throws
/// UsageError. executeRun starts with it; flocklab-mpi's other processes call it alone.
void prepareRun(RunOptions& options, const CLI::App& command);
/// The engine settings `options` ask for (--neighbors, --threads).
EngineOptions runEngineOptions(const RunOptions& options);
/// The run's simulation (setUpModel), or with --resume the checkpointed run's, continued from
/// its checkpoint; then `options` hold that run's parameters (the --init file's name of a run
/// that started from one), so resolvedRunFile() describes the run from its start. Throws
/// UsageError.
ModelSetup setUpRunModel(RunOptions& options, const EngineOptions& engine);
/// Runs it (`command` tells which options the command line gave, over a --config file);
/// throws UsageError for bad input, returns the exit status otherwise.
int executeRun(RunOptions options, const CLI::App& command);

}  // namespace flocklab::cli
