// libFuzzer target for the reader of a sweep's --out on resume, flocklab::runs::parseExisting.
//
// Contract under test (apps/runs/sweep_rows.hpp): for any bytes and any sweep, the reader
// either accepts the text or throws UsageError; it never crashes, hangs, leaks or throws
// anything else (anything else escapes this function, and libFuzzer reports it as a crash).
//
// The sweep: the first two bytes choose it (one to three parameters with values from a table of
// edge cases, one to five seeds, a first seed near 0 or near 2^64), whether the harness puts
// the sweep's header first, and whether it signs each line (recomputes its check column):
// unsigned, almost every row is refused at its check; signed, the fuzzer reaches the parsing of
// the fields behind it.
//
// On every accepted input the target checks, and traps (__builtin_trap) when one fails:
//   1. keepBytes is at most the size and ends just after a newline (or is 0 for an empty text);
//   2. kept equals the runs marked in `have`, each with its 6 + 6 metrics;
//   3. round trip: the kept runs written again with formatRow in canonical order read back
//      with the same runs and bit-identical metrics.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "flocklab/io/fnv1a.hpp"
#include "flocklab/io/state_hash.hpp"
#include "flocklab/metric_schema.hpp"
#include "runs/sweep_rows.hpp"
#include "runs/usage_error.hpp"

namespace {

using flocklab::runs::ExistingOut;
using flocklab::runs::RunResult;
using flocklab::runs::SweepPlan;

void check(bool ok) {
  if (!ok) __builtin_trap();
}

std::uint64_t bits(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

SweepPlan planFrom(unsigned char a, unsigned char b) {
  static const char* const kNames[] = {"radius", "alignment", "count"};
  static const char* const kTexts[] = {"4", "8", "0.1", "1e-300", "-2", "1.7976931348623157e+308", "10", "0"};
  SweepPlan plan;
  const std::size_t params = 1 + a % 3;
  for (std::size_t p = 0; p < params; ++p) {
    flocklab::runs::Param param;
    param.name = kNames[p];
    const std::size_t values = 1 + (a >> (2 + p)) % 3;
    for (std::size_t v = 0; v < values; ++v) {
      param.texts.push_back(kTexts[(p * 3 + v) % 8]);
      param.values.push_back(0);  // the reader uses the texts only
    }
    plan.params.push_back(param);
  }
  plan.seedCount = 1 + b % 5;
  plan.firstSeed = (b & 0x20) ? UINT64_MAX - plan.seedCount + 1 : 42;
  std::size_t runs = plan.seedCount;
  for (const auto& p : plan.params) runs *= p.texts.size();
  plan.runs = runs;
  plan.fingerprint = "0123456789abcdef";
  return plan;
}

// `text` with every line's last field replaced by the check of the text before it.
std::string signLines(std::string_view text) {
  std::string out;
  for (std::size_t begin = 0; begin < text.size();) {
    std::size_t end = text.find('\n', begin);
    const bool whole = end != std::string_view::npos;
    if (!whole) end = text.size();
    std::string_view line = text.substr(begin, end - begin);
    const std::size_t comma = line.rfind(',');
    if (comma != std::string_view::npos) {
      const std::string_view body = line.substr(0, comma + 1);
      out += body;
      out += flocklab::hashHex(flocklab::fnv1a(body));
    } else {
      out += line;
    }
    if (whole) out += '\n';
    begin = end + 1;
  }
  return out;
}

bool read(std::string_view text, const SweepPlan& plan, std::vector<RunResult>& results, std::vector<char>& have,
          ExistingOut& out) {
  results.assign(plan.runs, RunResult{});
  have.assign(plan.runs, 0);
  try {
    out = flocklab::runs::parseExisting(text, "fuzz.csv", plan, results, have);
    return true;
  } catch (const flocklab::runs::UsageError&) {
    return false;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const SweepPlan plan = planFrom(data[0], data[1]);
  const std::string_view body(reinterpret_cast<const char*>(data + 2), size - 2);
  std::string text = (data[1] & 0x80) ? signLines(body) : std::string(body);
  // The header is prepended when the second byte asks, so that the rows are reached quickly.
  if (data[1] & 0x40) text = flocklab::runs::csvHeader(plan) + text;

  std::vector<RunResult> results;
  std::vector<char> have;
  ExistingOut out;
  if (!read(text, plan, results, have, out)) return 0;

  check(out.exists && out.size == text.size() && out.keepBytes <= text.size());
  check(text.empty() ? out.keepBytes == 0 : text[out.keepBytes - 1] == '\n');
  std::size_t marked = 0;
  const std::size_t metrics = flocklab::metricSchema().size();
  for (std::size_t run = 0; run < plan.runs; ++run) {
    if (!have[run]) continue;
    ++marked;
    check(results[run].final.size() == metrics && results[run].lastFifth.size() == metrics);
  }
  check(marked == out.kept);
  if (out.kept == 0) return 0;

  std::string again = flocklab::runs::csvHeader(plan);
  for (std::size_t run = 0; run < plan.runs; ++run)
    if (have[run]) again += flocklab::runs::formatRow(plan, run, results[run]);
  std::vector<RunResult> results2;
  std::vector<char> have2;
  ExistingOut out2;
  check(read(again, plan, results2, have2, out2));
  check(out2.kept == out.kept && out2.keepBytes == again.size() && have2 == have);
  for (std::size_t run = 0; run < plan.runs; ++run) {
    if (!have[run]) continue;
    for (std::size_t k = 0; k < metrics; ++k) {
      // A whole-number metric is written as an integer: the same value, the same bits.
      check(bits(results2[run].final[k]) == bits(results[run].final[k]) ||
            (results2[run].final[k] == results[run].final[k]));
      check(bits(results2[run].lastFifth[k]) == bits(results[run].lastFifth[k]) ||
            results2[run].lastFifth[k] == results[run].lastFifth[k]);
    }
  }
  return 0;
}
