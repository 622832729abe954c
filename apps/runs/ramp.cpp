// Parameter ramps: reading "KEY=FROM:TO@A-B" strictly, and setting the values step by step
// (see ramp.hpp and docs/ramps.md).
#include "runs/ramp.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "flocklab/keyed_message.hpp"
#include "flocklab/decimal_text.hpp"
#include "flocklab/io/state_csv.hpp"
#include "runs/nearest_name.hpp"
#include "runs/text_fields.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {
namespace {

constexpr const char* kGrammar = "KEY=FROM:TO@A-B, e.g. alignment=0:1.5@0-600";

[[noreturn]] void refuse(std::string_view text, const std::string& why) {
  throw UsageError(fmt::format("{} {}: {}", markKey("ramp"), text, why));
}

// The number parameter `name` of `model` that may change between steps.
const ParamSpec& rampable(const ModelDescription& model, std::string_view text, std::string_view name) {
  const ParamSpec* spec = model.findParam(name);
  if (!spec) {
    std::vector<std::string> keys;
    for (const ParamSpec& p : model.params) keys.push_back(p.key);
    const std::string near = nearestName(std::string(name), keys);
    refuse(text, fmt::format("model {} has no parameter '{}'{}", model.name, name,
                             near.empty() ? "" : " (did you mean " + near + "?)"));
  }
  if (spec->kind != ParamKind::Number) refuse(text, spec->key + " is not a number, so it cannot ramp");
  if (!spec->live)
    refuse(text, spec->key + " cannot change during a run (a new value restarts the flock), so it cannot ramp");
  return *spec;
}

Ramp parseRamp(const ParamSet& params, const std::string& text) {
  const ModelDescription& model = params.model();
  const std::size_t equals = text.find('='), colon = text.find(':', equals), at = text.find('@', colon);
  if (equals == std::string::npos || colon == std::string::npos || at == std::string::npos)
    refuse(text, std::string("give ") + kGrammar);
  Ramp ramp;
  ramp.text = text;
  const ParamSpec& spec = rampable(model, text, std::string_view(text).substr(0, equals));
  ramp.key = spec.key;
  const auto from = readDecimal(std::string_view(text).substr(equals + 1, colon - equals - 1));
  const auto to = readDecimal(std::string_view(text).substr(colon + 1, at - colon - 1));
  const std::vector<std::string_view> steps = split(std::string_view(text).substr(at + 1), '-');
  const auto first = steps.size() == 2 ? parseWhole(steps[0]) : std::nullopt;
  const auto last = steps.size() == 2 ? parseWhole(steps[1]) : std::nullopt;
  if (!from || !to || !first || !last) refuse(text, std::string("give ") + kGrammar);
  for (const double value : {*from, *to}) {
    if (const std::string problem = valueProblem(spec, value); !problem.empty())
      refuse(text, spec.key + " " + problem);
    ParamSet at = params;  // the value beside the run's other parameters
    at.set(spec.key, value);
    if (const std::string problem = at.markedProblem(); !problem.empty()) refuse(text, "at " + roundTrip(value) + ", " + problem);
  }
  if (*first >= *last) refuse(text, fmt::format("its steps A-B must rise (got {}-{})", *first, *last));
  if (*last > (std::uint64_t{1} << 53)) refuse(text, "its steps must be at most 2^53");
  ramp.from = *from;
  ramp.to = *to;
  ramp.first = *first;
  ramp.last = *last;
  return ramp;
}

}  // namespace

std::optional<double> Ramp::valueAt(std::uint64_t step) const {
  if (step < first) return std::nullopt;
  if (step >= last) return to;
  const double along = static_cast<double>(step - first) / static_cast<double>(last - first);
  return from + (to - from) * along;
}

std::vector<Ramp> parseRamps(const ParamSet& params, const std::vector<std::string>& texts) {
  std::vector<Ramp> ramps;
  for (const std::string& text : texts) {
    Ramp ramp = parseRamp(params, text);
    for (const Ramp& earlier : ramps)
      if (earlier.key == ramp.key && ramp.first < earlier.last && earlier.first < ramp.last)
        refuse(text, fmt::format("overlaps {} {}: ramps of one parameter may meet at a step, not overlap",
                                 markKey("ramp"), earlier.text));
    ramps.push_back(std::move(ramp));
  }
  return ramps;
}

void applyRamps(const ModelDescription& model, Simulation& simulation, const std::vector<Ramp>& ramps,
                std::uint64_t step) {
  if (ramps.empty()) return;
  ParamSet params = model.current(simulation);
  bool changed = false;
  for (const Ramp& ramp : ramps) {
    const auto value = ramp.valueAt(step);
    // Of one parameter's ramps, the one begun last sets it (an earlier one holds its TO no more).
    const bool overtaken = std::any_of(ramps.begin(), ramps.end(), [&](const Ramp& other) {
      return other.key == ramp.key && other.first > ramp.first && other.first <= step;
    });
    if (value && !overtaken && std::get<double>(params.get(ramp.key)) != *value) {
      params.set(ramp.key, *value);
      changed = true;
    }
  }
  if (changed) model.change(simulation, params);
}

}  // namespace flocklab::runs
