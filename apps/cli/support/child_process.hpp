#pragma once
// Runs another program to completion and times it: the whole-process workloads of
// `flocklab bench` (flocklab itself, and node running the JavaScript reference).
#include <string>
#include <vector>

namespace flocklab::cli {

struct ChildResult {
  int status = -1;      ///< exit status, or -1 when it did not exit normally
  double seconds = 0;   ///< wall time from spawn to exit
  std::string output;   ///< what it wrote to stdout
};

/// Spawns argv[0] (a path, or a name looked up in PATH) with stdin and stderr on /dev/null;
/// throws std::runtime_error when it cannot be started.
ChildResult runChild(const std::vector<std::string>& argv);

/// The full path of `name` in PATH, or "" when absent.
std::string findInPath(const std::string& name);

}  // namespace flocklab::cli
