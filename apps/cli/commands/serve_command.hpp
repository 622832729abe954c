#pragma once
// `flocklab serve`: serves the browser lab (the page and the engine's WebAssembly module).
#include <string>
#include "support/cli11_forward.hpp"

#include "serve/server_limits.hpp"

namespace flocklab::cli {

/// Options of `flocklab serve`.
struct ServeOptions {
  int port = 8080;  ///< 0 picks a free port
  std::string host = "127.0.0.1";
  std::string dir;            ///< the page's folder; "" means the one this build made
  double headerTimeout = 5;   ///< s a request's head may take to arrive (hidden option)
  double idleTimeout = 5;     ///< s an open connection may wait for its next request (hidden option)
  int maxConnections = 64;    ///< connections served at once (hidden option)
  int maxPerClient = 16;      ///< connections served at once for one address (hidden option)
  double sendWindow = 5;      ///< s over which an answer must move minSendRate a second (hidden option)
  double minSendRate = 8192;  ///< bytes a second an answer must move; 0: no floor (hidden option)
};

/// Adds the `lab` subcommand to `app`, parsing into `options`.
CLI::App* addServeCommand(CLI::App& app, ServeOptions& options);
/// The server's limits for `options`; throws UsageError for a limit out of range.
ServerLimits serverLimits(const ServeOptions& options);
/// Serves until killed; throws UsageError for an empty host, a missing folder or a port that
/// cannot be bound.
int executeServe(const ServeOptions& options);

}  // namespace flocklab::cli
