// The browser lab's view of the engine: the same C++ core, compiled to WebAssembly, behind a
// small embind API. JavaScript only draws and wires controls.
//
// Positions and velocities are handed out as typed-array views straight into wasm memory (no
// copies). A step swaps the state's buffers, so fetch the views again after every step().
#include <emscripten/bind.h>

#include <charconv>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "flocklab/flocklab.hpp"
#include "flocklab/io/params_json.hpp"

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

/// One flock of either model. Errors (bad parameters) throw; the JS side sees an exception
/// whose message it gets from lastError().
class WebFlock {
 public:
  WebFlock(const std::string& model, const std::string& paramsJson, int count, const std::string& seed)
      : model_(model) {
    if (count < 1) throw std::invalid_argument("the count must be at least 1");
    const std::uint64_t s = parseSeed(seed);
    if (model == "lab") {
      const LabParams p = labParamsFromJson(paramsJson);
      check(validate(p));
      sim_ = std::make_unique<LabSimulation>(p, randomLabStart(static_cast<std::size_t>(count), p, s));
    } else if (model == "steering") {
      const SteeringParams p = steeringParamsFromJson(paramsJson);
      check(validate(p));
      sim_ = std::make_unique<SteeringSimulation>(p, randomSteeringStart(static_cast<std::size_t>(count), p, s));
    } else {
      throw std::invalid_argument("the model must be lab or steering");
    }
  }

  void step(int k) { sim_->step(static_cast<std::uint64_t>(k < 0 ? 0 : k)); }
  double stepCount() const { return static_cast<double>(sim_->stepCount()); }
  int count() const { return static_cast<int>(sim_->flock().size()); }
  std::string model() const { return model_; }
  std::string hash() const { return hashHex(stateHash(sim_->flock())); }

  emscripten::val x() const { return view(sim_->flock().x); }
  emscripten::val y() const { return view(sim_->flock().y); }
  emscripten::val vx() const { return view(sim_->flock().vx); }
  emscripten::val vy() const { return view(sim_->flock().vy); }

  /// The metrics as a JSON object with the CLI's keys.
  std::string metricsJson() const {
    const Metrics m = sim_->metrics();
    return nlohmann::ordered_json{{"polarization", m.polarization},       {"flocks", m.flocks},
                          {"largest_flock", m.largestFlock},      {"largest_share", m.largestShare},
                          {"mean_nn_distance", m.meanNearestDistance}, {"mean_neighbors", m.meanNeighbors}}
        .dump();
  }

  /// The current parameters as JSON (the keys of flocklab::toJson).
  std::string paramsJson() const {
    if (auto* lab = dynamic_cast<LabSimulation*>(sim_.get())) return toJson(lab->params());
    return toJson(steering().params());
  }

  /// Changes parameters live: the keys present in `json` over the current ones.
  void setParams(const std::string& json) {
    if (auto* lab = dynamic_cast<LabSimulation*>(sim_.get())) {
      const LabParams p = labParamsFromJson(json, lab->params());
      check(validate(p));
      lab->setParams(p);
      return;
    }
    SteeringParams p = steeringParamsFromJson(json, steering().params());
    check(validate(p));
    steering().setParams(p);
  }

  /// The pointer of the steering model: mode "off", "food" or "predator" at (x, y), px.
  void setPointer(const std::string& mode, double px, double py) {
    SteeringParams p = steering().params();
    p.pointer = Pointer{};
    if (mode == "food") p.pointer.mode = PointerMode::Food;
    else if (mode == "predator") p.pointer.mode = PointerMode::Predator;
    else if (mode != "off") throw std::invalid_argument("the pointer is off, food or predator");
    p.pointer.x = px, p.pointer.y = py;
    check(validate(p));
    steering().setParams(p);
  }

 private:
  static void check(const std::string& problem) {
    if (!problem.empty()) throw std::invalid_argument(problem);
  }
  SteeringSimulation& steering() const {
    auto* s = dynamic_cast<SteeringSimulation*>(sim_.get());
    if (!s) throw std::invalid_argument("only the steering model has a pointer and obstacles");
    return *s;
  }

  std::string model_;
  std::unique_ptr<Simulation> sim_;
};

/// The message of the last exception thrown into JavaScript (embind passes only a pointer).
std::string errorMessage(std::intptr_t pointer) {
  return reinterpret_cast<const std::exception*>(pointer)->what();
}

/// A preset's parameters as JSON, for the page's preset menu.
std::string presetJson(const std::string& name) {
  const auto preset = parseSteeringPreset(name);
  if (!preset) throw std::invalid_argument("unknown preset " + name);
  return toJson(steeringPreset(*preset));
}

std::string labDefaultsJson() { return toJson(LabParams{}); }
std::string version() { return kVersion; }

EMSCRIPTEN_BINDINGS(flocklab) {
  emscripten::class_<WebFlock>("Flock")
      .constructor<std::string, std::string, int, std::string>()
      .function("step", &WebFlock::step)
      .function("stepCount", &WebFlock::stepCount)
      .function("count", &WebFlock::count)
      .function("model", &WebFlock::model)
      .function("hash", &WebFlock::hash)
      .function("x", &WebFlock::x)
      .function("y", &WebFlock::y)
      .function("vx", &WebFlock::vx)
      .function("vy", &WebFlock::vy)
      .function("metricsJson", &WebFlock::metricsJson)
      .function("paramsJson", &WebFlock::paramsJson)
      .function("setParams", &WebFlock::setParams)
      .function("setPointer", &WebFlock::setPointer);
  emscripten::function("errorMessage", &errorMessage);
  emscripten::function("presetJson", &presetJson);
  emscripten::function("labDefaultsJson", &labDefaultsJson);
  emscripten::function("version", &version);
}

}  // namespace flocklab::web
