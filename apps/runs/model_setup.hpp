#pragma once
// Turns `flocklab run`'s options into a simulation of the chosen model, through the registry:
// the model's description gives the defaults, presets, checks and random start, so nothing here
// names a model.
#include <cstdint>
#include <memory>
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

/// The models that have a parameter called `name`, as "lab or steering".
std::string ownersOf(std::string_view name);

/// The parameters `options` give for its model (preset, then each given flag), checked.
/// Throws UsageError naming the option at fault.
ParamSet resolveParams(const RunOptions& options);
/// Whether setUpModel says the model's warnings on stderr ("flocklab: warning: ...", each once a
/// process); true unless turned off (flocklab-mpi's ranks after the first, which set the same
/// runs up and would repeat them). Thread-safe.
void showWarnings(bool show);

/// Builds the simulation; throws UsageError naming the option at fault, and for --seed given with
/// --init to a model whose steps draw nothing from it (the seed would change nothing).
ModelSetup setUpModel(const RunOptions& options, const EngineOptions& engine);

}  // namespace flocklab::runs
