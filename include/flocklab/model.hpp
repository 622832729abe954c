#pragma once
// A model described as data. Design: each model is one description (its name, a table of
// parameters with key, unit, range, default and help, its presets, its random start and what
// its metrics link and count) plus one rule. The front ends (the command line, run files,
// sweeps, the browser lab, the docs' parameter tables) are generated from the descriptions in
// the registry (flocklab/registry.hpp) and name no model: a new model needs no edit there.
//
// A ParamSet holds one model's values behind a generic face (get and set by key); the model's
// own code reads its typed parameter struct from it. Values are checked in one place, the
// description's table, with one message naming the parameter.
#include <any>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "flocklab/engine_options.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/metric_schema.hpp"
#include "flocklab/obstacle.hpp"
#include "flocklab/simulation.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// How a parameter's value is written and checked.
enum class ParamKind {
  Number,    ///< a finite double within [min, max] (ends open or closed)
  Switch,    ///< true or false
  Choice,    ///< one of a few words
  Text,      ///< a text with its own grammar (the pointer: "food:X,Y@FROM-TO", "" for none)
  TextList,  ///< a list of texts with their own grammar (obstacles: "X,Y,R" each)
};

/// A parameter's value: a number, a switch, a word or text, or a list of texts.
using ParamValue = std::variant<double, bool, std::string, std::vector<std::string>>;

/// The largest length a model takes (a world's side, a radius, a distance or speed per step,
/// px or world units): 1e100. Squared distances (up to 3 x 1e200 in 3D) and their sums over
/// every boid must stay finite in double precision (up to 1.8e308); at 1e308 they overflowed
/// and the nearest-neighbour distance came out infinite.
inline constexpr double kMaxLength = 1e100;
/// The farthest along any axis an agent may lie in open space (Space::unbounded), world units:
/// with steps of at most kMaxLength, a run of up to 2^53 steps from within 1e116 stays inside,
/// and squared distances (1e241 at most) and their sums over 2^32 agents stay finite.
inline constexpr double kMaxCoordinate = 1e120;
/// The largest weight of a steering term (a rule's separation, alignment, cohesion, ...): with
/// terms no longer than kMaxLength summed over at most 2^32 neighbours, a weighted sum and its
/// squared length stay finite (a weight of 1e308 turned positions to NaN).
inline constexpr double kMaxWeight = 1e6;

/// One parameter of a model: what the front ends need to show, take and check it.
struct ParamSpec {
  std::string key;   ///< canonical snake_case key; the command-line flag is --key-with-dashes
  std::string unit;  ///< "px", "px/s", "degrees", "world units", or "" for a plain number
  std::string help;  ///< one line
  ParamKind kind = ParamKind::Number;
  double min = 0;        ///< Number: the lowest value (see minOpen)
  bool minOpen = false;  ///< Number: true when min itself is refused (> min, not >= min)
  double max = std::numeric_limits<double>::infinity();   ///< Number: the highest value
  bool maxOpen = false;                                   ///< Number: true when max itself is refused
  std::vector<std::string> choices;                       ///< Choice: the words
  double sliderMin = 0, sliderMax = 1, sliderStep = 0.1;  ///< Number: the page's slider
  bool live = true;                  ///< may change between steps of a running flock (else: restart)
  std::vector<std::string> aliases;  ///< older spellings still read (0.1.0 run files and flags)
  std::string grammar;               ///< Text/TextList: the form a value takes, for messages and help
  std::string maxName;               ///< Number: how ranges write max when a name says it better ("2 pi")
  std::string rangeName;             ///< Number: the whole range in words when a few values are allowed ("2 or 3")
  bool whole = false;                ///< Number: a count of things (dims), written to JSON as an integer

  /// True when `name` is this parameter's key or one of its aliases.
  bool answersTo(std::string_view name) const;
};

/// "" when `value` suits `spec` (kind and range), else why not, without the parameter's name:
/// "must be a finite number > 0 (got -1)". Front ends put their own spelling of the name first.
std::string valueProblem(const ParamSpec& spec, const ParamValue& value);
/// A Number parameter's range as the docs and messages write it: "> 0", ">= 0", "(0, 360]",
/// "[0, 2 pi]" (max by its maxName).
std::string numberRange(const ParamSpec& spec);
/// The value as a person reads it: 0.5, true, wrap, food:1,2; lists joined by spaces.
std::string showValue(const ParamValue& value);

/// A named parameter set of a model: `flocklab run --preset NAME`.
struct PresetSpec {
  std::string name;     ///< lower case, as typed
  std::string summary;  ///< one line: what it shows
  std::size_t count;    ///< the preset's number of boids
};

class ModelDescription;

/// One model's parameter values. Copyable plain data. get/set by key (or alias); set checks the
/// value's kind and range and throws std::invalid_argument("KEY must be ...") otherwise.
class ParamSet {
 public:
  ParamSet(const ModelDescription& model, std::any values) : model_(&model), values_(std::move(values)) {}
  /// The model these values belong to.
  const ModelDescription& model() const { return *model_; }
  /// The value of `key`; throws std::invalid_argument for a key the model does not have.
  ParamValue get(std::string_view key) const;
  /// Sets `key` to `value` after checking it; throws std::invalid_argument naming the key.
  void set(std::string_view key, const ParamValue& value);
  /// The first problem of the whole set (each value, then how they fit together), or "".
  std::string problem() const;
  /// problem() with the keys it names marked, for a front end to spell (flocklab/keyed_message.hpp).
  std::string markedProblem() const;
  /// The problems between values alone, keys marked: markedProblem() when every value has passed
  /// its own check (valueProblem), at a fraction of its cost.
  std::string markedCrossProblem() const;
  /// The model's typed parameters (LabParams, SteeringParams, ...). Throws std::bad_any_cast.
  template <class Params>
  const Params& as() const {
    return std::any_cast<const Params&>(values_);
  }
  template <class Params>
  Params& as() {
    return std::any_cast<Params&>(values_);
  }

 private:
  const ModelDescription* model_;
  std::any values_;
};

/// What a model is, as data and a few functions: the registry's entries. Thread-safe (const).
class ModelDescription {
 public:
  virtual ~ModelDescription() = default;

  std::string name;                        ///< as `flocklab run --model` takes it
  std::string title;                       ///< a few words: "the reference model"
  std::string summary;                     ///< one sentence
  std::string doc;                         ///< the page that specifies it, "docs/model-lab.md"
  std::vector<ParamSpec> params;           ///< every parameter, in the order front ends show them
  std::vector<PresetSpec> presets;         ///< the first is the default; empty when there are none
  std::size_t defaultCount = 100;          ///< boids of a random start without a preset
  std::uint64_t defaultSteps = 600;        ///< steps of a run when none are asked for
  std::string countUnit = "boids";         ///< "boids" or "agents", for summaries
  std::string lengthUnit = "world units";  ///< of positions and lengths: "world units", or "px"
  /// The parameter that is one step's length in seconds ("dt", "tau"): the model's time is steps
  /// x its value. "" where a step is the model's unit of time (time is the step count).
  std::string timeStepKey;
  std::string groupsLink;      ///< metrics: which boids link into one group
  std::string neighborsCount;  ///< metrics: which boids count as neighbours

  /// The parameter with key (or alias) `name`, or nullptr.
  const ParamSpec* findParam(std::string_view name) const;
  /// The preset called `name`, or nullptr.
  const PresetSpec* findPreset(std::string_view name) const;
  /// The number of boids of a random start under `preset` ("" for the default).
  std::size_t countFor(std::string_view preset) const;
  /// The parameters of `preset` ("" for the model's defaults, which are its first preset's).
  /// Throws std::invalid_argument naming the presets for an unknown name.
  virtual ParamSet defaults(std::string_view preset = "") const = 0;
  /// The world of a flock under these parameters.
  virtual Space space(const ParamSet& params) const = 0;
  /// The model's random start: `count` boids drawn from `seed` (docs/random-numbers.md,
  /// "The random start"; the draws on each model's page, "Random start").
  virtual Flock randomStart(const ParamSet& params, std::size_t count, std::uint64_t seed) const = 0;
  /// A simulation of `start` under `params` (valid: check problem() first for a clear message);
  /// `seed` drives any randomness after the start. Throws std::invalid_argument.
  virtual std::unique_ptr<Simulation> create(const ParamSet& params, Flock start, std::uint64_t seed,
                                             const EngineOptions& options = {}) const = 0;
  /// The parameters a simulation of this model runs with now.
  virtual ParamSet current(const Simulation& simulation) const = 0;
  /// Changes a running simulation's parameters between steps (those not `live` must stay).
  /// Throws std::invalid_argument.
  virtual void change(Simulation& simulation, const ParamSet& params) const = 0;
  /// The variant of the rule these parameters run ("sequential" or "sync" for abm), or "".
  virtual std::string form(const ParamSet&) const { return ""; }
  /// True when create's `seed` still matters after the start under these parameters (abm's
  /// sequential form draws each step's order from it); false when the seed only draws the random
  /// start, so a run from a given start (--init) is the same for every seed.
  virtual bool seedAfterStart(const ParamSet&) const { return false; }
  /// The circles boids avoid, for pictures.
  virtual std::vector<Obstacle> obstacles(const ParamSet&) const { return {}; }
  /// What these (valid) parameters allow but a person can hardly mean, one line each without a
  /// prefix ("food at 5,5 lies inside an obstacle and cannot be reached"); front ends show them
  /// and go on. Empty for most.
  virtual std::vector<std::string> warnings(const ParamSet&) const { return {}; }
  /// The number of boids these parameters fix themselves (the steering model's species), or
  /// nothing when the front end chooses (--count, --density, a preset's count).
  virtual std::optional<std::uint64_t> fixedCount(const ParamSet&) const { return std::nullopt; }
  /// True when boids may leave the flock during a run under these parameters (caught prey
  /// removed), so that outputs of a fixed count (a trajectory array, the track) cannot be made.
  virtual bool countMayChange(const ParamSet&) const { return false; }
  /// Whether the model has a per-step schedule of its own (schedule()); false for most.
  virtual bool hasSchedule() const { return false; }
  /// The model's own per-step schedule: sets, in `params` (a run's current ones), the values it
  /// gives for the step from `step` on (a parameter that follows the step count), and returns
  /// true when one differs from what `params` held. A run's runner (apps/runs/runner.hpp)
  /// applies it before each step, after the ramps, so every front end follows it with no code
  /// of its own.
  virtual bool schedule(ParamSet& /*params*/, std::uint64_t /*step*/) const { return false; }
  /// The model's own metrics under these parameters, beyond metricSchema() (a species' order,
  /// catches): their specs, with MetricSpec::extra naming their place in Metrics::extra.
  virtual std::vector<MetricSpec> extraMetrics(const ParamSet&) const { return {}; }
  /// Every metric of a run under these parameters: metricSchema(), then extraMetrics().
  std::vector<MetricSpec> metrics(const ParamSet& params) const;
  /// A parameter reached through a part of the parameters, "hawk.max_speed" (a species' key):
  /// its spec, with the dotted name as key; nothing when `name` is not of that form.
  virtual std::optional<ParamSpec> dottedParam(std::string_view) const { return std::nullopt; }
  /// Bytes a boid adds to the peak memory of a run under these parameters (states, grid, the
  /// rule's and the metrics' scratch), measured with a margin; front ends check count x this
  /// against the machine's memory before a start. The default suits a model not measured.
  virtual std::uint64_t bytesPerBoid(const ParamSet&) const { return kUnmeasuredBytesPerBoid; }
  /// bytesPerBoid of a model that has not measured its own: above every measured one.
  static constexpr std::uint64_t kUnmeasuredBytesPerBoid = 400;

 protected:
  friend class ParamSet;
  virtual ParamValue read(const std::any& values, const ParamSpec& spec) const = 0;
  virtual void write(std::any& values, const ParamSpec& spec, const ParamValue& value) const = 0;
  /// get and set of a dotted name (see dottedParam); throw std::invalid_argument naming it.
  virtual ParamValue readDotted(const std::any& values, std::string_view name) const;
  virtual void writeDotted(std::any& values, std::string_view name, const ParamValue& value) const;
  /// Problems between parameters (after every value passed its own check), or "".
  virtual std::string crossProblem(const std::any& values) const = 0;
};

}  // namespace flocklab
