#pragma once
// What a run is asked to be, as every front end gives it: the model, its start and parameters as
// texts keyed by the registry's keys, the engine's settings and the files the command line
// writes. Plain data: the command line parses into it (CLI11), Python fills it from keywords
// and run files are applied to it (run_file.hpp), so one set-up serves them all.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "flocklab/engine_options.hpp"

namespace flocklab::runs {

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
  /// Parameter ramps, each "KEY=FROM:TO@A-B" (runs/ramp.hpp, docs/ramps.md).
  std::vector<std::string> ramps;
  // engine and outputs
  std::int64_t threads = 0;  ///< 0: all cores
  std::string neighbors = "grid";
  std::int64_t every = 10;
  std::string metricsOut, initFile, saveFile;
  bool hash = false, json = false;
  // pictures, trajectories, run files
  std::string plotFile, plotTrackFile, pictureFile, trajectoryFile;
  std::vector<std::string> pictureEvery;  ///< K and DIR
  std::string camera;                     ///< 3D pictures: "AZ,EL", "orbit" or "orbit:DEG"; "" for the default view
  std::string movieFile;                  ///< FILE.mp4 or FILE.gif, or ""
  std::int64_t movieEvery = 2;            ///< steps between the movie's frames
  double fps = 30;                        ///< the movie's frames a second
  std::string configFile, writeConfigFile;
  bool quiet = false;
  bool dryRun = false;                       ///< check the options and set the start up; run no step, write no file
  std::vector<std::string> checkpointEvery;  ///< K and DIR
  std::string resumeDir;                     ///< a checkpoint's folder, or ""
  // several processes (mpirun -n P flocklab run)
  std::int64_t rebalanceEvery = 50;  ///< steps between cuts of the world by boid counts; 0: never
};

/// The engine settings `options` ask for (neighbors, threads).
EngineOptions runEngineOptions(const RunOptions& options);

}  // namespace flocklab::runs
