// Model setup for `flocklab run` and `sweep`. Design: the registry's description of the chosen
// model gives its parameters; a flag of another model is an error rather than silently ignored,
// because a user who types --radius with the steering model means something the run would not
// do; so is a --seed that a start from --init leaves without effect. Values are checked by the
// description's table, and its messages name the flag.
#include "runs/model_setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>

#include "flocklab/decimal_text.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/registry.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/word_list.hpp"
#include "runs/cluster.hpp"
#include "runs/counted.hpp"
#include "runs/memory.hpp"
#include "runs/start_count.hpp"
#include "runs/text_fields.hpp"
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
      if (!v) throw UsageError(fmt::format("{} takes a number (got {})", flag, excerpt(t)));
      return *v;
    }
    case ParamKind::Switch:
      if (texts.front() != "true" && texts.front() != "false")
        throw UsageError(fmt::format("{} must be true or false (got {})", flag, excerpt(texts.front())));
      return texts.front() == "true";
    case ParamKind::TextList: return texts;
    default: return texts.front();
  }
}

// The count of --density in `space`: density x area, rounded to the nearest whole number.
std::int64_t countAtDensity(double density, const Space& space, bool countGiven, const std::string& unit) {
  if (countGiven) throw UsageError(fmt::format("give {} or {}, not both", markKey("count"), markKey("density")));
  if (!std::isfinite(density) || density <= 0)
    throw UsageError(fmt::format("{} must be a finite number > 0 (got {})", markKey("density"), roundTrip(density)));
  const double area = space.width * space.height * (space.is3d() ? space.depth : 1.0);
  const double boids = std::round(density * area);
  if (boids < 1)
    throw UsageError(fmt::format("{} {} leaves no {} in a world of area {}; raise it or the world", markKey("density"),
                                 roundTrip(density), nounFor(1, unit), roundTrip(area)));
  if (boids > static_cast<double>(kMaxIndexableBoids))
    throw UsageError(fmt::format("{} {} in a world of area {} is more than the {} {} flocklab can index",
                                 markKey("density"), roundTrip(density), roundTrip(area), kMaxIndexableBoids, unit));
  return static_cast<std::int64_t>(boids);
}

Flock startFlock(const RunOptions& o, const ModelDescription& m, const ParamSet& p, std::size_t defaultCount) {
  if (!o.initFile.empty()) {
    try {
      if (!cluster()) return readStateCsv(o.initFile, m.space(p), inputFileLimit());
      // Over MPI the first process reads the file and sends the text to the others.
      const std::string text = cluster()->shareOnce([&] { return readTextFile(o.initFile, inputFileLimit()); });
      try {
        return parseStateCsv(text, m.space(p));
      } catch (const CsvError& e) {
        throw CsvError(excerpt(o.initFile, kPathChars) + ": " + e.what());
      }
    } catch (const CsvError& e) {
      throw UsageError(markedMessage(e));
    }
  }
  if (o.density && m.fixedCount(p))
    throw UsageError(
        fmt::format("{} is not taken with {}: each species gives its count", markKey("density"), markKey("species")));
  const std::optional<double> given = o.density ? std::optional<double>(static_cast<double>(countAtDensity(
                                                      *o.density, m.space(p), o.count.has_value(), m.countUnit)))
                                      : o.count ? std::optional<double>(static_cast<double>(*o.count))
                                                : std::nullopt;
  const std::uint64_t count = startCount(m, p, given, defaultCount, [&](std::uint64_t boids) {
    return memoryProblem(boids * m.bytesPerBoid(p), fmt::format("{} {} needs", markKey("count"), boids));
  });
  return m.randomStart(p, static_cast<std::size_t>(count), o.seed);
}

// Off on flocklab-mpi's ranks after the first (showWarnings).
std::atomic<bool> warningsShown{true};

// Prints the model's warnings about these parameters (food no boid can reach) to stderr and goes
// on. Each is said once in the process: a sweep sets its model up once for each of its runs.
void sayWarnings(const ModelDescription& m, const ParamSet& p) {
  if (!warningsShown) return;
  static std::mutex mutex;
  static std::set<std::string> said;
  for (const std::string& warning : m.warnings(p)) {
    const std::lock_guard<std::mutex> lock(mutex);
    if (said.insert(warning).second) std::fprintf(stderr, "flocklab: warning: %s\n", warning.c_str());
  }
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
    throw UsageError(fmt::format("{} belongs to {} {}, not {} {}", markKey("preset"), markKey("model"), owners,
                                 markKey("model"), m.name));
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
      throw UsageError(fmt::format("{} belongs to {} {}, not {} {}", flag, markKey("model"), ownersOf(name),
                                   markKey("model"), m.name));
    if (const auto it = setBy.find(spec->key); it != setBy.end())
      throw UsageError(fmt::format("{} and {} name the same parameter; give it once", markKey(it->second), flag));
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
    if (!spec) throw UsageError(fmt::format("{} {} has no parameter '{}'", markKey("model"), m.name, excerpt(name)));
    try {
      p.set(name, valueOf(*spec, texts, name));
    } catch (const std::invalid_argument& e) {
      throw UsageError(markedMessage(e));
    }
  }
  if (const std::string problem = p.markedProblem(); !problem.empty()) throw UsageError(problem);
  return p;
}

void showWarnings(bool show) { warningsShown = show; }

ModelSetup setUpModel(const RunOptions& o, const EngineOptions& engine) {
  const ModelDescription& m = chosenModel(o);
  const ParamSet p = resolveParams(o);
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
  Flock start = startFlock(o, m, p, m.countFor(setup.preset));  // a file that cannot be read: that error first
  if (!o.seedGivenBy.empty() && !setup.seedUsed)
    throw UsageError(fmt::format("{} has no effect with {}: the start comes from {} and the {} model{} draws "
                                 "nothing at random after it; drop {}",
                                 o.seedGivenBy, markKey("init"), excerpt(o.initFile), m.name,
                                 setup.form.empty() ? "" : " in its " + setup.form + " form",
                                 o.seedGivenBy == markKey("seed") ? markKey("seed") : "the seed"));
  try {
    setup.simulation = m.create(p, std::move(start), o.seed, engine);
  } catch (const std::invalid_argument& e) {
    throw UsageError(markedMessage(e));
  }
  setup.startCount = setup.simulation->flock().size();
  sayWarnings(m, p);  // only once nothing can fail here: an error stays the one line on stderr
  return setup;
}

}  // namespace flocklab::runs
