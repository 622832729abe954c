#include "outputs/run_report.hpp"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "flocklab/io/state_csv.hpp"
#include "flocklab/version.hpp"

namespace flocklab::cli {
namespace {

nlohmann::ordered_json metricsJson(const Metrics& m) {
  return {{"polarization", m.polarization},       {"flocks", m.flocks},
          {"largest_flock", m.largestFlock},      {"largest_share", m.largestShare},
          {"mean_nn_distance", m.meanNearestDistance}, {"mean_neighbors", m.meanNeighbors}};
}

// 6.0e6 rather than printf's 6.0e+06: easier to read in a summary.
std::string shortScientific(double value) {
  const int exponent = static_cast<int>(std::floor(std::log10(value)));
  double mantissa = value / std::pow(10.0, exponent);
  if (std::round(mantissa * 10) >= 100) return fmt::format("1.0e{}", exponent + 1);
  return fmt::format("{:.1f}e{}", mantissa, exponent);
}

}  // namespace

std::string formatSummary(const RunReport& r) {
  const std::string start = r.startFile.empty() ? fmt::format("seed {}", r.seed)
                                                : fmt::format("start {}", r.startFile);
  std::string out = fmt::format("flocklab {} - model {} - {} boids - {} steps - {}\n", kVersion,
                                r.label, r.count, r.steps, start);
  const auto line = [&out](const char* label, const std::string& value) {
    out += fmt::format("{:<28}{}\n", label, value);
  };
  line("polarization", fmt::format("{:.3f} -> {:.3f}", r.start.polarization, r.end.polarization));
  line("flocks (largest)", fmt::format("{} ({}) -> {} ({})", r.start.flocks, r.start.largestFlock,
                                       r.end.flocks, r.end.largestFlock));
  line("nearest-neighbour distance",
       fmt::format("{:.2f} -> {:.2f}", r.start.meanNearestDistance, r.end.meanNearestDistance));
  line("neighbours per boid",
       fmt::format("{:.1f} -> {:.1f}", r.start.meanNeighbors, r.end.meanNeighbors));
  const double work = static_cast<double>(r.count) * static_cast<double>(r.steps);
  const std::string rate = r.seconds > 0 && work > 0 ? shortScientific(work / r.seconds) : "-";
  line("time", fmt::format("{:.3f} s ({} boid-steps/s, {} thread{})", r.seconds, rate, r.threads,
                           r.threads == 1 ? "" : "s"));
  if (!r.hash.empty()) line("state hash", r.hash);
  return out;
}

std::string formatSummaryJson(const RunReport& r) {
  nlohmann::ordered_json j = {{"flocklab", kVersion}, {"model", r.model}};
  if (!r.preset.empty()) j["preset"] = r.preset;
  if (!r.form.empty()) j["form"] = r.form;
  j["count"] = r.count;
  j["steps"] = r.steps;
  if (r.startFile.empty())
    j["seed"] = r.seed;
  else
    j["init"] = r.startFile;
  j["threads"] = r.threads;
  j["seconds"] = r.seconds;
  j["start"] = metricsJson(r.start);
  j["end"] = metricsJson(r.end);
  if (!r.hash.empty()) j["hash"] = r.hash;
  return j.dump() + "\n";
}

std::string formatSeries(const std::vector<SeriesRow>& rows, bool json) {
  if (json) {
    nlohmann::ordered_json array = nlohmann::ordered_json::array();
    for (const SeriesRow& row : rows) {
      nlohmann::ordered_json item = {{"step", row.step}};
      item.update(metricsJson(row.metrics));
      array.push_back(std::move(item));
    }
    return array.dump(1) + "\n";
  }
  std::string out =
      "step,polarization,flocks,largest_flock,largest_share,mean_nn_distance,mean_neighbors\n";
  for (const SeriesRow& row : rows) {
    const Metrics& m = row.metrics;
    out += fmt::format("{},{},{},{},{},{},{}\n", row.step, roundTrip(m.polarization), m.flocks,
                       m.largestFlock, roundTrip(m.largestShare), roundTrip(m.meanNearestDistance),
                       roundTrip(m.meanNeighbors));
  }
  return out;
}

}  // namespace flocklab::cli
