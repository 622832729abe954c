// `flocklab sweep`. Design, and the invariants that make a sweep safe to kill:
// - Runs are numbered in canonical order (parameter combinations with the first parameter
//   outermost, then seeds ascending). A run's row is a pure function of its parameters and seed:
//   each run is single-threaded and owns its simulation, so the thread count changes only speed.
// - Every input is checked, every model combination set up once, and every output probed before
//   the first run, so bad input costs nothing and creates or changes no file.
// - A finished run's row goes to --out with one write() of the whole line (O_APPEND), so a
//   killed sweep leaves whole rows and at worst one partial last line, which a restart drops.
// - When every run is done the file is rewritten whole (AtomicFile) from the parsed rows in
//   canonical order: a resumed sweep ends with the bytes of an uninterrupted one.
#include "sweep_command.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "flocklab/atomic_file.hpp"
#include "flocklab/state_csv.hpp"
#include "interrupt.hpp"
#include "model_setup.hpp"
#include "png_image.hpp"
#include "progress_bar.hpp"
#include "run_config.hpp"
#include "svg_chart.hpp"
#include "usage_error.hpp"

namespace flocklab::cli {
namespace {

constexpr std::size_t kMetricCount = 6;
// The metric columns, in the order of `run --metrics-out`.
constexpr const char* kMetricNames[kMetricCount] = {"polarization",  "flocks",           "largest_flock",
                                                    "largest_share", "mean_nn_distance", "mean_neighbors"};
// How the plot names them.
constexpr const char* kMetricWords[kMetricCount] = {"polarization",   "flocks", "largest flock", "share of the largest flock",
                                                    "nearest-neighbour distance", "neighbours per boid"};
constexpr std::size_t kMaxValues = 10000;  // per parameter
constexpr std::size_t kMaxRuns = 1000000;  // per sweep
const char* const kSweepKeys[] = {"param", "seeds", "metric", "every"};

// One swept parameter: its values and their CSV text (roundTrip).
struct Param {
  std::string name, spec;  // spec: "radius=2:20:2" as given
  std::vector<double> values;
  std::vector<std::string> texts;
};

// What a run reports: the final metrics and the last fifth's means, in kMetricNames' order.
struct RunResult {
  Metrics final;
  std::array<double, kMetricCount> lastFifth{};
};

bool endsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string upperFirst(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

std::optional<double> parseDouble(std::string_view text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<std::uint64_t> parseWhole(std::string_view text) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> fields;
  for (std::size_t begin = 0;;) {
    const std::size_t end = text.find(separator, begin);
    fields.push_back(text.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin));
    if (end == std::string_view::npos) return fields;
    begin = end + 1;
  }
}

// FROM + k * STEP, rounded to 12 significant digits of the range's largest magnitude, so that
// 0:1:0.1 gives 0.3 rather than 0.30000000000000004 and -1:1:0.1 passes through 0 exactly.
double roundedRangeValue(double raw, double scale) {
  const int decimals = 11 - static_cast<int>(std::floor(std::log10(scale)));
  const std::string text = decimals >= 0 ? fmt::format("{:.{}f}", raw, decimals) : fmt::format("{:.12g}", raw);
  const double v = std::strtod(text.c_str(), nullptr);
  return v == 0 ? 0.0 : v;  // no "-0"
}

Param parseParam(const std::string& spec, const RunOptions& base) {
  const std::string shape = "--param must look like NAME=FROM:TO:STEP or NAME=V1,V2,... (got " + spec + ")";
  const std::size_t equals = spec.find('=');
  if (equals == std::string::npos || equals == 0 || equals + 1 == spec.size()) throw UsageError(shape);
  Param p;
  p.name = spec.substr(0, equals);
  p.spec = spec;
  const std::string values = spec.substr(equals + 1);
  if (p.name == "seed") throw UsageError("--param cannot sweep seed: --seeds N runs seeds --seed, --seed + 1, ...");
  if (p.name == "steps") throw UsageError("--param cannot sweep steps: give --steps, or sweep with separate commands");
  RunOptions scratch = base;
  if (!setNumericOption(scratch, p.name, 1))
    throw UsageError("--param: unknown parameter '" + p.name +
                     "' (numeric model options, e.g. radius, alignment, cohesion, separation, max-speed, world, count, vision, fov)");
  if (values.find(':') != std::string::npos) {
    const auto parts = split(values, ':');
    if (parts.size() != 3) throw UsageError(shape);
    const auto from = parseDouble(parts[0]), to = parseDouble(parts[1]), step = parseDouble(parts[2]);
    if (!from || !to || !step) throw UsageError(shape);
    if (*step <= 0) throw UsageError("--param " + spec + ": STEP must be > 0");
    if (*from > *to) throw UsageError("--param " + spec + " gives no values (FROM is above TO)");
    if ((*to - *from) / *step >= static_cast<double>(kMaxValues))
      throw UsageError(fmt::format("--param {} gives more than {} values", spec, kMaxValues));
    const double scale = std::max({std::abs(*from), std::abs(*to), *step});
    for (std::size_t k = 0;; ++k) {
      const double raw = *from + static_cast<double>(k) * *step;
      if (raw > *to + 1e-9 * *step) break;
      p.values.push_back(roundedRangeValue(raw, scale));
    }
  } else {
    for (std::string_view field : split(values, ',')) {
      const auto v = parseDouble(field);
      if (!v) throw UsageError(shape);
      p.values.push_back(*v == 0 ? 0.0 : *v);
    }
    if (p.values.size() > kMaxValues) throw UsageError(fmt::format("--param {} gives more than {} values", spec, kMaxValues));
  }
  for (std::size_t i = 0; i < p.values.size(); ++i) {
    const double v = p.values[i];
    // Determinism: count is the one whole-number option a sweep can take; a fraction would be
    // truncated silently, so it is refused.
    if (p.name == "count" && (v != std::floor(v) || v < 1 || v > 9e15))
      throw UsageError("--param " + spec + ": count takes whole numbers >= 1 (got " + roundTrip(v) + ")");
    p.texts.push_back(roundTrip(v));
    for (std::size_t j = 0; j < i; ++j)
      if (p.values[j] == v) throw UsageError("--param " + spec + " gives the value " + p.texts[i] + " twice");
  }
  return p;
}

// The steps at which a run of `steps` steps is measured for the last-fifth means: those of
// `run --every K --metrics-out` (multiples of K, and the last step) after step
// steps - floor(steps / 5); the last step alone when steps < 5.
std::vector<std::uint64_t> measuredSteps(std::uint64_t steps, std::uint64_t every) {
  const std::uint64_t after = steps - steps / 5;
  std::vector<std::uint64_t> at;
  for (std::uint64_t s = (after / every + 1) * every; s < steps; s += every) at.push_back(s);
  at.push_back(steps);
  return at;
}

class Sweep {
 public:
  Sweep(SweepOptions& o, const CLI::App& command) : o_(o), command_(command) {}

  int execute();

 private:
  bool given(const std::string& name) const {
    const CLI::Option* option = command_.get_option_no_throw("--" + name);
    return option != nullptr && option->count() > 0;
  }

  void applyConfig();
  void checkOptions();
  void setUp();
  void readExisting();
  void runAll();
  std::string header() const;
  std::string combinationText(std::size_t combination) const;
  std::string formatRow(std::size_t run, const RunResult& r) const;
  RunResult parseRow(std::string_view line, std::size_t lineNumber) const;
  RunOptions optionsFor(std::size_t run) const;
  RunResult runOne(std::size_t run) const;
  std::string plotSvg() const;
  nlohmann::json resolvedConfig() const;

  std::size_t combinations() const { return runs_ / seedCount_; }

  SweepOptions& o_;
  const CLI::App& command_;
  std::vector<Param> params_;
  std::size_t metric_ = 0;
  std::size_t seedCount_ = 0, runs_ = 0;
  std::uint64_t steps_ = 0;
  std::string label_;          // the model as the summary names it, e.g. "lab"
  std::size_t boids_ = 0;      // of the first run
  nlohmann::json firstRunConfig_;
  // Results by run, canonical order; `have_` marks the finished ones.
  std::vector<RunResult> results_;
  std::vector<char> have_;
  std::size_t kept_ = 0;
  // --out as found: how many bytes of it to keep (a partial last line is cut), whether it exists.
  bool outExists_ = false, outNeedsHeader_ = true;
  std::uintmax_t outKeepBytes_ = 0, outSize_ = 0;
  int outFd_ = -1;
};

void Sweep::applyConfig() {
  if (o_.config.empty()) return;
  const nlohmann::json config = readRunFile(o_.config);
  applyRunFile(config, o_.config, o_.base, [this](const std::string& name) { return given(name); },
               std::vector<std::string>(std::begin(kSweepKeys), std::end(kSweepKeys)));
  const auto wrong = [&](const char* key, const char* expected, const nlohmann::json& value) {
    return UsageError(fmt::format("--config {}: key '{}' must be {} (got {})", o_.config, key, expected, value.dump()));
  };
  if (const auto it = config.find("param"); it != config.end() && !given("param")) {
    if (!it->is_array() || it->empty() || !std::all_of(it->begin(), it->end(), [](const auto& e) { return e.is_string(); }))
      throw wrong("param", "a list of strings like \"radius=2:20:2\"", *it);
    o_.params = it->get<std::vector<std::string>>();
  }
  if (const auto it = config.find("seeds"); it != config.end() && !given("seeds")) {
    if (!it->is_number_integer()) throw wrong("seeds", "a whole number", *it);
    o_.seeds = it->get<std::int64_t>();
  }
  if (const auto it = config.find("metric"); it != config.end() && !given("metric")) {
    if (!it->is_string()) throw wrong("metric", "a string", *it);
    o_.metric = it->get<std::string>();
  }
  if (const auto it = config.find("every"); it != config.end() && !given("every")) {
    if (!it->is_number_integer()) throw wrong("every", "a whole number", *it);
    o_.every = it->get<std::int64_t>();
  }
  if (!o_.base.initFile.empty())
    throw UsageError("--config " + o_.config + ": key 'init' is not for sweeps (each run starts at random from its seed)");
}

void Sweep::checkOptions() {
  if (o_.params.empty()) throw UsageError("give at least one --param NAME=FROM:TO:STEP or NAME=V1,V2,...");
  if (o_.out.empty()) throw UsageError("--out FILE.csv is required (the sweep's results, one row per run)");
  if (!endsWith(o_.out, ".csv")) throw UsageError("--out must end in .csv (got " + o_.out + ")");
  if (!o_.plot.empty() && !endsWith(o_.plot, ".svg") && !endsWith(o_.plot, ".png"))
    throw UsageError("--plot must end in .svg or .png (got " + o_.plot + ")");
  if (!o_.writeConfig.empty() && !endsWith(o_.writeConfig, ".json"))
    throw UsageError("--write-config must end in .json (got " + o_.writeConfig + ")");
  if (o_.out == o_.plot || o_.out == o_.writeConfig || (!o_.plot.empty() && o_.plot == o_.writeConfig))
    throw UsageError("--out, --plot and --write-config must name different files");
  const auto metric = std::find(std::begin(kMetricNames), std::end(kMetricNames), o_.metric);
  if (metric == std::end(kMetricNames))
    throw UsageError("--metric must be polarization, flocks, largest_flock, largest_share, mean_nn_distance or "
                     "mean_neighbors (got " + o_.metric + ")");
  metric_ = static_cast<std::size_t>(metric - std::begin(kMetricNames));
  if (o_.seeds < 1 || o_.seeds > 1000000) throw UsageError(fmt::format("--seeds must be between 1 and 1000000 (got {})", o_.seeds));
  if (o_.base.seed > UINT64_MAX - static_cast<std::uint64_t>(o_.seeds - 1))
    throw UsageError(fmt::format("--seed {} leaves no room for {} seeds below 2^64", o_.base.seed, o_.seeds));
  if (o_.every < 1 || o_.every > 1000000000)
    throw UsageError(fmt::format("--every must be between 1 and 1000000000 (got {})", o_.every));
  if (o_.threads < 0 || o_.threads > 1024)
    throw UsageError(fmt::format("--threads must be between 0 (all cores) and 1024 (got {})", o_.threads));
  if (o_.base.steps && *o_.base.steps < 0) throw UsageError(fmt::format("--steps must be at least 0 (got {})", *o_.base.steps));

  seedCount_ = static_cast<std::size_t>(o_.seeds);
  double runs = static_cast<double>(seedCount_);
  for (const std::string& spec : o_.params) {
    Param p = parseParam(spec, o_.base);
    for (const Param& q : params_)
      if (q.name == p.name) throw UsageError("--param " + p.name + " is given twice");
    if (given(p.name))
      throw UsageError("--" + p.name + " and --param " + p.name + " both set " + p.name + "; give one");
    runs *= static_cast<double>(p.values.size());
    params_.push_back(std::move(p));
  }
  if (runs > static_cast<double>(kMaxRuns))
    throw UsageError(fmt::format("the sweep has {:.0f} runs, more than {}; sweep fewer values or seeds", runs, kMaxRuns));
  runs_ = static_cast<std::size_t>(runs);
}

RunOptions Sweep::optionsFor(std::size_t run) const {
  RunOptions options = o_.base;
  options.seed = o_.base.seed + run % seedCount_;
  std::size_t combination = run / seedCount_;
  for (std::size_t p = params_.size(); p-- > 0;) {
    const Param& param = params_[p];
    setNumericOption(options, param.name, param.values[combination % param.values.size()]);
    combination /= param.values.size();
  }
  return options;
}

// Sets up every combination once (seeds do not change what is valid), so that a value a model
// refuses fails now rather than in the middle of the sweep.
void Sweep::setUp() {
  for (std::size_t c = 0; c < combinations(); ++c) {
    const RunOptions options = optionsFor(c * seedCount_);
    ModelSetup setup;
    try {
      setup = setUpModel(options, EngineOptions{NeighborSearch::Grid, 1});
    } catch (const UsageError& e) {
      throw UsageError(fmt::format("{} (in the sweep's runs with {})", e.what(), combinationText(c)));
    }
    if (c == 0) {
      steps_ = options.steps ? static_cast<std::uint64_t>(*options.steps) : setup.defaultSteps;
      label_ = setup.label;
      boids_ = setup.simulation->flock().size();
      if (!o_.writeConfig.empty()) firstRunConfig_ = resolvedRunFile(options, setup, steps_);
    }
  }
  results_.assign(runs_, RunResult{});
  have_.assign(runs_, 0);
}

std::string Sweep::combinationText(std::size_t combination) const {
  std::vector<std::string> parts(params_.size());
  for (std::size_t p = params_.size(); p-- > 0;) {
    parts[p] = params_[p].name + " = " + params_[p].texts[combination % params_[p].values.size()];
    combination /= params_[p].values.size();
  }
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
  return text;
}

std::string Sweep::header() const {
  std::string text;
  for (const Param& p : params_) text += p.name + ",";
  text += "seed";
  for (const char* name : kMetricNames) text += std::string(",") + name;
  for (const char* name : kMetricNames) text += std::string(",last_fifth_") + name;
  return text + "\n";
}

std::string Sweep::formatRow(std::size_t run, const RunResult& r) const {
  std::string line;
  std::size_t combination = run / seedCount_;
  std::vector<const std::string*> texts(params_.size());
  for (std::size_t p = params_.size(); p-- > 0;) {
    texts[p] = &params_[p].texts[combination % params_[p].values.size()];
    combination /= params_[p].values.size();
  }
  for (const std::string* text : texts) line += *text + ",";
  const Metrics& m = r.final;
  line += fmt::format("{},{},{},{},{},{},{}", o_.base.seed + run % seedCount_, roundTrip(m.polarization), m.flocks,
                      m.largestFlock, roundTrip(m.largestShare), roundTrip(m.meanNearestDistance),
                      roundTrip(m.meanNeighbors));
  for (double v : r.lastFifth) line += "," + roundTrip(v);
  return line + "\n";
}

// The metrics of a row of --out read back; throws UsageError naming the line.
RunResult Sweep::parseRow(std::string_view line, std::size_t lineNumber) const {
  const auto bad = [&](const std::string& why) {
    return UsageError(fmt::format("{} line {}: {}; remove the line or choose another --out", o_.out, lineNumber, why));
  };
  const auto fields = split(line, ',');
  const std::size_t expected = params_.size() + 1 + 2 * kMetricCount;
  if (fields.size() != expected) throw bad(fmt::format("{} fields where the header has {}", fields.size(), expected));
  RunResult r;
  std::size_t f = params_.size() + 1;
  const auto number = [&](const char* name) {
    const auto v = parseDouble(fields[f++]);
    if (!v) throw bad(std::string(name) + " is not a number");
    return *v;
  };
  const auto whole = [&](const char* name) {
    const auto v = parseWhole(fields[f++]);
    if (!v) throw bad(std::string(name) + " is not a whole number");
    return static_cast<std::size_t>(*v);
  };
  r.final.polarization = number("polarization");
  r.final.flocks = whole("flocks");
  r.final.largestFlock = whole("largest_flock");
  r.final.largestShare = number("largest_share");
  r.final.meanNearestDistance = number("mean_nn_distance");
  r.final.meanNeighbors = number("mean_neighbors");
  for (double& v : r.lastFifth) v = number("a last_fifth_ column");
  return r;
}

void Sweep::readExisting() {
  struct stat info {};
  if (stat(o_.out.c_str(), &info) != 0) return;  // a new file
  if (S_ISDIR(info.st_mode)) throw UsageError("cannot write " + o_.out + ": it is a directory");
  std::ifstream in(o_.out, std::ios::binary);
  if (!in) throw UsageError("cannot read " + o_.out + " (to resume the sweep it holds)");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  outExists_ = true;
  outSize_ = text.size();
  // A last line without its newline is the partial write of a killed sweep: dropped.
  const std::size_t lastNewline = text.rfind('\n');
  outKeepBytes_ = lastNewline == std::string::npos ? 0 : lastNewline + 1;
  if (outKeepBytes_ == 0) return;  // nothing whole yet, not even the header
  outNeedsHeader_ = false;
  const std::string_view whole(text.data(), outKeepBytes_);
  const std::string expectedHeader = header();
  if (whole.substr(0, expectedHeader.size()) != expectedHeader)
    throw UsageError(o_.out + " holds another sweep's rows (its header differs); remove it or choose another --out");
  std::size_t lineNumber = 1;
  for (std::size_t begin = expectedHeader.size(); begin < whole.size();) {
    const std::size_t end = whole.find('\n', begin);
    const std::string_view line = whole.substr(begin, end - begin);
    begin = end + 1;
    ++lineNumber;
    const auto fields = split(line, ',');
    const auto bad = [&](const std::string& why) {
      return UsageError(fmt::format("{} line {}: {}; remove the line or choose another --out", o_.out, lineNumber, why));
    };
    if (fields.size() <= params_.size()) throw bad("too few fields");
    // Which run: each parameter's text and the seed must be exactly this sweep's.
    std::size_t combination = 0;
    for (std::size_t p = 0; p < params_.size(); ++p) {
      const auto& texts = params_[p].texts;
      const auto at = std::find(texts.begin(), texts.end(), fields[p]);
      if (at == texts.end())
        throw bad(fmt::format("{} = {} is not a value of this sweep", params_[p].name, fields[p]));
      combination = combination * texts.size() + static_cast<std::size_t>(at - texts.begin());
    }
    const auto seed = parseWhole(fields[params_.size()]);
    if (!seed || std::to_string(*seed) != fields[params_.size()] || *seed < o_.base.seed ||
        *seed - o_.base.seed >= seedCount_)
      throw bad(fmt::format("seed {} is not a seed of this sweep", fields[params_.size()]));
    const std::size_t run = combination * seedCount_ + static_cast<std::size_t>(*seed - o_.base.seed);
    if (have_[run]) throw bad("it repeats the run of an earlier line");
    results_[run] = parseRow(line, lineNumber);
    have_[run] = 1;
    ++kept_;
  }
}

RunResult Sweep::runOne(std::size_t run) const {
  const RunOptions options = optionsFor(run);
  ModelSetup setup = setUpModel(options, EngineOptions{NeighborSearch::Grid, 1});
  Simulation& sim = *setup.simulation;
  RunResult r;
  std::array<double, kMetricCount> sums{};
  const std::vector<std::uint64_t> at = measuredSteps(steps_, static_cast<std::uint64_t>(o_.every));
  for (std::uint64_t s : at) {
    if (s > sim.stepCount()) sim.step(s - sim.stepCount());
    const Metrics m = sim.metrics();
    // Determinism: summed in step order.
    sums[0] += m.polarization;
    sums[1] += static_cast<double>(m.flocks);
    sums[2] += static_cast<double>(m.largestFlock);
    sums[3] += m.largestShare;
    sums[4] += m.meanNearestDistance;
    sums[5] += m.meanNeighbors;
    r.final = m;  // the last one is the final state's
  }
  for (std::size_t k = 0; k < kMetricCount; ++k) r.lastFifth[k] = sums[k] / static_cast<double>(at.size());
  return r;
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

void Sweep::runAll() {
  std::vector<std::size_t> pending;
  for (std::size_t run = 0; run < runs_; ++run)
    if (!have_[run]) pending.push_back(run);
  if (pending.empty()) return;
  unsigned threads = o_.threads == 0 ? std::thread::hardware_concurrency() : static_cast<unsigned>(o_.threads);
  threads = static_cast<unsigned>(std::clamp<std::size_t>(threads, 1, pending.size()));

  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;  // guards the file's appends, results_, have_, done, finished and the bar
  std::condition_variable changed;
  std::exception_ptr failure;
  std::size_t done = kept_;
  unsigned finished = 0;  // workers that returned
  ProgressBar bar(runs_, "runs", !o_.quiet);
  const auto work = [&] {
    while (!stop) {
      const std::size_t k = next.fetch_add(1);
      if (k >= pending.size()) break;
      const std::size_t run = pending[k];
      try {
        const RunResult r = runOne(run);
        const std::string line = formatRow(run, r);
        const std::lock_guard<std::mutex> lock(mutex);
        writeLine(outFd_, line, o_.out);
        results_[run] = r;
        have_[run] = 1;
        bar.update(++done);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
      }
    }
    const std::lock_guard<std::mutex> lock(mutex);
    ++finished;
    changed.notify_one();
  };
  // The workers block SIGINT and SIGTERM, so the handler runs on this thread, which alone reads
  // the flag it sets (interrupt.hpp's flag is a plain sig_atomic_t, not for other threads).
  sigset_t signals, previous;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, &previous);
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t) workers.emplace_back(work);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  {
    std::unique_lock<std::mutex> lock(mutex);
    while (finished < threads) {
      changed.wait_for(lock, std::chrono::milliseconds(50));
      if (interrupted()) stop = true;  // start no new runs; the running ones finish
    }
  }
  for (std::thread& worker : workers) worker.join();
  bar.finish();
  if (failure) std::rethrow_exception(failure);
}

std::string Sweep::plotSvg() const {
  const Param& x = params_[0];
  Chart chart;
  const std::string words = kMetricWords[metric_];
  chart.title = upperFirst(words) + " against " + x.name;
  const bool countSwept = std::any_of(params_.begin(), params_.end(), [](const Param& p) { return p.name == "count"; });
  chart.subtitle = fmt::format("model {}{} - {} steps - {} seed{} from {}: mean and standard deviation over seeds", label_,
                               countSwept ? "" : fmt::format(" - {} boids", boids_), steps_, seedCount_,
                               seedCount_ == 1 ? "" : "s", o_.base.seed);
  chart.x = {x.name};
  chart.y = {words + " (mean of the last fifth)"};
  chart.y.fromZero = true;
  // Polarization and the largest share lie in [0, 1]; a band past 1 is clipped, not drawn to 1.2.
  if (metric_ == 0 || metric_ == 3) chart.y.min = 0, chart.y.max = 1;
  // One series per combination of the other parameters' values (the second's, usually).
  const std::size_t perX = combinations() / x.values.size();
  for (std::size_t rest = 0; rest < perX; ++rest) {
    ChartSeries series;
    std::size_t index = rest;
    std::vector<std::string> parts(params_.size());
    for (std::size_t p = params_.size(); p-- > 1;) {
      parts[p] = params_[p].name + " = " + params_[p].texts[index % params_[p].values.size()];
      index /= params_[p].values.size();
    }
    for (std::size_t p = 1; p < params_.size(); ++p) series.name += (p > 1 ? ", " : "") + parts[p];
    if (series.name.empty()) series.name = fmt::format("mean over {} seed{}", seedCount_, seedCount_ == 1 ? "" : "s");
    for (std::size_t i = 0; i < x.values.size(); ++i) {
      const std::size_t combination = i * perX + rest;
      double sum = 0;
      for (std::size_t s = 0; s < seedCount_; ++s) sum += results_[combination * seedCount_ + s].lastFifth[metric_];
      const double mean = sum / static_cast<double>(seedCount_);
      double squares = 0;
      for (std::size_t s = 0; s < seedCount_; ++s) {
        const double d = results_[combination * seedCount_ + s].lastFifth[metric_] - mean;
        squares += d * d;
      }
      series.x.push_back(x.values[i]);
      series.y.push_back(mean);
      series.spread.push_back(seedCount_ > 1 ? std::sqrt(squares / static_cast<double>(seedCount_ - 1)) : 0);
    }
    chart.series.push_back(std::move(series));
  }
  return renderSvg(chart);
}

nlohmann::json Sweep::resolvedConfig() const {
  nlohmann::json config = firstRunConfig_;
  nlohmann::json specs = nlohmann::json::array();
  for (const Param& p : params_) specs.push_back(p.spec);
  config["param"] = specs;
  config["seeds"] = o_.seeds;
  config["metric"] = o_.metric;
  config["every"] = o_.every;
  return config;
}

// Creates and removes the temporary file of `path`: fails now if it cannot be written at the end.
void probeOutput(const std::string& path) {
  try {
    AtomicFile probe(path);
  } catch (const OutputError& e) {
    throw UsageError(e.what());
  }
}

int Sweep::execute() {
  applyConfig();
  checkOptions();
  setUp();
  readExisting();

  // Outputs, before the first run. The plot and the final CSV are probed rather than held open
  // so that a killed sweep leaves no temporary file behind.
  std::unique_ptr<AtomicFile> configFile;
  try {
    if (!o_.writeConfig.empty()) configFile = std::make_unique<AtomicFile>(o_.writeConfig);
  } catch (const OutputError& e) {
    throw UsageError(e.what());
  }
  if (!o_.plot.empty()) probeOutput(o_.plot);
  probeOutput(o_.out);
  outFd_ = ::open(o_.out.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (outFd_ < 0) throw UsageError("cannot write " + o_.out + ": " + std::strerror(errno));
  struct FdCloser {
    int& fd;
    ~FdCloser() {
      if (fd >= 0) ::close(fd);
      fd = -1;
    }
  } closer{outFd_};
  try {
    if (configFile) configFile->commit(resolvedConfig().dump(2) + "\n");
    if (outExists_ && outKeepBytes_ < outSize_ && ::ftruncate(outFd_, static_cast<off_t>(outKeepBytes_)) != 0)
      throw OutputError("cannot write " + o_.out + ": " + std::strerror(errno));
    if (outNeedsHeader_) writeLine(outFd_, header(), o_.out);
  } catch (const OutputError& e) {
    if (!outExists_) ::unlink(o_.out.c_str());
    throw UsageError(e.what());
  }

  try {
    runAll();
  } catch (const OutputError& e) {
    throw UsageError(e.what());
  }
  const auto done = static_cast<std::size_t>(std::count(have_.begin(), have_.end(), 1));
  if (done < runs_) {
    std::fprintf(stderr, "flocklab sweep: interrupted; %zu of %zu runs done and kept in %s; rerun the same command to resume\n",
                 done, runs_, o_.out.c_str());
    return kInterruptExit;
  }
  ::close(outFd_);
  outFd_ = -1;

  std::string csv = header();
  for (std::size_t run = 0; run < runs_; ++run) csv += formatRow(run, results_[run]);
  try {
    AtomicFile(o_.out).commit(csv);
    if (!o_.plot.empty()) {
      const std::string svg = plotSvg();
      AtomicFile(o_.plot).commit(endsWith(o_.plot, ".png") ? svgToPng(svg) : svg);
    }
  } catch (const OutputError& e) {
    throw UsageError(e.what());
  }
  std::string summary = fmt::format("flocklab sweep: {} runs", runs_);
  if (kept_ > 0) summary += fmt::format(" ({} kept from {})", kept_, o_.out);
  summary += ", " + o_.out;
  if (!o_.plot.empty()) summary += ", plot " + o_.plot;
  if (!o_.writeConfig.empty()) summary += ", config " + o_.writeConfig;
  std::printf("%s\n", summary.c_str());
  return 0;
}

}  // namespace

CLI::App* addSweepCommand(CLI::App& app, SweepOptions& o) {
  CLI::App* sweep = app.add_subcommand("sweep", "Run a model over a grid of parameter values and seeds, results to a CSV");
  addModelOptions(sweep, o.base);
  const char* group = "sweep";
  sweep->add_option("--param", o.params, "NAME=FROM:TO:STEP (inclusive) or NAME=V1,V2,...: a model option to sweep (repeatable; the first is the plot's x axis)")
      ->group(group);
  sweep->add_option("--seeds", o.seeds, "Seeds per combination: --seed, --seed + 1, ...")->capture_default_str()->group(group);
  sweep->add_option("--out", o.out, "FILE.csv: one row per run, appended as runs finish (required)")->group(group);
  sweep->add_option("--plot", o.plot, "FILE.svg or FILE.png: --metric against the first parameter, mean and standard deviation over seeds")
      ->group(group);
  sweep->add_option("--metric", o.metric, "The plotted metric: polarization, flocks, largest_flock, largest_share, mean_nn_distance or mean_neighbors")
      ->capture_default_str()->group(group);
  sweep->add_option("--threads", o.threads, "Runs at a time, each on one thread; 0 (the default) means all cores")->group(group);
  sweep->add_option("--every", o.every, "Steps between the measurements averaged over the last fifth")->capture_default_str()->group(group);
  sweep->add_flag("--quiet", o.quiet, "No progress bar")->group(group);
  sweep->add_option("--config", o.config, "Read the model options and the sweep's keys from FILE.json (the command line wins)")->group(group);
  sweep->add_option("--write-config", o.writeConfig, "Write the resolved options and the sweep's keys to FILE.json, then sweep")->group(group);
  return sweep;
}

int executeSweep(SweepOptions& options, const CLI::App& command) { return Sweep(options, command).execute(); }

}  // namespace flocklab::cli
