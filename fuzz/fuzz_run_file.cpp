// libFuzzer target for run files: the code path of `flocklab run --config FILE` from the file's
// bytes to checked model parameters (parseRunFile, applyRunFile, resolveParams).
//
// Contract under test (apps/runs/run_file.hpp, flocklab/io/json_text.hpp): for any
// bytes, reading and applying a run file either gives options whose parameters resolve, or
// throws runs::UsageError; it never crashes, leaks, hangs or throws anything else (libFuzzer
// reports an escaping exception as a crash). On every refusal the target checks, and traps
// when one fails, that the message is what main() prints as one line:
//   1. it is not empty and is at most kMaxMessage bytes;
//   2. it holds no control character and is valid UTF-8 (every quoted value is an excerpt).
// On every input also read with the command line giving every key (`given` true), nothing but
// the text itself can be refused.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "fuzz_message.hpp"
#include "runs/model_setup.hpp"
#include "runs/run_file.hpp"
#include "runs/usage_error.hpp"

namespace {

using flocklab::fuzz::check;
using flocklab::fuzz::checkMessage;
using flocklab::runs::RunOptions;
using flocklab::runs::UsageError;

// Reads and applies `text`; returns whether it was refused.
bool refused(std::string_view text, bool everyKeyGiven) {
  RunOptions options;
  try {
    const nlohmann::json config = flocklab::runs::parseRunFile(text, "fuzz.json");
    flocklab::runs::applyRunFile(config, "fuzz.json", options, [&](const std::string&) { return everyKeyGiven; });
    flocklab::runs::resolveParams(options);
  } catch (const UsageError& e) {
    checkMessage(e.what());
    return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const bool refusedAlone = refused(text, false);
  const bool refusedGiven = refused(text, true);
  // The command line can only take refusals away (a value it gives is not read from the file).
  if (!refusedAlone) check(!refusedGiven);
  return 0;
}
