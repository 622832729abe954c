// Model setup for `flocklab run`. Design: each model owns a list of options (some shared by
// two models); one given to the wrong model is an error rather than silently ignored, because
// a user who types --radius with the steering model means something the run would not do.
#include "commands/model_setup.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "flocklab/models/abm_simulation.hpp"
#include "flocklab/models/lab_simulation.hpp"
#include "support/memory.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/models/steering_simulation.hpp"
#include "support/text_fields.hpp"
#include "support/usage_error.hpp"

namespace flocklab::cli {
namespace {

struct Named {
  const char* flag;
  bool given;
};

void rejectForeign(const char* model, std::initializer_list<Named> options, const char* owner) {
  for (const Named& o : options)
    if (o.given)
      throw UsageError(fmt::format("{} belongs to --model {}, not --model {}", o.flag, owner, model));
}

// Applies a given value after checking it is finite and, unless zero is allowed, positive.
void apply(double& target, const std::optional<double>& value, const char* flag, bool allowZero) {
  if (!value) return;
  if (!std::isfinite(*value) || *value < 0 || (!allowZero && *value == 0))
    throw UsageError(fmt::format("{} must be a finite number {} (got {})", flag,
                                 allowZero ? ">= 0" : "> 0", *value));
  target = *value;
}

// Numbers separated by commas, e.g. "450,280" or "450,280,60".
std::vector<double> parseNumbers(std::string_view text, std::size_t count, const std::string& what) {
  const auto fields = split(text, ',');
  if (fields.size() != count) throw UsageError(what);
  std::vector<double> values;
  for (std::string_view field : fields) {
    const auto v = parseDouble(field);
    if (!v) throw UsageError(what);
    values.push_back(*v);
  }
  return values;
}

std::uint64_t parseStep(std::string_view text, const std::string& what) {
  const auto step = parseWhole(text);
  if (!step) throw UsageError(what);
  return *step;
}

// "food:X,Y" or "predator:X,Y", optionally "@FROM-TO" (steps, TO excluded).
Pointer parsePointer(const std::string& text) {
  const std::string what = "--pointer must look like food:X,Y or predator:X,Y[@FROM-TO] (got " + text + ")";
  Pointer p;
  const std::size_t colon = text.find(':');
  const std::string mode = text.substr(0, colon);
  if (mode == "food") p.mode = PointerMode::Food;
  else if (mode == "predator") p.mode = PointerMode::Predator;
  else throw UsageError(what);
  if (colon == std::string::npos) throw UsageError(what);
  std::string_view rest = std::string_view(text).substr(colon + 1);
  const std::size_t at = rest.find('@');
  const auto xy = parseNumbers(rest.substr(0, at), 2, what);
  p.x = xy[0], p.y = xy[1];
  if (at != std::string_view::npos) {
    const std::string_view range = rest.substr(at + 1);
    const std::size_t dash = range.find('-');
    if (dash == std::string_view::npos) throw UsageError(what);
    p.fromStep = parseStep(range.substr(0, dash), what);
    p.toStep = parseStep(range.substr(dash + 1), what);
    if (p.toStep <= p.fromStep) throw UsageError("--pointer's step range must end after it starts (got " + text + ")");
  }
  return p;
}

Flock startFlock(const RunOptions& o, const Space& space, std::int64_t defaultCount,
                 const std::function<Flock(std::size_t)>& random) {
  if (!o.initFile.empty()) {
    try {
      return readStateCsv(o.initFile, space);
    } catch (const CsvError& e) {
      throw UsageError(e.what());
    }
  }
  const std::int64_t count = o.count.value_or(defaultCount);
  if (count < 1) throw UsageError(fmt::format("--count must be at least 1 (got {})", count));
  if (const std::string problem = memoryProblem(static_cast<std::uint64_t>(count)); !problem.empty())
    throw UsageError(problem);
  return random(static_cast<std::size_t>(count));
}

// The options only the steering model takes.
void rejectSteeringOnly(const char* model, const RunOptions& o) {
  rejectForeign(model,
                {{"--vision", o.vision.has_value()}, {"--separation-radius", o.separationRadius.has_value()},
                 {"--fov", o.fov.has_value()}, {"--width", o.width.has_value()},
                 {"--height", o.height.has_value()}, {"--edges", o.edges.has_value()},
                 {"--dt", o.dt.has_value()}, {"--pointer", o.pointer.has_value()},
                 {"--obstacle", !o.obstacles.empty()}, {"--food-weight", o.foodWeight.has_value()},
                 {"--predator-weight", o.predatorWeight.has_value()},
                 {"--wall-weight", o.wallWeight.has_value()}, {"--obstacle-weight", o.obstacleWeight.has_value()}},
                "steering");
}

ModelSetup setUpLab(const RunOptions& o, const EngineOptions& engine) {
  rejectForeign("lab", {{"--preset", o.preset.has_value()}}, "steering or abm");
  rejectForeign("lab", {{"--sync", o.sync}}, "abm");
  rejectSteeringOnly("lab", o);
  LabParams p;
  apply(p.separation, o.separation, "--separation", true);
  apply(p.alignment, o.alignment, "--alignment", true);
  apply(p.cohesion, o.cohesion, "--cohesion", true);
  apply(p.radius, o.radius, "--radius", false);
  apply(p.maxSpeed, o.maxSpeed, "--max-speed", false);
  apply(p.world, o.world, "--world", false);
  if (const std::string problem = validate(p); !problem.empty()) throw UsageError(problem);
  Flock start = startFlock(o, Space::square(p.world), 120,
                           [&](std::size_t n) { return randomLabStart(n, p, o.seed); });
  return {std::make_unique<LabSimulation>(p, std::move(start), engine), "lab", "", 600, ""};
}

ModelSetup setUpSteering(const RunOptions& o, const EngineOptions& engine) {
  rejectForeign("steering", {{"--radius", o.radius.has_value()}, {"--world", o.world.has_value()}}, "lab or abm");
  rejectForeign("steering", {{"--sync", o.sync}}, "abm");
  const std::string presetName = o.preset.value_or("flock");
  const auto preset = parseSteeringPreset(presetName);
  if (!preset)
    throw UsageError("--preset must be flock, school, swarm or chaos (got " + presetName + ")");
  SteeringParams p = steeringPreset(*preset);
  apply(p.separation, o.separation, "--separation", true);
  apply(p.alignment, o.alignment, "--alignment", true);
  apply(p.cohesion, o.cohesion, "--cohesion", true);
  apply(p.maxSpeed, o.maxSpeed, "--max-speed", false);
  apply(p.vision, o.vision, "--vision", false);
  apply(p.separationRadius, o.separationRadius, "--separation-radius", false);
  apply(p.width, o.width, "--width", false);
  apply(p.height, o.height, "--height", false);
  apply(p.dt, o.dt, "--dt", false);
  apply(p.foodWeight, o.foodWeight, "--food-weight", true);
  apply(p.predatorWeight, o.predatorWeight, "--predator-weight", true);
  apply(p.wallWeight, o.wallWeight, "--wall-weight", true);
  apply(p.obstacleWeight, o.obstacleWeight, "--obstacle-weight", true);
  if (o.fov) {
    if (!(*o.fov > 0 && *o.fov <= 360))
      throw UsageError(fmt::format("--fov must be in (0, 360] degrees (got {})", *o.fov));
    p.fov = *o.fov;
  }
  if (o.edges) {
    if (*o.edges == "wrap") p.edges = Edges::Wrap;
    else if (*o.edges == "walls") p.edges = Edges::Walls;
    else throw UsageError("--edges must be wrap or walls (got " + *o.edges + ")");
  }
  if (o.pointer) p.pointer = parsePointer(*o.pointer);
  for (const std::string& text : o.obstacles) {
    const auto v = parseNumbers(text, 3, "--obstacle must look like X,Y,R (got " + text + ")");
    p.obstacles.push_back({v[0], v[1], v[2]});
  }
  if (const std::string problem = validate(p); !problem.empty()) throw UsageError(problem);
  Flock start = startFlock(o, p.space(), 1500,
                           [&](std::size_t n) { return randomSteeringStart(n, p, o.seed); });
  return {std::make_unique<SteeringSimulation>(p, std::move(start), engine),
          "steering (preset " + presetName + ")", presetName, 1800, ""};
}

// The framework comparison's Flocking: --radius is the visual distance; the rule weights and
// the speed are the frameworks' fixed values, so the weight and speed options are refused.
ModelSetup setUpAbm(const RunOptions& o, const EngineOptions& engine) {
  rejectForeign("abm",
                {{"--separation", o.separation.has_value()}, {"--alignment", o.alignment.has_value()},
                 {"--cohesion", o.cohesion.has_value()}, {"--max-speed", o.maxSpeed.has_value()}},
                "lab or steering");
  rejectSteeringOnly("abm", o);
  const std::string presetName = o.preset.value_or("small");
  const auto preset = parseAbmPreset(presetName);
  if (!preset) throw UsageError("--preset must be small or large with --model abm (got " + presetName + ")");
  AbmParams p = abmPreset(*preset);
  apply(p.visualDistance, o.radius, "--radius", false);
  apply(p.world, o.world, "--world", false);
  p.sync = o.sync;
  if (const std::string problem = validate(p); !problem.empty()) throw UsageError(problem);
  Flock start = startFlock(o, Space::square(p.world), static_cast<std::int64_t>(abmPresetCount(*preset)),
                           [&](std::size_t n) { return randomAbmStart(n, p, o.seed); });
  return {std::make_unique<AbmSimulation>(p, std::move(start), o.seed, engine),
          "abm (preset " + presetName + (p.sync ? ", sync)" : ", sequential)"), presetName, 100,
          p.sync ? "sync" : "sequential"};
}

}  // namespace

ModelSetup setUpModel(const RunOptions& o, const EngineOptions& engine) {
  try {
    if (o.model == "lab") return setUpLab(o, engine);
    if (o.model == "steering") return setUpSteering(o, engine);
    if (o.model == "abm") return setUpAbm(o, engine);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  throw UsageError("--model must be lab, steering or abm (got " + o.model + ")");
}

}  // namespace flocklab::cli
