#pragma once
// The rows of a sweep's CSV (--out): one per run, the parameters' values and the seed, the
// final metrics and the last fifth's means, then two columns that make the file safe to resume:
// `sweep`, the fingerprint of the sweep's whole definition (the same in every row), and `check`,
// a hash of the row's text before it. Design: a finished run's row is appended with one write()
// of the whole line (O_APPEND), so a killed sweep leaves whole rows and at worst one partial
// last line. On restart the file is resumed only when it provably is this sweep's (its header,
// and every whole row's fingerprint and check); then the partial last line is dropped and the
// rows count as done. Anything else is refused and left as it is.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runs/sweep_plan.hpp"
#include "runs/sweep_run.hpp"

namespace flocklab::runs {

/// The version of the rows' layout, part of every fingerprint: a file of another layout is
/// never resumed.
inline constexpr int kSweepRowsVersion = 2;

/// 16 hex digits naming the sweep's definition: kSweepRowsVersion, `firstRun` (the resolved run
/// file of its first run, as text: flocklab's version, the model, every parameter, count, steps
/// and first seed), each swept parameter's values, the number of seeds and `every`.
std::string sweepFingerprint(const SweepPlan& plan, std::string_view firstRun, std::uint64_t every);

/// The CSV's header line, with its newline.
std::string csvHeader(const SweepPlan& plan);
/// The CSV line of `run`, with its newline; its `sweep` field is plan.fingerprint.
std::string formatRow(const SweepPlan& plan, std::size_t run, const RunResult& result);

/// --out as found before the sweep starts.
struct ExistingOut {
  bool exists = false;
  bool needsHeader = true;       ///< it is empty: the header goes with the first row
  std::uintmax_t keepBytes = 0;  ///< its whole lines; a partial last line after them is cut
  std::uintmax_t size = 0;
  std::size_t kept = 0;  ///< runs read back from it
};

/// Reads the rows that an earlier, killed run of this sweep left in `text` (the contents of
/// `path`) into `results` and `have` (by run; sized plan.runs). Throws UsageError, naming the
/// line, for anything that is not provably this sweep's: another header (another sweep, or an
/// older flocklab's rows), no whole row, a row of another sweep, a changed row (its check), a
/// row that is malformed, repeated or not of one of this sweep's runs, or more bytes than this
/// sweep's rows can take. Pure: touches no file (the fuzzer's entry).
ExistingOut parseExisting(std::string_view text, const std::string& path, const SweepPlan& plan,
                          std::vector<RunResult>& results, std::vector<char>& have);

/// parseExisting of the file at `path`, if it exists. Throws UsageError also for a path that is
/// not a regular file (a directory, a FIFO, a device) or cannot be read.
ExistingOut readExisting(const std::string& path, const SweepPlan& plan, std::vector<RunResult>& results,
                         std::vector<char>& have);

/// Writes `line` to `fd` with one write() (retried only after EINTR or a short write); throws
/// OutputError naming `path`.
void writeLine(int fd, const std::string& line, const std::string& path);

}  // namespace flocklab::runs
