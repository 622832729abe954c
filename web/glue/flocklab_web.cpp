// The engine as WebAssembly: the same C++ core behind a small embind API, which the npm
// package's index.js (web/package) wraps for users and the browser lab. Design: callers learn
// every model, parameter, preset and metric from registryJson(), so this file names no model.
//
// No C++ exception crosses into JavaScript: embind hands JS only the exception's address and
// nothing frees it (about 90 bytes lost per refused call). Every call that can fail catches here
// and reports through lastError(): create() returns null, setParams(), spawn() and step() false.
// Nor may an exception start in the engine's step code: those files are compiled without
// -fexceptions (src/CMakeLists.txt), so an exception passing through them frees nothing they
// hold (a ramped step refused by the model's setParams lost its message, 56 to 104 bytes a
// call). So every value this file hands to the step code is checked here first, in code
// compiled with -fexceptions: a change of parameters (a live one or a ramp's, runs::checkChange,
// which the runner also calls before each ramped step: the values together, and a new world
// that must still hold every boid) and a spawned boid's kind and place; the step code's own
// checks then never throw.
//
// Positions and velocities are typed-array views straight into wasm memory, for index.js to
// copy from at once and never keep: the flock's arrays are gathered from the step driver only
// when asked for, move when the count changes, are left behind when memory grows and freed
// with the flock, so a kept view would read stale, moved or freed memory (docs/javascript.md).
//
// Threads: the threaded module (flocklab_core_mt, built with FLOCKLAB_THREADS and -pthread) has
// one pool for all its flocks, started by startThreads() before the first flock; each flock's
// steps and metrics run on it. The single-threaded module's flocks run on the caller alone.
// Either way the bits are the same (the engine's results do not depend on its threads).
//
// Numbers from JavaScript arrive as doubles and are checked here before any cast: embind's own
// conversion to an integer wraps (2^32 becomes 0), and a double cast to an integer it does not
// fit is undefined behaviour.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <malloc.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>

#include "flocklab/decimal_text.hpp"
#include "flocklab/flocklab.hpp"
#include "flocklab/io/params_json.hpp"
#include "flocklab/keyed_message.hpp"
#include "flocklab/registry.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/world_view.hpp"
#include "runs/model_setup.hpp"
#include "runs/ramp.hpp"
#include "runs/runner.hpp"
#include "runs/start_count.hpp"
#include "runs/unknown_param.hpp"

namespace flocklab::web {
namespace {

/// The most memory a wasm32 module can address; a flock that needs more is refused up front.
constexpr double kWasmBytes = 2.0 * (1ULL << 30);
/// 2^53 - 1: every whole number up to it is exactly a double, so it is the most steps and boids
/// JavaScript can ask for without rounding.
constexpr double kMaxWhole = 9007199254740991.0;

/// Is `v` a whole number in [least, most]? False for NaN and the infinities.
bool whole(double v, double least, double most) { return v >= least && v <= most && std::floor(v) == v; }

std::string lastError_;
/// The threaded module's pool, shared by every flock; null: each flock steps on the caller.
std::shared_ptr<Executor> pool_;

/// What the run library's set-up asks of the page: no files (the page has none: an --init is
/// refused), WebAssembly's 2 GiB for memory, and no warnings (the page shows none yet).
const runs::SetupHost& pageHost() {
  static const runs::SetupHost host{nullptr,
                                    [](std::uint64_t bytes, const std::string& what) -> std::string {
                                      if (static_cast<double>(bytes) <= kWasmBytes) return "";
                                      return what + " more memory than the 2 GiB WebAssembly can address";
                                    },
                                    nullptr};
  return host;
}

emscripten::val view(const std::vector<double>& v) {
  return emscripten::val(emscripten::typed_memory_view(v.size(), v.data()));
}

/// Runs `f`; a thrown exception becomes lastError() and `failed` is returned instead.
template <class F, class R>
R guarded(F&& f, R failed) {
  lastError_.clear();
  try {
    return f();
  } catch (const std::bad_alloc&) {
    lastError_ = "out of memory: WebAssembly has at most 2 GiB";
  } catch (const std::exception& e) {
    lastError_ = markedMessage(e);  // index.js spells the marked keys as the caller named them
  }
  return failed;
}

}  // namespace

/// One flock of any registered model.
class WebSimulation {
 public:
  /// `paramsJson` holds the parameters to set over the preset's (or the model's defaults);
  /// `count` < 0 takes the preset's count. With species the count is theirs: a `count` given
  /// must repeat their total, as `flocklab run --count` must. `rampsJson`: an array of ramp
  /// texts (runs/ramp.hpp), each set before every step.
  WebSimulation(const std::string& model, const std::string& preset, const std::string& paramsJson, double count,
                const std::string& seed, const std::string& rampsJson)
      : model_(&flocklab::model(model)) {
    runs::RunOptions o;
    o.model = model;
    if (!preset.empty()) o.preset = preset;
    o.seed = runs::seedFrom(seed);
    o.ramps = nlohmann::json::parse(rampsJson).get<std::vector<std::string>>();
    // The parameters in the page's language, JSON; every other check is the run library's.
    ParamSet params = model_->defaults(preset);
    readParamsJson(params, paramsJson);
    if (const std::string problem = params.markedProblem(); !problem.empty()) throw KeyedError(problem);
    const bool given = !(count < 0);  // NaN is a count given, and refused by the start checks
    EngineOptions options;
    options.threads = 1;
    options.executor = pool_;
    runner_ = std::make_unique<runs::Runner>(
        runs::setUpModelWith(o, params, given ? std::optional<double>(count) : std::nullopt, options, pageHost()));
  }

  /// `k` steps, a whole number from 0 to 2^53-1 (index.js checks it too). False (see
  /// lastError()) for another `k`, with no step taken.
  bool step(double k) {
    return guarded(
        [&] {
          if (!whole(k, 0, kMaxWhole))
            throw std::invalid_argument("steps must be a whole number from 0 to 2^53-1 (got " + writeDecimal(k) + ")");
          // Each step with its ramped values, checked before they reach the step code (see the top).
          runner_->advance(static_cast<std::uint64_t>(k));
          return true;
        },
        false);
  }
  /// The value each ramped parameter runs with for the step from `step` on (runs::rampedValues,
  /// the rule the steps follow), as a JSON object keyed by the registry in the ramps' order;
  /// empty without ramps and before any begins. `step` as step()'s `k`; "" (see lastError()) for another.
  std::string rampedJson(double step) const {
    return guarded(
        [&] {
          if (!whole(step, 0, kMaxWhole))
            throw std::invalid_argument("step must be a whole number from 0 to 2^53-1 (got " + writeDecimal(step) +
                                        ")");
          nlohmann::ordered_json values = nlohmann::ordered_json::object();
          for (const auto& [key, value] : runs::rampedValues(runner_->setup().ramps, static_cast<std::uint64_t>(step)))
            values[key] = value;
          return values.dump();
        },
        std::string());
  }
  double stepCount() const { return static_cast<double>(sim().stepCount()); }
  int count() const { return static_cast<int>(sim().flock().size()); }
  std::string model() const { return model_->name; }
  std::string hash() const { return hashHex(stateHash(sim().flock())); }

  emscripten::val x() const { return view(sim().flock().x); }
  emscripten::val y() const { return view(sim().flock().y); }
  emscripten::val vx() const { return view(sim().flock().vx); }
  emscripten::val vy() const { return view(sim().flock().vy); }
  /// The third axis of a 3D flock (empty views in 2D), and its dimension count.
  emscripten::val z() const { return view(sim().flock().z); }
  emscripten::val vz() const { return view(sim().flock().vz); }
  int dimensions() const { return sim().flock().dimensions; }

  /// The metrics as a JSON object keyed by the metric schema, then the model's own metrics
  /// (a species' order "prey.polarization", "catches", ...).
  std::string metricsJson() const { return metricsToJson(sim().metrics(), metricSpecs()).dump(); }
  /// This run's metrics in order: [{key, label, unit, whole, digits}, ...], the schema's first.
  std::string metricSpecsJson() const {
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const MetricSpec& m : metricSpecs())
      all.push_back({{"key", m.key}, {"label", m.label}, {"unit", m.unit}, {"whole", m.whole}, {"digits", m.digits}});
    return all.dump();
  }
  /// The kinds of boid (species) and the food now: {"kinds": [{name, colour, size, predator,
  /// count}], "food": [{x, y, z, amount, full}]}; no kinds for a run without species.
  std::string appearanceJson() const {
    const Appearance a = sim().appearance();
    nlohmann::ordered_json kinds = nlohmann::ordered_json::array(), food = nlohmann::ordered_json::array();
    for (const BoidKind& k : a.kinds)
      kinds.push_back(
          {{"name", k.name}, {"colour", k.colour}, {"size", k.size}, {"predator", k.predator}, {"count", k.count}});
    for (const FoodMark& f : a.food)
      food.push_back({{"x", f.x}, {"y", f.y}, {"z", f.z}, {"amount", f.amount}, {"full", f.full}});
    return nlohmann::ordered_json{{"kinds", kinds}, {"food", food}}.dump();
  }
  /// Adds a boid of kind `kind` (a species of the steering model) at (x, y, z), flying towards
  /// the centre: "click to spawn a predator". False (see lastError()) for a model without
  /// kinds, a kind it lacks or a bad place.
  bool spawn(double kind, double x, double y, double z) {
    return guarded(
        [&] {
          if (!whole(kind, 0, 4294967295.0))
            throw std::invalid_argument("kind must be a species index, a whole number from 0 to 4294967295 (got " +
                                        writeDecimal(kind) + ")");
          // Checked here, not in the step code (see the top): the kind and the place.
          const std::size_t kinds = sim().appearance().kinds.size();
          if (kinds == 0)
            throw std::invalid_argument(std::string("the ") + sim().model() + " model has no kinds of boid to add");
          if (kind >= static_cast<double>(kinds))
            throw std::invalid_argument("there is no species " + writeDecimal(kind) + " to add a boid to");
          const Space world = sim().space();
          if (!(world.is3d() ? world.contains(x, y, z) : world.contains(x, y)))
            throw std::invalid_argument("the new boid's place is off the world");
          sim().addBoid(static_cast<std::uint32_t>(kind), x, y, z);
          return true;
        },
        false);
  }
  /// Each boid's kind (an index into appearanceJson's kinds), as a view valid until the next
  /// step() or kindOf() (empty without species).
  emscripten::val kindOf() {
    kindOf_ = sim().appearance().kindOf;
    return emscripten::val(emscripten::typed_memory_view(kindOf_.size(), kindOf_.data()));
  }
  /// The current parameters as a JSON object keyed by the registry.
  std::string paramsJson() const { return paramsToJson(model_->current(sim())).dump(); }

  /// The world as the engine steps it: {dims, width, height, depth (0 in 2D), wrap, open, unit},
  /// so a page draws it without guessing from parameter names (open: no walls and no wrap, the
  /// box only where the start lies), as every front end describes it (world_view.hpp); the unit
  /// is the model's (ModelDescription::lengthUnit).
  std::string spaceJson() const {
    const WorldDescription w = describeWorld(*model_, sim());
    return nlohmann::ordered_json{{"dims", w.dims}, {"width", w.width}, {"height", w.height}, {"depth", w.depth},
                                  {"wrap", w.wrap}, {"open", w.open},   {"unit", w.unit}}
        .dump();
  }
  /// The box to show now (world_view.hpp): {x0, y0, z0, width, height, depth}; in open space the
  /// square (cube) that follows the group.
  std::string viewJson() const {
    const WorldView v = viewOf(sim().space(), sim().flock());
    return nlohmann::ordered_json{{"x0", v.x0},       {"y0", v.y0},         {"z0", v.z0},
                                  {"width", v.width}, {"height", v.height}, {"depth", v.depth}}
        .dump();
  }
  /// The obstacles now: [{x, y, radius}], in 3D [{x, y, z, radius}] (world units).
  std::string obstaclesJson() const {
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const Obstacle& o : model_->obstacles(model_->current(sim())))
      all.push_back(sim().flock().dimensions == 3
                        ? nlohmann::ordered_json{{"x", o.x}, {"y", o.y}, {"z", o.z}, {"radius", o.radius}}
                        : nlohmann::ordered_json{{"x", o.x}, {"y", o.y}, {"radius", o.radius}});
    return all.dump();
  }

  /// Changes parameters live: the keys present in `json` over the current ones. False (see
  /// lastError()) when they are refused; the run is then unchanged.
  bool setParams(const std::string& json) {
    return guarded(
        [&] {
          ParamSet p = model_->current(sim());
          readParamsJson(p, json);
          runs::checkChange(*model_, sim(), p);  // refused here, not in the model's setParams (see the top)
          model_->change(sim(), p);
          return true;
        },
        false);
  }

 private:
  std::vector<MetricSpec> metricSpecs() const { return model_->metrics(model_->current(sim())); }
  const ModelDescription* model_;
  Simulation& sim() const { return runner_->simulation(); }
  std::unique_ptr<runs::Runner> runner_;  // the run, stepped with its ramps (none for most flocks)
  std::vector<std::uint32_t> kindOf_;
};

/// A new flock, or null with the reason in lastError().
std::unique_ptr<WebSimulation> create(const std::string& model, const std::string& preset,
                                      const std::string& paramsJson, double count, const std::string& seed,
                                      const std::string& rampsJson) {
  return guarded([&] { return std::make_unique<WebSimulation>(model, preset, paramsJson, count, seed, rampsJson); },
                 std::unique_ptr<WebSimulation>());
}

/// Starts the pool of `threads` threads (the caller included) that every flock made after it
/// shares: a whole number from 1 to 64 (index.js calls it once, right after loading; flocks
/// made before keep the pool they had). False (see lastError()) for another number, or when the
/// threads cannot start (more than the module's prepared workers: the pool then starts none).
/// Without FLOCKLAB_THREADS the pool has 1 thread, whatever the number.
bool startThreads(double threads) {
  return guarded(
      [&] {
        if (!whole(threads, 1, 64))
          throw std::invalid_argument("threads must be a whole number from 1 to 64 (got " + writeDecimal(threads) +
                                      ")");
        pool_.reset();  // the old pool's workers go back to the module before the new one starts
        pool_ = makeThreadPool(static_cast<unsigned>(threads));
        return true;
      },
      false);
}

/// Threads each step uses: the pool's, or 1 without one.
int threads() { return pool_ ? static_cast<int>(pool_->size()) : 1; }

/// The kernels steps run for lanes of boids (the lab and abm models) and for a boid's hits (the
/// steering model), joined by a comma: each "scalar" (the one-boid path) or "portable" (simd128).
std::string lanes() {
  return std::string(laneKernelName(laneKernel(LaneUse::Boids))) + "," + laneKernelName(laneKernel(LaneUse::Hits));
}

/// Makes every later step of every flock run the kernel `name` ("scalar" or "portable"; the
/// bits are the same): false (see lastError()) for another name.
bool setLanes(const std::string& name) {
  return guarded(
      [&] {
        const std::optional<LaneKernel> kernel = laneKernelNamed(name);
        if (kernel != LaneKernel::Scalar && kernel != LaneKernel::Portable)
          throw std::invalid_argument("lanes must be scalar or portable (got " + excerpt(name) + ")");
        setLaneKernel(*kernel);
        return true;
      },
      false);
}

/// Why the last create(), step(), setParams() or spawn() failed ("" when it did not).
std::string lastError() { return lastError_; }

/// The run library's sentence for an option `given` that model `model` has no parameter for
/// (runs/unknown_param.hpp), with the package's settings and calls, keys marked for index.js to
/// spell; "" for a model the registry lacks.
std::string unknownParamMessage(const std::string& model, const std::string& given) {
  return guarded(
      [&] {
        return runs::unknownParamMessage(flocklab::model(model), given,
                                         {{"count", "seed", "preset", "ramp"}, "step(n)", "models()"});
      },
      std::string());
}

/// Bytes of the wasm heap in use (malloc's count): what a leak would raise.
double heapBytes() { return static_cast<double>(mallinfo().uordblks); }

/// Bytes of wasm memory: it grows as flocks need it and never shrinks.
double memoryBytes() { return static_cast<double>(emscripten_get_heap_size()); }

std::string version() { return kVersion; }

EMSCRIPTEN_BINDINGS(flocklab) {
  emscripten::class_<WebSimulation>("Simulation")
      .function("step", &WebSimulation::step)
      .function("stepCount", &WebSimulation::stepCount)
      .function("count", &WebSimulation::count)
      .function("model", &WebSimulation::model)
      .function("hash", &WebSimulation::hash)
      .function("x", &WebSimulation::x)
      .function("y", &WebSimulation::y)
      .function("vx", &WebSimulation::vx)
      .function("vy", &WebSimulation::vy)
      .function("z", &WebSimulation::z)
      .function("vz", &WebSimulation::vz)
      .function("dimensions", &WebSimulation::dimensions)
      .function("metricsJson", &WebSimulation::metricsJson)
      .function("metricSpecsJson", &WebSimulation::metricSpecsJson)
      .function("appearanceJson", &WebSimulation::appearanceJson)
      .function("kindOf", &WebSimulation::kindOf)
      .function("spawn", &WebSimulation::spawn)
      .function("paramsJson", &WebSimulation::paramsJson)
      .function("setParams", &WebSimulation::setParams)
      .function("rampedJson", &WebSimulation::rampedJson)
      .function("spaceJson", &WebSimulation::spaceJson)
      .function("viewJson", &WebSimulation::viewJson)
      .function("obstaclesJson", &WebSimulation::obstaclesJson);
  emscripten::function("create", &create);
  emscripten::function("startThreads", &startThreads);
  emscripten::function("threads", &threads);
  emscripten::function("lanes", &lanes);
  emscripten::function("setLanes", &setLanes);
  emscripten::function("lastError", &lastError);
  emscripten::function("unknownParamMessage", &unknownParamMessage);
  emscripten::function("heapBytes", &heapBytes);
  emscripten::function("memoryBytes", &memoryBytes);
  emscripten::function("registryJson", &registryJson);
  emscripten::function("version", &version);
}

}  // namespace flocklab::web
