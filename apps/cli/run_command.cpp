// `flocklab run`. Design: every input is checked, and every output path opened, before the
// first step, so a mistake costs no simulation time and leaves no file; outputs are written
// whole at the end through AtomicFile.
#include "run_command.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include "flocklab/atomic_file.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/lab_simulation.hpp"
#include "flocklab/memory.hpp"
#include "flocklab/state_csv.hpp"
#include "flocklab/state_hash.hpp"
#include "interrupt.hpp"
#include "run_report.hpp"
#include "usage_error.hpp"

namespace flocklab::cli {
namespace {

bool endsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

void requirePositive(const char* flag, std::int64_t value, std::int64_t least) {
  if (value < least)
    throw UsageError(fmt::format("{} must be at least {} (got {})", flag, least, value));
}

void requireNumber(const char* flag, double value, bool allowZero) {
  if (!std::isfinite(value) || value < 0 || (!allowZero && value == 0))
    throw UsageError(fmt::format("{} must be a finite number {} (got {})", flag,
                                 allowZero ? ">= 0" : "> 0", value));
}

void checkOptions(const RunOptions& o) {
  requirePositive("--count", o.count, 1);
  requirePositive("--steps", o.steps, 0);
  requirePositive("--every", o.every, 1);
  if (o.threads < 0 || o.threads > 1024)
    throw UsageError(fmt::format("--threads must be between 0 (all cores) and 1024 (got {})", o.threads));
  requireNumber("--separation", o.params.separation, true);
  requireNumber("--alignment", o.params.alignment, true);
  requireNumber("--cohesion", o.params.cohesion, true);
  requireNumber("--radius", o.params.radius, false);
  requireNumber("--max-speed", o.params.maxSpeed, false);
  requireNumber("--world", o.params.world, false);
  if (!parseNeighborSearch(o.neighbors))
    throw UsageError("--neighbors must be grid or brute (got " + o.neighbors + ")");
  if (!o.metricsOut.empty() && !endsWith(o.metricsOut, ".csv") && !endsWith(o.metricsOut, ".json"))
    throw UsageError("--metrics-out must end in .csv or .json (got " + o.metricsOut + ")");
}

std::unique_ptr<AtomicFile> openOutput(const std::string& path) {
  if (path.empty()) return nullptr;
  try {
    return std::make_unique<AtomicFile>(path);
  } catch (const OutputError& e) {
    throw UsageError(e.what());
  }
}

Flock makeStart(const RunOptions& o) {
  if (!o.initFile.empty()) {
    try {
      return readStateCsv(o.initFile, o.params.world);
    } catch (const CsvError& e) {
      throw UsageError(e.what());
    }
  }
  if (const std::string problem = memoryProblem(static_cast<std::uint64_t>(o.count)); !problem.empty())
    throw UsageError(problem);
  return randomLabStart(static_cast<std::size_t>(o.count), o.params, o.seed);
}

}  // namespace

CLI::App* addRunCommand(CLI::App& app, RunOptions& o) {
  CLI::App* run = app.add_subcommand("run", "Run one flock and print a summary of its order");
  run->add_option("--count,-n", o.count, "Number of boids (random start)")->capture_default_str();
  run->add_option("--steps", o.steps, "Steps to run")->capture_default_str();
  run->add_option("--seed", o.seed, "Seed of the random start, 0 to 2^64-1")
      ->capture_default_str()
      ->check([](const std::string& text) {
        return text.rfind('-', 0) == 0 ? "must be a whole number from 0 to 2^64-1 (got " + text + ")" : "";
      });
  run->add_option("--separation", o.params.separation, "Weight of separation, >= 0")->capture_default_str();
  run->add_option("--alignment", o.params.alignment, "Weight of alignment, >= 0")->capture_default_str();
  run->add_option("--cohesion", o.params.cohesion, "Weight of cohesion, >= 0")->capture_default_str();
  run->add_option("--radius", o.params.radius, "Perception radius r, > 0 (separation within r/2)")->capture_default_str();
  run->add_option("--max-speed", o.params.maxSpeed, "Maximum speed, > 0 (minimum is half of it)")->capture_default_str();
  run->add_option("--world", o.params.world, "Side L of the square wrap-around world")->capture_default_str();
  run->add_option("--threads", o.threads, "Worker threads; 0 (the default) means all cores");
  run->add_option("--neighbors", o.neighbors, "Neighbour search: grid or brute (same results)")->capture_default_str();
  run->add_option("--every", o.every, "Steps between rows of --metrics-out")->capture_default_str();
  run->add_option("--metrics-out", o.metricsOut, "Write the metrics every K steps to FILE.csv or FILE.json");
  auto* init = run->add_option("--init", o.initFile, "Start from a CSV file x,y,vx,vy (the count comes from the file)");
  run->get_option("--count")->excludes(init);
  run->add_option("--save", o.saveFile, "Write the final state to a CSV file at round-trip precision");
  run->add_flag("--hash", o.hash, "Print the FNV-1a 64 hash of the final state");
  run->add_flag("--json", o.json, "Print the summary as one JSON object");
  return run;
}

int executeRun(const RunOptions& o, const CLI::App& command) {
  (void)command;
  checkOptions(o);
  // Open every output before the first step: a bad path fails now, not after the run.
  const auto metricsFile = openOutput(o.metricsOut);
  const auto saveFile = openOutput(o.saveFile);

  EngineOptions engine;
  engine.search = *parseNeighborSearch(o.neighbors);
  engine.threads = static_cast<unsigned>(o.threads);
  std::optional<LabSimulation> sim;
  try {
    sim.emplace(o.params, makeStart(o), engine);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }

  RunReport report;
  report.count = sim->flock().size();
  report.steps = static_cast<std::uint64_t>(o.steps);
  report.seed = o.seed;
  report.startFile = o.initFile;
  report.threads = sim->options().threads;
  report.start = sim->metrics();

  std::vector<SeriesRow> series;
  const auto every = static_cast<std::uint64_t>(o.every);
  if (metricsFile) series.push_back({0, report.start});
  std::chrono::duration<double> stepping{0};
  while (sim->stepCount() < report.steps) {
    if (interrupted()) {
      std::fputs("flocklab: interrupted; no output written\n", stderr);
      return kInterruptExit;
    }
    // Step in chunks up to the next metrics row; the clock covers the steps alone.
    const std::uint64_t target = metricsFile ? std::min(report.steps, (sim->stepCount() / every + 1) * every)
                                             : std::min(report.steps, sim->stepCount() + 64);
    const auto begin = std::chrono::steady_clock::now();
    sim->step(target - sim->stepCount());
    stepping += std::chrono::steady_clock::now() - begin;
    if (metricsFile && (target % every == 0 || target == report.steps))
      series.push_back({target, sim->metrics()});
  }
  report.seconds = stepping.count();
  report.end = series.empty() || series.back().step != report.steps ? sim->metrics() : series.back().metrics;
  if (o.hash) report.hash = hashHex(stateHash(sim->flock()));

  try {
    if (metricsFile) metricsFile->commit(formatSeries(series, endsWith(o.metricsOut, ".json")));
    if (saveFile) saveFile->commit(formatStateCsv(sim->flock()));
  } catch (const OutputError& e) {
    throw UsageError(e.what());
  }
  const std::string text = o.json ? formatSummaryJson(report) : formatSummary(report);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

}  // namespace flocklab::cli
