// `flocklab serve`: a small static file server for the browser lab, listening on 127.0.0.1 unless
// told otherwise. This file reads and checks the options; the server itself is the module
// libflocklab_serve.so (serve_module.cpp), loaded only by this command.
#include "commands/serve_command.hpp"

#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <filesystem>
#include <string>

#include "runs/usage_error.hpp"
#include "serve/serve_folder.hpp"
#include "support/module_loader.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)

namespace fs = std::filesystem;

CLI::App* addServeCommand(CLI::App& app, ServeOptions& o) {
  CLI::App* serve = app.add_subcommand("serve", "Serve the browser lab and print its URL (also as flocklab lab)");
  serve->alias("lab");  // its name up to 0.1.0
  serve->add_option("--port", o.port, "Port to listen on (0 picks a free one)")->capture_default_str();
  serve->add_option("--host", o.host, "Address to listen on")->capture_default_str();
  serve->add_option("--dir", o.dir, "Folder to serve (default: the page this build made)");
  // Limits for tests and unusual setups; the defaults suit a browser on this machine.
  serve->add_option("--header-timeout", o.headerTimeout, "Seconds a request's head may take")->group("");
  serve->add_option("--idle-timeout", o.idleTimeout, "Seconds a connection may wait idle")->group("");
  serve->add_option("--max-connections", o.maxConnections, "Connections served at once")->group("");
  serve->add_option("--max-per-client", o.maxPerClient, "Connections served at once per address")->group("");
  serve->add_option("--send-window", o.sendWindow, "Seconds over which an answer must keep --min-send-rate")->group("");
  serve->add_option("--min-send-rate", o.minSendRate, "Bytes a second an answer must move (0: no floor)")->group("");
  return serve;
}

ServerLimits serverLimits(const ServeOptions& o) {
  const auto milliseconds = [](const char* flag, double seconds) {
    if (!(seconds >= 0.001 && seconds <= 3600))
      throw UsageError(fmt::format("{} must be in 0.001..3600 seconds (got {})", flag, seconds));
    return std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
  };
  ServerLimits limits;
  limits.headerTimeout = milliseconds("--header-timeout", o.headerTimeout);
  limits.idleTimeout = milliseconds("--idle-timeout", o.idleTimeout);
  limits.sendWindow = milliseconds("--send-window", o.sendWindow);
  if (!(o.minSendRate >= 0 && o.minSendRate <= 1e9))
    throw UsageError(fmt::format("--min-send-rate must be in 0..1000000000 bytes a second (got {})", o.minSendRate));
  limits.minSendRate = static_cast<std::size_t>(o.minSendRate);
  if (o.maxConnections < 1 || o.maxConnections > 4096)
    throw UsageError(fmt::format("--max-connections must be in 1..4096 (got {})", o.maxConnections));
  if (o.maxPerClient < 1 || o.maxPerClient > o.maxConnections)
    throw UsageError(fmt::format("--max-per-client must be in 1..--max-connections ({}) (got {})", o.maxConnections,
                                 o.maxPerClient));
  limits.maxConnections = o.maxConnections;
  limits.maxPerClient = o.maxPerClient;
  return limits;
}

int executeServe(const ServeOptions& o) {
  if (o.port < 0 || o.port > 65535) throw UsageError(fmt::format("--port must be in 0..65535 (got {})", o.port));
  if (o.host.empty())
    throw UsageError("--host must not be empty (127.0.0.1 serves this machine only, 0.0.0.0 every network)");
  const ServerLimits limits = serverLimits(o);
  const fs::path dir = o.dir.empty() ? fs::path(FLOCKLAB_SITE_DIR) : fs::path(o.dir);
  std::error_code ec;
  const fs::path root = fs::canonical(dir, ec);
  if (ec || !fs::is_regular_file(root / "index.html", ec))
    throw UsageError("no browser lab in " + dir.string() +
                     (o.dir.empty()
                          ? " (install emscripten and build again: bash scripts/setup-debian.sh, then cmake --build)"
                          : ""));

  const auto serve = reinterpret_cast<decltype(&flocklab_serve_folder)>(
      moduleSymbol("libflocklab_serve.so", "flocklab_serve_folder", FLOCKLAB_SERVE_MODULE));
  std::string error;
  if (!serve(o.host.c_str(), o.port, root.c_str(), &limits, sinkInto(error))) throw UsageError(error);
  return 0;
}

}  // namespace flocklab::cli
