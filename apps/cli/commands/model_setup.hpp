#pragma once
// Turns `flocklab run`'s options into a simulation of the chosen model: defaults, presets,
// the options that belong to each model, and a start (random or from a CSV).
#include <cstdint>
#include <memory>
#include <string>

#include "flocklab/simulation.hpp"
#include "commands/run_command.hpp"

namespace flocklab::cli {

/// A ready simulation and the words that describe its setup in the summary.
struct ModelSetup {
  std::unique_ptr<Simulation> simulation;
  std::string label;  ///< "lab", "steering (preset flock)", "abm (preset small, sequential)"
  std::string preset;  ///< the steering or abm preset's name, or ""
  std::uint64_t defaultSteps = 600;  ///< steps when --steps is not given
  std::string form;    ///< abm: "sequential" or "sync"; "" for the other models
};

/// Builds the simulation; throws UsageError naming the option at fault.
ModelSetup setUpModel(const RunOptions& options, const EngineOptions& engine);

}  // namespace flocklab::cli
