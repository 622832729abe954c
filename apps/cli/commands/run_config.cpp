// Run files. Design: a run file holds the run's own keys (model, count, steps, seed, init,
// preset) and the model's parameters under the registry's keys; older files' dashed keys
// ("max-speed") and aliases ("radius" for abm's visual distance) still read. Values become the
// same texts a command line gives, so a file and a command line are checked alike.
#include "commands/run_config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "flocklab/io/params_json.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/registry.hpp"
#include "flocklab/version.hpp"
#include "support/usage_error.hpp"

namespace flocklab::cli {
namespace {

UsageError wrongType(const std::string& path, const std::string& key, const char* expected, const nlohmann::json& v) {
  return UsageError(fmt::format("--config {}: key '{}' must be {} (got {})", path, key, expected, v.dump()));
}

// The run's own keys (not model parameters); returns false for any other key.
bool setRunKey(RunOptions& o, const std::string& key, const nlohmann::json& v, const std::string& path) {
  if (key == "model" || key == "init" || key == "preset") {
    if (!v.is_string()) throw wrongType(path, key, "a string", v);
    if (key == "model") o.model = v.get<std::string>();
    else if (key == "init") o.initFile = v.get<std::string>();
    else o.preset = v.get<std::string>();
  } else if (key == "count" || key == "steps") {
    if (!v.is_number_integer()) throw wrongType(path, key, "a whole number", v);
    (key == "count" ? o.count : o.steps) = v.get<std::int64_t>();
  } else if (key == "seed") {
    if (!v.is_number_unsigned()) throw wrongType(path, key, "a whole number from 0 to 2^64-1", v);
    o.seed = v.get<std::uint64_t>();
  } else {
    return false;
  }
  return true;
}

// A parameter's JSON value as the texts its flag would take.
std::vector<std::string> textsOf(const ParamValue& value) {
  if (const auto* d = std::get_if<double>(&value)) return {roundTrip(*d)};
  if (const auto* list = std::get_if<std::vector<std::string>>(&value)) return *list;
  return {showValue(value)};
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
  // The model first: it decides what the other keys mean.
  if (const auto it = config.find("model"); it != config.end() && !given("model")) setRunKey(o, "model", *it, path);
  const ModelDescription* model = findModel(o.model);
  for (const auto& [name, value] : config.items()) {
    if (name == "flocklab") {
      if (!value.is_string()) throw UsageError("--config " + path + ": key 'flocklab' must be a string (the version)");
      continue;
    }
    if (name == "model" || std::find(extraKeys.begin(), extraKeys.end(), name) != extraKeys.end()) continue;
    const std::string key = canonicalKey(name);
    if (given(key)) continue;
    if (setRunKey(o, key, value, path)) continue;
    const ParamSpec* spec = model ? model->findParam(key) : nullptr;
    if (!spec) {
      const std::string owners = ownersOf(key);
      if (owners.empty()) throw UsageError("--config " + path + ": unknown key '" + name + "'");
      throw UsageError(fmt::format("--config {}: key '{}' belongs to --model {}, not --model {}", path, name, owners,
                                   o.model));
    }
    // Given on the command line under another of its names (an alias) wins too.
    const bool givenAs = std::any_of(o.params.begin(), o.params.end(), [&](const auto& entry) {
      return !entry.second.empty() && spec->answersTo(entry.first);
    });
    if (givenAs) continue;
    std::string expected;
    const auto v = paramFromJson(*spec, value, expected);
    if (!v) throw wrongType(path, name, expected.c_str(), value);
    o.params[key] = textsOf(*v);
  }
}

bool setNumericOption(RunOptions& o, const std::string& name, double value) {
  const std::string key = canonicalKey(name);
  if (key == "count") {
    o.count = static_cast<std::int64_t>(value);
    return true;
  }
  for (const ModelDescription* m : models())
    if (const ParamSpec* spec = m->findParam(key); spec && spec->kind == ParamKind::Number) {
      o.params[key] = {roundTrip(value)};
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
  if (!setup.preset.empty()) c["preset"] = setup.preset;
  c.update(paramsToJson(setup.model->current(sim)));
  return c;
}

}  // namespace flocklab::cli
