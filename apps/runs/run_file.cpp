// Run files. Design: a run file holds the run's own keys (model, count, steps, seed, init,
// preset) and the model's parameters under the registry's keys; older files' dashed keys
// ("max-speed") and aliases ("radius" for abm's visual distance) still read. Values become the
// same texts a command line gives, so a file and a command line are checked alike.
// Hostile files: the text is read bounded (flocklab/io/json_text.hpp: size, depth, duplicate
// keys, numbers beyond a double) before anything recursive sees it; whole numbers are checked
// against their range before any conversion; every value or key a message quotes is an excerpt.
#include "runs/run_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <string_view>

#include "flocklab/io/json_text.hpp"
#include "flocklab/io/params_json.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/registry.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/version.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {
UsageError wrongRunFileValue(const std::string& path, const std::string& key, const std::string& expected,
                             const nlohmann::json& v, std::string_view flag) {
  return UsageError(
      fmt::format("{} {}: key '{}' must be {} (got {})", flag, path, excerpt(key), expected, jsonExcerpt(v)));
}

std::uint64_t runFileWhole(const nlohmann::json& v, const std::string& path, const std::string& key, std::uint64_t min,
                           std::uint64_t max, const std::string& maxText, std::string_view flag) {
  // The range is checked before any conversion, so 2^64-1 is never read as -1; -0 is 0.
  std::optional<std::uint64_t> n;
  if (v.is_number_unsigned()) n = v.get<std::uint64_t>();
  else if (v.is_number_integer() && v.get<std::int64_t>() == 0) n = 0;
  if (!n || *n < min || *n > max)
    throw wrongRunFileValue(
        path, key, fmt::format("a whole number from {} to {}", min, maxText.empty() ? std::to_string(max) : maxText), v,
        flag);
  return *n;
}

namespace {

// The run's own keys (not model parameters); returns false for any other key.
bool setRunKey(RunOptions& o, const std::string& key, const nlohmann::json& v, const std::string& path,
               std::string_view flag) {
  const auto wrong = [&](const std::string& expected) { return wrongRunFileValue(path, key, expected, v, flag); };
  constexpr auto kInt64Max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  constexpr auto kUint64Max = std::numeric_limits<std::uint64_t>::max();
  if (key == "model") {
    if (!v.is_string() || !findModel(v.get<std::string>())) throw wrong(modelNames());
    o.model = v.get<std::string>();
  } else if (key == "init" || key == "preset") {
    if (!v.is_string()) throw wrong("a string");
    const std::string& text = v.get_ref<const std::string&>();
    // A file name is quoted whole in later messages: no control character may break their line.
    if (key == "init" && (text.empty() || excerpt(text, text.size()) != text))
      throw wrong("a file name without control characters");
    if (key == "init") o.initFile = text;
    else o.preset = text;
  } else if (key == "count" || key == "steps") {
    const std::uint64_t n = runFileWhole(v, path, key, key == "count" ? 1 : 0, kInt64Max, "2^63-1", flag);
    (key == "count" ? o.count : o.steps) = static_cast<std::int64_t>(n);
  } else if (key == "density") {
    if (!v.is_number() || !(v.get<double>() > 0)) throw wrong("a number > 0");
    o.density = v.get<double>();
  } else if (key == "seed") {
    o.seed = runFileWhole(v, path, key, 0, kUint64Max, "2^64-1", flag);
  } else if (key == "ramp") {
    const auto isText = [](const nlohmann::json& e) { return e.is_string(); };
    if (!v.is_array() || !std::all_of(v.begin(), v.end(), isText)) throw wrong("a list of texts KEY=FROM:TO@A-B");
    o.ramps = v.get<std::vector<std::string>>();
  } else {
    return false;
  }
  return true;
}

// A parameter's JSON value as the texts its flag would take.
std::vector<std::string> textsOf(const ParamValue& value) {
  if (const auto* d = std::get_if<double>(&value)) return {writeDecimal(*d)};
  if (const auto* list = std::get_if<std::vector<std::string>>(&value)) return *list;
  return {showValue(value)};
}

}  // namespace

nlohmann::json parseRunFile(std::string_view text, const std::string& path) {
  nlohmann::json config;
  try {
    config = parseJsonText(text);
  } catch (const JsonTextError& e) {
    throw UsageError(fmt::format("{} {}: {}", kConfigKey, path, markedMessage(e)));
  }
  if (!config.is_object())
    throw UsageError(
        fmt::format("{} {}: must hold one JSON object {{...}} (got {})", kConfigKey, path, jsonExcerpt(config)));
  return config;
}

nlohmann::json readRunFile(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw UsageError(kConfigKey + " " + path + ": is a folder, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(kConfigKey + ": cannot read " + path);
  // One byte past the limit is enough to know a file is too long; a pipe is read the same way.
  std::string text(kMaxJsonBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) throw UsageError(kConfigKey + ": cannot read " + path);
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > kMaxJsonBytes)
    throw UsageError(
        fmt::format("{} {}: longer than a run file can be ({} bytes at most)", kConfigKey, path, kMaxJsonBytes));
  return parseRunFile(text, path);
}

void applyRunFile(const nlohmann::json& config, const std::string& path, RunOptions& o,
                  const std::function<bool(const std::string&)>& given, const std::vector<std::string>& extraKeys,
                  std::string_view flag) {
  // The model first: it decides what the other keys mean.
  if (const auto it = config.find("model"); it != config.end() && !given("model"))
    setRunKey(o, "model", *it, path, flag);
  const ModelDescription* model = findModel(o.model);
  // flocklab 0.1.0 wrote every run's seed, with or without "init": there it asked for nothing.
  const auto version = config.find("flocklab");
  const bool writesEverySeed = version != config.end() && *version == "0.1.0";
  if (config.contains("count") && config.contains("density") && !given("count") && !given("density"))
    throw UsageError(
        fmt::format("{} {}: keys 'count' and 'density' both set the number of boids; give one", flag, path));
  for (const auto& [name, value] : config.items()) {
    if (name == "flocklab") {
      if (!value.is_string()) throw wrongRunFileValue(path, name, "a string (the version)", value, flag);
      continue;
    }
    if (name == "model" || std::find(extraKeys.begin(), extraKeys.end(), name) != extraKeys.end()) continue;
    const std::string key = canonicalKey(name);
    if (given(key)) continue;
    // --count on the command line replaces the file's density, and --density its count.
    if ((key == "count" && given("density")) || (key == "density" && given("count"))) continue;
    if (setRunKey(o, key, value, path, flag)) {
      if (key == "seed" && !writesEverySeed) o.seedGivenBy = fmt::format("\"seed\" in {}", path);
      continue;
    }
    const ParamSpec* spec = model ? model->findParam(key) : nullptr;
    if (!spec) {
      const std::string owners = ownersOf(key);
      if (owners.empty()) throw UsageError(fmt::format("{} {}: unknown key '{}'", flag, path, excerpt(name)));
      throw UsageError(fmt::format("{} {}: key '{}' belongs to {} {}, not {} {}", flag, path, excerpt(name),
                                   markKey("model"), owners, markKey("model"), o.model));
    }
    // Given on the command line under another of its names (an alias) wins too.
    const bool givenAs = std::any_of(o.params.begin(), o.params.end(), [&](const auto& entry) {
      return !entry.second.empty() && spec->answersTo(entry.first);
    });
    if (givenAs) continue;
    std::string expected;
    const auto v = paramFromJson(*spec, value, expected);
    if (!v) throw wrongRunFileValue(path, name, expected, value, flag);
    o.params[key] = textsOf(*v);
  }
}

bool setNumericOption(RunOptions& o, const std::string& name, double value) {
  const std::string key = canonicalKey(name);
  if (key == "count") {
    o.count = static_cast<std::int64_t>(value);
    return true;
  }
  if (key == "density") {
    o.density = value;
    return true;
  }
  for (const ModelDescription* m : models()) {
    const ParamSpec* spec = m->findParam(key);
    const auto dotted = spec ? std::nullopt : m->dottedParam(key);
    if ((spec && spec->kind == ParamKind::Number) || (dotted && dotted->kind == ParamKind::Number)) {
      o.params[key] = {writeDecimal(value)};
      return true;
    }
  }
  return false;
}

nlohmann::ordered_json resolvedRunFile(const RunOptions& o, const ModelSetup& setup, std::uint64_t steps) {
  const Simulation& sim = *setup.simulation;
  nlohmann::ordered_json c{{"flocklab", kVersion}, {"model", sim.model()}};
  // A density is kept as given: with a world swept or changed, it still says what was meant.
  if (!o.initFile.empty()) c["init"] = o.initFile;
  else if (o.density) c["density"] = *o.density;
  else c["count"] = setup.startCount;
  c["steps"] = steps;
  // A seed without effect (a start from --init, nothing random after it) is left out: with it,
  // --config would replay a --seed that `run` refuses beside --init.
  if (setup.seedUsed) c["seed"] = o.seed;
  if (!setup.preset.empty()) c["preset"] = setup.preset;
  c.update(paramsToJson(setup.model->current(sim)));
  if (!o.ramps.empty()) c["ramp"] = o.ramps;
  return c;
}

}  // namespace flocklab::runs
