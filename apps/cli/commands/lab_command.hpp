#pragma once
// `flocklab lab`: serves the browser lab (the page and the engine's WebAssembly module).
#include <CLI/CLI.hpp>
#include <string>

namespace flocklab::cli {

/// Options of `flocklab lab`.
struct LabOptions {
  int port = 8080;  ///< 0 picks a free port
  std::string host = "127.0.0.1";
  std::string dir;  ///< the page's folder; "" means the one this build made
};

/// Adds the `lab` subcommand to `app`, parsing into `options`.
CLI::App* addLabCommand(CLI::App& app, LabOptions& options);
/// Serves until killed; throws UsageError for a missing folder or a port that cannot be bound.
int executeLab(const LabOptions& options);

}  // namespace flocklab::cli
