#pragma once
// Turns a run's options into a simulation of the chosen model, through the registry: the model's
// description gives the defaults, presets, checks and random start, so nothing here names a
// model. Pure: it reads no file and asks nothing of the machine; what it needs of the process it
// runs in (a start file, the memory there is, where warnings go) it asks of a SetupHost. The
// command, flocklab-mpi and Python pass the process's (runs/process_setup.hpp); the page's glue
// passes its own (no files, WebAssembly's 2 GiB).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "flocklab/model.hpp"
#include "flocklab/simulation.hpp"
#include "runs/ramp.hpp"
#include "runs/run_options.hpp"

namespace flocklab::runs {

/// A ready simulation and the words that describe its setup in the summary.
struct ModelSetup {
  const ModelDescription* model = nullptr;
  std::unique_ptr<Simulation> simulation;
  std::string label;                 ///< "lab", "steering (preset flock)", "abm (preset small, sequential)"
  std::string preset;                ///< the preset's name, or "" for a model without presets
  std::uint64_t defaultSteps = 600;  ///< steps when --steps is not given
  std::string form;                  ///< the model's form ("sequential" or "sync" for abm), or ""
  std::uint64_t bytesPerBoid = 0;    ///< the model's measured memory a boid (ModelDescription::bytesPerBoid)
  bool seedUsed = true;          ///< false when the seed had no effect: a start from --init, nothing random after it
  std::uint64_t startCount = 0;  ///< the boids at the start (a run that removes caught prey ends with fewer)
  std::vector<Ramp> ramps;       ///< the parameters moved during the run: a Runner sets them before each step
};

/// What a set-up asks of the process it runs in.
struct SetupHost {
  /// The start in the state file `path` (--init) for `space`; throws UsageError.
  std::function<Flock(const std::string& path, const Space& space)> readStart;
  /// "" when `bytes` fit in the memory there is, else one sentence beginning with `what` (the
  /// subject and its verb: "count 15000000 needs").
  std::function<std::string(std::uint64_t bytes, const std::string& what)> memoryProblem;
  /// Tells the user a model's warning about the parameters (food no boid can reach); may be empty.
  std::function<void(const std::string& warning)> warn;
};

/// The models that have a parameter called `name`, as "lab or steering".
std::string ownersOf(std::string_view name);

/// The parameters `options` give for its model (preset, then each given flag), checked.
/// Throws UsageError naming the option at fault.
ParamSet resolveParams(const RunOptions& options);

/// Builds the simulation; throws UsageError naming the option at fault, and for --seed given with
/// --init to a model whose steps draw nothing from it (the seed would change nothing).
ModelSetup setUpModel(const RunOptions& options, const EngineOptions& engine, const SetupHost& host);
/// The same with the parameters read by the front end its own way (the page's JSON, checked
/// with ParamSet::markedProblem) instead of from `options.params`, and the start's `count` as
/// given (nothing: the preset's or the species'); checked as options.count is.
ModelSetup setUpModelWith(const RunOptions& options, const ParamSet& params, std::optional<double> count,
                          const EngineOptions& engine, const SetupHost& host);

}  // namespace flocklab::runs
