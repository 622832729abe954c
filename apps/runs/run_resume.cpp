// Resuming a checkpointed run (see run_resume.hpp).
#include "runs/run_resume.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <stdexcept>

#include "flocklab/io/state_csv.hpp"
#include "flocklab/registry.hpp"
#include "runs/cluster.hpp"
#include "runs/memory.hpp"
#include "runs/process_setup.hpp"
#include "runs/run_file.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {

ModelSetup resumeRun(const Checkpoint& checkpoint, const std::string& path, RunOptions& o,
                     const EngineOptions& engine) {
  const bool stepsGiven = o.steps.has_value();
  // A run that started from a file keeps its name ("init") for the run file it writes; its boids
  // are in the checkpoint, so the model is set up from a random start of as many boids (or of
  // the species' counts), which resume() replaces.
  nlohmann::json run = checkpoint.run;
  const std::string initFile = run.contains("init") && run["init"].is_string() ? run["init"].get<std::string>() : "";
  run.erase("init");
  applyRunFile(
      run, path, o, [&](const std::string& key) { return key == "steps" && stepsGiven; }, {}, kResumeKey);
  // Checked here too: applyRunFile leaves "steps" alone when --steps was given.
  const std::uint64_t runSteps = runFileWhole(run.value("steps", nlohmann::json()), path, "steps", 0,
                                              std::numeric_limits<std::int64_t>::max(), "2^63-1", kResumeKey);
  if (checkpoint.step > runSteps)
    throw UsageError(
        fmt::format("{} {}: its step {} is past its run's {} steps", kResumeKey, path, checkpoint.step, runSteps));
  ModelSetup setup = [&] {
    try {
      if (!initFile.empty() && !findModel(o.model)->fixedCount(resolveParams(o)))
        o.count = static_cast<std::int64_t>(std::max<std::size_t>(1, checkpoint.flock.size()));
      return setUpModel(o, engine);
    } catch (const UsageError& e) {
      throw UsageError(fmt::format("{} {}: its run cannot be set up: {}", kResumeKey, path, e.marked()));
    }
  }();
  // Its boids, checked as a start's count is (a run of none is refused, as --count 0 is): as many
  // as its run starts with, or, where caught prey leave the flock, at most that many. Else the
  // run would go on with another count than its run file's, which --write-config would repeat.
  const std::size_t held = checkpoint.flock.size();
  const std::string& unit = setup.model->countUnit;
  if (held == 0) throw UsageError(fmt::format("{} {}: it holds no {}; a run needs at least 1", kResumeKey, path, unit));
  if (setup.model->countMayChange(setup.model->current(*setup.simulation)) ? held > setup.startCount
                                                                           : held != setup.startCount)
    throw UsageError(fmt::format("{} {}: it holds {} {}, but its run starts with {}", kResumeKey, path, held, unit,
                                 setup.startCount));
  const std::uint64_t steps = o.steps ? static_cast<std::uint64_t>(*o.steps) : setup.defaultSteps;
  if (steps < checkpoint.step)
    throw UsageError(
        fmt::format("{} {} is before the checkpoint's step {} in {}", markKey("steps"), steps, checkpoint.step, path));
  try {
    setup.simulation->resume(checkpoint.flock, checkpoint.step, checkpoint.model);
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("{} {}: it does not fit its own run: {}", kResumeKey, path, markedMessage(e)));
  }
  if (!initFile.empty()) {
    o.initFile = initFile;
    setup.seedUsed = run.contains("seed");
  }
  return setup;
}

ModelSetup setUpRunModel(RunOptions& o, const EngineOptions& engine) {
  if (o.resumeDir.empty()) return setUpModel(o, engine);
  const std::string path = (std::filesystem::path(o.resumeDir) / kCheckpointName).string();
  const auto read = [&] {
    try {
      return readTextFile(path, inputFileLimit());
    } catch (const CsvError& e) {
      throw UsageError(kResumeKey + ": " + e.what());
    }
  };
  // Over MPI the first process reads the checkpoint and sends it to the others.
  return resumeRun(parseCheckpoint(cluster() ? cluster()->shareOnce(read) : read(), path), path, o, engine);
}

}  // namespace flocklab::runs
