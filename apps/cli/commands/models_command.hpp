#pragma once
// `flocklab models`: what each model of the registry is and every parameter it takes, as a
// table a person reads, as Markdown (the docs' parameter tables are this output), or as JSON.
#include <string>
#include "support/cli11_forward.hpp"

namespace flocklab::cli {

/// Options of `flocklab models`.
struct ModelsOptions {
  std::string model;      ///< one model, or "" for all
  bool json = false;      ///< the registry as JSON
  bool markdown = false;  ///< the parameter table as Markdown
};

/// Adds the `models` subcommand to `app`, parsing into `options`.
CLI::App* addModelsCommand(CLI::App& app, ModelsOptions& options);
/// Prints; throws UsageError for an unknown model.
int executeModels(const ModelsOptions& options);
/// The Markdown table of one model's parameters (flag, unit, default, range, meaning).
std::string parameterTable(const std::string& model);

}  // namespace flocklab::cli
