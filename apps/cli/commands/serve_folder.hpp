#pragma once
// What the server module of `flocklab serve` (serve_module.cpp) is asked to serve; the command
// checks it first (serve_command.hpp).
#include <filesystem>
#include <string>

#include "support/server_limits.hpp"

namespace flocklab::cli {

struct ServeFolder {
  std::string host;            ///< address to listen on
  int port = 0;                ///< 0 picks a free port
  std::filesystem::path root;  ///< the folder served (canonical, with index.html)
  ServerLimits limits;
};

}  // namespace flocklab::cli
