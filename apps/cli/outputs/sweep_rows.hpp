#pragma once
// The rows of a sweep's CSV (--out): one per run, the parameters' values and the seed, then the
// final metrics and the last fifth's means. Design: a finished run's row is appended with one
// write() of the whole line (O_APPEND), so a killed sweep leaves whole rows and at worst one
// partial last line; on restart that line is dropped and the whole rows, checked to be this
// sweep's, count as done.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "commands/sweep_plan.hpp"
#include "commands/sweep_run.hpp"

namespace flocklab::cli {

/// The CSV's header line, with its newline.
std::string csvHeader(const SweepPlan& plan);
/// The CSV line of `run`, with its newline.
std::string formatRow(const SweepPlan& plan, std::size_t run, const RunResult& result);

/// --out as found before the sweep starts.
struct ExistingOut {
  bool exists = false;
  bool needsHeader = true;       ///< it holds no whole line, not even the header
  std::uintmax_t keepBytes = 0;  ///< its whole lines; a partial last line after them is cut
  std::uintmax_t size = 0;
  std::size_t kept = 0;          ///< runs read back from it
};

/// Reads the rows an earlier, killed run of this sweep left at `path` into `results` and `have`
/// (by run; sized plan.runs), if the file exists. Throws UsageError for a directory, an
/// unreadable file, another sweep's header, or a row that is malformed, repeated, or not of one
/// of this sweep's runs (naming the line).
ExistingOut readExisting(const std::string& path, const SweepPlan& plan, std::vector<RunResult>& results,
                         std::vector<char>& have);

/// Writes `line` to `fd` with one write() (retried only after EINTR or a short write); throws
/// OutputError naming `path`.
void writeLine(int fd, const std::string& line, const std::string& path);

}  // namespace flocklab::cli
