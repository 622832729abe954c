#pragma once
// Other programs flocklab runs: to completion and timed (the whole-process workloads of
// `flocklab bench`: flocklab itself, and node running the JavaScript reference), or alongside a
// command and tied to it (ffmpeg encoding a movie), so that it never outlives a killed flocklab.
#include <sys/types.h>

#include <array>
#include <string>
#include <vector>

namespace flocklab::cli {

struct ChildResult {
  int status = -1;     ///< exit status, or -1 when it did not exit normally
  double seconds = 0;  ///< wall time from spawn to exit
  std::string output;  ///< what it wrote to stdout
};

/// Spawns argv[0] (a path, or a name looked up in PATH) with stdin and stderr on /dev/null;
/// throws std::runtime_error when it cannot be started.
ChildResult runChild(const std::vector<std::string>& argv);

/// The full path of `name` in PATH, or "" when absent.
std::string findInPath(const std::string& name);

/// Starts argv[0] (a path) with descriptors `stdio` of this process as its stdin, stdout and
/// stderr (-1: /dev/null) and returns its PID. The kernel sends it SIGKILL when the calling thread
/// ends, however it ends (SIGKILL included), so call it from the thread that waits for the child
/// (the main thread). It runs in a process group of its own, so that signals for flocklab's group
/// (a terminal's Ctrl-C) reach flocklab alone. Throws std::runtime_error, with the reason, when it
/// cannot be started.
pid_t spawnTiedChild(const std::vector<std::string>& argv, std::array<int, 3> stdio);

/// How a child ended, from waitpid's status: "it exited with status N" or "it was killed by
/// signal N (NAME)".
std::string describeEnd(int status);

}  // namespace flocklab::cli
