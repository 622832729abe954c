// Parsing --param. Design: a range FROM:TO:STEP gives FROM + k * STEP, rounded, up to TO
// inclusive, with a tolerance of 1e-9 STEP (3 * 0.1 is above 0.3, yet 0:0.3:0.1 ends at 0.3); a
// list keeps its order; no value passes TO. Each value's CSV text is fixed here, once, so that a resumed sweep
// recognises the rows of an earlier one by their exact text.
#include "runs/sweep_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>

#include "flocklab/decimal_text.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/registry.hpp"
#include "flocklab/text_excerpt.hpp"
#include "runs/run_file.hpp"
#include "runs/run_options.hpp"
#include "runs/text_fields.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {
namespace {

constexpr std::size_t kMaxValues = 10000;  // per parameter
constexpr std::size_t kMaxRuns = 1000000;  // per sweep

// FROM + k * STEP, rounded to 12 significant digits of the range's largest magnitude, so that
// 0:1:0.1 gives 0.3 rather than 0.30000000000000004 and -1:1:0.1 passes through 0 exactly.
double roundedRangeValue(double raw, double scale) {
  const int decimals = 11 - static_cast<int>(std::floor(std::log10(scale)));
  const std::string text = decimals >= 0 ? fmt::format("{:.{}f}", raw, decimals) : fmt::format("{:.12g}", raw);
  const double v = readDecimal(text).value_or(raw);  // fmt writes plain decimal, which reads back
  return v == 0 ? 0.0 : v;                           // no "-0"
}

// A number of --param as every option reads one (flocklab/decimal_text.hpp: plain decimal, no '+',
// no hexadecimal), finite.
std::optional<double> readNumber(std::string_view text) {
  const std::optional<double> v = readDecimal(text);
  return v && std::isfinite(*v) ? v : std::nullopt;
}

// "count, separation, alignment, ...": what --param can sweep for `model`.
std::string sweepableNames(const std::string& model) {
  std::string names = "count";
  if (const ModelDescription* m = findModel(model)) {
    for (const ParamSpec& spec : m->params)
      if (spec.kind == ParamKind::Number) names += ", " + spec.key;
    if (m->dottedParam("species.max_speed")) names += ", and SPECIES.KEY for a species' key (hawk.max_speed)";
  }
  return "the " + markKey("model") + " " + model + " sweeps " + names;
}

Param parseParam(const std::string& spec, const RunOptions& base) {
  const std::string shown = excerpt(spec);  // messages quote the spec as an excerpt
  const std::string shape =
      markKey("param") + " must look like NAME=FROM:TO:STEP or NAME=V1,V2,... (got " + shown + ")";
  const std::size_t equals = spec.find('=');
  if (equals == std::string::npos || equals == 0 || equals + 1 == spec.size()) throw UsageError(shape);
  Param p;
  p.name = spec.substr(0, equals);
  p.spec = spec;
  const std::string values = spec.substr(equals + 1);
  if (p.name == "seed")
    throw UsageError(fmt::format("{0} cannot sweep seed: {1} N runs seeds {2}, {2} + 1, ...", markKey("param"),
                                 markKey("seeds"), markKey("seed")));
  if (p.name == "steps")
    throw UsageError(fmt::format("{} cannot sweep steps: give {}, or sweep with separate commands", markKey("param"),
                                 markKey("steps")));
  RunOptions scratch = base;
  if (!setNumericOption(scratch, p.name, 1))
    throw UsageError(markKey("param") + ": unknown parameter '" + excerpt(p.name) + "' (" + sweepableNames(base.model) +
                     ")");
  if (values.find(':') != std::string::npos) {
    const auto parts = split(values, ':');
    if (parts.size() != 3) throw UsageError(shape);
    const auto from = readNumber(parts[0]), to = readNumber(parts[1]), step = readNumber(parts[2]);
    if (!from || !to || !step) throw UsageError(shape);
    if (*step <= 0) throw UsageError(markKey("param") + " " + shown + ": STEP must be > 0");
    if (*from > *to) throw UsageError(markKey("param") + " " + shown + " gives no values (FROM is above TO)");
    if ((*to - *from) / *step >= static_cast<double>(kMaxValues))
      throw UsageError(fmt::format("{} {} gives more than {} values", markKey("param"), shown, kMaxValues));
    const double scale = std::max({std::abs(*from), std::abs(*to), *step});
    for (std::size_t k = 0;; ++k) {
      const double raw = *from + static_cast<double>(k) * *step;
      if (raw > *to + 1e-9 * *step) break;
      // Rounding never carries the last value past TO: 0:2pi:pi/5 ends at 2 pi as given.
      p.values.push_back(std::min(roundedRangeValue(raw, scale), *to));
    }
  } else {
    for (std::string_view field : split(values, ',')) {
      const auto v = readNumber(field);
      if (!v) throw UsageError(shape);
      p.values.push_back(*v == 0 ? 0.0 : *v);
    }
    if (p.values.size() > kMaxValues)
      throw UsageError(fmt::format("{} {} gives more than {} values", markKey("param"), shown, kMaxValues));
  }
  for (std::size_t i = 0; i < p.values.size(); ++i) {
    const double v = p.values[i];
    // Determinism: count is the one whole-number option a sweep can take; a fraction would be
    // truncated silently, so it is refused.
    if (p.name == "count" && (v != std::floor(v) || v < 1 || v > 9e15))
      throw UsageError(markKey("param") + " " + shown + ": count takes whole numbers >= 1 (got " + writeDecimal(v) +
                       ")");
    p.texts.push_back(writeDecimal(v));
    for (std::size_t j = 0; j < i; ++j)
      if (p.values[j] == v)
        throw UsageError(markKey("param") + " " + shown + " gives the value " + p.texts[i] + " twice");
  }
  return p;
}

}  // namespace

RunOptions SweepPlan::optionsFor(const RunOptions& base, std::size_t run) const {
  RunOptions options = base;
  options.seed = seedOf(run);
  const std::vector<std::size_t> indices = valueIndices(run / seedCount);
  for (std::size_t p = params.size(); p-- > 0;) setNumericOption(options, params[p].name, params[p].values[indices[p]]);
  return options;
}

SweepPlan planSweep(const std::vector<std::string>& specs, const RunOptions& base, std::size_t seedCount,
                    const std::function<bool(const std::string&)>& given) {
  SweepPlan plan;
  plan.firstSeed = base.seed;
  plan.seedCount = seedCount;
  double runs = static_cast<double>(seedCount);
  for (const std::string& spec : specs) {
    Param p = parseParam(spec, base);
    for (const Param& q : plan.params)
      if (q.name == p.name) throw UsageError(markKey("param") + " " + p.name + " is given twice");
    if (given(p.name))
      throw UsageError(markKey(p.name) + " and " + markKey("param") + " " + p.name + " both set " + p.name +
                       "; give one");
    runs *= static_cast<double>(p.values.size());
    plan.params.push_back(std::move(p));
  }
  if (runs > static_cast<double>(kMaxRuns))
    throw UsageError(
        fmt::format("the sweep has {:.0f} runs, more than {}; sweep fewer values or seeds", runs, kMaxRuns));
  plan.runs = static_cast<std::size_t>(runs);
  return plan;
}

}  // namespace flocklab::runs
