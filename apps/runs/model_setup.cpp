// Model setup for `flocklab run` and `sweep`. Design: the registry's description of the chosen
// model gives its parameters; a flag of another model is an error rather than silently ignored,
// because a user who types --radius with the steering model means something the run would not
// do; so is a --seed that a start from --init leaves without effect. Values are checked by the
// description's table, and its messages name the flag. Messages are joined by hand rather than
// with fmt: this file is compiled into the WebAssembly glue too, which has no fmt.
#include "runs/model_setup.hpp"

#include <cmath>
#include <map>
#include <stdexcept>

#include "flocklab/decimal_text.hpp"
#include "flocklab/registry.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/word_list.hpp"
#include "runs/counted.hpp"
#include "runs/start_count.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {
namespace {

// The description's message about `spec`'s marked key with the name the user gave instead (an
// alias, or the key with dashes), marked: each front end spells it as it was given.
std::string asGiven(const std::exception& e, const ParamSpec& spec, const std::string& given) {
  std::string message = markedMessage(e);
  const std::string key = markKey(spec.key);
  for (std::size_t at = message.find(key); at != std::string::npos; at = message.find(key, at + 1))
    message.replace(at, key.size(), markKey(given));
  return message;
}

// The texts of a flag as a value of the parameter's kind.
ParamValue valueOf(const ParamSpec& spec, const std::vector<std::string>& texts, const std::string& flag) {
  switch (spec.kind) {
    case ParamKind::Number: {
      // The reader of the numbers inside parameter texts too (--food, --obstacle, a species'
      // keys), so both take the same grammar; it reads "nan" and "inf", which the range check names.
      const std::string& t = texts.front();
      const auto v = readDecimal(t);
      if (!v) throw UsageError(flag + " takes a number (got " + excerpt(t) + ")");
      return *v;
    }
    case ParamKind::Switch:
      if (texts.front() != "true" && texts.front() != "false")
        throw UsageError(flag + " must be true or false (got " + excerpt(texts.front()) + ")");
      return texts.front() == "true";
    case ParamKind::TextList: return texts;
    default: return texts.front();
  }
}

// The count of --density in `space`: density x area, rounded to the nearest whole number.
std::int64_t countAtDensity(double density, const Space& space, bool countGiven, const std::string& unit) {
  const std::string key = markKey("density");
  if (countGiven) throw UsageError("give " + markKey("count") + " or " + key + ", not both");
  if (!std::isfinite(density) || density <= 0)
    throw UsageError(key + " must be a finite number > 0 (got " + writeDecimal(density) + ")");
  const double area = space.width * space.height * (space.is3d() ? space.depth : 1.0);
  const double boids = std::round(density * area);
  const std::string given = key + " " + writeDecimal(density);
  if (boids < 1)
    throw UsageError(given + " leaves no " + std::string(nounFor(1, unit)) + " in a world of area " +
                     writeDecimal(area) + "; raise it or the world");
  if (boids > static_cast<double>(kMaxIndexableBoids))
    throw UsageError(given + " in a world of area " + writeDecimal(area) + " is more than the " +
                     std::to_string(kMaxIndexableBoids) + " " + unit + " flocklab can index");
  return static_cast<std::int64_t>(boids);
}

Flock startFlock(const RunOptions& o, const ModelDescription& m, const ParamSet& p, std::optional<double> given,
                 std::size_t defaultCount, const SetupHost& host) {
  if (!o.initFile.empty()) {
    if (!host.readStart) throw UsageError(markKey("init") + " reads a file, and there are no files here");
    return host.readStart(o.initFile, m.space(p));
  }
  if (o.density && m.fixedCount(p))
    throw UsageError(markKey("density") + " is not taken with " + markKey("species") +
                     ": each species gives its count");
  if (o.density) given = static_cast<double>(countAtDensity(*o.density, m.space(p), given.has_value(), m.countUnit));
  const std::uint64_t count = startCount(m, p, given, defaultCount, [&](std::uint64_t boids) -> std::string {
    if (!host.memoryProblem) return "";
    return host.memoryProblem(boids * m.bytesPerBoid(p), markKey("count") + " " + std::to_string(boids) + " needs");
  });
  return m.randomStart(p, static_cast<std::size_t>(count), o.seed);
}

const ModelDescription& chosenModel(const RunOptions& o) {
  const ModelDescription* m = findModel(o.model);
  if (!m) throw UsageError(markKey("model") + " must be " + modelNames() + " (got " + excerpt(o.model) + ")");
  return *m;
}

}  // namespace

std::string ownersOf(std::string_view name) {
  std::vector<std::string> owners;
  for (const ModelDescription* m : models())
    if (m->findParam(name)) owners.push_back(m->name);
  return wordList(owners);
}

ParamSet resolveParams(const RunOptions& o) {
  const ModelDescription& m = chosenModel(o);
  if (o.preset && m.presets.empty()) {
    std::string owners;
    for (const ModelDescription* other : models())
      if (!other->presets.empty()) owners += (owners.empty() ? "" : " or ") + other->name;
    throw UsageError(markKey("preset") + " belongs to " + markKey("model") + " " + owners + ", not " +
                     markKey("model") + " " + m.name);
  }
  ParamSet p = [&] {
    try {
      return m.defaults(o.preset.value_or(""));
    } catch (const std::invalid_argument& e) {
      throw UsageError(markedMessage(e));
    }
  }();
  std::map<std::string, std::string> setBy;  // key -> the name it was given as, to refuse a key given twice
  for (const auto& [name, texts] : o.params) {
    if (texts.empty() || name.find('.') != std::string::npos) continue;
    const std::string flag = markKey(name);
    const ParamSpec* spec = m.findParam(name);
    if (!spec)
      throw UsageError(flag + " belongs to " + markKey("model") + " " + ownersOf(name) + ", not " + markKey("model") +
                       " " + m.name);
    if (const auto it = setBy.find(spec->key); it != setBy.end())
      throw UsageError(markKey(it->second) + " and " + flag + " name the same parameter; give it once");
    setBy[spec->key] = name;
    try {
      p.set(spec->key, valueOf(*spec, texts, flag));
    } catch (const std::invalid_argument& e) {
      throw UsageError(asGiven(e, *spec, name));
    }
  }
  // A species' key ("hawk.max_speed", from sweep --param) after the species themselves.
  for (const auto& [name, texts] : o.params) {
    if (texts.empty() || name.find('.') == std::string::npos) continue;
    const auto spec = m.dottedParam(name);
    if (!spec) throw UsageError(markKey("model") + " " + m.name + " has no parameter '" + excerpt(name) + "'");
    try {
      p.set(name, valueOf(*spec, texts, name));
    } catch (const std::invalid_argument& e) {
      throw UsageError(markedMessage(e));
    }
  }
  if (const std::string problem = p.markedProblem(); !problem.empty()) throw UsageError(problem);
  return p;
}

ModelSetup setUpModel(const RunOptions& o, const EngineOptions& engine, const SetupHost& host) {
  const std::optional<double> count = o.count ? std::optional<double>(static_cast<double>(*o.count)) : std::nullopt;
  return setUpModelWith(o, resolveParams(o), count, engine, host);
}

ModelSetup setUpModelWith(const RunOptions& o, const ParamSet& p, std::optional<double> count,
                          const EngineOptions& engine, const SetupHost& host) {
  const ModelDescription& m = chosenModel(o);
  ModelSetup setup;
  setup.model = &m;
  setup.preset = m.presets.empty() ? "" : o.preset.value_or(m.presets.front().name);
  setup.form = m.form(p);
  setup.defaultSteps = m.defaultSteps;
  setup.bytesPerBoid = m.bytesPerBoid(p);
  std::string words = setup.preset.empty() ? "" : "preset " + setup.preset;
  if (!setup.form.empty()) words += (words.empty() ? "" : ", ") + setup.form;
  setup.label = m.name + (words.empty() ? "" : " (" + words + ")");
  setup.ramps = parseRamps(p, o.ramps);
  // The seed draws the random start and whatever the model draws after it; from a given start
  // it matters only where the steps draw (abm's sequential order). A --seed that could change
  // nothing is refused rather than ignored: the user expected it to.
  setup.seedUsed = o.initFile.empty() || m.seedAfterStart(p);
  // A file that cannot be read: that error first.
  Flock start = startFlock(o, m, p, count, m.countFor(setup.preset), host);
  if (!o.seedGivenBy.empty() && !setup.seedUsed)
    throw UsageError(
        o.seedGivenBy + " has no effect with " + markKey("init") + ": the start comes from " + excerpt(o.initFile) +
        " and the " + m.name + " model" + (setup.form.empty() ? "" : " in its " + setup.form + " form") +
        " draws nothing at random after it; drop " + (o.seedGivenBy == markKey("seed") ? markKey("seed") : "the seed"));
  try {
    setup.simulation = m.create(p, std::move(start), o.seed, engine);
  } catch (const std::invalid_argument& e) {
    throw UsageError(markedMessage(e));
  }
  setup.startCount = setup.simulation->flock().size();
  if (host.warn)  // only once nothing can fail here: an error stays the one line on stderr
    for (const std::string& warning : m.warnings(p)) host.warn(warning);
  return setup;
}

}  // namespace flocklab::runs
