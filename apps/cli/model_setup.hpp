#pragma once
// Turns `flocklab run`'s options into a simulation of the chosen model: defaults, presets,
// the options that belong to each model, and a start (random or from a CSV).
#include <memory>
#include <string>

#include "flocklab/simulation.hpp"
#include "run_command.hpp"

namespace flocklab::cli {

/// A ready simulation and the words that describe its setup in the summary.
struct ModelSetup {
  std::unique_ptr<Simulation> simulation;
  std::string label;  ///< "lab", or "steering (preset flock)"
  std::string preset;  ///< the steering preset's name, or ""
};

/// Builds the simulation; throws UsageError naming the option at fault.
ModelSetup setUpModel(const RunOptions& options, const EngineOptions& engine);

}  // namespace flocklab::cli
