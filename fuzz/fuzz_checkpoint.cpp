// libFuzzer target for checkpoints: the code path of `flocklab run --resume DIR` from the file's
// bytes to a simulation continued from it (parseCheckpoint, then resumeRun: the run's parameters,
// the flock and the model's own state, each checked).
//
// Each input is read as a whole file, and as a file's content after a first line that carries
// its right checksum (with and without --steps given). The first shows that damaged or foreign bytes are refused
// (almost always by the checksum); the second reaches every check behind the checksum, as a file edited by hand and
// given a new checksum would.
//
// Contract under test (apps/runs/checkpoint_file.hpp, apps/runs/run_resume.hpp):
// for any bytes, resuming either gives a simulation whose state is finite and inside its world,
// or throws runs::UsageError with a message main() prints as one line (not empty, at most
// kMaxMessage bytes, no control character, valid UTF-8); never a crash, leak, hang or other
// exception. Runs are kept small by FLOCKLAB_MEMORY_BYTES (set below): a fuzzed count that
// would need more is refused as it would be on a small machine.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "flocklab/io/fnv1a.hpp"
#include "flocklab/io/state_hash.hpp"
#include "fuzz_message.hpp"
#include "runs/run_resume.hpp"
#include "runs/usage_error.hpp"

namespace {

using flocklab::runs::UsageError;

// Resumes from `bytes`, with or without --steps on the command line (which leaves the run's own
// steps unread by the run file's reader); returns whether it was refused.
bool refused(std::string_view bytes, bool stepsGiven) {
  flocklab::runs::RunOptions options;
  options.threads = 1;
  if (stepsGiven) options.steps = 1000;
  try {
    const auto checkpoint = flocklab::runs::parseCheckpoint(bytes, "cp/checkpoint.flk");
    flocklab::EngineOptions engine;
    engine.threads = 1;
    const auto setup = flocklab::runs::resumeRun(checkpoint, "cp/checkpoint.flk", options, engine);
    const flocklab::Simulation& sim = *setup.simulation;
    flocklab::fuzz::check(sim.stepCount() == checkpoint.step);
    flocklab::fuzz::check(sim.flock().size() == checkpoint.flock.size());
  } catch (const UsageError& e) {
    flocklab::fuzz::checkMessage(e.what());
    return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("FLOCKLAB_MEMORY_BYTES", "16000000", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view content(reinterpret_cast<const char*>(data), size);
  refused(content, false);
  const std::string proven = "{\"flocklab_checkpoint\":2,\"checksum\":\"" +
                             flocklab::hashHex(flocklab::fnv1a(content)) + "\"}\n" + std::string(content);
  refused(proven, false);
  refused(proven, true);
  return 0;
}
