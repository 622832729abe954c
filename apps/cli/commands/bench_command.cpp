// `flocklab bench`. Design: each workload is timed several times and its median reported,
// with the candidate checks the engine counted over the same steps, so the table shows both
// speed and how close it is to the machine's limit (kChecksPerCoreSecond, bench/README.md).
// Whole-process workloads (W1) run as child processes, side by side with their peer.
#include "commands/bench_command.hpp"

#include <CLI/CLI.hpp>

#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "flocklab/io/state_csv.hpp"
#include "flocklab/lane_kernel.hpp"
#include "flocklab/models/abm_simulation.hpp"
#include "flocklab/models/lab_simulation.hpp"
#include "flocklab/models/steering_simulation.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/version.hpp"
#include "outputs/png_image.hpp"
#include "outputs/svg_chart.hpp"
#include "runs/atomic_file.hpp"
#include "runs/counted.hpp"
#include "runs/temporary_files.hpp"
#include "runs/text_fields.hpp"
#include "runs/usage_error.hpp"
#include "scenes.hpp"
#include "support/child_process.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

// The ceiling per core: about 100 GFLOP/s of f64 and 13 vector operations a 2D pair check.
constexpr double kChecksPerCoreSecond = 4e9;
const char* const kWorkloads[] = {"W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8"};
const char* const kW4Workload = "lab at the seed's density, steps 600 to 700";

struct Row {
  std::string id, workload;
  std::size_t boids = 0;
  std::uint64_t steps = 0;
  double seconds = 0;  // median time of the timed steps
  double checks = 0;   // candidate checks over the timed steps
  std::string target, result, note;
  std::string kernel;  // the lane kernel its steps ran ("-": none)
};

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double secondsOf(const std::function<void()>& work) {
  const auto begin = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

double peakMegabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024;
}

using scenes::lab3dAtFlockDensity;  // the benchmark flocks of the scene library
using scenes::labAtSeedDensity;

// Times `steps` steps of a fresh simulation `repeats` times; returns the median row.
Row timeSimulation(const std::function<std::unique_ptr<Simulation>()>& make, std::uint64_t warmUp, std::uint64_t steps,
                   std::int64_t repeats) {
  std::vector<double> times;
  Row row;
  for (std::int64_t r = 0; r < repeats; ++r) {
    auto sim = make();
    sim->step(warmUp);
    const std::uint64_t before = sim->candidateChecks();
    times.push_back(secondsOf([&] { sim->step(steps); }));
    row.checks = static_cast<double>(sim->candidateChecks() - before);
    row.boids = sim->flock().size();
  }
  row.steps = steps;
  row.seconds = median(times);
  return row;
}

// Times `blocks` blocks of `steps` steps of `sim`, one after the other; returns the median block,
// its boids and the candidate checks of a block.
Row timeBlocks(Simulation& sim, int blocks, std::uint64_t steps) {
  std::vector<double> times;
  const std::uint64_t before = sim.candidateChecks();
  for (int b = 0; b < blocks; ++b) times.push_back(secondsOf([&] { sim.step(steps); }));
  Row row;
  row.boids = sim.flock().size();
  row.steps = steps;
  row.seconds = median(times);
  row.checks = static_cast<double>(sim.candidateChecks() - before) / blocks;
  return row;
}

// The system's load average over the last minute (0 where it cannot be read).
double loadAverage() {
  double one = 0;
  return getloadavg(&one, 1) == 1 ? one : 0.0;
}

unsigned cores() { return std::max(1u, std::thread::hardware_concurrency()); }

class Bench {
 public:
  explicit Bench(const BenchOptions& o) : o_(o), engine_{NeighborSearch::Grid, static_cast<unsigned>(o.threads)} {
    threads_ = LabSimulation(LabParams{}, randomLabStart(1, LabParams{}, 1), engine_).options().threads;
    loadBefore_ = loadAverage();
  }

  void progress(const std::string& text) const {
    if (!o_.quiet) std::fprintf(stderr, "bench: %s\n", text.c_str());
  }

  std::size_t rowCount() const { return rows_.size(); }
  // Names the kernel of the rows from `first` on that have none yet ("-" for a row not run).
  void labelKernels(std::size_t first, const std::string& kernel) {
    for (std::size_t r = first; r < rows_.size(); ++r)
      if (rows_[r].kernel.empty()) rows_[r].kernel = rows_[r].seconds > 0 ? kernel : "-";
  }

  bool wanted(const char* id) const {
    if (o_.only.empty()) return true;
    return ("," + o_.only + ",").find(std::string(",") + id + ",") != std::string::npos;
  }

  void w1() {
    const std::string node = findInPath("node");
    std::string script = o_.reference;
#ifdef FLOCKLAB_SOURCE_DIR
    if (script.empty()) script = FLOCKLAB_SOURCE_DIR "/tests/reference/lab_reference.mjs";
#endif
    Row mine, peer;
    mine.id = peer.id = "W1";
    mine.workload = "lab defaults, whole process: flocklab run";
    peer.workload = "the same, JavaScript pair loop under node";
    mine.boids = peer.boids = 120;
    peer.kernel = "-";
    mine.steps = peer.steps = 600;
    {
      LabSimulation sim(LabParams{}, randomLabStart(120, LabParams{}, 42), engine_);
      sim.step(600);
      mine.checks = static_cast<double>(sim.candidateChecks());
    }
    if (node.empty() || !std::filesystem::exists(script)) {
      mine.note = node.empty() ? "node not found: no peer to compare" : "no JavaScript reference at " + script;
      rows_.push_back(mine);
      return;
    }
    progress("W1: flocklab run and node " + script + ", side by side");
    // The start node reads: a registered temporary file, so that an interrupt (or, after a
    // SIGKILL, the next command writing into the folder) removes it.
    std::string start;
    const int fd = createTemporary(std::filesystem::temp_directory_path().string(), start);
    if (fd < 0) throw UsageError(std::string("W1: cannot write a temporary file: ") + std::strerror(errno));
    struct Scratch {
      std::string& path;
      ~Scratch() {
        ::unlink(path.c_str());
        forgetTemporary(path);
      }
    } scratch{start};
    const std::string csv = formatStateCsv(randomLabStart(120, LabParams{}, 42));
    const bool written = ::write(fd, csv.data(), csv.size()) == static_cast<ssize_t>(csv.size());
    ::close(fd);
    if (!written) throw UsageError("W1: cannot write the start file " + start);
    const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
    std::vector<double> ours, theirs;
    std::string ourHash, theirHash;
    for (std::int64_t r = 0; r < std::max<std::int64_t>(o_.repeats, 5); ++r) {
      const ChildResult a = runChild({self, "run", "--hash"});
      const ChildResult b = runChild({node, script, "--in", start, "--steps", "600", "--hash"});
      if (a.status != 0 || b.status != 0) {
        throw UsageError("W1: a child process failed (flocklab run or node " + script + ")");
      }
      ours.push_back(a.seconds);
      theirs.push_back(b.seconds);
      const std::size_t at = a.output.find("state hash");
      ourHash = at == std::string::npos ? "" : a.output.substr(a.output.find_first_not_of(' ', at + 10), 16);
      theirHash = b.output.substr(0, 16);
    }
    mine.seconds = median(ours);
    peer.seconds = median(theirs);
    const double ratio = peer.seconds / mine.seconds;
    mine.target = "node / flocklab >= 20";
    mine.result = fmt::format("{} ({:.1f}x)", ratio >= 20 ? "met" : "missed", ratio);
    if (ourHash != theirHash)
      throw UsageError("W1: flocklab and the JavaScript reference disagree (" + ourHash + " vs " + theirHash + ")");
    peer.note = "same final state hash " + ourHash;
    rows_.push_back(mine);
    rows_.push_back(peer);
  }

  void w2() {
    struct Size {
      AbmPreset preset;
      double masonMs;
    };
    for (const Size size : {Size{AbmPreset::Small, 13}, Size{AbmPreset::Large, 35}}) {
      const AbmParams p = abmPreset(size.preset);
      const std::size_t n = abmPresetCount(size.preset);
      progress(fmt::format("W2: abm {} sequential", toString(size.preset)));
      Row row =
          timeSimulation([&] { return std::make_unique<AbmSimulation>(p, randomAbmStart(n, p, 42), 42, engine_); }, 0,
                         100, std::max<std::int64_t>(o_.repeats, 11));
      row.id = "W2";
      row.workload = fmt::format("abm {}, sequential", toString(size.preset));
      const double limit = size.masonMs / 10;
      row.target = fmt::format("<= {:g} ms / 100 steps", limit);
      row.result =
          fmt::format("{} ({:.2f} ms, MASON / flocklab {:.1f}x)", row.seconds * 1e3 <= limit ? "met" : "missed",
                      row.seconds * 1e3, size.masonMs / (row.seconds * 1e3));
      rows_.push_back(row);
    }
  }

  void w3() {
    AbmParams p;
    p.world = 400;
    p.visualDistance = 5;
    p.sync = true;
    progress("W3: abm --sync, 80,000 agents");
    Row row =
        timeSimulation([&] { return std::make_unique<AbmSimulation>(p, randomAbmStart(80000, p, 42), 42, engine_); }, 0,
                       100, std::max<std::int64_t>(o_.repeats / 2, 3));
    row.id = "W3";
    row.workload = "abm --sync, 400 x 400, visual distance 5";
    const double perStep = row.seconds / 100 * 1e3;
    row.target = "<= 4 ms / step";
    row.result = fmt::format("{} ({:.2f} ms)", perStep <= 4 ? "met" : "missed", perStep);
    rows_.push_back(row);
  }

  // The steering model, the browser lab's, natively: 5,000 boids from seed 1 (231 neighbours a
  // boid by step 300), three blocks of 30 steps from step 300, the median block.
  void w8() {
    const SteeringParams p;
    progress("W8: steering, 5,000 boids, forming the flock (300 steps)");
    SteeringSimulation sim(p, randomSteeringStart(5000, p, 1), engine_, 1);
    sim.step(300);
    Row row = timeBlocks(sim, 3, 30);
    row.id = "W8";
    row.workload = "steering, 5,000 boids, steps 300 to 390";
    const double perStep = row.seconds / 30 * 1e3;
    row.target = "<= 3 ms / step";
    row.result = fmt::format("{} ({:.2f} ms)", perStep <= 3 ? "met" : "missed", perStep);
    rows_.push_back(row);
  }

  void w4() {
    const LabParams p = labAtSeedDensity(1000000);
    progress("W4: 1,000,000 boids, forming the flock (600 steps; minutes)");
    LabSimulation sim(p, randomLabStart(1000000, p, 42), engine_);
    sim.step(600);
    Row row = timeBlocks(sim, 100, 1);
    row.id = "W4";
    row.workload = kW4Workload;
    const double rate = 1 / row.seconds, memory = peakMegabytes();
    row.target = ">= 10 steps/s, <= 200 MB";
    row.result = fmt::format("{} ({:.1f} steps/s, peak {:.0f} MB)", rate >= 10 && memory <= 200 ? "met" : "missed",
                             rate, memory);
    rows_.push_back(row);
  }

  void w5() { scaling("W5", "lab at the seed's density, grid", "lab", labAtSeedDensity, 20, 10, grid_); }

  // The lab model in 3D (27 cells a boid): time per boid-step from 1,000 boids up, and with
  // --full 1,000,000 boids' steps a second (the target: 4 with 2 threads).
  void w6() {
    scaling("W6", "lab in 3D at its flock density, grid", "lab in 3D", lab3dAtFlockDensity, 10, 5, grid3d_);
    Row& last = rows_.back();
    if (last.boids != 1000000) return;
    const double rate = static_cast<double>(last.steps) / last.seconds;
    last.target = ">= 4 steps/s; " + last.target;
    last.result = fmt::format("{} ({:.1f} steps/s); {}", rate >= 4 ? "met" : "missed", rate, last.result);
  }

  // The browser lab in headless Chromium (bench/bench_browser.mjs under node): steering, 1,500,
  // 5,000 and 10,000 boids, the live page (the engine in its worker, one step a frame, drawing
  // every step it can). One row each, or one row saying why it was not measured. The targets:
  // 60 steps/s at 5,000, 30 at 10,000, and at 1,500 the frame cap with the main thread busy
  // less than half of each frame.
  void w7() {
    const std::string node = findInPath("node");
    std::string script;
#ifdef FLOCKLAB_SOURCE_DIR
    script = FLOCKLAB_SOURCE_DIR "/bench/bench_browser.mjs";
#endif
    const char* const workload = "the browser lab, steering, drawing every step";
    const std::string site = FLOCKLAB_SITE_DIR;
    if (node.empty()) return skipped("W7", workload, "node not found");
    if (!std::filesystem::exists(site + "/index.html"))
      return skipped("W7", workload, "no browser lab built (emscripten)");
    if (script.empty() || !std::filesystem::exists(script)) return skipped("W7", workload, "no " + script);
    // --lanes: the page runs the kernel asked for, where WebAssembly has it.
    std::vector<std::string> command{
        node,     script, "--cli",     std::filesystem::read_symlink("/proc/self/exe").string(),
        "--site", site,   "--repeats", std::to_string(std::min<std::int64_t>(o_.repeats, 3))};
    if (forced_) {
      if (*forced_ != LaneKernel::Scalar && *forced_ != LaneKernel::Portable)
        return skipped("W7", workload, "WebAssembly runs the scalar and portable kernels only");
      command.insert(command.end(), {"--lanes", laneKernelName(*forced_)});
    }
    progress("W7: the browser lab in headless Chromium (node " + script + ")");
    // Each run watches the live page for 4 s a count: at most 3 runs (their medians).
    const ChildResult r = runChild(command);
    nlohmann::json report;
    try {
      report = nlohmann::json::parse(r.output);
    } catch (const nlohmann::json::exception&) {
    }
    if (r.status != 0 || !report.contains("rows"))
      return skipped(
          "W7", workload,
          "the browser did not run (Chromium and npm's playwright-core: bash scripts/setup-debian.sh --test)");
    const std::string chromium =
        fmt::format("Chromium {}, {} engine thread{}", report.value("chromium", std::string("?")),
                    report.value("threads", 1), report.value("threads", 1) == 1 ? "" : "s");
    for (const auto& measured : report.at("rows")) {
      Row one;
      one.id = "W7";
      one.kernel = report.value("lanes", std::string("?"));
      one.workload = workload;
      one.boids = measured.at("boids").get<std::size_t>();
      one.steps = 1;
      const double rate = measured.at("steps_per_second").get<double>();
      const double mainMs = measured.value("main_ms_per_frame", 0.0), frameMs = measured.value("frame_ms", 0.0);
      one.seconds = 1 / rate;
      one.note = fmt::format("{:.1f} steps/s; main thread {:.1f} ms of a {:.1f} ms frame; {}", rate, mainMs, frameMs,
                             chromium);
      if (one.boids == 5000) {
        one.target = ">= 60 steps/s at 5,000 boids";
        one.result = fmt::format("{} ({:.1f} steps/s)", rate >= 59.5 ? "met" : "missed", rate);
      } else if (one.boids == 10000) {
        one.target = ">= 30 steps/s at 10,000 boids";
        one.result = fmt::format("{} ({:.1f} steps/s)", rate >= 30 ? "met" : "missed", rate);
      } else if (one.boids == 1500) {
        one.target = "the frame cap, main thread idle > half a frame";
        const bool met = rate >= 59.5 && frameMs > 0 && mainMs < frameMs / 2;
        one.result = fmt::format("{} ({:.1f} steps/s, main thread {:.0f} %)", met ? "met" : "missed", rate,
                                 frameMs > 0 ? 100 * mainMs / frameMs : 0.0);
      }
      rows_.push_back(one);
    }
  }

  // A workload that this run leaves out, listed with the reason.
  void skipped(const char* id, const char* workload, const std::string& why) {
    Row row;
    row.id = id;
    row.workload = workload;
    row.result = "not measured";
    row.note = why;
    rows_.push_back(row);
  }

  // Time per boid-step of the lab flocks `paramsOf(n)` for n = 1,000 to 100,000 (and 1,000,000
  // with --full), after `warmUp` steps, at least `fewestSteps` timed: rows `id` and points on
  // `series`; the last row says whether the time per boid-step stays within a factor of 2.
  void scaling(const char* id, const char* workload, const char* what, LabParams (*paramsOf)(std::size_t),
               std::uint64_t warmUp, double fewestSteps, ChartSeries& series) {
    std::vector<std::size_t> sizes{1000, 10000, 100000};
    if (o_.full) sizes.push_back(1000000);
    double fastest = INFINITY, slowest = 0;
    for (std::size_t n : sizes) {
      progress(fmt::format("{}: {}, {} boids", id, what, n));
      const LabParams p = paramsOf(n);
      const auto steps =
          static_cast<std::uint64_t>(std::clamp<double>(2e6 / static_cast<double>(n), fewestSteps, 2000));
      Row row = timeSimulation([&] { return std::make_unique<LabSimulation>(p, randomLabStart(n, p, 42), engine_); },
                               warmUp, steps, std::max<std::int64_t>(o_.repeats / 2, 3));
      row.id = id;
      row.workload = workload;
      const double perBoidStep = row.seconds / static_cast<double>(n * steps);
      fastest = std::min(fastest, perBoidStep);
      slowest = std::max(slowest, perBoidStep);
      series.x.push_back(static_cast<double>(n));
      series.y.push_back(perBoidStep * 1e9);
      rows_.push_back(row);
    }
    rows_.back().target = "time per boid-step within 2x";
    rows_.back().result =
        fmt::format("{} (slowest / fastest {:.2f})", slowest / fastest <= 2 ? "met" : "missed", slowest / fastest);
  }

  void bruteScaling() {
    std::vector<std::size_t> sizes{100, 300, 1000, 3000, 10000};
    if (o_.full) sizes.push_back(30000);
    for (std::size_t n : sizes) {
      progress(fmt::format("plot: brute force, {} boids", n));
      const LabParams p = labAtSeedDensity(n);
      const auto steps = static_cast<std::uint64_t>(std::clamp<double>(3e7 / (static_cast<double>(n) * n), 3, 1000));
      const EngineOptions brute{NeighborSearch::Brute, engine_.threads, nullptr, nullptr};
      const Row row = timeSimulation(
          [&] { return std::make_unique<LabSimulation>(p, randomLabStart(n, p, 42), brute); }, 5, steps, 3);
      brute_.x.push_back(static_cast<double>(n));
      brute_.y.push_back(row.seconds / static_cast<double>(n * steps) * 1e9);
      if (grid3d_.x.empty()) continue;
      const LabParams p3 = lab3dAtFlockDensity(n);
      const Row row3 = timeSimulation(
          [&] { return std::make_unique<LabSimulation>(p3, randomLabStart(n, p3, 42), brute); }, 5, steps, 3);
      brute3d_.x.push_back(static_cast<double>(n));
      brute3d_.y.push_back(row3.seconds / static_cast<double>(n * steps) * 1e9);
    }
  }

  std::string plotSvg() const {
    Chart chart;
    chart.title = "Time per boid-step against flock size";
    chart.subtitle =
        fmt::format("lab model at the seed's density{}, {}, median of repeats",
                    grid3d_.x.empty() ? "" : " (3D: 120 boids in a cube of 50, scaled)", counted(threads_, "threads"));
    chart.x = {"boids", true};
    chart.y = {"nanoseconds per boid-step", true};
    chart.series = {grid_, brute_};
    chart.series[0].name = "grid (default)";
    chart.series[1].name = "brute force";
    if (!grid3d_.x.empty()) {
      chart.series.push_back(grid3d_);
      chart.series.back().name = "3D grid (27 cells)";
      chart.series.push_back(brute3d_);
      chart.series.back().name = "3D brute force";
    }
    return renderSvg(chart);
  }

  // The machine as the table was measured on it: the targets hold for an idle 2-core machine, so
  // the load average beside them says how far a busy machine's figures can be read.
  std::string machine() const {
    return fmt::format("{} cores, lanes {} for boids and {} for hits unless --lanes, load average {:.2f} before and "
                       "{:.2f} after",
                       cores(), laneKernelName(laneKernel(LaneUse::Boids)), laneKernelName(laneKernel(LaneUse::Hits)),
                       loadBefore_, loadAverage());
  }

  std::string table() const {
    std::string out =
        fmt::format("flocklab {} bench, {}; ceiling {:.0e} candidate checks/s ({:.0e} a core)\n", kVersion,
                    counted(threads_, "threads"), kChecksPerCoreSecond * threads_, kChecksPerCoreSecond);
    out += fmt::format("{}; the targets are for an idle 2-core machine: on a busier one a miss may be the load's\n\n",
                       machine());
    out += fmt::format("{:<3} {:<45} {:<8} {:>9} {:>6} {:>10} {:>14} {:>12} {:>8}  {}\n", "id", "workload", "kernel",
                       "boids", "steps", "seconds", "boid-steps/s", "checks/s", "ceiling", "target: result");
    for (const Row& r : rows_) {
      const double checksPerSecond = r.checks / r.seconds;
      // Checks are known only for flocklab's own steps; a row not run has no time.
      const bool timed = r.seconds > 0;
      const std::string checks = r.checks > 0 ? fmt::format("{:.4g}", checksPerSecond) : "-";
      const std::string ceiling =
          r.checks > 0 ? fmt::format("{:.2f}%", 100 * checksPerSecond / (kChecksPerCoreSecond * threads_)) : "-";
      const std::string seconds = timed ? fmt::format("{:.4g}", r.seconds) : "-";
      const std::string rate = timed ? fmt::format("{:.4g}", static_cast<double>(r.boids * r.steps) / r.seconds) : "-";
      std::string outcome = r.target.empty() ? "" : r.target + ": " + r.result;
      if (!r.note.empty()) outcome += (outcome.empty() ? "" : "; ") + r.note;
      out += fmt::format("{:<3} {:<45} {:<8} {:>9} {:>6} {:>10} {:>14} {:>12} {:>8}  {}\n", r.id, r.workload, r.kernel,
                         r.boids, r.steps, seconds, rate, checks, ceiling, outcome);
    }
    return out;
  }

  std::string json() const {
    nlohmann::json rows = nlohmann::json::array();
    for (const Row& r : rows_) {
      const double checksPerSecond = r.checks / r.seconds;
      // A row not run has no time: its figures are null.
      const auto timed = [&](double value) { return r.seconds > 0 ? nlohmann::json(value) : nlohmann::json(); };
      rows.push_back({{"id", r.id},
                      {"workload", r.workload},
                      {"kernel", r.kernel},
                      {"boids", r.boids},
                      {"steps", r.steps},
                      {"seconds", timed(r.seconds)},
                      {"boid_steps_per_second", timed(static_cast<double>(r.boids * r.steps) / r.seconds)},
                      {"checks_per_second", timed(checksPerSecond)},
                      {"fraction_of_ceiling", timed(checksPerSecond / (kChecksPerCoreSecond * threads_))},
                      {"target", r.target},
                      {"result", r.result},
                      {"note", r.note}});
    }
    return nlohmann::json{{"flocklab", kVersion},
                          {"threads", threads_},
                          {"cores", cores()},
                          {"lanes",
                           {{"boids", laneKernelName(laneKernel(LaneUse::Boids))},
                            {"hits", laneKernelName(laneKernel(LaneUse::Hits))}}},
                          {"load_average", {{"before", loadBefore_}, {"after", loadAverage()}}},
                          {"ceiling_checks_per_second", kChecksPerCoreSecond * threads_},
                          {"rows", rows}}
               .dump(2) +
           "\n";
  }

  // The kernel every step runs when --lanes names one, for this pass over the workloads.
  void force(std::optional<LaneKernel> kernel) {
    forced_ = kernel;
    if (kernel) setLaneKernel(*kernel);
    else useDefaultLaneKernels();
  }

 private:
  const BenchOptions& o_;
  std::optional<LaneKernel> forced_;
  EngineOptions engine_;
  unsigned threads_ = 1;
  double loadBefore_ = 0;
  std::vector<Row> rows_;
  ChartSeries grid_, brute_, grid3d_, brute3d_;
};

}  // namespace

CLI::App* addBenchCommand(CLI::App& app, BenchOptions& o) {
  CLI::App* bench = app.add_subcommand("bench", "Time the performance workloads W1 to W8 (see bench/README.md)");
  bench->add_flag("--full", o.full, "Also the million-boid workloads (W4, and W5 and W6 at 1,000,000): minutes");
  bench->add_flag("--json", o.json, "Print the results as JSON");
  bench->add_option("--threads", o.threads, "Worker threads; 0 (the default) means all cores");
  bench->add_option("--repeats", o.repeats, "Timings per workload; the median is reported")->capture_default_str();
  bench->add_flag("--quiet,-q", o.quiet, "No progress lines on stderr");
  bench->add_option("--plot", o.plot,
                    "Chart time per boid-step against boids (grid and brute force): FILE.svg or FILE.png");
  bench->add_option("--reference", o.reference,
                    "The JavaScript pair loop W1 compares with (tests/reference/lab_reference.mjs)");
  bench->add_option("--only", o.only, "Run only these workloads, e.g. W2,W3");
  bench->add_option("--lanes", o.lanes,
                    "Run every workload with each of these lane kernels, side by side (scalar, portable, avx2, "
                    "avx512, or all the CPU runs); by default each runs the kernel steps pick");
  return bench;
}

namespace {

// --lanes as passes: every kernel named (or every one the CPU runs for "all"), or one pass with
// the default kernels when it is empty.
std::vector<std::optional<LaneKernel>> lanePasses(const std::string& lanes) {
  if (lanes.empty()) return {std::nullopt};
  std::vector<std::optional<LaneKernel>> passes;
  const std::string names = lanes == "all" ? "scalar,portable,avx2,avx512" : lanes;  // outlives the fields
  for (std::string_view name : split(names, ',')) {
    const std::optional<LaneKernel> kernel = laneKernelNamed(name);
    if (!kernel)
      throw UsageError("--lanes takes scalar, portable, avx2 and avx512 separated by commas, or all (got " +
                       excerpt(lanes) + ")");
    if (laneKernelSupported(*kernel)) passes.push_back(kernel);
    else if (lanes != "all") throw UsageError("--lanes: this CPU cannot run the " + std::string(name) + " kernel");
  }
  return passes;
}

}  // namespace

int executeBench(const BenchOptions& o) {
  if (o.threads < 0 || o.threads > 1024)
    throw UsageError(fmt::format("--threads must be between 0 (all cores) and 1024 (got {})", o.threads));
  if (o.repeats < 1 || o.repeats > 1000)
    throw UsageError(fmt::format("--repeats must be between 1 and 1000 (got {})", o.repeats));
  for (std::string_view id : o.only.empty() ? std::vector<std::string_view>{} : split(o.only, ','))
    if (std::find(std::begin(kWorkloads), std::end(kWorkloads), id) == std::end(kWorkloads))
      throw UsageError("--only takes workload ids W1 to W8 separated by commas (got " + excerpt(o.only) + ")");
  if (!o.plot.empty() && !isPicturePath(o.plot))
    throw UsageError("--plot must end in .svg or .png (got " + excerpt(o.plot, kPathChars) + ")");
  if (!o.reference.empty() && !std::filesystem::is_regular_file(o.reference))
    throw UsageError("--reference: no such file " + o.reference);
  Bench bench(o);
  if (!o.plot.empty() && !bench.wanted("W5"))
    throw UsageError("--plot needs W5 (it draws W5's sizes beside brute force): add W5 to --only");
  std::unique_ptr<AtomicFile> plot;
  try {
    if (!o.plot.empty()) plot = std::make_unique<AtomicFile>(o.plot);
  } catch (const OutputError& e) {
    throw UsageError(e.what());
  }

  // One pass over the workloads a kernel (or one with the default kernels); each row names the
  // kernel its steps ran (W2's sequential scan and node's row run none).
  const std::vector<std::optional<LaneKernel>> passes = lanePasses(o.lanes);
  if (plot && passes.size() > 1) throw UsageError("--plot draws one pass: give --lanes one kernel, or none");
  for (const std::optional<LaneKernel>& kernel : passes) {
    bench.force(kernel);
    // `use`: the lanes the workload's steps run (none: W2's sequential scan; W7's page says its own).
    const auto run = [&](const char* id, std::optional<LaneUse> use, const std::function<void()>& work) {
      if (!bench.wanted(id)) return;
      const std::size_t first = bench.rowCount();
      work();
      bench.labelKernels(first, use ? laneKernelName(laneKernel(*use)) : "-");
    };
    constexpr auto boids = LaneUse::Boids;
    run("W1", boids, [&] { bench.w1(); });
    run("W2", std::nullopt, [&] { bench.w2(); });
    run("W3", boids, [&] { bench.w3(); });
    run("W4", boids, [&] {
      if (o.full) bench.w4();
      else bench.skipped("W4", kW4Workload, "not run: --full runs it (minutes)");
    });
    run("W5", boids, [&] { bench.w5(); });
    run("W6", boids, [&] { bench.w6(); });
    run("W7", std::nullopt, [&] { bench.w7(); });
    run("W8", LaneUse::Hits, [&] { bench.w8(); });
  }
  bench.force(std::nullopt);
  if (plot) {
    bench.bruteScaling();
    plot->commit(pictureBytes(o.plot, bench.plotSvg()));
  }
  const std::string text = o.json ? bench.json() : bench.table();
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

}  // namespace flocklab::cli
