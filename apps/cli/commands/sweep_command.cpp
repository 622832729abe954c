// `flocklab sweep`: options, config, the parallel run loop and the files. The runs and their
// canonical order are in sweep_plan.hpp, a run in sweep_run.hpp, the CSV in sweep_rows.hpp and
// the plot in sweep_plot.hpp. Design, and the invariants that make a sweep safe to kill:
// - A run's row is a pure function of its parameters and seed (sweep_run.hpp), so the thread
//   count changes only speed.
// - Every input is checked, every model combination set up once, and every output probed before
//   the first run, so bad input costs nothing and creates or changes no file.
// - A finished run's row goes to --out with one write() of the whole line (O_APPEND), so a
//   killed sweep leaves whole rows and at worst one partial last line, which a restart drops.
//   A new --out is created with its first row (header and row in one write), so a sweep that
//   stops or fails before any run finished leaves no file.
// - Every row carries the sweep's fingerprint and a check of its text (sweep_rows.hpp): a
//   restart resumes only a file that provably is this sweep's, and never changes another.
// - Memory is checked for the runs that go at once (--threads of the largest), not for one.
// - When every run is done the file is rewritten whole (AtomicFile) from the parsed rows in
//   canonical order: a resumed sweep ends with the bytes of an uninterrupted one.
#include "commands/sweep_command.hpp"

#include <CLI/CLI.hpp>

#include <fcntl.h>
#include <fmt/format.h>
#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <system_error>
#include <thread>

#include "flocklab/executor.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/word_list.hpp"
#include "outputs/png_image.hpp"
#include "outputs/progress_bar.hpp"
#include "outputs/sweep_plot.hpp"
#include "runs/atomic_file.hpp"
#include "runs/cluster.hpp"
#include "runs/counted.hpp"
#include "runs/memory.hpp"
#include "runs/model_setup.hpp"
#include "runs/output_set.hpp"
#include "runs/run_file.hpp"
#include "runs/sweep_plan.hpp"
#include "runs/sweep_rows.hpp"
#include "runs/sweep_run.hpp"
#include "runs/sweep_setup.hpp"
#include "runs/text_fields.hpp"
#include "runs/usage_error.hpp"
#include "support/cli_messages.hpp"
#include "support/interrupt.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

const char* const kSweepKeys[] = {"param", "seeds", "metric", "plot_style", "every"};

class Sweep {
 public:
  Sweep(SweepOptions& o, const CLI::App& command) : o_(o), command_(command) {}

  int execute();
  /// The options from the config file, checked, and the plan set up: no file is touched.
  void prepare() {
    applyConfig();
    checkOptions();
    setUp();
  }
  /// Run `run` of the prepared plan: how the other processes of an MPI sweep take their share.
  RunResult runOne(std::size_t run) const;

 private:
  bool given(const std::string& name) const {
    const CLI::Option* option = command_.get_option_no_throw("--" + flagName(name));
    return option != nullptr && option->count() > 0;
  }

  void applyConfig();
  void checkOptions();
  void setUp();
  void chooseMetric();
  unsigned runsAtOnce() const;
  void checkMemory() const;
  void appendRow(const std::string& line);
  void runAll();
  nlohmann::json resolvedConfig() const;

  SweepOptions& o_;
  const CLI::App& command_;
  SweepPlan plan_;
  std::size_t metric_ = 0;
  SweepModel model_;  // of the first run
  nlohmann::json firstRunConfig_;
  std::vector<std::uint64_t> runBytes_;  // by combination: the memory one of its runs needs
  // Results by run, canonical order; `have_` marks the finished ones.
  std::vector<RunResult> results_;
  std::vector<char> have_;
  ExistingOut existing_;  // --out as found
  int outFd_ = -1;
};

void Sweep::applyConfig() {
  if (o_.config.empty()) return;
  const nlohmann::json config = readRunFile(o_.config);
  applyRunFile(
      config, o_.config, o_.base, [this](const std::string& name) { return given(name); },
      std::vector<std::string>(std::begin(kSweepKeys), std::end(kSweepKeys)));
  if (const auto it = config.find("param"); it != config.end() && !given("param")) {
    if (!it->is_array() || it->empty() ||
        !std::all_of(it->begin(), it->end(), [](const auto& e) { return e.is_string(); }))
      throw wrongRunFileValue(o_.config, "param", "a list of strings like \"radius=2:20:2\"", *it);
    o_.params = it->get<std::vector<std::string>>();
  }
  if (const auto it = config.find("seeds"); it != config.end() && !given("seeds")) {
    o_.seeds = static_cast<std::int64_t>(runFileWhole(*it, o_.config, "seeds", 1, 1000000));
  }
  if (const auto it = config.find("metric"); it != config.end() && !given("metric")) {
    if (!it->is_string()) throw wrongRunFileValue(o_.config, "metric", "a string", *it);
    o_.metric = it->get<std::string>();
  }
  if (const auto it = config.find("plot_style"); it != config.end() && !given("plot-style")) {
    if (!it->is_string()) throw wrongRunFileValue(o_.config, "plot_style", "a string", *it);
    o_.plotStyle = it->get<std::string>();
  }
  if (const auto it = config.find("every"); it != config.end() && !given("every")) {
    o_.every = static_cast<std::int64_t>(runFileWhole(*it, o_.config, "every", 1, 1000000000));
  }
  if (!o_.base.initFile.empty())
    throw UsageError("--config " + o_.config +
                     ": key 'init' is not for sweeps (each run starts at random from its seed)");
}

void Sweep::checkOptions() {
  if (o_.params.empty()) throw UsageError("give at least one --param NAME=FROM:TO:STEP or NAME=V1,V2,...");
  if (o_.out.empty()) throw UsageError("--out FILE.csv is required (the sweep's results, one row per run)");
  if (!endsWith(o_.out, ".csv")) throw UsageError("--out must end in .csv (got " + excerpt(o_.out, kPathChars) + ")");
  if (!o_.plot.empty() && !isPicturePath(o_.plot))
    throw UsageError("--plot must end in .svg or .png (got " + excerpt(o_.plot, kPathChars) + ")");
  if (!o_.writeConfig.empty() && !endsWith(o_.writeConfig, ".json"))
    throw UsageError("--write-config must end in .json (got " + excerpt(o_.writeConfig, kPathChars) + ")");
  if (o_.out == o_.plot || o_.out == o_.writeConfig || (!o_.plot.empty() && o_.plot == o_.writeConfig))
    throw UsageError("--out, --plot and --write-config must name different files");
  if (o_.plotStyle != "lines" && o_.plotStyle != "points")
    throw UsageError("--plot-style must be lines or points (got " + excerpt(o_.plotStyle) + ")");
  if (o_.seeds < 1 || o_.seeds > 1000000)
    throw UsageError(fmt::format("--seeds must be between 1 and 1000000 (got {})", o_.seeds));
  if (o_.base.seed > UINT64_MAX - static_cast<std::uint64_t>(o_.seeds - 1))
    throw UsageError(fmt::format("--seed {} leaves no room for {} seeds below 2^64", o_.base.seed, o_.seeds));
  if (o_.every < 1 || o_.every > 1000000000)
    throw UsageError(fmt::format("--every must be between 1 and 1000000000 (got {})", o_.every));
  if (o_.threads < 0 || o_.threads > 1024)
    throw UsageError(fmt::format("--threads must be between 0 (all cores) and 1024 (got {})", o_.threads));
  if (o_.base.steps && *o_.base.steps < 0)
    throw UsageError(fmt::format("--steps must be at least 0 (got {})", *o_.base.steps));
  plan_ = planSweep(o_.params, o_.base, static_cast<std::size_t>(o_.seeds),
                    [this](const std::string& name) { return given(name); });
}

// --metric among the run's metrics: the schema's and the model's own.
void Sweep::chooseMetric() {
  const std::vector<MetricSpec>& metrics = plan_.metrics;
  const auto at = std::find_if(metrics.begin(), metrics.end(), [&](const MetricSpec& m) { return m.key == o_.metric; });
  if (at == metrics.end()) {
    std::vector<std::string> keys;
    for (const MetricSpec& m : metrics) keys.push_back(m.key);
    throw UsageError("--metric must be " + wordList(keys) + " (got " + excerpt(o_.metric) + ")");
  }
  metric_ = static_cast<std::size_t>(at - metrics.begin());
}

// Sets up every combination once (seeds do not change what is valid), so that a value a model
// refuses fails now rather than in the middle of the sweep.
void Sweep::setUp() {
  SweepSetup setup = setUpSweep(std::move(plan_), o_.base, static_cast<std::uint64_t>(o_.every));
  plan_ = std::move(setup.plan);
  model_ = std::move(setup.model);
  firstRunConfig_ = std::move(setup.firstRunConfig);
  runBytes_ = std::move(setup.runBytes);
  chooseMetric();
  results_.assign(plan_.runs, RunResult{});
  have_.assign(plan_.runs, 0);
}

// Runs going at once: --threads (0: the cores), at most one a run still to do.
unsigned Sweep::runsAtOnce() const {
  const auto pending = static_cast<std::size_t>(std::count(have_.begin(), have_.end(), 0));
  const unsigned threads = o_.threads == 0 ? std::thread::hardware_concurrency() : static_cast<unsigned>(o_.threads);
  return static_cast<unsigned>(std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(pending, 1)));
}

// The runs still to do, the largest runsAtOnce() of them at the same time, must fit in memory.
void Sweep::checkMemory() const {
  std::vector<std::uint64_t> needs;
  for (std::size_t run = 0; run < plan_.runs; ++run)
    if (!have_[run]) needs.push_back(runBytes_[run / plan_.seedCount]);
  const std::size_t atOnce = std::min<std::size_t>(runsAtOnce(), needs.size());
  std::partial_sort(needs.begin(), needs.begin() + static_cast<std::ptrdiff_t>(atOnce), needs.end(), std::greater<>());
  std::uint64_t total = 0;
  for (std::size_t k = 0; k < atOnce; ++k) total += needs[k];
  if (const std::string problem = memoryProblem(
          total, atOnce == 1 ? std::string("one run needs") : fmt::format("{} runs at a time need", atOnce));
      !problem.empty())
    throw UsageError(problem + (atOnce > 1 ? "; give fewer --threads or smaller runs" : ""));
}

// Appends a finished run's row (the caller holds the lock); a new file is created with its first
// row, header and row in one write.
void Sweep::appendRow(const std::string& line) {
  if (outFd_ < 0) {
    outFd_ = ::open(o_.out.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0666);
    if (outFd_ < 0) throw OutputError("cannot write " + o_.out + ": " + std::strerror(errno));
  }
  writeLine(outFd_, existing_.needsHeader ? csvHeader(plan_) + line : line, o_.out);
  existing_.needsHeader = false;
}

RunResult Sweep::runOne(std::size_t run) const {
  const std::atomic<bool> never{false};
  return measureRun(plan_.optionsFor(o_.base, run), model_.steps, static_cast<std::uint64_t>(o_.every),
                    std::make_shared<InlineExecutor>(), never);
}

void Sweep::runAll() {
  std::vector<std::size_t> pending;
  for (std::size_t run = 0; run < plan_.runs; ++run)
    if (!have_[run]) pending.push_back(run);
  if (pending.empty()) return;
  if (Cluster* processes = cluster(); processes && processes->size() > 1) {
    // The other processes run them; this one writes each row as it comes back.
    std::size_t done = existing_.kept;
    ProgressBar bar(plan_.runs, "runs", !o_.quiet);
    processes->farmOut(
        pending,
        [&](std::size_t run, const RunResult& r) {
          appendRow(formatRow(plan_, run, r));
          results_[run] = r;
          have_[run] = 1;
          bar.update(++done);
        },
        [] { return interrupted(); });
    bar.finish();
    return;
  }
  const unsigned threads = runsAtOnce();

  std::atomic<bool> stop{false};
  std::mutex mutex;  // guards the file's appends, results_, have_, done, finished and the bar
  std::condition_variable changed;
  std::exception_ptr failure;
  std::size_t done = existing_.kept;
  bool finished = false;  // every run was taken (or skipped after a stop)
  ProgressBar bar(plan_.runs, "runs", !o_.quiet);
  // One pool for the whole sweep: each run is one of its tasks, stepped inline on the worker
  // that took it (a run's bits do not depend on where it runs).
  const auto work = [&](unsigned task, unsigned) {
    if (stop) return;  // start no new runs
    const std::size_t run = pending[task];
    {
      try {
        const RunOptions options = plan_.optionsFor(o_.base, run);
        const RunResult r = measureRun(options, model_.steps, static_cast<std::uint64_t>(o_.every),
                                       std::make_shared<InlineExecutor>(), stop);
        const std::string line = formatRow(plan_, run, r);
        const std::lock_guard<std::mutex> lock(mutex);
        appendRow(line);
        results_[run] = r;
        have_[run] = 1;
        bar.update(++done);
      } catch (const RunStopped&) {
        // abandoned after Ctrl-C or another run's failure: it stays to do
      } catch (...) {
        const std::lock_guard<std::mutex> lock(mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
      }
    }
  };
  // The pool's workers and the thread that hands it the runs block SIGINT and SIGTERM, so the
  // handler runs on this thread, which alone reads the flag it sets (interrupt.hpp's flag is a
  // plain sig_atomic_t, not for other threads).
  sigset_t signals, previous;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, &previous);
  std::shared_ptr<Executor> pool;
  std::thread driver;
  try {  // the pool's threads, then the driver: `threads` + 1 with this one
    pool = makeThreadPool(threads);
    driver = std::thread([&] {
      pool->run(static_cast<unsigned>(pending.size()), work);
      const std::lock_guard<std::mutex> lock(mutex);
      finished = true;
      changed.notify_one();
    });
  } catch (const std::system_error& e) {  // the driver refused; the pool stops on the way out
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    throw ThreadStartError(threads + 1, threads, e.code().message());
  } catch (...) {
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    throw;
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  {
    std::unique_lock<std::mutex> lock(mutex);
    while (!finished) {
      changed.wait_for(lock, std::chrono::milliseconds(50));
      if (interrupted()) stop = true;  // start no new runs; the running ones stop at their next step
    }
  }
  driver.join();
  bar.finish();
  if (failure) std::rethrow_exception(failure);
}

nlohmann::json Sweep::resolvedConfig() const {
  nlohmann::json config = firstRunConfig_;
  nlohmann::json specs = nlohmann::json::array();
  for (const Param& p : plan_.params) specs.push_back(p.spec);
  config["param"] = specs;
  config["seeds"] = o_.seeds;
  config["metric"] = o_.metric;
  config["plot_style"] = o_.plotStyle;
  config["every"] = o_.every;
  return config;
}

int Sweep::execute() {
  prepare();
  existing_ = readExisting(o_.out, plan_, results_, have_);
  checkMemory();
  if (o_.dryRun) {
    const std::string kept = existing_.kept ? fmt::format(" ({} kept from {})", existing_.kept, o_.out) : "";
    std::printf("flocklab sweep: dry run: %s to make%s, every combination set up; no run made, no file written\n",
                counted(plan_.runs - existing_.kept, "runs").c_str(), kept.c_str());
    return 0;
  }

  // Outputs, before the first run: the final CSV, the plot and the run file are published
  // together at the end, all or none; rows go to --out itself as runs finish.
  OutputSet outputs;
  AtomicFile *configFile, *plotFile, *finalFile;
  onOutputs([&] {
    configFile = outputs.add("--write-config", o_.writeConfig);
    plotFile = outputs.add("--plot", o_.plot);
    finalFile = outputs.add("--out", o_.out);
  });
  if (existing_.exists) {
    outFd_ = ::open(o_.out.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (outFd_ < 0) throw UsageError("cannot write " + o_.out + ": " + std::strerror(errno));
  }
  struct FdCloser {
    int& fd;
    ~FdCloser() {
      if (fd >= 0) ::close(fd);
      fd = -1;
    }
  } closer{outFd_};
  onOutputs([&] {
    if (existing_.exists && existing_.keepBytes < existing_.size &&
        ::ftruncate(outFd_, static_cast<off_t>(existing_.keepBytes)) != 0)
      throw OutputError("cannot write " + o_.out + ": " + std::strerror(errno));
  });
  // What the watchdog says if the runs cannot stop in time (it cannot know whether a row is in).
  setInterruptMessage("flocklab sweep: interrupted; any runs finished so far are kept in " + o_.out +
                      "; rerun the same command to resume");

  onOutputs([&] { runAll(); });  // a new --out appears with its first row, so a refused thread leaves none
  const auto done = static_cast<std::size_t>(std::count(have_.begin(), have_.end(), 1));
  if (done < plan_.runs) {
    setInterruptMessage(
        outFd_ < 0
            ? fmt::format("flocklab sweep: interrupted before the first run finished; {} was not written", o_.out)
            : fmt::format("flocklab sweep: interrupted; {} of {} done and kept in {}; rerun the same command to resume",
                          done, counted(plan_.runs, "runs"), o_.out));
    return reportInterrupted();
  }
  ::close(outFd_);
  outFd_ = -1;

  std::string csv = csvHeader(plan_);
  for (std::size_t run = 0; run < plan_.runs; ++run) csv += formatRow(plan_, run, results_[run]);
  onOutputs([&] {
    finalFile->write(csv);
    if (plotFile)
      plotFile->write(pictureBytes(o_.plot, plotSvg(plan_, results_, metric_, model_, o_.plotStyle == "points")));
    if (configFile) configFile->write(resolvedConfig().dump(2) + "\n");
  });
  if (interrupted()) return reportInterrupted();
  onOutputs([&] { outputs.commitAll(); });
  std::string summary = "flocklab sweep: " + counted(plan_.runs, "runs");
  if (existing_.kept > 0) summary += fmt::format(" ({} kept from {})", existing_.kept, o_.out);
  summary += ", " + o_.out;
  if (!o_.plot.empty()) summary += ", plot " + o_.plot;
  if (!o_.writeConfig.empty()) summary += ", config " + o_.writeConfig;
  std::printf("%s\n", summary.c_str());
  return 0;
}

}  // namespace

CLI::App* addSweepCommand(CLI::App& app, SweepOptions& o) {
  CLI::App* sweep =
      app.add_subcommand("sweep", "Run a model over a grid of parameter values and seeds, results to a CSV");
  addModelOptions(sweep, o.base);
  const char* group = "sweep";
  sweep
      ->add_option("--param", o.params,
                   "NAME=FROM:TO:STEP (inclusive) or NAME=V1,V2,...: a model option to sweep (repeatable; the first is "
                   "the plot's x axis)")
      ->group(group);
  sweep->add_option("--seeds", o.seeds, "Seeds per combination: --seed, --seed + 1, ...")
      ->capture_default_str()
      ->group(group);
  sweep->add_option("--out", o.out, "FILE.csv: one row per run, appended as runs finish (required)")->group(group);
  sweep
      ->add_option("--plot", o.plot,
                   "FILE.svg or FILE.png: --metric against the first parameter, mean and standard deviation over seeds")
      ->group(group);
  sweep
      ->add_option("--plot-style", o.plotStyle,
                   "lines (with a band of one standard deviation) or points (markers with error bars, as in a paper)")
      ->capture_default_str()
      ->group(group);
  sweep
      ->add_option("--metric", o.metric,
                   "The plotted metric: " + metricKeys() +
                       ", or one of the model's own (steering with species: segregation, catches, catch_rate, "
                       "food_eaten, SPECIES.polarization, ...)")
      ->capture_default_str()
      ->group(group);
  sweep->add_option("--threads", o.threads, "Runs at a time, each on one thread; 0 (the default) means all cores")
      ->group(group);
  sweep->add_option("--every", o.every, "Steps between the measurements averaged over the last fifth")
      ->capture_default_str()
      ->group(group);
  sweep->add_flag("--quiet,-q", o.quiet, "No progress bar")->group(group);
  sweep
      ->add_flag("--dry-run", o.dryRun,
                 "Plan the sweep and set every combination up (reading --config and an existing --out), say "
                 "how many runs it would make, and stop: no run made, no file written")
      ->group(group);
  sweep
      ->add_option("--config", o.config,
                   "Read the model options and the sweep's keys from FILE.json (the command line wins)")
      ->group(group);
  sweep
      ->add_option("--write-config", o.writeConfig,
                   "Write the resolved options and the sweep's keys to FILE.json, then sweep")
      ->group(group);
  return sweep;
}

int executeSweep(SweepOptions& options, const CLI::App& command) { return Sweep(options, command).execute(); }

std::function<RunResult(std::size_t)> sweepRunner(SweepOptions& options, const CLI::App& command) {
  auto sweep = std::make_shared<Sweep>(options, command);
  sweep->prepare();
  return [sweep](std::size_t run) { return sweep->runOne(run); };
}

}  // namespace flocklab::cli
