#pragma once
// What the server module of `flocklab serve` (serve_module.cpp) is asked to serve, and the
// module's entry; the command checks the folder first (serve_command.hpp) and finds the entry
// with module_loader.hpp.
#include <filesystem>
#include <string>

#include "serve/server_limits.hpp"
#include "support/module_abi.hpp"

namespace flocklab::cli {

struct ServeFolder {
  std::string host;            ///< address to listen on
  int port = 0;                ///< 0 picks a free port
  std::filesystem::path root;  ///< the folder served (canonical, with index.html)
  ServerLimits limits;
};

}  // namespace flocklab::cli

/// Serves `root` (a canonical folder with index.html) at host:port (0 picks a free port) until
/// killed; false with a one-line error written to `error` when the port cannot be bound. Plain
/// C types only (module_abi.hpp).
extern "C" bool flocklab_serve_folder(const char* host, int port, const char* root,
                                      const flocklab::cli::ServerLimits* limits, flocklab::cli::ModuleSink error);
