#pragma once
// How a model's description binds its parameter table to its typed parameters and simulation
// class. Design: each parameter is a ParamSpec plus a getter and a setter on the Params struct,
// so get/set by key, the value checks and validate() all come from the one table; what differs
// between models (world, start, simulation, presets, cross-checks) is a few functions the
// model's *_model.cpp sets. Sim is the model's Simulation class, with params() and setParams().
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include "flocklab/keyed_message.hpp"
#include "flocklab/text_excerpt.hpp"

#include "flocklab/model.hpp"

namespace flocklab {

/// The presets' names as a person lists them: "small or large".
std::string presetNames(const ModelDescription& model);

template <class Params, class Sim>
class TypedModel final : public ModelDescription {
 public:
  using ParamsType = Params;
  using Getter = std::function<ParamValue(const Params&)>;
  using Setter = std::function<void(Params&, const ParamValue&)>;

  // What differs between models, set by the model's description.
  std::function<Params(std::string_view preset)> presetParams = [](std::string_view) { return Params{}; };
  std::function<std::string(const Params&)> crossProblemOf = [](const Params&) { return std::string(); };
  std::function<Space(const Params&)> spaceOf;
  std::function<Flock(const Params&, std::size_t count, std::uint64_t seed)> startOf;
  std::function<std::unique_ptr<Simulation>(const Params&, Flock, std::uint64_t seed, const EngineOptions&)> make;
  std::function<std::string(const Params&)> formOf = [](const Params&) { return std::string(); };
  std::function<bool(const Params&)> seedAfterStartOf = [](const Params&) { return false; };
  std::function<std::vector<Obstacle>(const Params&)> obstaclesOf = [](const Params&) {
    return std::vector<Obstacle>();
  };
  std::function<std::vector<std::string>(const Params&)> warningsOf = [](const Params&) {
    return std::vector<std::string>();
  };
  std::function<std::uint64_t(const Params&)> bytesPerBoidOf = [](const Params&) { return kUnmeasuredBytesPerBoid; };
  std::function<std::optional<std::uint64_t>(const Params&)> fixedCountOf = [](const Params&) {
    return std::optional<std::uint64_t>();
  };
  std::function<std::vector<MetricSpec>(const Params&)> extraMetricsOf = [](const Params&) {
    return std::vector<MetricSpec>();
  };
  std::function<bool(const Params&)> countMayChangeOf = [](const Params&) { return false; };
  // The model's per-step schedule (ModelDescription::schedule): true when it changed a value; null: none.
  std::function<bool(Params&, std::uint64_t step)> scheduleOf;
  // Dotted names ("hawk.max_speed"): their spec, and get and set (null: the model has none).
  std::function<std::optional<ParamSpec>(std::string_view)> dottedParamOf;
  std::function<ParamValue(const Params&, std::string_view)> dottedGet;
  std::function<void(Params&, std::string_view, const ParamValue&)> dottedSet;

  /// Adds a parameter held in a double member.
  void number(ParamSpec spec, double Params::*member) {
    add(
        std::move(spec), [member](const Params& p) { return ParamValue(p.*member); },
        [member](Params& p, const ParamValue& v) { p.*member = std::get<double>(v); });
  }
  /// Adds a whole-number parameter (spec.whole) held in an int member: valueProblem refuses a
  /// fraction before the setter runs, so the conversion is exact.
  void wholeNumber(ParamSpec spec, int Params::*member) {
    spec.whole = true;
    add(
        std::move(spec), [member](const Params& p) { return ParamValue(static_cast<double>(p.*member)); },
        [member](Params& p, const ParamValue& v) { p.*member = static_cast<int>(std::get<double>(v)); });
  }
  /// Adds a parameter with its own getter and setter (the setter may throw
  /// std::invalid_argument for a text that does not follow the grammar).
  void add(ParamSpec spec, Getter get, Setter set) {
    params.push_back(std::move(spec));
    getters_.push_back(std::move(get));
    setters_.push_back(std::move(set));
  }

  /// The first problem of `p` (each value against the table, then cross-checks), or "".
  std::string problemOf(const Params& p) const { return wrap(p).problem(); }
  /// `p` as a ParamSet of this model.
  ParamSet wrap(Params p) const { return ParamSet(*this, std::any(std::move(p))); }

  ParamSet defaults(std::string_view preset) const override {
    if (preset.empty()) return wrap(presetParams(presets.empty() ? "" : presets.front().name));
    if (!findPreset(preset))
      throw KeyedError(presets.empty() ? "the " + name + " model has no presets"
                                       : markKey("preset") + " must be " + presetNames(*this) + " with " +
                                             markKey("model") + " " + name + " (got " + excerpt(preset) + ")");
    return wrap(presetParams(preset));
  }
  Space space(const ParamSet& p) const override { return spaceOf(p.as<Params>()); }
  Flock randomStart(const ParamSet& p, std::size_t count, std::uint64_t seed) const override {
    return startOf(p.as<Params>(), count, seed);
  }
  std::unique_ptr<Simulation> create(const ParamSet& p, Flock start, std::uint64_t seed,
                                     const EngineOptions& options) const override {
    return make(p.as<Params>(), std::move(start), seed, options);
  }
  ParamSet current(const Simulation& s) const override { return wrap(dynamic_cast<const Sim&>(s).params()); }
  void change(Simulation& s, const ParamSet& p) const override { dynamic_cast<Sim&>(s).setParams(p.as<Params>()); }
  std::string form(const ParamSet& p) const override { return formOf(p.as<Params>()); }
  bool seedAfterStart(const ParamSet& p) const override { return seedAfterStartOf(p.as<Params>()); }
  std::vector<Obstacle> obstacles(const ParamSet& p) const override { return obstaclesOf(p.as<Params>()); }
  std::vector<std::string> warnings(const ParamSet& p) const override { return warningsOf(p.as<Params>()); }
  std::uint64_t bytesPerBoid(const ParamSet& p) const override { return bytesPerBoidOf(p.as<Params>()); }
  std::optional<std::uint64_t> fixedCount(const ParamSet& p) const override { return fixedCountOf(p.as<Params>()); }
  std::vector<MetricSpec> extraMetrics(const ParamSet& p) const override { return extraMetricsOf(p.as<Params>()); }
  bool countMayChange(const ParamSet& p) const override { return countMayChangeOf(p.as<Params>()); }
  bool hasSchedule() const override { return static_cast<bool>(scheduleOf); }
  bool schedule(ParamSet& p, std::uint64_t step) const override {
    if (!scheduleOf) return false;
    Params values = p.as<Params>();
    if (!scheduleOf(values, step)) return false;
    p = wrap(std::move(values));
    return true;
  }
  std::optional<ParamSpec> dottedParam(std::string_view name) const override {
    return dottedParamOf ? dottedParamOf(name) : std::nullopt;
  }

 protected:
  ParamValue read(const std::any& values, const ParamSpec& spec) const override {
    return getters_[index(spec)](std::any_cast<const Params&>(values));
  }
  void write(std::any& values, const ParamSpec& spec, const ParamValue& value) const override {
    setters_[index(spec)](std::any_cast<Params&>(values), value);
  }
  ParamValue readDotted(const std::any& values, std::string_view name) const override {
    if (!dottedGet) return ModelDescription::readDotted(values, name);
    return dottedGet(std::any_cast<const Params&>(values), name);
  }
  void writeDotted(std::any& values, std::string_view name, const ParamValue& value) const override {
    if (!dottedSet) return ModelDescription::writeDotted(values, name, value);
    dottedSet(std::any_cast<Params&>(values), name, value);
  }
  std::string crossProblem(const std::any& values) const override {
    return crossProblemOf(std::any_cast<const Params&>(values));
  }

 private:
  std::size_t index(const ParamSpec& spec) const { return static_cast<std::size_t>(&spec - params.data()); }
  std::vector<Getter> getters_;
  std::vector<Setter> setters_;
};

/// The one description `describe` builds, made on first use (thread-safe) and kept for the run
/// of the program: what the registry lists and the model's validate() checks against.
template <auto describe>
const auto& describedOnce() {
  static const auto model = describe();
  return model;
}

}  // namespace flocklab

/// A model's registration, once at the end of its .cpp, at namespace flocklab scope:
/// flocklab::registered::NAME(), the description DESCRIBE() builds, which the registry lists
/// where src/CMakeLists.txt calls flocklab_model(... NAME ...), and validate() of its parameters
/// through that description's table. DESCRIBE returns the model's TypedModel.
#define FLOCKLAB_REGISTER_MODEL(NAME, DESCRIBE)                                          \
  namespace registered {                                                                 \
  const ModelDescription& NAME() { return describedOnce<DESCRIBE>(); }                   \
  }                                                                                      \
  std::string validate(const std::remove_cvref_t<decltype(DESCRIBE())>::ParamsType& p) { \
    return describedOnce<DESCRIBE>().problemOf(p);                                       \
  }
