#pragma once
// What the server module of `flocklab serve` (serve_module.cpp) is asked to serve, and the
// module's entry; the command checks the folder first (serve_command.hpp) and finds the entry
// with module_loader.hpp.
#include <filesystem>
#include <string>

#include "serve/server_limits.hpp"

namespace flocklab::cli {

struct ServeFolder {
  std::string host;            ///< address to listen on
  int port = 0;                ///< 0 picks a free port
  std::filesystem::path root;  ///< the folder served (canonical, with index.html)
  ServerLimits limits;
};

}  // namespace flocklab::cli

/// Serves until killed; false with a one-line `error` when the port cannot be bound.
extern "C" bool flocklab_serve_folder(const flocklab::cli::ServeFolder& folder, std::string& error);
