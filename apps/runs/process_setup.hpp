#pragma once
// The set-up as a process runs it (the command, flocklab-mpi, Python, the fuzzers): the pure
// set-up (model_setup.hpp) with this process's host, which reads --init's state file (over MPI
// the first rank reads it and sends the text to the others), measures against this machine's
// memory (memory.hpp) and says the model's warnings on stderr, each once a process.
#include "flocklab/engine_options.hpp"
#include "runs/model_setup.hpp"
#include "runs/run_options.hpp"

namespace flocklab::runs {

/// This process's files, memory and stderr.
const SetupHost& processHost();
/// setUpModel(options, engine, processHost()).
ModelSetup setUpModel(const RunOptions& options, const EngineOptions& engine);
/// Whether processHost() says the model's warnings on stderr ("flocklab: warning: ...", each
/// once a process); true unless turned off (flocklab-mpi's ranks after the first, which set the
/// same runs up and would repeat them). Thread-safe.
void showWarnings(bool show);

}  // namespace flocklab::runs
