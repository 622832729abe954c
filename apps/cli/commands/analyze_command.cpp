// `flocklab analyze`. Design: the file becomes frames (one for a state, one per frame of tracked
// animals); each frame is analysed by runs::analyzeFlock, the one analysis every front end
// shares; this file only reads, picks the world and writes. Output files are opened before any
// work and appear whole or not at all (AtomicFile).
#include "commands/analyze_command.hpp"

#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>

#include "flocklab/decimal_text.hpp"
#include "flocklab/executor.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/io/tracks_csv.hpp"
#include "outputs/npy_trajectory.hpp"
#include "runs/atomic_file.hpp"
#include "runs/flock_analysis.hpp"
#include "runs/memory.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

struct Frames {
  std::vector<std::uint64_t> numbers;
  std::vector<Flock> states;
  std::uint64_t leftOut = 0;
  bool tracks = false;
};

Space worldOf(const AnalyzeOptions& o, int dims) {
  if (o.world.empty()) return Space::open(1, dims);
  return {o.world[0], o.world[1], true, o.world.size() == 3 ? o.world[2] : 0.0};
}

// The frames of an .npy trajectory (analyzeFlock checks each agent's values).
std::vector<Flock> npyFrames(std::string_view bytes, const AnalyzeOptions& o) {
  std::vector<Flock> frames;
  try {
    frames = parseNpyTrajectory(bytes);
  } catch (const std::invalid_argument& e) {
    throw CsvError(e.what());
  }
  const int dims = frames.front().dimensions;
  if (!o.world.empty() && static_cast<int>(o.world.size()) != dims)
    throw CsvError(fmt::format("the trajectory is {}D but --world gives {} sides", dims, o.world.size()));
  return frames;
}

Frames readFrames(const AnalyzeOptions& o) {
  try {
    // A quarter of the memory at most: the rows read take about three times the text.
    const std::uint64_t limit = inputFileLimit() == ~std::uint64_t{0} ? inputFileLimit() : inputFileLimit() / 4;
    const std::string text = readTextFile(o.file, limit);
    const std::string_view header = std::string_view(text).substr(0, text.find_first_of("\r\n"));
    Frames out;
    try {
      if (text.rfind("\x93NUMPY", 0) == 0) {
        out.states = npyFrames(text, o);
        for (std::size_t f = 0; f < out.states.size(); ++f) out.numbers.push_back(f);
      } else if (const int dims = tracksDimensions(header); dims > 0) {
        const Space space = worldOf(o, o.world.empty() ? dims : static_cast<int>(o.world.size()));
        TrackedFrames t = parseTracksCsv(text, space, o.dt);
        out = {std::move(t.frames), std::move(t.states), t.leftOut, true};
      } else if (header == "x,y,vx,vy" || header == "x,y,z,vx,vy,vz") {
        const int dims = header == "x,y,vx,vy" ? 2 : 3;
        if (!o.world.empty() && static_cast<int>(o.world.size()) != dims)
          throw CsvError(fmt::format("row 1: the state is {}D but --world gives {} sides", dims, o.world.size()));
        out.numbers = {0};
        out.states = {parseStateCsv(text, worldOf(o, dims))};
      } else {
        throw CsvError("row 1: the header names neither a state (x,y,vx,vy or x,y,z,vx,vy,vz) nor tracked animals "
                       "(frame,id,x,y and z in 3D)");
      }
    } catch (const CsvError& e) {
      throw CsvError(o.file + ": " + e.what());
    }
    return out;
  } catch (const CsvError& e) {
    throw UsageError(e.what());
  }
}

std::string number(double v) { return std::isfinite(v) ? writeDecimal(v) : ""; }

// The figures of one analysis as a person reads them.
std::string summary(const Analysis& a, const Space& space, const AnalyzeOptions& o) {
  const Metrics& m = a.metrics;
  std::string out =
      fmt::format("{} agents, {}D, {}{}\n", a.agents, space.dimensions(),
                  o.world.empty() ? std::string("open space") : fmt::format("a torus {}", fmt::join(o.world, " x ")),
                  o.group == "largest" ? fmt::format("; the largest group: {} agents", a.analysed) : "");
  out += fmt::format("  order {:.3f}, rotation {:.3f}, groups {} (largest {}, share {:.3f}; linked within {:.4g})\n",
                     m.polarization, m.milling, m.flocks, m.largestFlock, m.largestShare, a.link);
  out += fmt::format("  nearest-neighbour distance {:.4g}, neighbours within the link {:.1f}\n", m.meanNearestDistance,
                     m.meanNeighbors);
  const double r0 = a.correlation.zeroCrossing;
  out += fmt::format("  correlation length r0 {} (C(r) in bins of {:.4g}), group size L {:.4g}\n",
                     std::isfinite(r0) ? fmt::format("{:.4g}", r0) : "none (C(r) never falls below 0)",
                     a.correlation.bin, a.correlation.extent);
  std::string gammas;
  for (std::size_t k = 0; k < a.anisotropy.gamma.size() && k < 10; ++k)
    gammas += (k ? " " : "") + fmt::format("{:.2f}", a.anisotropy.gamma[k]);
  out += fmt::format("  anisotropy gamma(n) from n = 1: {}{} (isotropic: {:.3f}); topological range n_c {}\n", gammas,
                     a.anisotropy.gamma.size() > 10 ? " ..." : "", a.anisotropy.isotropic,
                     a.anisotropy.range ? std::to_string(a.anisotropy.range) : "none within --nearest-max");
  return out;
}

}  // namespace

CLI::App* addAnalyzeCommand(CLI::App& app, AnalyzeOptions& o) {
  CLI::App* c = app.add_subcommand(
      "analyze", "Measure a state or trajectory: the run's metrics, velocity correlations C(r) with the correlation "
                 "length r0 and the group's size L, and the anisotropy gamma(n) of the nearest neighbours "
                 "(docs/analyze.md)");
  c->add_option("file", o.file,
                "A state as `run --save` writes it (x,y,vx,vy or x,y,z,vx,vy,vz), a trajectory as `run "
                "--trajectory` writes it (.npy), or tracked animals: CSV with the columns frame, id, x, y (and z)")
      ->required();
  c->add_option("--world", o.world, "W,H or W,H,D: a wrap-around world of these sides; without it, open space")
      ->delimiter(',')
      ->expected(2, 3);
  c->add_option("--bin", o.bin,
                "dr, the width of C(r)'s bins; default a hundredth of the pairs' reach (half the world's smallest "
                "side, or the agents' bounding-box diagonal in open space)");
  c->add_option("--link", o.link,
                "Groups link agents closer than this; default twice the mean nearest-neighbour distance");
  c->add_option("--group", o.group, "all: every agent; largest: the largest group only")
      ->check(CLI::IsMember({"all", "largest"}));
  c->add_option("--nearest-max", o.nearestMax, "gamma(n) for n = 1 to this (default 20, at most 100)");
  c->add_option("--dt", o.dt, "Tracked animals: the time between frames (velocities are per this time; default 1)");
  c->add_option("--correlation-out", o.correlationOut,
                "Write C(r) as CSV: r,correlation,pairs (frame first for tracks)");
  c->add_option("--anisotropy-out", o.anisotropyOut, "Write gamma(n) as CSV: n,gamma (frame first for tracks)");
  c->add_flag("--json", o.json, "Print the figures as JSON");
  c->add_option("--threads", o.threads, "Worker threads; 0 (the default) means all cores");
  return c;
}

int executeAnalyze(const AnalyzeOptions& o) {
  for (double side : o.world)
    if (!(std::isfinite(side) && side > 0))
      throw UsageError(fmt::format("--world sides must be finite numbers > 0 (got {})", writeDecimal(side)));
  if (!(std::isfinite(o.dt) && o.dt > 0))
    throw UsageError(fmt::format("--dt must be a finite number > 0 (got {})", writeDecimal(o.dt)));
  for (const auto& [value, flag] : {std::pair{o.bin, "--bin"}, {o.link, "--link"}})
    if (value && !(std::isfinite(*value) && *value > 0))
      throw UsageError(fmt::format("{} must be a finite number > 0 (got {})", flag, writeDecimal(*value)));
  if (o.nearestMax < 1 || o.nearestMax > kMaxNearestRank)
    throw UsageError(fmt::format("--nearest-max must be 1 to {} (got {})", kMaxNearestRank, o.nearestMax));
  if (o.threads > 1024)
    throw UsageError(fmt::format("--threads must be between 0 (all cores) and 1024 (got {})", o.threads));
  std::optional<AtomicFile> correlationFile, anisotropyFile;
  try {
    if (!o.correlationOut.empty()) correlationFile.emplace(o.correlationOut);
    if (!o.anisotropyOut.empty()) anisotropyFile.emplace(o.anisotropyOut);
  } catch (const OutputError& e) {
    throw UsageError(e.what());
  }
  const Frames frames = readFrames(o);
  const int dims = frames.states.front().dimensions;
  const Space space = worldOf(o, dims);
  const auto executor = makeThreadPool(o.threads);
  const AnalysisOptions options{o.bin.value_or(0), o.link.value_or(0), o.group == "largest", o.nearestMax};
  const bool many = frames.states.size() > 1;

  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  std::string rows, correlation = many ? "frame,r,correlation,pairs\n" : "r,correlation,pairs\n",
                    anisotropyRows = many ? "frame,n,gamma\n" : "n,gamma\n";
  std::string text;
  for (std::size_t f = 0; f < frames.states.size(); ++f) {
    const Flock& state = frames.states[f];
    const std::string frame = many ? fmt::format("{},", frames.numbers[f]) : "";
    if (state.size() == 0) continue;  // every animal of the frame without a velocity
    Analysis a;
    try {
      a = analyzeFlock(state, space, options, executor);
    } catch (const std::invalid_argument& e) {
      throw UsageError(o.file + ": " + (many ? fmt::format("frame {}: ", frames.numbers[f]) : "") + e.what());
    }
    nlohmann::ordered_json j = analysisJson(a);
    for (std::size_t k = 0; k < a.correlation.r.size(); ++k)
      correlation += fmt::format("{}{},{},{}\n", frame, writeDecimal(a.correlation.r[k]),
                                 number(a.correlation.correlation[k]), a.correlation.pairs[k]);
    for (std::size_t k = 0; k < a.anisotropy.gamma.size(); ++k)
      anisotropyRows += fmt::format("{}{},{}\n", frame, k + 1, number(a.anisotropy.gamma[k]));
    if (!many) {
      text = summary(a, space, o);
      all = j;
      continue;
    }
    if (rows.empty()) {
      rows = "frame,agents,analysed";
      for (const auto& [key, value] : j["metrics"].items()) rows += "," + key;
      rows += ",correlation_length,size,gamma_1\n";
    }
    rows += fmt::format("{},{},{}", frames.numbers[f], a.agents, a.analysed);
    for (const auto& [key, value] : j["metrics"].items()) rows += "," + value.dump();
    rows += fmt::format(",{},{},{}\n", number(a.correlation.zeroCrossing), writeDecimal(a.correlation.extent),
                        a.anisotropy.gamma.empty() ? "" : number(a.anisotropy.gamma[0]));
    j = nlohmann::ordered_json{{"frame", frames.numbers[f]}, {"analysis", j}};
    all.push_back(j);
  }
  try {
    if (correlationFile) correlationFile->commit(correlation);
    if (anisotropyFile) anisotropyFile->commit(anisotropyRows);
  } catch (const OutputError& e) {
    throw UsageError(e.what());
  }
  std::string out;
  if (o.json) {
    out = many ? nlohmann::ordered_json{{"frames", all}, {"left_out", frames.leftOut}}.dump(2) + "\n"
               : all.dump(2) + "\n";
  } else if (many) {
    out = rows;
    if (frames.leftOut > 0)
      std::fprintf(
          stderr,
          "flocklab analyze: %llu animal-frames had no neighbouring frame to give a velocity and were left out\n",
          static_cast<unsigned long long>(frames.leftOut));
  } else {
    out = text;
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

}  // namespace flocklab::cli
