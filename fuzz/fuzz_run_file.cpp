// libFuzzer target for run files: the code path of `flocklab run --config FILE` from the file's
// bytes to checked model parameters (parseRunFile, applyRunFile, resolveParams).
//
// Contract under test (apps/cli/commands/run_config.hpp, flocklab/io/json_text.hpp): for any
// bytes, reading and applying a run file either gives options whose parameters resolve, or
// throws cli::UsageError; it never crashes, leaks, hangs or throws anything else (libFuzzer
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

#include "commands/model_setup.hpp"
#include "commands/run_config.hpp"
#include "support/usage_error.hpp"

namespace {

using flocklab::cli::RunOptions;
using flocklab::cli::UsageError;

constexpr std::size_t kMaxMessage = 400;

void check(bool ok) {
  if (!ok) __builtin_trap();
}

// Valid UTF-8 without control characters (C0, DEL, C1).
bool cleanUtf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x20 || b == 0x7f) return false;
    if (b < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 ? 2 : 0;
    if (n == 0 || n > 4 || i + n > s.size()) return false;
    char32_t cp = b & (n == 2 ? 0x1fu : n == 3 ? 0x0fu : 0x07u);
    for (std::size_t k = 1; k < n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xc0u) != 0x80u) return false;
      cp = (cp << 6) | (c & 0x3fu);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
      return false;
    if (cp < 0xa0) return false;
    i += n;
  }
  return true;
}

void checkMessage(const char* what) {
  const std::string_view m(what);
  check(!m.empty() && m.size() <= kMaxMessage);
  check(cleanUtf8(m));
}

// Reads and applies `text`; returns whether it was refused.
bool refused(std::string_view text, bool everyKeyGiven) {
  RunOptions options;
  try {
    const nlohmann::json config = flocklab::cli::parseRunFile(text, "fuzz.json");
    flocklab::cli::applyRunFile(config, "fuzz.json", options, [&](const std::string&) { return everyKeyGiven; });
    flocklab::cli::resolveParams(options);
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
