// Parameter ramps: reading "KEY=FROM:TO@A-B" strictly, and setting the values step by step
// (see ramp.hpp and docs/ramps.md).
#include "runs/ramp.hpp"

#include <algorithm>
#include <charconv>

#include "flocklab/decimal_text.hpp"
#include "flocklab/keyed_message.hpp"
#include "flocklab/text_excerpt.hpp"
#include "runs/nearest_name.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {
namespace {

// `text` as a whole number >= 0, all of it (no sign, no space), or nothing. (Not
// runs/text_fields.hpp: the WebAssembly build's library has no floating from_chars.)
std::optional<std::uint64_t> whole(std::string_view text) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

constexpr const char* kGrammar = "KEY=FROM:TO@A-B, e.g. alignment=0:1.5@0-600";

[[noreturn]] void refuse(std::string_view text, const std::string& why) {
  throw UsageError(markKey("ramp") + " " + excerpt(text) + ": " + why);
}

// The number parameter `name` of `model` that may change between steps.
const ParamSpec& rampable(const ModelDescription& model, std::string_view text, std::string_view name) {
  const ParamSpec* spec = model.findParam(name);
  if (!spec) {
    std::vector<std::string> keys;
    for (const ParamSpec& p : model.params) keys.push_back(p.key);
    const std::string near = nearestName(std::string(name), keys);
    refuse(text, "model " + model.name + " has no parameter '" + excerpt(name) + "'" +
                     (near.empty() ? "" : " (did you mean " + near + "?)"));
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
  const std::string_view fromText = std::string_view(text).substr(equals + 1, colon - equals - 1),
                         toText = std::string_view(text).substr(colon + 1, at - colon - 1);
  const auto from = readDecimal(fromText), to = readDecimal(toText);
  const std::string_view steps = std::string_view(text).substr(at + 1);
  const std::size_t dash = steps.find('-');
  const auto first = dash == std::string_view::npos ? std::nullopt : whole(steps.substr(0, dash));
  const auto last = dash == std::string_view::npos ? std::nullopt : whole(steps.substr(dash + 1));
  if (!from || !to || !first || !last) refuse(text, std::string("give ") + kGrammar);
  for (const auto& [value, written] : {std::pair{*from, fromText}, {*to, toText}}) {
    if (const std::string problem = valueProblem(spec, value); !problem.empty()) refuse(text, spec.key + " " + problem);
    ParamSet beside = params;  // the value beside the run's other parameters
    beside.set(spec.key, value);
    if (const std::string problem = beside.markedProblem(); !problem.empty())
      refuse(text, "at " + std::string(written) + ", " + problem);
  }
  ramp.from = *from;
  ramp.to = *to;
  ramp.first = first.value_or(0);
  ramp.last = last.value_or(0);
  if (ramp.first >= ramp.last)
    refuse(text, "its steps A-B must rise (got " + std::to_string(ramp.first) + "-" + std::to_string(ramp.last) + ")");
  if (ramp.last > (std::uint64_t{1} << 53)) refuse(text, "its steps must be at most 2^53");
  return ramp;
}

// Every value the ramps will set, step by step as the runner sets them, beside the run's other
// parameters: a ramp whose ends are valid can pass through a value its parameter refuses (a whole
// number's 3.2), and two ramps can meet where together they break a rule (max_speed x dt beyond
// the world). Values move only inside some ramp's [A, B]; after its B a ramp holds TO.
void checkEveryStep(const ParamSet& params, const std::vector<Ramp>& ramps) {
  // The ramps' [A, B], merged where they overlap or meet, in ascending order.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> spans;
  for (const Ramp& ramp : ramps) spans.emplace_back(ramp.first, ramp.last);
  std::sort(spans.begin(), spans.end());
  std::vector<std::pair<std::uint64_t, std::uint64_t>> merged;
  std::uint64_t steps = 0;  // the steps A <= k < B of some ramp
  for (const auto& [first, last] : spans)
    if (!merged.empty() && first <= merged.back().second) merged.back().second = std::max(merged.back().second, last);
    else merged.emplace_back(first, last);
  for (const auto& [first, last] : merged) steps += last - first;
  if (steps > kMaxRampedSteps)
    throw UsageError(markKey("ramp") + ": the ramps span " + std::to_string(steps) +
                     " steps, and flocklab checks each before the run: at most " + std::to_string(kMaxRampedSteps) +
                     " in all");
  const ModelDescription& model = params.model();
  ParamSet at = params;
  for (const auto& [first, last] : merged)
    for (std::uint64_t step = first; step <= last; ++step) {
      const Ramp* moved = nullptr;
      for (std::size_t i = 0; i < ramps.size(); ++i) {
        if (step < ramps[i].first || step > ramps[i].last) continue;  // before A it sets nothing; after B it holds TO
        const auto value = settingValue(ramps, i, step);
        if (!value || std::get<double>(at.get(ramps[i].key)) == *value) continue;
        if (const std::string problem = valueProblem(*model.findParam(ramps[i].key), *value); !problem.empty())
          refuse(ramps[i].text, "at step " + std::to_string(step) + ", " + markKey(ramps[i].key) + " " + problem);
        at.set(ramps[i].key, *value);
        moved = &ramps[i];
      }
      if (!moved) continue;
      if (const std::string problem = at.markedCrossProblem(); !problem.empty())  // each value passed above
        refuse(moved->text, "at step " + std::to_string(step) + ", " + problem);
    }
}

}  // namespace

std::optional<double> Ramp::valueAt(std::uint64_t step) const {
  if (step < first) return std::nullopt;
  if (step >= last) return to;
  const double along = static_cast<double>(step - first) / static_cast<double>(last - first);
  return from + (to - from) * along;
}

std::vector<Ramp> parseRamps(const ParamSet& params, const std::vector<std::string>& texts) {
  if (texts.size() > kMaxRamps)
    throw UsageError(markKey("ramp") + " takes at most " + std::to_string(kMaxRamps) + " ramps (got " +
                     std::to_string(texts.size()) + ")");
  std::vector<Ramp> ramps;
  for (const std::string& text : texts) {
    Ramp ramp = parseRamp(params, text);
    for (const Ramp& earlier : ramps)
      if (earlier.key == ramp.key && ramp.first < earlier.last && earlier.first < ramp.last)
        refuse(text, "overlaps " + markKey("ramp") + " " + excerpt(earlier.text) +
                         ": ramps of one parameter may meet at a step, not overlap");
    ramps.push_back(std::move(ramp));
  }
  checkEveryStep(params, ramps);
  return ramps;
}

std::optional<double> settingValue(const std::vector<Ramp>& ramps, std::size_t i, std::uint64_t step) {
  const Ramp& ramp = ramps[i];
  // Of one parameter's ramps, the one begun last sets it (an earlier one holds its TO no more).
  for (const Ramp& other : ramps)
    if (other.key == ramp.key && other.first > ramp.first && other.first <= step) return std::nullopt;
  return ramp.valueAt(step);
}

std::vector<std::pair<std::string, double>> rampedValues(const std::vector<Ramp>& ramps, std::uint64_t step) {
  std::vector<std::pair<std::string, double>> values;  // settingValue gives one value a key at most
  for (std::size_t i = 0; i < ramps.size(); ++i)
    if (const auto value = settingValue(ramps, i, step)) values.emplace_back(ramps[i].key, *value);
  return values;
}

}  // namespace flocklab::runs
