#include "commands/run_config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <variant>

#include "flocklab/models/abm_simulation.hpp"
#include "flocklab/models/lab_simulation.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/models/steering_simulation.hpp"
#include "flocklab/version.hpp"
#include "support/usage_error.hpp"

namespace flocklab::cli {
namespace {

using Field = std::variant<std::string RunOptions::*, std::uint64_t RunOptions::*, bool RunOptions::*,
                           std::optional<std::int64_t> RunOptions::*, std::optional<double> RunOptions::*,
                           std::optional<std::string> RunOptions::*, std::vector<std::string> RunOptions::*>;

struct Key {
  const char* name;
  Field field;
};

// The model options, by their command-line names.
const Key kKeys[] = {
    {"model", &RunOptions::model},
    {"count", &RunOptions::count},
    {"steps", &RunOptions::steps},
    {"seed", &RunOptions::seed},
    {"init", &RunOptions::initFile},
    {"separation", &RunOptions::separation},
    {"alignment", &RunOptions::alignment},
    {"cohesion", &RunOptions::cohesion},
    {"max-speed", &RunOptions::maxSpeed},
    {"radius", &RunOptions::radius},
    {"world", &RunOptions::world},
    {"preset", &RunOptions::preset},
    {"sync", &RunOptions::sync},
    {"vision", &RunOptions::vision},
    {"separation-radius", &RunOptions::separationRadius},
    {"fov", &RunOptions::fov},
    {"width", &RunOptions::width},
    {"height", &RunOptions::height},
    {"edges", &RunOptions::edges},
    {"dt", &RunOptions::dt},
    {"obstacle", &RunOptions::obstacles},
    {"pointer", &RunOptions::pointer},
    {"food-weight", &RunOptions::foodWeight},
    {"predator-weight", &RunOptions::predatorWeight},
    {"wall-weight", &RunOptions::wallWeight},
    {"obstacle-weight", &RunOptions::obstacleWeight},
};

const Key* findKey(const std::string& name) {
  const auto it = std::find_if(std::begin(kKeys), std::end(kKeys), [&](const Key& k) { return name == k.name; });
  return it == std::end(kKeys) ? nullptr : it;
}

// Sets one field from a JSON value of the right type; returns the expected type when wrong.
const char* setField(RunOptions& o, const Field& field, const nlohmann::json& v) {
  struct Visitor {
    RunOptions& o;
    const nlohmann::json& v;
    const char* operator()(std::string RunOptions::*f) const {
      if (!v.is_string()) return "a string";
      o.*f = v.get<std::string>();
      return nullptr;
    }
    const char* operator()(std::uint64_t RunOptions::*f) const {
      if (!v.is_number_unsigned()) return "a whole number from 0 to 2^64-1";
      o.*f = v.get<std::uint64_t>();
      return nullptr;
    }
    const char* operator()(bool RunOptions::*f) const {
      if (!v.is_boolean()) return "true or false";
      o.*f = v.get<bool>();
      return nullptr;
    }
    const char* operator()(std::optional<std::int64_t> RunOptions::*f) const {
      if (!v.is_number_integer()) return "a whole number";
      o.*f = v.get<std::int64_t>();
      return nullptr;
    }
    const char* operator()(std::optional<double> RunOptions::*f) const {
      if (!v.is_number()) return "a number";
      o.*f = v.get<double>();
      return nullptr;
    }
    const char* operator()(std::optional<std::string> RunOptions::*f) const {
      if (!v.is_string()) return "a string";
      o.*f = v.get<std::string>();
      return nullptr;
    }
    const char* operator()(std::vector<std::string> RunOptions::*f) const {
      if (!v.is_array() || !std::all_of(v.begin(), v.end(), [](const auto& e) { return e.is_string(); }))
        return "a list of strings";
      o.*f = v.get<std::vector<std::string>>();
      return nullptr;
    }
  };
  return std::visit(Visitor{o, v}, field);
}

std::string obstacleText(const Obstacle& c) {
  return roundTrip(c.x) + "," + roundTrip(c.y) + "," + roundTrip(c.radius);
}

std::string pointerText(const Pointer& p) {
  std::string text = std::string(p.mode == PointerMode::Food ? "food:" : "predator:") + roundTrip(p.x) + "," + roundTrip(p.y);
  if (p.fromStep != 0 || p.toStep != Pointer{}.toStep) text += fmt::format("@{}-{}", p.fromStep, p.toStep);
  return text;
}

}  // namespace

nlohmann::json readRunFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("--config: cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  nlohmann::json config;
  try {
    config = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::parse_error& e) {
    throw UsageError(fmt::format("--config {}: not valid JSON (at byte {})", path, e.byte));
  }
  if (!config.is_object()) throw UsageError("--config " + path + ": must hold one JSON object");
  return config;
}

void applyRunFile(const nlohmann::json& config, const std::string& path, RunOptions& o,
                  const std::function<bool(const std::string&)>& given, const std::vector<std::string>& extraKeys) {
  for (const auto& [name, value] : config.items()) {
    if (name == "flocklab") {
      if (!value.is_string()) throw UsageError("--config " + path + ": key 'flocklab' must be a string (the version)");
      continue;
    }
    if (std::find(extraKeys.begin(), extraKeys.end(), name) != extraKeys.end()) continue;
    const Key* key = findKey(name);
    if (!key) throw UsageError("--config " + path + ": unknown key '" + name + "'");
    if (given(name)) continue;
    if (const char* expected = setField(o, key->field, value))
      throw UsageError(fmt::format("--config {}: key '{}' must be {} (got {})", path, name, expected, value.dump()));
  }
}

bool setNumericOption(RunOptions& o, const std::string& name, double value) {
  const Key* key = findKey(name);
  if (!key || name == "steps") return false;  // the steps are the sweep's own option
  if (const auto* f = std::get_if<std::optional<double> RunOptions::*>(&key->field)) {
    o.**f = value;
    return true;
  }
  if (const auto* f = std::get_if<std::optional<std::int64_t> RunOptions::*>(&key->field)) {
    o.**f = static_cast<std::int64_t>(value);
    return true;
  }
  return false;
}

nlohmann::ordered_json resolvedRunFile(const RunOptions& o, const ModelSetup& setup, std::uint64_t steps) {
  const Simulation& sim = *setup.simulation;
  nlohmann::ordered_json c{{"flocklab", kVersion}, {"model", sim.model()}};
  if (o.initFile.empty()) c["count"] = sim.flock().size();
  else c["init"] = o.initFile;
  c["steps"] = steps;
  c["seed"] = o.seed;
  if (const auto* lab = dynamic_cast<const LabSimulation*>(&sim)) {
    const LabParams& p = lab->params();
    c.update({{"separation", p.separation}, {"alignment", p.alignment}, {"cohesion", p.cohesion},
              {"max-speed", p.maxSpeed}, {"radius", p.radius}, {"world", p.world}});
  } else if (const auto* steering = dynamic_cast<const SteeringSimulation*>(&sim)) {
    const SteeringParams& p = steering->params();
    nlohmann::ordered_json obstacles = nlohmann::ordered_json::array();
    for (const Obstacle& ob : p.obstacles) obstacles.push_back(obstacleText(ob));
    c.update({{"preset", setup.preset}, {"separation", p.separation}, {"alignment", p.alignment},
              {"cohesion", p.cohesion}, {"max-speed", p.maxSpeed}, {"vision", p.vision},
              {"separation-radius", p.separationRadius}, {"fov", p.fov}, {"width", p.width}, {"height", p.height},
              {"edges", p.edges == Edges::Walls ? "walls" : "wrap"}, {"dt", p.dt}, {"obstacle", obstacles},
              {"food-weight", p.foodWeight}, {"predator-weight", p.predatorWeight}, {"wall-weight", p.wallWeight},
              {"obstacle-weight", p.obstacleWeight}});
    if (p.pointer.mode != PointerMode::Off) c["pointer"] = pointerText(p.pointer);
  } else if (const auto* abm = dynamic_cast<const AbmSimulation*>(&sim)) {
    const AbmParams& p = abm->params();
    c.update({{"preset", setup.preset}, {"radius", p.visualDistance}, {"world", p.world}, {"sync", p.sync}});
  }
  return c;
}

}  // namespace flocklab::cli
