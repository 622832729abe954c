// Writing and reading back a sweep's rows. Design: a row counts only if it is provably this
// sweep's: its fingerprint this sweep's, its check the hash of its text, each parameter's text
// exactly one of its values' (so "4.0" for 4 is refused), the seed one of its seeds in plain
// digits, the metrics numbers (the counts whole ones), each run once. Anything else is refused,
// naming the line, rather than silently rerun, kept or overwritten. The file is read only up to
// the size this sweep's rows can have, so a huge file costs no memory.
#include "runs/sweep_rows.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "flocklab/io/fnv1a.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/io/state_hash.hpp"
#include "runs/atomic_file.hpp"
#include "runs/text_fields.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {
namespace {

// Whatever a whole number or a round-trip double can take, with its comma.
constexpr std::size_t kMaxNumberField = 33;
constexpr std::size_t kHexField = 16;

const std::string kRefusal = "remove it or choose another " + markKey("out");

UsageError badLine(const std::string& path, std::size_t lineNumber, const std::string& why) {
  return UsageError(
      fmt::format("{} line {}: {}; remove the line or choose another {}", path, lineNumber, why, markKey("out")));
}

// The longest line a row of `plan` can be, with its newline.
std::size_t maxRowBytes(const SweepPlan& plan) {
  std::size_t bytes = kMaxNumberField + 2 * plan.metrics.size() * kMaxNumberField + 2 * (kHexField + 1) + 1;
  for (const Param& p : plan.params) {
    std::size_t longest = 0;
    for (const std::string& t : p.texts) longest = std::max(longest, t.size());
    bytes += longest + 1;
  }
  return bytes;
}

// The metrics of a row (its `fields` from `first` on) of `path` read back; throws UsageError
// naming the line.
RunResult parseMetrics(const SweepPlan& plan, const std::vector<std::string_view>& fields, std::size_t first,
                       const std::string& path, std::size_t lineNumber) {
  const auto bad = [&](const std::string& why) { return badLine(path, lineNumber, why); };
  const std::vector<MetricSpec>& schema = plan.metrics;
  RunResult r;
  std::size_t f = first;
  for (const MetricSpec& spec : schema) {
    if (spec.whole) {
      // Above 2^53 a count would not come back as the same digits when the file is rewritten.
      const auto v = parseWhole(fields[f++]);
      if (!v || *v > (std::uint64_t{1} << 53)) throw bad(spec.key + " is not a whole number of boids");
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

// The header without the two columns of kSweepRowsVersion, as flocklab 0.1.0 wrote it.
std::string metricsHeader(const SweepPlan& plan) {
  std::string text;
  for (const Param& p : plan.params) text += p.name + ",";
  text += "seed";
  for (const MetricSpec& spec : plan.metrics) text += "," + spec.key;
  for (const MetricSpec& spec : plan.metrics) text += ",last_fifth_" + spec.key;
  return text;
}

}  // namespace

std::string sweepFingerprint(const SweepPlan& plan, std::string_view firstRun, std::uint64_t every) {
  std::string text = fmt::format("flocklab sweep rows {}\n", kSweepRowsVersion);
  text += firstRun;
  text += "\n";
  for (const Param& p : plan.params) {
    text += p.name + "=";
    for (std::size_t i = 0; i < p.texts.size(); ++i) text += (i ? "," : "") + p.texts[i];
    text += "\n";
  }
  text += fmt::format("seeds {}\nevery {}\n", plan.seedCount, every);
  return hashHex(fnv1a(text));
}

std::string csvHeader(const SweepPlan& plan) { return metricsHeader(plan) + ",sweep,check\n"; }

std::string formatRow(const SweepPlan& plan, std::size_t run, const RunResult& r) {
  std::string line;
  const std::vector<std::size_t> indices = plan.valueIndices(run / plan.seedCount);
  for (std::size_t p = 0; p < plan.params.size(); ++p) line += plan.params[p].texts[indices[p]] + ",";
  line += std::to_string(plan.seedOf(run));
  const std::vector<MetricSpec>& schema = plan.metrics;
  for (std::size_t k = 0; k < schema.size(); ++k)
    line += "," + (schema[k].whole ? std::to_string(static_cast<std::uint64_t>(r.final[k])) : writeDecimal(r.final[k]));
  for (double v : r.lastFifth) line += "," + writeDecimal(v);
  line += "," + plan.fingerprint + ",";
  return line + hashHex(fnv1a(line)) + "\n";
}

ExistingOut parseExisting(std::string_view text, const std::string& path, const SweepPlan& plan,
                          std::vector<RunResult>& results, std::vector<char>& have) {
  ExistingOut out;
  out.exists = true;
  out.size = text.size();
  if (text.empty()) return out;  // nothing to lose: the sweep starts it
  const std::string header = csvHeader(plan);
  if (text.size() > header.size() + (plan.runs + 1) * maxRowBytes(plan))
    throw UsageError(
        fmt::format("{} is larger than this sweep's rows can be, so it is not this sweep's; {}", path, kRefusal));
  const std::string noRow =
      fmt::format("{} holds no whole row of this sweep, so it is not provably this sweep's; {}", path, kRefusal);
  if (text.size() < header.size() && std::string_view(header).substr(0, text.size()) == text) throw UsageError(noRow);
  if (text.substr(0, header.size()) != header) {
    const std::string older = metricsHeader(plan) + "\n";
    if (text.substr(0, older.size()) == older)
      throw UsageError(fmt::format(
          "{} holds rows without a sweep fingerprint (written by flocklab 0.1.0), which cannot be resumed; {}", path,
          kRefusal));
    throw UsageError(fmt::format("{} holds another sweep's rows (its header differs); {}", path, kRefusal));
  }
  // A last line without its newline is the partial write of a killed sweep: dropped, once the
  // whole rows before it prove the file this sweep's.
  const std::size_t lastNewline = text.rfind('\n');
  out.keepBytes = lastNewline + 1;
  if (out.keepBytes == header.size()) throw UsageError(noRow);
  out.needsHeader = false;
  const std::string_view whole = text.substr(0, out.keepBytes);
  const std::vector<Param>& params = plan.params;
  const std::size_t expected = params.size() + 1 + 2 * plan.metrics.size() + 2;
  std::size_t lineNumber = 1;
  for (std::size_t begin = header.size(); begin < whole.size();) {
    const std::size_t end = whole.find('\n', begin);
    const std::string_view line = whole.substr(begin, end - begin);
    begin = end + 1;
    ++lineNumber;
    const auto bad = [&](const std::string& why) { return badLine(path, lineNumber, why); };
    const auto fields = split(line, ',');
    if (fields.size() != expected) throw bad(fmt::format("{} fields where the header has {}", fields.size(), expected));
    // Its check first: a changed row is refused whatever else it holds.
    const std::string_view signedText = line.substr(0, line.size() - fields.back().size());
    if (fields.back() != hashHex(fnv1a(signedText)))
      throw bad("it was changed after the sweep wrote it (its check does not match its text)");
    if (fields[fields.size() - 2] != plan.fingerprint)
      throw bad(fmt::format(
          "it is a row of another sweep (fingerprint {}, this sweep's is {}: other options, steps or flocklab version)",
          fields[fields.size() - 2], plan.fingerprint));
    // Which run: each parameter's text and the seed must be exactly this sweep's.
    std::size_t combination = 0;
    for (std::size_t p = 0; p < params.size(); ++p) {
      const auto& texts = params[p].texts;
      const auto at = std::find(texts.begin(), texts.end(), fields[p]);
      if (at == texts.end()) throw bad(fmt::format("{} = {} is not a value of this sweep", params[p].name, fields[p]));
      combination = combination * texts.size() + static_cast<std::size_t>(at - texts.begin());
    }
    const auto seed = parseWhole(fields[params.size()]);
    if (!seed || std::to_string(*seed) != fields[params.size()] || *seed < plan.firstSeed ||
        *seed - plan.firstSeed >= plan.seedCount)
      throw bad(fmt::format("seed {} is not a seed of this sweep", fields[params.size()]));
    const std::size_t run = combination * plan.seedCount + static_cast<std::size_t>(*seed - plan.firstSeed);
    if (have[run]) throw bad("it repeats the run of an earlier line");
    results[run] = parseMetrics(plan, fields, params.size() + 1, path, lineNumber);
    have[run] = 1;
    ++out.kept;
  }
  return out;
}

ExistingOut readExisting(const std::string& path, const SweepPlan& plan, std::vector<RunResult>& results,
                         std::vector<char>& have) {
  // O_NONBLOCK: a FIFO is refused below rather than waited on.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return ExistingOut{};  // a new file
    throw UsageError(fmt::format("cannot read {} (to resume the sweep it holds): {}", path, std::strerror(errno)));
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw UsageError(fmt::format("cannot read {}: {}", path, std::strerror(errno)));
  if (S_ISDIR(info.st_mode)) throw UsageError("cannot write " + path + ": it is a directory");
  if (!S_ISREG(info.st_mode))
    throw UsageError(fmt::format("{} is not a regular file (a device, FIFO or socket); a sweep's {} must be one", path,
                                 markKey("out")));
  // One byte past the largest this sweep's file can be is enough for parseExisting to refuse it.
  const std::size_t limit = csvHeader(plan).size() + (plan.runs + 1) * maxRowBytes(plan) + 1;
  std::string text(std::min<std::uintmax_t>(static_cast<std::uintmax_t>(info.st_size), limit), '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw UsageError(fmt::format("cannot read {}: {}", path, std::strerror(errno)));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return parseExisting(text, path, plan, results, have);
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

}  // namespace flocklab::runs
