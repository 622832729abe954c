// The browser lab's view of the engine: the same C++ core, compiled to WebAssembly, behind a
// small embind API. Design: the page learns every model, parameter, preset and metric from
// registryJson() and builds its controls from it, so this file and the page name no model.
//
// Positions and velocities are handed out as typed-array views straight into wasm memory (no
// copies). They stay valid until the next step() or setParams() (a step may reallocate or
// reorder the state): fetch the views again after each.
#include <emscripten/bind.h>

#include <charconv>
#include <memory>
#include <stdexcept>
#include <string>

#include "flocklab/flocklab.hpp"
#include "flocklab/io/params_json.hpp"
#include "flocklab/registry.hpp"

namespace flocklab::web {
namespace {

std::uint64_t parseSeed(const std::string& text) {
  std::uint64_t seed = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw std::invalid_argument("the seed must be a whole number from 0 to 2^64-1");
  return seed;
}

emscripten::val view(const std::vector<double>& v) {
  return emscripten::val(emscripten::typed_memory_view(v.size(), v.data()));
}

}  // namespace

/// One flock of any registered model. Errors (bad parameters) throw; the JS side sees an
/// exception whose message it gets from errorMessage().
class WebSimulation {
 public:
  /// `paramsJson` holds the parameters to set over the preset's (or the model's defaults).
  WebSimulation(const std::string& model, const std::string& preset, const std::string& paramsJson, int count,
           const std::string& seed)
      : model_(&flocklab::model(model)), params_(model_->defaults(preset)) {
    const std::uint64_t s = parseSeed(seed);
    readParamsJson(params_, paramsJson);
    if (const std::string problem = params_.problem(); !problem.empty()) throw std::invalid_argument(problem);
    // Species give their own counts; `count` is then not used.
    const auto fixed = model_->fixedCount(params_);
    if (fixed && *fixed < 1) throw std::invalid_argument("the species add up to no boids");
    if (!fixed && count < 1) throw std::invalid_argument("the count must be at least 1");
    const std::size_t boids = fixed ? static_cast<std::size_t>(*fixed) : static_cast<std::size_t>(count);
    sim_ = model_->create(params_, model_->randomStart(params_, boids, s), s);
  }

  void step(int k) { sim_->step(static_cast<std::uint64_t>(k < 0 ? 0 : k)); }
  double stepCount() const { return static_cast<double>(sim_->stepCount()); }
  int count() const { return static_cast<int>(sim_->flock().size()); }
  std::string model() const { return model_->name; }
  std::string hash() const { return hashHex(stateHash(sim_->flock())); }

  emscripten::val x() const { return view(sim_->flock().x); }
  emscripten::val y() const { return view(sim_->flock().y); }
  emscripten::val vx() const { return view(sim_->flock().vx); }
  emscripten::val vy() const { return view(sim_->flock().vy); }
  /// The third axis of a 3D flock (empty views in 2D), and its dimension count.
  emscripten::val z() const { return view(sim_->flock().z); }
  emscripten::val vz() const { return view(sim_->flock().vz); }
  int dimensions() const { return sim_->flock().dimensions; }

  /// The metrics as a JSON object keyed by the metric schema, then the model's own metrics
  /// (a species' order "prey.polarization", "catches", ...).
  std::string metricsJson() const { return metricsToJson(sim_->metrics(), metricSpecs()).dump(); }
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
    const Appearance a = sim_->appearance();
    nlohmann::ordered_json kinds = nlohmann::ordered_json::array(), food = nlohmann::ordered_json::array();
    for (const BoidKind& k : a.kinds)
      kinds.push_back({{"name", k.name}, {"colour", k.colour}, {"size", k.size}, {"predator", k.predator}, {"count", k.count}});
    for (const FoodMark& f : a.food)
      food.push_back({{"x", f.x}, {"y", f.y}, {"z", f.z}, {"amount", f.amount}, {"full", f.full}});
    return nlohmann::ordered_json{{"kinds", kinds}, {"food", food}}.dump();
  }
  /// Adds a boid of kind `kind` (a species of the steering model) at (x, y, z), flying towards
  /// the centre: "click to spawn a predator". Throws for a model without kinds or a bad place.
  void spawn(int kind, double x, double y, double z) {
    if (kind < 0) throw std::invalid_argument("the kind must be >= 0");
    sim_->addBoid(static_cast<std::uint32_t>(kind), x, y, z);
  }
  /// Each boid's kind (an index into appearanceJson's kinds), as a view valid until the next
  /// step() or kindOf() (empty without species).
  emscripten::val kindOf() {
    kindOf_ = sim_->appearance().kindOf;
    return emscripten::val(emscripten::typed_memory_view(kindOf_.size(), kindOf_.data()));
  }
  /// The current parameters as a JSON object keyed by the registry.
  std::string paramsJson() const { return paramsToJson(model_->current(*sim_)).dump(); }

  /// Changes parameters live: the keys present in `json` over the current ones.
  void setParams(const std::string& json) {
    ParamSet p = model_->current(*sim_);
    readParamsJson(p, json);
    if (const std::string problem = p.problem(); !problem.empty()) throw std::invalid_argument(problem);
    model_->change(*sim_, p);
  }

 private:
  std::vector<MetricSpec> metricSpecs() const { return model_->metrics(model_->current(*sim_)); }

  const ModelDescription* model_;
  ParamSet params_;
  std::unique_ptr<Simulation> sim_;
  std::vector<std::uint32_t> kindOf_;
};

/// The message of the last exception thrown into JavaScript (embind passes only a pointer).
std::string errorMessage(std::intptr_t pointer) { return reinterpret_cast<const std::exception*>(pointer)->what(); }

std::string version() { return kVersion; }

EMSCRIPTEN_BINDINGS(flocklab) {
  emscripten::class_<WebSimulation>("Simulation")
      .constructor<std::string, std::string, std::string, int, std::string>()
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
      .function("setParams", &WebSimulation::setParams);
  emscripten::function("errorMessage", &errorMessage);
  emscripten::function("registryJson", &registryJson);
  emscripten::function("version", &version);
}

}  // namespace flocklab::web
