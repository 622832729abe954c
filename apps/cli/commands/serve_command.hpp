#pragma once
// `flocklab serve`: serves the browser lab (the page and the engine's WebAssembly module).
#include <CLI/CLI.hpp>
#include <string>

namespace flocklab::cli {

/// Options of `flocklab serve`.
struct ServeOptions {
  int port = 8080;  ///< 0 picks a free port
  std::string host = "127.0.0.1";
  std::string dir;  ///< the page's folder; "" means the one this build made
};

/// Adds the `lab` subcommand to `app`, parsing into `options`.
CLI::App* addServeCommand(CLI::App& app, ServeOptions& options);
/// Serves until killed; throws UsageError for a missing folder or a port that cannot be bound.
int executeServe(const ServeOptions& options);

}  // namespace flocklab::cli
