// The process's host for the set-up (see process_setup.hpp).
#include "runs/process_setup.hpp"

#include <atomic>
#include <cstdio>
#include <mutex>
#include <set>
#include <string>

#include "flocklab/io/state_csv.hpp"
#include "flocklab/keyed_message.hpp"
#include "flocklab/text_excerpt.hpp"
#include "runs/cluster.hpp"
#include "runs/memory.hpp"
#include "runs/text_fields.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {
namespace {

// Off on flocklab-mpi's ranks after the first (showWarnings).
std::atomic<bool> warningsShown{true};

Flock readStart(const std::string& path, const Space& space) {
  try {
    if (!cluster()) return readStateCsv(path, space, inputFileLimit());
    // Over MPI the first process reads the file and sends the text to the others.
    const std::string text = cluster()->shareOnce([&] { return readTextFile(path, inputFileLimit()); });
    try {
      return parseStateCsv(text, space);
    } catch (const CsvError& e) {
      throw CsvError(excerpt(path, kPathChars) + ": " + e.what());
    }
  } catch (const CsvError& e) {
    throw UsageError(markedMessage(e));
  }
}

// Each warning once in the process: a sweep sets its model up once for each of its runs.
void warn(const std::string& warning) {
  if (!warningsShown) return;
  static std::mutex mutex;
  static std::set<std::string> said;
  const std::lock_guard<std::mutex> lock(mutex);
  if (said.insert(warning).second) std::fprintf(stderr, "flocklab: warning: %s\n", warning.c_str());
}

}  // namespace

const SetupHost& processHost() {
  static const SetupHost host{
      readStart, [](std::uint64_t bytes, const std::string& what) { return memoryProblem(bytes, what); }, warn};
  return host;
}

ModelSetup setUpModel(const RunOptions& options, const EngineOptions& engine) {
  return setUpModel(options, engine, processHost());
}

void showWarnings(bool show) { warningsShown = show; }

}  // namespace flocklab::runs
