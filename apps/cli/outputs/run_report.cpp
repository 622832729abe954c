// The run's summary and metrics series. Design: the summary's first line says how the start was
// made and what was run; a line per metric follows, from the metric schema, so a new metric
// needs no edit here.
#include "outputs/run_report.hpp"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "flocklab/io/params_json.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/metric_schema.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/version.hpp"
#include "runs/counted.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

// One metric's value as files write it: a count as a whole number, else at round-trip precision.
std::string valueText(const MetricSpec& spec, const Metrics& m) {
  return spec.whole ? fmt::format("{}", static_cast<std::uint64_t>(metricValue(spec, m)))
                    : writeDecimal(metricValue(spec, m));
}

std::string summaryValue(const MetricSpec& spec, const Metrics& m) {
  if (spec.whole) return fmt::format("{}", static_cast<std::uint64_t>(metricValue(spec, m)));
  std::string text = fmt::format("{:.{}f}", metricValue(spec, m), spec.digits);
  // A small negative value (a segregation just below a random mix) rounds to 0, not "-0.000".
  if (text.find_first_not_of("-0.") == std::string::npos && text[0] == '-') text.erase(0, 1);
  return text;
}

// 6.0e6 rather than printf's 6.0e+06: easier to read in a summary.
std::string shortScientific(double value) {
  const int exponent = static_cast<int>(std::floor(std::log10(value)));
  double mantissa = value / std::pow(10.0, exponent);
  if (std::round(mantissa * 10) >= 100) return fmt::format("1.0e{}", exponent + 1);
  return fmt::format("{:.1f}e{}", mantissa, exponent);
}

}  // namespace

std::string summaryHeader(const RunReport& r) {
  // The start as it was made: the seed's random start, a file, or a file and the seed of what the
  // model draws after it (abm's order); never a seed that changed nothing.
  std::string start = r.startFile.empty() ? "" : "start " + excerpt(r.startFile, kPathChars);
  if (r.seed) start += (start.empty() ? "" : ", ") + fmt::format("seed {}", *r.seed);
  if (!r.resumedFrom.empty()) start += fmt::format(", resumed at step {} from {}", r.firstStep, r.resumedFrom);
  return fmt::format("flocklab {} - model {} - {} - {} - {}\n", kVersion, r.label, counted(r.count, r.countUnit),
                     counted(r.steps, "steps"), start);
}

std::string formatSummary(const RunReport& r) {
  std::string out = summaryHeader(r);
  // Labels in one column, wide enough for the longest (a species' "hawk: nearest-neighbour distance").
  std::size_t width = 28;
  for (const MetricSpec& spec : r.metrics) width = std::max(width, spec.label.size() + 2);
  const auto line = [&out, width](const char* label, const std::string& value) {
    out += fmt::format("{:<{}}{}\n", label, width, value);
  };
  // A line per metric; one that joins another shows in parentheses on that one's line. Labels
  // speak of the model's own unit: "neighbours per agent", "particle-steps/s".
  const std::string one(nounFor(1, r.countUnit));
  for (const MetricSpec& spec : r.metrics) {
    if (!spec.joins.empty()) continue;
    std::string label = spec.label, start = summaryValue(spec, r.start), end = summaryValue(spec, r.end);
    for (const MetricSpec& joined : r.metrics)
      if (joined.joins == spec.key) {
        label += " (" + joined.shortLabel + ")";
        start += " (" + summaryValue(joined, r.start) + ")";
        end += " (" + summaryValue(joined, r.end) + ")";
      }
    line(inUnit(label, r.countUnit).c_str(), start + " -> " + end);
  }
  // The rate counts the steps this process ran: a resumed run's from its checkpoint on.
  const std::uint64_t ran = r.steps - r.firstStep;
  const double work = static_cast<double>(r.count) * static_cast<double>(ran);
  const std::string rate = r.seconds > 0 && work > 0 ? shortScientific(work / r.seconds) : "-";
  const std::string workers = r.processes > 1
                                  ? fmt::format("{} x {}", counted(static_cast<unsigned>(r.processes), "processes"),
                                                counted(r.threads, "threads"))
                                  : counted(r.threads, "threads");
  line("time", fmt::format("{:.3f} s for {} ({} {}-steps/s, {}), {:.3f} s with start, metrics and outputs", r.seconds,
                           counted(ran, "steps"), rate, one, workers, r.totalSeconds));
  if (!r.hash.empty()) line("state hash", r.hash);
  return out;
}

namespace {

// The summary's JSON fields that are known before the first step, in the summary's order.
nlohmann::ordered_json headerJson(const RunReport& r) {
  nlohmann::ordered_json j = {{"flocklab", kVersion}, {"model", r.model}};
  if (!r.preset.empty()) j["preset"] = r.preset;
  if (!r.form.empty()) j["form"] = r.form;
  j["count"] = r.count;
  j["steps"] = r.steps;
  if (!r.resumedFrom.empty()) {
    j["resumed_from"] = r.resumedFrom;
    j["resumed_at_step"] = r.firstStep;
  }
  if (!r.startFile.empty()) j["init"] = excerpt(r.startFile, r.startFile.size());  // as given, if UTF-8
  if (r.seed) j["seed"] = *r.seed;
  j["threads"] = r.threads;
  if (r.processes > 1) j["processes"] = r.processes;
  return j;
}

}  // namespace

std::string formatDryRunJson(const RunReport& r) {
  nlohmann::ordered_json j = headerJson(r);
  j["dry_run"] = true;
  return j.dump() + "\n";
}

std::string formatSummaryJson(const RunReport& r) {
  nlohmann::ordered_json j = headerJson(r);
  j["seconds"] = r.seconds;
  j["seconds_total"] = r.totalSeconds;
  j["start"] = metricsToJson(r.start, r.metrics);
  j["end"] = metricsToJson(r.end, r.metrics);
  if (!r.hash.empty()) j["hash"] = r.hash;
  return j.dump() + "\n";
}

std::string formatSeries(const std::vector<SeriesRow>& rows, const std::vector<MetricSpec>& metrics, bool json) {
  if (json) {
    nlohmann::ordered_json array = nlohmann::ordered_json::array();
    for (const SeriesRow& row : rows) {
      nlohmann::ordered_json item = {{"step", row.step}};
      item.update(metricsToJson(row.metrics, metrics));
      array.push_back(std::move(item));
    }
    return array.dump(1) + "\n";
  }
  std::string out = "step";
  for (const MetricSpec& spec : metrics) out += "," + spec.key;
  out += "\n";
  for (const SeriesRow& row : rows) {
    out += std::to_string(row.step);
    for (const MetricSpec& spec : metrics) out += "," + valueText(spec, row.metrics);
    out += "\n";
  }
  return out;
}

}  // namespace flocklab::cli
