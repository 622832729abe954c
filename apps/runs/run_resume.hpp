#pragma once
// `run --resume DIR`: a checkpointed run set up again from its own parameters and continued from
// its checkpoint. Design: nothing in a checkpoint is taken on trust beyond its checksum: the run's
// parameters pass the run file's checks (named "--resume" in messages), the flock the start's
// (finite, inside the world, at least one boid, as many as the run starts with or, where caught
// prey leave it, no more), and the model's own state the model's range checks, so an edited
// file is refused in one line rather than resumed as another run.
#include <string>

#include "runs/checkpoint_file.hpp"
#include "runs/model_setup.hpp"
#include "runs/run_options.hpp"

namespace flocklab::runs {

/// The run `checkpoint` holds (read from `path`), continued from its step. `options` take the
/// run's parameters (--steps N given on the command line stays), and for a run that started from
/// an --init file that file's name, so resolvedRunFile() describes the run from its start.
/// Throws UsageError naming `path` and what does not fit.
ModelSetup resumeRun(const Checkpoint& checkpoint, const std::string& path, RunOptions& options,
                     const EngineOptions& engine);

/// The run's simulation (setUpModel), or with --resume the checkpointed run's, continued from
/// its checkpoint; then `options` hold that run's parameters (the --init file's name of a run
/// that started from one), so resolvedRunFile() describes the run from its start. Throws
/// UsageError.
ModelSetup setUpRunModel(RunOptions& options, const EngineOptions& engine);

}  // namespace flocklab::runs
