// Reading the rows back. Design: a row counts only if it could be this sweep's: each
// parameter's text exactly one of its values' (so "4.0" for 4 is refused), the seed one of its
// seeds in plain digits, the metrics numbers (the counts whole ones), each run once. Anything
// else is refused, naming the line, rather than silently rerun or kept.
#include "outputs/sweep_rows.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string_view>

#include "support/atomic_file.hpp"
#include "flocklab/io/state_csv.hpp"
#include "support/text_fields.hpp"
#include "support/usage_error.hpp"

namespace flocklab::cli {
namespace {

UsageError badLine(const std::string& path, std::size_t lineNumber, const std::string& why) {
  return UsageError(fmt::format("{} line {}: {}; remove the line or choose another --out", path, lineNumber, why));
}

// The metrics of a row of `path` read back; throws UsageError naming the line.
RunResult parseRow(const SweepPlan& plan, std::string_view line, std::size_t lineNumber, const std::string& path) {
  const auto bad = [&](const std::string& why) { return badLine(path, lineNumber, why); };
  const auto fields = split(line, ',');
  const std::vector<MetricSpec>& schema = metricSchema();
  const std::size_t expected = plan.params.size() + 1 + 2 * schema.size();
  if (fields.size() != expected) throw bad(fmt::format("{} fields where the header has {}", fields.size(), expected));
  RunResult r;
  std::size_t f = plan.params.size() + 1;
  for (const MetricSpec& spec : schema) {
    if (spec.whole) {
      const auto v = parseWhole(fields[f++]);
      if (!v) throw bad(spec.key + " is not a whole number");
      r.final.push_back(static_cast<double>(*v));
    } else {
      const auto v = parseDouble(fields[f++]);
      if (!v) throw bad(spec.key + " is not a number");
      r.final.push_back(*v);
    }
  }
  for (const MetricSpec& spec : schema) {
    const auto v = parseDouble(fields[f++]);
    if (!v) throw bad("last_fifth_" + spec.key + " is not a number");
    r.lastFifth.push_back(*v);
  }
  return r;
}

}  // namespace

std::string csvHeader(const SweepPlan& plan) {
  std::string text;
  for (const Param& p : plan.params) text += p.name + ",";
  text += "seed";
  for (const MetricSpec& spec : metricSchema()) text += "," + spec.key;
  for (const MetricSpec& spec : metricSchema()) text += ",last_fifth_" + spec.key;
  return text + "\n";
}

std::string formatRow(const SweepPlan& plan, std::size_t run, const RunResult& r) {
  std::string line;
  const std::vector<std::size_t> indices = plan.valueIndices(run / plan.seedCount);
  for (std::size_t p = 0; p < plan.params.size(); ++p) line += plan.params[p].texts[indices[p]] + ",";
  line += std::to_string(plan.seedOf(run));
  const std::vector<MetricSpec>& schema = metricSchema();
  for (std::size_t k = 0; k < schema.size(); ++k)
    line += "," + (schema[k].whole ? std::to_string(static_cast<std::uint64_t>(r.final[k])) : roundTrip(r.final[k]));
  for (double v : r.lastFifth) line += "," + roundTrip(v);
  return line + "\n";
}

ExistingOut readExisting(const std::string& path, const SweepPlan& plan, std::vector<RunResult>& results,
                         std::vector<char>& have) {
  ExistingOut out;
  struct stat info {};
  if (stat(path.c_str(), &info) != 0) return out;  // a new file
  if (S_ISDIR(info.st_mode)) throw UsageError("cannot write " + path + ": it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read " + path + " (to resume the sweep it holds)");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  out.exists = true;
  out.size = text.size();
  // A last line without its newline is the partial write of a killed sweep: dropped.
  const std::size_t lastNewline = text.rfind('\n');
  out.keepBytes = lastNewline == std::string::npos ? 0 : lastNewline + 1;
  if (out.keepBytes == 0) return out;  // nothing whole yet, not even the header
  out.needsHeader = false;
  const std::string_view whole(text.data(), out.keepBytes);
  const std::string expectedHeader = csvHeader(plan);
  if (whole.substr(0, expectedHeader.size()) != expectedHeader)
    throw UsageError(path + " holds another sweep's rows (its header differs); remove it or choose another --out");
  std::size_t lineNumber = 1;
  for (std::size_t begin = expectedHeader.size(); begin < whole.size();) {
    const std::size_t end = whole.find('\n', begin);
    const std::string_view line = whole.substr(begin, end - begin);
    begin = end + 1;
    ++lineNumber;
    const auto fields = split(line, ',');
    const auto bad = [&](const std::string& why) { return badLine(path, lineNumber, why); };
    const std::vector<Param>& params = plan.params;
    if (fields.size() <= params.size()) throw bad("too few fields");
    // Which run: each parameter's text and the seed must be exactly this sweep's.
    std::size_t combination = 0;
    for (std::size_t p = 0; p < params.size(); ++p) {
      const auto& texts = params[p].texts;
      const auto at = std::find(texts.begin(), texts.end(), fields[p]);
      if (at == texts.end())
        throw bad(fmt::format("{} = {} is not a value of this sweep", params[p].name, fields[p]));
      combination = combination * texts.size() + static_cast<std::size_t>(at - texts.begin());
    }
    const auto seed = parseWhole(fields[params.size()]);
    if (!seed || std::to_string(*seed) != fields[params.size()] || *seed < plan.firstSeed ||
        *seed - plan.firstSeed >= plan.seedCount)
      throw bad(fmt::format("seed {} is not a seed of this sweep", fields[params.size()]));
    const std::size_t run = combination * plan.seedCount + static_cast<std::size_t>(*seed - plan.firstSeed);
    if (have[run]) throw bad("it repeats the run of an earlier line");
    results[run] = parseRow(plan, line, lineNumber, path);
    have[run] = 1;
    ++out.kept;
  }
  return out;
}

void writeLine(int fd, const std::string& line, const std::string& path) {
  // One write() for the whole line: a kill leaves the line whole or, at worst, a partial last line.
  std::size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(fd, line.data() + written, line.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw OutputError("cannot write " + path + ": " + std::strerror(errno));
    }
    written += static_cast<std::size_t>(n);
  }
}

}  // namespace flocklab::cli
