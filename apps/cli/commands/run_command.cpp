// `flocklab run`. Design: every input is checked, and every output path opened, before the
// first step, so a mistake costs no simulation time and leaves no file; outputs are written
// whole at the end through AtomicFile. The loop steps one step at a time and lets each
// output take what it needs after the step: a metrics row, a trajectory frame, a picture.
#include "commands/run_command.hpp"

#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "flocklab/io/state_csv.hpp"
#include "flocklab/io/state_hash.hpp"
#include "flocklab/registry.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/word_list.hpp"
#include "outputs/flock_picture.hpp"
#include "outputs/flock_picture_3d.hpp"
#include "outputs/movie.hpp"
#include "outputs/npy_trajectory.hpp"
#include "outputs/picture_caption.hpp"
#include "outputs/png_image.hpp"
#include "outputs/progress_bar.hpp"
#include "outputs/run_report.hpp"
#include "outputs/svg_chart.hpp"
#include "runs/atomic_file.hpp"
#include "runs/checkpoint_file.hpp"
#include "runs/cluster.hpp"
#include "runs/memory.hpp"
#include "runs/model_setup.hpp"
#include "runs/output_set.hpp"
#include "runs/run_file.hpp"
#include "runs/run_resume.hpp"
#include "runs/runner.hpp"
#include "runs/start_count.hpp"
#include "runs/text_fields.hpp"
#include "runs/usage_error.hpp"
#include "support/cli_messages.hpp"
#include "support/interrupt.hpp"
#include "support/strict_values.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

void checkOptions(const RunOptions& o) {
  if (o.steps && *o.steps < 0) throw UsageError(fmt::format("--steps must be at least 0 (got {})", *o.steps));
  if (o.every < 1) throw UsageError(fmt::format("--every must be at least 1 (got {})", o.every));
  if (o.rebalanceEvery < 0)
    throw UsageError(fmt::format("--rebalance-every must be at least 0 (got {})", o.rebalanceEvery));
  if (o.threads < 0 || o.threads > 1024)
    throw UsageError(fmt::format("--threads must be between 0 (all cores) and 1024 (got {})", o.threads));
  if (!parseNeighborSearch(o.neighbors))
    throw UsageError("--neighbors must be grid or brute (got " + excerpt(o.neighbors) + ")");
  if (!o.metricsOut.empty() && !endsWith(o.metricsOut, ".csv") && !endsWith(o.metricsOut, ".json"))
    throw UsageError("--metrics-out must end in .csv or .json (got " + excerpt(o.metricsOut, kPathChars) + ")");
  for (const auto& [flag, path] :
       {std::pair{"--plot", o.plotFile}, {"--plot-track", o.plotTrackFile}, {"--picture", o.pictureFile}})
    if (!path.empty() && !isPicturePath(path))
      throw UsageError(fmt::format("{} must end in .svg or .png (got {})", flag, excerpt(path, kPathChars)));
  if (!o.trajectoryFile.empty() && !endsWith(o.trajectoryFile, ".npy"))
    throw UsageError("--trajectory must end in .npy (got " + excerpt(o.trajectoryFile, kPathChars) + ")");
  if (!o.writeConfigFile.empty() && !endsWith(o.writeConfigFile, ".json"))
    throw UsageError("--write-config must end in .json (got " + excerpt(o.writeConfigFile, kPathChars) + ")");
  // A run file and a checkpoint name the start's file for a later run to open: a name that is not
  // UTF-8 text without control characters cannot be written there as it is.
  if ((!o.writeConfigFile.empty() || !o.checkpointEvery.empty()) &&
      excerpt(o.initFile, o.initFile.size()) != o.initFile)
    throw UsageError(fmt::format("{} cannot name {} {}, which is not UTF-8 text without control characters; "
                                 "rename the file",
                                 o.writeConfigFile.empty() ? "--checkpoint-every" : "--write-config", markKey("init"),
                                 excerpt(o.initFile, kPathChars)));
  if (!o.movieFile.empty()) {
    if (const std::string problem = movieProblem(o.movieFile, o.fps); !problem.empty()) throw UsageError(problem);
    if (o.movieEvery < 1) throw UsageError(fmt::format("--movie-every must be at least 1 (got {})", o.movieEvery));
  }
  if (!o.camera.empty()) {
    try {
      parseCamera(o.camera);
    } catch (const std::invalid_argument& e) {
      throw UsageError(markedMessage(e));
    }
  }
}

// --picture-every K DIR or --checkpoint-every K DIR: K, checked.
std::uint64_t everyOf(const char* flag, const std::vector<std::string>& args) {
  const auto k = parseWhole(args[0]);
  if (!k || *k == 0) throw UsageError(fmt::format("{} takes K DIR with K a whole number >= 1 (got {})", flag, args[0]));
  return *k;
}

// DIR/checkpoint.flk of --checkpoint-every K DIR.
std::string checkpointPath(const RunOptions& o) {
  return (std::filesystem::path(o.checkpointEvery[1]) / kCheckpointName).string();
}

// Makes the folder of --picture-every or --checkpoint-every once every other input has passed its checks.
void makeFolder(const char* flag, const std::string& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir))
    throw UsageError(fmt::format("{}: cannot make the folder {}", flag, dir));
}

// --resume continues a run as it was: no option may change its parameters.
void checkResume(const RunOptions& o, const CLI::App& command) {
  if (o.resumeDir.empty()) return;
  std::string given;
  for (const char* flag : {"--model", "--count", "--density", "--seed", "--preset", "--ramp", "--init", "--config"})
    if (given.empty() && command.get_option(flag)->count() > 0) given = flag;
  for (const auto& [key, texts] : o.params)
    if (given.empty() && !texts.empty()) given = "--" + flagName(key);
  if (!given.empty())
    throw UsageError(
        fmt::format("--resume continues the run checkpointed in {} with its own parameters; {} cannot change them",
                    o.resumeDir, given));
}

FlockPicture flockPictureOf(const Simulation& sim, const std::string& caption) {
  FlockPicture p;
  p.flock = &sim.flock();
  p.space = sim.space();
  const ModelDescription& model = flocklab::model(sim.model());
  p.obstacles = model.obstacles(model.current(sim));
  p.caption = caption;
  p.appearance = sim.appearance();
  return p;
}

// The picture of the flock now: from above in 2D, in perspective from `camera` in 3D (turned
// `frame` orbits).
std::string flockPicture(const Simulation& sim, const std::string& caption, const Camera& camera = {},
                         double frame = 0) {
  FlockPicture picture = flockPictureOf(sim, caption);
  Flock moved;
  frameOnGroup(picture, moved);
  if (sim.flock().is3d()) return renderFlock3dSvg(picture, camera, frame);
  return renderFlockSvg(picture);
}

std::string framePath(const std::string& dir, std::uint64_t step) {
  return (std::filesystem::path(dir) / fmt::format("frame-{:06}.png", step)).string();
}

// A frame is a file of its own, written as it comes: a FIFO or a device is no place for one.
void writeFrame(const std::string& dir, std::uint64_t step, const std::string& svg) {
  onOutputs([&] { AtomicFile(framePath(dir, step), AtomicFile::Accept::regularFile).commit(svgToPng(svg)); });
}

// The frames of --picture-every that the run will write (the start's, and each K-th step's up to
// `last`) and that exist already as something other than a regular file (a FIFO, a folder, a link
// to nothing): refused now, as any output is, rather than at their step.
void checkFrames(const std::string& dir, std::uint64_t every, std::uint64_t last) {
  std::error_code error;
  for (std::filesystem::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    std::uint64_t step = 0;
    const std::string_view digits = std::string_view(name).substr(std::min<std::size_t>(6, name.size()));
    const auto [stop, failed] = std::from_chars(digits.data(), digits.data() + digits.size(), step);
    if (failed != std::errc() || std::string_view(stop) != ".png" || name != fmt::format("frame-{:06}.png", step))
      continue;
    if ((step != 0 && step % every != 0) || step > last) continue;
    std::error_code ignored;
    if (!std::filesystem::is_regular_file(it->path(), ignored))
      onOutputs([&] { AtomicFile{framePath(dir, step), AtomicFile::Accept::regularFile}; });
  }
}

// The seed's three curves: polarization, milling and the largest group's share over the steps;
// and each species' polarization when the run has species ("hawk.polarization" among `metrics`).
std::string orderChart(const std::vector<SeriesRow>& series, const std::vector<MetricSpec>& metrics,
                       const std::string& caption) {
  Chart chart;
  chart.title = "Order over time";
  chart.subtitle = caption;
  chart.x = {"step"};
  chart.y = {"polarization, milling, largest group's share", false, false, 0, 1};
  std::vector<const MetricSpec*> shown;
  for (const MetricSpec& m : metrics)
    if (m.key == "polarization" || m.key == "milling" || m.key == "largest_share" || endsWith(m.key, ".polarization"))
      shown.push_back(&m);
  for (const MetricSpec* m : shown) {
    ChartSeries line;
    line.name = m->key == "largest_share" ? "largest group's share" : m->label;
    for (const SeriesRow& row : series) {
      line.x.push_back(static_cast<double>(row.step));
      line.y.push_back(metricValue(*m, row.metrics));
    }
    chart.series.push_back(std::move(line));
  }
  return renderSvg(chart);
}

// The flock's centre of mass, unwrapped: it starts at the mean position and each step adds the
// boids' mean displacement (the minimum image on a torus), so crossing an edge never jumps. A 2D
// path is drawn as it lies; a 3D one as its x, y and z against the step.
class Track {
 public:
  Track(bool wanted, const Simulation& sim) : wanted_(wanted), is3d_(sim.flock().is3d()) {
    if (!wanted_) return;
    const Flock& f = sim.flock();
    const double n = static_cast<double>(f.size());
    std::array<double, 3> sum{};
    for (std::size_t i = 0; i < f.size(); ++i) sum[0] += f.x[i], sum[1] += f.y[i], sum[2] += is3d_ ? f.z[i] : 0;
    for (int k = 0; k < 3; ++k) axes_[k].push_back(sum[k] / n);
    last_ = f;
  }
  void add(const Simulation& sim) {
    if (!wanted_) return;
    const Flock& f = sim.flock();
    const Offsets offsets(sim.space());
    const double n = static_cast<double>(f.size());
    std::array<double, 3> moved{};
    for (std::size_t i = 0; i < f.size(); ++i) {
      moved[0] += offsets.dx(last_.x[i], f.x[i]), moved[1] += offsets.dy(last_.y[i], f.y[i]);
      if (is3d_) moved[2] += offsets.dz(last_.z[i], f.z[i]);
    }
    for (int k = 0; k < 3; ++k) axes_[k].push_back(axes_[k].back() + moved[k] / n);
    last_ = f;
  }
  std::string chart(const std::string& caption) const {
    Chart chart;
    chart.title = "Path of the flock's centre of mass";
    chart.subtitle = caption + " - unwrapped, start to end";
    if (!is3d_) {
      chart.x = {"x (world units, unwrapped)"};
      chart.y = {"y (world units, unwrapped)"};
      chart.series = {{"centre of mass", axes_[0], axes_[1], {}}};
      return renderSvg(chart);
    }
    chart.x = {"step"};
    chart.y = {"position (world units, unwrapped)"};
    std::vector<double> steps(axes_[0].size());
    for (std::size_t s = 0; s < steps.size(); ++s) steps[s] = static_cast<double>(s);
    for (int k = 0; k < 3; ++k) chart.series.push_back({std::string(1, "xyz"[k]), steps, axes_[k], {}});
    return renderSvg(chart);
  }

 private:
  bool wanted_, is3d_;
  std::array<std::vector<double>, 3> axes_;
  Flock last_;
};

// "lab (the exact reference boids), steering (the Flocking Lab's model) or abm (...)".
std::string modelList() {
  std::vector<std::string> names;
  for (const ModelDescription* m : models()) names.push_back(m->name + " (" + m->title + ")");
  return wordList(names);
}

// "120 lab, 1500 steering, 200 abm".
std::string defaultsText(const std::function<std::string(const ModelDescription&)>& value) {
  std::string out;
  for (const ModelDescription* m : models()) out += (out.empty() ? "" : ", ") + value(*m) + " " + m->name;
  return out;
}

std::vector<const ModelDescription*> modelsWithPresets() {
  std::vector<const ModelDescription*> out;
  for (const ModelDescription* m : models())
    if (!m->presets.empty()) out.push_back(m);
  return out;
}

// "steering model", "lab and abm models": the help group of an option.
std::string groupOf(const std::vector<const ModelDescription*>& owners) {
  if (owners.size() == models().size()) return "model parameters";
  std::vector<std::string> names;
  for (const ModelDescription* m : owners) names.push_back(m->name);
  return wordList(names, "and") + (owners.size() == 1 ? " model" : " models");
}

std::string presetHelp() {
  std::string out;
  for (const ModelDescription* m : modelsWithPresets()) {
    out += (out.empty() ? "" : "; ") + m->name + ": ";
    for (std::size_t i = 0; i < m->presets.size(); ++i)
      out += (i == 0 ? "" : ", ") + m->presets[i].name + (i == 0 ? " (default)" : "");
  }
  return out;
}

std::string typeName(const ParamSpec& spec) {
  switch (spec.kind) {
    case ParamKind::Number: return "NUMBER";
    case ParamKind::Choice: {
      std::string words;
      for (const std::string& c : spec.choices) words += (words.empty() ? "" : "|") + c;
      return words;
    }
    default: return "TEXT";
  }
}

// A text parameter's help ends with the form its value takes (--pointer's food:X,Y or
// predator:X,Y...), unless the help already shows it.
std::string formHint(const ParamSpec& spec, const std::string& help) {
  if (spec.grammar.empty() || (spec.kind != ParamKind::Text && spec.kind != ParamKind::TextList)) return "";
  const std::string firstWord = spec.grammar.substr(0, spec.grammar.find(' '));
  return help.find(firstWord) == std::string::npos ? "; give " + spec.grammar : "";
}

// One flag per parameter name of the registry (a key or an alias shared by several models is
// one flag), its help and defaults from each model that has it.
void addParameterFlags(CLI::App* run, std::map<std::string, std::vector<std::string>>& params) {
  std::vector<std::string> names;
  for (const ModelDescription* m : models())
    for (const ParamSpec& spec : m->params) {
      names.push_back(spec.key);
      // An alias is a flag of its own only where it is another model's key (abm's --radius);
      // others are older run-file spellings.
      for (const std::string& alias : spec.aliases)
        for (const ModelDescription* other : models())
          if (other->findParam(alias) && other->findParam(alias)->key == alias) names.push_back(alias);
    }
  std::vector<std::string> done;
  for (const std::string& name : names) {
    if (std::find(done.begin(), done.end(), name) != done.end()) continue;
    done.push_back(name);
    std::vector<const ModelDescription*> owners;
    std::string help, defaults;
    const ParamSpec* first = nullptr;
    for (const ModelDescription* m : models())
      if (const ParamSpec* spec = m->findParam(name)) {
        owners.push_back(m);
        // One help for a parameter every owner describes alike, else each model's own.
        const std::string own = spec->help + (spec->unit.empty() ? "" : ", " + spec->unit);
        if (!first) first = spec, help = own;
        else if (own != first->help + (first->unit.empty() ? "" : ", " + first->unit))
          help = (help.rfind(owners.front()->name + ": ", 0) == 0 ? help : owners.front()->name + ": " + help) + "; " +
                 m->name + ": " + own;
        const std::string shown = showValue(m->defaults().get(spec->key));
        if (!shown.empty()) defaults += (defaults.empty() ? "" : ", ") + shown + " " + m->name;
        if (spec->key != name) help += " (" + m->name + ": --" + flagName(spec->key) + ")";
      }
    if (!defaults.empty() && first->kind != ParamKind::Switch) help += " (default " + defaults + ")";
    help += formHint(*first, help);
    const std::string flag = "--" + flagName(name);
    std::vector<std::string>& texts = params[name];
    CLI::Option* option = nullptr;
    if (first->kind == ParamKind::Switch) {
      option = run->add_flag_callback(
          flag, [&texts] { texts = {"true"}; }, help);
    } else {
      option = run->add_option(flag, texts, help)->expected(1)->type_name(typeName(*first));
      if (first->kind == ParamKind::TextList) option->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
      else option->multi_option_policy(CLI::MultiOptionPolicy::Throw);
    }
    option->group(groupOf(owners));
  }
}

}  // namespace

void addModelOptions(CLI::App* run, RunOptions& o) {
  run->add_option("--model", o.model, "Model: " + modelList())->capture_default_str();
  run->add_option("--count,-n", o.count, "Number of boids (default: " + defaultsText([](const ModelDescription& m) {
                                           return std::to_string(m.countFor(""));
                                         }) + ")");
  run->add_option(
         "--density", o.density,
         "Boids per unit of the world's area (volume in 3D) instead of --count: the count is density x area, rounded")
      ->excludes("--count");
  run->add_option("--steps", o.steps, "Steps to run (default: " + defaultsText([](const ModelDescription& m) {
                                        return std::to_string(m.defaultSteps);
                                      }) + ")");
  run->add_option("--seed", o.seed, "Seed of the random start and of anything the model draws after it, 0 to 2^64-1")
      ->capture_default_str()
      ->transform(CLI::Validator(
          [](std::string& text) {  // the run library's words; read as decimal (CLI11 reads 010 as octal)
            std::string problem = seedProblem(text);
            if (problem.empty()) text = std::to_string(seedFrom(text));
            return problem;
          },
          "", kChecksItself));
  run->add_option("--preset", o.preset, presetHelp())->group(groupOf(modelsWithPresets()));
  run->add_option("--ramp", o.ramps,
                  "Move a number parameter during the run: FROM at step A, in a straight line to TO at step B, TO "
                  "after (repeatable; docs/ramps.md)")
      ->option_text("KEY=FROM:TO@A-B");
  addParameterFlags(run, o.params);
}

CLI::App* addRunCommand(CLI::App& app, RunOptions& o) {
  CLI::App* run = app.add_subcommand("run", "Run one flock and print a summary of its order");
  addModelOptions(run, o);
  const char* engine = "engine and outputs";
  run->add_option("--threads", o.threads, "Worker threads; 0 (the default) means all cores")->group(engine);
  run->add_option("--neighbors", o.neighbors, "Neighbour search: grid or brute (same results)")
      ->capture_default_str()
      ->group(engine);
  run->add_option("--every", o.every, "Steps between rows of --metrics-out")->capture_default_str()->group(engine);
  run->add_option("--metrics-out", o.metricsOut, "Write the metrics every K steps to FILE.csv or FILE.json")
      ->group(engine);
  auto* init = run->add_option("--init", o.initFile,
                               "Start from a CSV file x,y,vx,vy (the count comes from the file; --seed only where the "
                               "steps draw from it)")
                   ->group(engine);
  run->get_option("--count")->excludes(init);
  run->get_option("--density")->excludes(init);
  run->add_option("--save", o.saveFile, "Write the final state to a CSV file at round-trip precision")->group(engine);
  run->add_flag("--hash", o.hash, "Print the FNV-1a 64 hash of the final state")->group(engine);
  run->add_flag("--json", o.json, "Print the summary as one JSON object")->group(engine);
  run->add_flag("--quiet,-q", o.quiet, "No progress bar")->group(engine);
  run->add_flag("--dry-run", o.dryRun,
                "Check every option and set the start up (reading --config, --init, --resume), print the "
                "summary's first line (with --json, its fields as JSON), and stop: no step run, no file written")
      ->group(engine);

  const char* pictures = "pictures, trajectories and run files";
  run->add_option("--plot", o.plotFile,
                  "Chart polarization, milling and the largest group's share over time: FILE.svg or FILE.png")
      ->group(pictures);
  run->add_option("--plot-track", o.plotTrackFile,
                  "Chart the path of the flock's centre of mass (unwrapped): FILE.svg or .png")
      ->group(pictures);
  run->add_option("--picture", o.pictureFile, "Draw the flock at the end: FILE.svg or FILE.png")->group(pictures);
  run->add_option("--picture-every", o.pictureEvery, "Draw the flock every K steps into DIR/frame-STEP.png")
      ->expected(2)
      ->option_text("K DIR")
      ->group(pictures);
  run->add_option("--camera", o.camera,
                  "3D pictures: AZIMUTH,ELEVATION in degrees (default 35,25), or orbit[:DEG] to turn DEG a frame")
      ->group(pictures);
  run->add_option("--movie", o.movieFile,
                  "Make a movie of the run: FILE.mp4 or FILE.gif, a frame every --movie-every steps (needs ffmpeg)")
      ->group(pictures);
  run->add_option("--movie-every", o.movieEvery, "Steps between the movie's frames")
      ->capture_default_str()
      ->group(pictures);
  run->add_option("--fps", o.fps, "The movie's frames a second")->capture_default_str()->group(pictures);
  run->add_option("--trajectory", o.trajectoryFile,
                  "Write positions and velocities every K steps (--every) to FILE.npy")
      ->group(pictures);
  run->add_option("--checkpoint-every", o.checkpointEvery,
                  "Every K steps write the run's state to DIR/checkpoint.flk, replacing the last one only once "
                  "the new one is whole; --resume DIR continues from it")
      ->expected(2)
      ->option_text("K DIR")
      ->group(engine);
  run->add_option(
         "--resume", o.resumeDir,
         "Continue the run checkpointed in DIR to its --steps (or to --steps N), with the bits of an uninterrupted run")
      ->group(engine);
  run->add_option("--rebalance-every", o.rebalanceEvery,
                  "Under mpirun: steps between new cuts of the world by the boids' counts, so that no process idles; 0 "
                  "keeps the first cut "
                  "(the bits never depend on it)")
      ->capture_default_str()
      ->group(engine);
  run->add_option("--config", o.configFile, "Read the run's parameters from FILE.json (the command line wins)")
      ->group(pictures);
  run->add_option("--write-config", o.writeConfigFile,
                  "Run as usual and write the run's complete parameters to FILE.json, to repeat it with --config")
      ->group(pictures);
  return run;
}

void prepareRun(RunOptions& o, const CLI::App& command) {
  checkResume(o, command);
  if (!o.configFile.empty())
    applyRunFile(readRunFile(o.configFile), o.configFile, o, [&](const std::string& name) {
      const CLI::Option* option = command.get_option_no_throw("--" + flagName(name));
      return option != nullptr && option->count() > 0;
    });
  if (command.get_option("--seed")->count() > 0) o.seedGivenBy = markKey("seed");
  checkOptions(o);
}

namespace {

// Thrown where ffmpeg failed after an interrupt: the run was interrupted (a signal for the whole
// process group reaches ffmpeg as well), and its unwinding removes every temporary file and stops
// ffmpeg before the interrupt is reported.
struct RunInterrupted {};

int runOnce(RunOptions o, const CLI::App& command) {
  const auto began = std::chrono::steady_clock::now();
  prepareRun(o, command);
  // Open every output before the first step: a bad path fails now, not after the run.
  OutputSet outputs;
  // (A dry run opens them too, and its return drops them: nothing is published.)
  AtomicFile *metricsFile, *saveFile, *plotFile, *trackFile, *pictureFile, *configFile, *trajectoryFile, *movieFile;
  std::uint64_t frameEvery = 0;
  onOutputs([&] {
    metricsFile = outputs.add("--metrics-out", o.metricsOut);
    saveFile = outputs.add("--save", o.saveFile);
    plotFile = outputs.add("--plot", o.plotFile);
    trackFile = outputs.add("--plot-track", o.plotTrackFile);
    pictureFile = outputs.add("--picture", o.pictureFile);
    configFile = outputs.add("--write-config", o.writeConfigFile);
    trajectoryFile = outputs.add("--trajectory", o.trajectoryFile);
    movieFile = outputs.add("--movie", o.movieFile);
    if (!o.pictureEvery.empty()) {
      frameEvery = everyOf("--picture-every", o.pictureEvery);
      outputs.claimFrames("--picture-every", o.pictureEvery[1]);
    }
    if (!o.checkpointEvery.empty()) outputs.claimFile("--checkpoint-every", checkpointPath(o));
  });
  const std::uint64_t checkpointEvery =
      o.checkpointEvery.empty() ? 0 : everyOf("--checkpoint-every", o.checkpointEvery);
  if (frameEvery) setInterruptMessage("flocklab: interrupted; no output written but the frames so far");

  EngineOptions engine = runEngineOptions(o);
  Cluster* const processes = cluster();
  if (processes) {
    processes->setUpRun();
    engine.partition = processes->partition();
  }
  Runner runner(setUpRunModel(o, engine));
  const ModelSetup& setup = runner.setup();
  Simulation& sim = runner.simulation();
  if (processes) runner.stepWith([processes](Simulation& s) { processes->step(s); });
  if (processes && sim.flock().size() > 2147483647u)
    throw UsageError(
        fmt::format("over several MPI processes a run takes at most 2147483647 boids (got {})", sim.flock().size()));
  if (processes && setup.form == "sequential")
    throw UsageError(
        fmt::format("--model {} runs over several MPI processes only in its synchronous form (add --sync): "
                    "the sequential form moves one agent after another",
                    setup.model->name));
  if (frameEvery && !o.dryRun) makeFolder("--picture-every", o.pictureEvery[1]);
  if (frameEvery)
    checkFrames(o.pictureEvery[1], frameEvery, o.steps ? static_cast<std::uint64_t>(*o.steps) : setup.defaultSteps);
  if (checkpointEvery && !o.dryRun) {
    makeFolder("--checkpoint-every", o.checkpointEvery[1]);
    // A checkpoint that could not be written would be found at its first step: try now. It must
    // be a regular file, which --resume reads back (a FIFO or a device cannot be).
    onOutputs([&] { AtomicFile{checkpointPath(o), AtomicFile::Accept::regularFile}; });
  }

  if ((trajectoryFile || trackFile) && setup.model->countMayChange(setup.model->current(sim)))
    throw UsageError(std::string(trajectoryFile ? "--trajectory" : "--plot-track") +
                     " needs a fixed number of boids, and this run removes caught prey; use --catches rebirth");
  RunReport report;
  report.model = sim.model();
  report.label = setup.label;
  report.preset = setup.preset;
  report.form = setup.form;
  report.countUnit = setup.model->countUnit;
  report.count = sim.flock().size();
  report.steps = o.steps ? static_cast<std::uint64_t>(*o.steps) : setup.defaultSteps;
  const std::uint64_t first = sim.stepCount();  // 0, or the checkpoint's step
  report.firstStep = first;
  report.resumedFrom = o.resumeDir;
  // A checkpoint's run is the run file of the run as it began (a resumed run's included), so
  // that a run resumed from it, and its --write-config, describe the same run.
  // (Taken before any ramp moves a parameter: --write-config writes it too.)
  const nlohmann::ordered_json runFile = resolvedRunFile(o, setup, report.steps);
  const nlohmann::json checkpointRun = runFile;
  const auto writeCheckpoint = [&] {
    const std::string bytes = formatCheckpoint({checkpointRun, sim.stepCount(), sim.flock(), sim.modelState()});
    onOutputs([&] { AtomicFile(checkpointPath(o), AtomicFile::Accept::regularFile).commit(bytes); });
  };
  if (setup.seedUsed) report.seed = o.seed;
  report.startFile = o.initFile;
  report.threads = sim.options().threads;
  if (processes) report.processes = processes->size();
  const auto every = static_cast<std::uint64_t>(o.every);
  std::unique_ptr<NpyTrajectory> trajectory;
  if (trajectoryFile)
    trajectory = onOutputs([&] {
      return std::make_unique<NpyTrajectory>(*trajectoryFile, report.steps / every - first / every + 1, report.count,
                                             sim.flock().dimensions);
    });
  const std::string caption = pictureCaption(setup, o);
  if (!o.camera.empty() && !sim.flock().is3d())
    throw UsageError("--camera places the camera of 3D pictures; this run is 2D");
  const Camera camera = o.camera.empty() ? Camera{} : parseCamera(o.camera);
  if (o.dryRun) {
    const std::string text = o.json ? formatDryRunJson(report)
                                    : summaryHeader(report) +
                                          "dry run: every option checked and the start set up; no step run, no file "
                                          "written\n";
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
  }
  // The start's metrics (the work of a step or more on a large flock; a dry run needs none).
  report.metrics = setup.model->metrics(setup.model->current(sim));
  report.start = sim.metrics();
  if (interrupted()) return reportInterrupted();
  // The picture now; the camera turns once a frame of --picture-every (or of the movie).
  const std::uint64_t orbitEvery = frameEvery ? frameEvery : (movieFile ? static_cast<std::uint64_t>(o.movieEvery) : 0);
  const auto picture = [&] {
    const double frame = orbitEvery ? static_cast<double>(sim.stepCount() / orbitEvery) : 0.0;
    return flockPicture(sim, pictureCaption(setup, o, sim.stepCount()), camera, frame);
  };
  std::unique_ptr<MovieEncoder> movie;
  if (movieFile) movie = std::make_unique<MovieEncoder>(o.movieFile, o.fps);
  // ffmpeg's failures are the movie's output errors, named by its path; after an interrupt, the
  // interrupt's.
  const auto forMovie = [&](const auto& work) {
    try {
      return work();
    } catch (const std::runtime_error& e) {
      if (interrupted()) throw RunInterrupted{};
      throw OutputError(std::string("--movie ") + o.movieFile + ": " + e.what());
    }
  };
  const auto movieFrame = [&] { onOutputs([&] { forMovie([&] { movie->add(svgToPng(picture())); }); }); };

  const bool wantSeries = metricsFile || plotFile;
  std::vector<SeriesRow> series;
  if (wantSeries) series.push_back({first, report.start});
  Track track(trackFile != nullptr, sim);
  if (trajectory) onOutputs([&] { trajectory->append(sim.flock()); });
  if (frameEvery) writeFrame(o.pictureEvery[1], 0, picture());
  if (movie) movieFrame();
  ProgressBar progress(report.steps, "steps", !o.quiet);
  std::chrono::duration<double> stepping{0};
  while (sim.stepCount() < report.steps) {
    if (interrupted()) {
      progress.finish();
      return reportInterrupted();
    }
    const auto begin = std::chrono::steady_clock::now();
    runner.step();
    stepping += std::chrono::steady_clock::now() - begin;
    const std::uint64_t step = sim.stepCount();
    track.add(sim);
    if (wantSeries && (step % every == 0 || step == report.steps)) series.push_back({step, sim.metrics()});
    if (trajectory && step % every == 0) onOutputs([&] { trajectory->append(sim.flock()); });
    if (frameEvery && step % frameEvery == 0) writeFrame(o.pictureEvery[1], step, picture());
    if (movie && (step % static_cast<std::uint64_t>(o.movieEvery) == 0 || step == report.steps)) movieFrame();
    if (checkpointEvery && step % checkpointEvery == 0) writeCheckpoint();
    progress.update(step);
  }
  progress.finish();
  report.seconds = stepping.count();
  report.end = series.empty() || series.back().step != report.steps ? sim.metrics() : series.back().metrics;
  if (o.hash) report.hash = hashHex(stateHash(sim.flock()));

  // Every output is made before any is published, so a failure or an interrupt leaves none.
  onOutputs([&] {
    if (metricsFile) metricsFile->write(formatSeries(series, report.metrics, endsWith(o.metricsOut, ".json")));
    if (saveFile) saveFile->write(formatStateCsv(sim.flock()));
    if (plotFile) plotFile->write(pictureBytes(o.plotFile, orderChart(series, report.metrics, caption)));
    if (trackFile) trackFile->write(pictureBytes(o.plotTrackFile, track.chart(caption)));
    if (pictureFile) pictureFile->write(pictureBytes(o.pictureFile, picture()));
    if (configFile) configFile->write(runFile.dump(2) + "\n");
    if (trajectory) trajectory->complete();
    if (movie) movieFile->write(forMovie([&] { return movie->finish(); }));
  });
  if (interrupted()) return reportInterrupted();
  onOutputs([&] { outputs.commitAll(); });
  report.totalSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  const std::string text = o.json ? formatSummaryJson(report) : formatSummary(report);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

}  // namespace

int executeRun(RunOptions o, const CLI::App& command) {
  try {
    return runOnce(std::move(o), command);
  } catch (const RunInterrupted&) {
    return reportInterrupted();
  }
}

}  // namespace flocklab::cli
