#pragma once
// What `flocklab run` prints and writes: the summary (text or JSON) and the metrics series.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "flocklab/metric_schema.hpp"

namespace flocklab::cli {

/// One row of the metrics series: the step and the metrics of the state after it.
struct SeriesRow {
  std::uint64_t step;
  Metrics metrics;
};

/// Everything the summary reports about one run.
struct RunReport {
  std::string model = "lab";
  std::string label = "lab";  ///< the model as the summary names it, e.g. "steering (preset school)"
  std::string preset;         ///< the steering or abm preset, or ""
  std::string form;           ///< abm: "sequential" or "sync", or ""
  std::size_t count = 0;
  std::string countUnit = "boids";    ///< "boids" or "agents"
  std::uint64_t steps = 0;            ///< the step the run ends at
  std::uint64_t firstStep = 0;        ///< the step it began at: 0, or a resumed checkpoint's step
  std::string resumedFrom;            ///< the --resume folder, or ""
  std::optional<std::uint64_t> seed;  ///< none when it had no effect (a start from --init, nothing random after it)
  std::string startFile;              ///< the --init file, or "" for a random start
  unsigned threads = 1;
  int processes = 1;        ///< MPI processes stepping the flock together (threads is each one's)
  double seconds = 0;       ///< wall time of the steps alone (steps - firstStep of them)
  double totalSeconds = 0;  ///< wall time of the whole run: the start, steps, metrics and outputs
  Metrics start, end;
  std::vector<MetricSpec> metrics = metricSchema();  ///< the run's metrics (the model's own too)
  std::string hash;                                  ///< 16 hex digits, or "" when not asked for
};

/// The summary's first line: version, model, count, steps and how the start was made.
std::string summaryHeader(const RunReport& report);
/// The summary a person reads, several aligned lines ending in a newline.
std::string formatSummary(const RunReport& report);
/// The summary as one JSON object and a newline.
std::string formatSummaryJson(const RunReport& report);
/// What `run --dry-run --json` prints: the summary's JSON fields known before the first step
/// (model, count, steps, the start, threads) and "dry_run": true, one object and a newline.
std::string formatDryRunJson(const RunReport& report);
/// The metrics series as CSV (header step,polarization,...) or, if `json`, a JSON array, with
/// the columns `metrics` names.
std::string formatSeries(const std::vector<SeriesRow>& rows, const std::vector<MetricSpec>& metrics, bool json);

}  // namespace flocklab::cli
