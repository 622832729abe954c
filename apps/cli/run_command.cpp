// `flocklab run`. Design: every input is checked, and every output path opened, before the
// first step, so a mistake costs no simulation time and leaves no file; outputs are written
// whole at the end through AtomicFile.
#include "run_command.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <vector>

#include "flocklab/atomic_file.hpp"
#include "flocklab/state_csv.hpp"
#include "flocklab/state_hash.hpp"
#include "interrupt.hpp"
#include "model_setup.hpp"
#include "run_report.hpp"
#include "usage_error.hpp"

namespace flocklab::cli {
namespace {

bool endsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

void checkOptions(const RunOptions& o) {
  if (o.steps && *o.steps < 0) throw UsageError(fmt::format("--steps must be at least 0 (got {})", *o.steps));
  if (o.every < 1) throw UsageError(fmt::format("--every must be at least 1 (got {})", o.every));
  if (o.threads < 0 || o.threads > 1024)
    throw UsageError(fmt::format("--threads must be between 0 (all cores) and 1024 (got {})", o.threads));
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

}  // namespace

CLI::App* addRunCommand(CLI::App& app, RunOptions& o) {
  CLI::App* run = app.add_subcommand("run", "Run one flock and print a summary of its order");
  run->add_option("--model", o.model,
                  "Model: lab (the reference), steering (the Flocking Lab) or abm (the ABM frameworks' Flocking)")
      ->capture_default_str();
  auto* count = run->add_option("--count,-n", o.count, "Number of boids (default 120 lab, 1500 steering, 200 or 400 abm)");
  run->add_option("--steps", o.steps, "Steps to run (default 600 lab, 1800 steering = 30 s, 100 abm)");
  run->add_option("--seed", o.seed, "Seed of the random start (and of abm's random order), 0 to 2^64-1")
      ->capture_default_str()
      ->check([](const std::string& text) {
        return text.rfind('-', 0) == 0 ? "must be a whole number from 0 to 2^64-1 (got " + text + ")" : "";
      });
  run->add_option("--separation", o.separation, "Weight of separation, >= 0 (default 1.5 lab, 1 steering)");
  run->add_option("--alignment", o.alignment, "Weight of alignment, >= 0 (default 1)");
  run->add_option("--cohesion", o.cohesion, "Weight of cohesion, >= 0 (default 1)");
  run->add_option("--max-speed", o.maxSpeed, "Maximum speed (default 1 unit/step lab, 180 px/s steering)");

  const char* lab = "lab and abm models";
  run->add_option("--radius", o.radius, "Perception radius r, > 0 (lab: default 10, separation within r/2; abm: the visual distance, default 5 small, 15 large)")->group(lab);
  run->add_option("--world", o.world, "Side L of the square wrap-around world (default 100; abm large 150)")->group(lab);

  run->add_option("--preset", o.preset, "steering: flock (default), school, swarm or chaos; abm: small (default) or large")
      ->group("steering and abm models");
  const char* abm = "abm model";
  run->add_flag("--sync", o.sync, "Every agent reads the previous step's state (default: one at a time, in a fresh random order)")->group(abm);

  const char* steering = "steering model";
  run->add_option("--vision", o.vision, "Vision radius, px (default 50)")->group(steering);
  run->add_option("--separation-radius", o.separationRadius, "Separation radius, px (default 20)")->group(steering);
  run->add_option("--fov", o.fov, "Field of view, degrees in (0, 360] (default 360)")->group(steering);
  run->add_option("--width", o.width, "World width, px (default 900)")->group(steering);
  run->add_option("--height", o.height, "World height, px (default 560)")->group(steering);
  run->add_option("--edges", o.edges, "wrap (default) or walls")->group(steering);
  run->add_option("--dt", o.dt, "Time step, s (default 1/60)")->group(steering);
  run->add_option("--obstacle", o.obstacles, "A circle X,Y,R that boids avoid (repeatable)")->group(steering);
  run->add_option("--pointer", o.pointer, "food:X,Y or predator:X,Y, held all run or over steps @FROM-TO")->group(steering);
  run->add_option("--food-weight", o.foodWeight, "Weight of the pointer as food (default 1)")->group(steering);
  run->add_option("--predator-weight", o.predatorWeight, "Weight of the pointer as a predator (default 3)")->group(steering);
  run->add_option("--wall-weight", o.wallWeight, "Weight of the walls' push (default 2)")->group(steering);
  run->add_option("--obstacle-weight", o.obstacleWeight, "Weight of obstacle avoidance (default 3)")->group(steering);

  const char* engine = "engine and outputs";
  run->add_option("--threads", o.threads, "Worker threads; 0 (the default) means all cores")->group(engine);
  run->add_option("--neighbors", o.neighbors, "Neighbour search: grid or brute (same results)")->capture_default_str()->group(engine);
  run->add_option("--every", o.every, "Steps between rows of --metrics-out")->capture_default_str()->group(engine);
  run->add_option("--metrics-out", o.metricsOut, "Write the metrics every K steps to FILE.csv or FILE.json")->group(engine);
  auto* init = run->add_option("--init", o.initFile, "Start from a CSV file x,y,vx,vy (the count comes from the file)")->group(engine);
  count->excludes(init);
  run->add_option("--save", o.saveFile, "Write the final state to a CSV file at round-trip precision")->group(engine);
  run->add_flag("--hash", o.hash, "Print the FNV-1a 64 hash of the final state")->group(engine);
  run->add_flag("--json", o.json, "Print the summary as one JSON object")->group(engine);
  return run;
}

int executeRun(const RunOptions& o) {
  checkOptions(o);
  // Open every output before the first step: a bad path fails now, not after the run.
  const auto metricsFile = openOutput(o.metricsOut);
  const auto saveFile = openOutput(o.saveFile);

  EngineOptions engine;
  engine.search = *parseNeighborSearch(o.neighbors);
  engine.threads = static_cast<unsigned>(o.threads);
  ModelSetup setup = setUpModel(o, engine);
  Simulation& sim = *setup.simulation;

  RunReport report;
  report.model = sim.model();
  report.label = setup.label;
  report.preset = setup.preset;
  report.form = setup.form;
  report.count = sim.flock().size();
  report.steps = o.steps ? static_cast<std::uint64_t>(*o.steps) : setup.defaultSteps;
  report.seed = o.seed;
  report.startFile = o.initFile;
  report.threads = sim.options().threads;
  report.start = sim.metrics();

  std::vector<SeriesRow> series;
  const auto every = static_cast<std::uint64_t>(o.every);
  if (metricsFile) series.push_back({0, report.start});
  std::chrono::duration<double> stepping{0};
  while (sim.stepCount() < report.steps) {
    if (interrupted()) {
      std::fputs("flocklab: interrupted; no output written\n", stderr);
      return kInterruptExit;
    }
    // Step in chunks up to the next metrics row; the clock covers the steps alone.
    const std::uint64_t target = metricsFile ? std::min(report.steps, (sim.stepCount() / every + 1) * every)
                                             : std::min(report.steps, sim.stepCount() + 64);
    const auto begin = std::chrono::steady_clock::now();
    sim.step(target - sim.stepCount());
    stepping += std::chrono::steady_clock::now() - begin;
    if (metricsFile && (target % every == 0 || target == report.steps))
      series.push_back({target, sim.metrics()});
  }
  report.seconds = stepping.count();
  report.end = series.empty() || series.back().step != report.steps ? sim.metrics() : series.back().metrics;
  if (o.hash) report.hash = hashHex(stateHash(sim.flock()));

  try {
    if (metricsFile) metricsFile->commit(formatSeries(series, endsWith(o.metricsOut, ".json")));
    if (saveFile) saveFile->commit(formatStateCsv(sim.flock()));
  } catch (const OutputError& e) {
    throw UsageError(e.what());
  }
  const std::string text = o.json ? formatSummaryJson(report) : formatSummary(report);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

}  // namespace flocklab::cli
