#pragma once
// The runs of a sweep: the swept parameters and their values, and the canonical numbering of
// runs. Design: run r is combination r / seeds with seed --seed + r % seeds; a combination
// numbers the parameters' values with the first parameter outermost. A run's number fixes its
// place in the final CSV and the plot, and its row names it by its values and seed, so neither
// depends on which thread ran it or when. The numbering (everything but planSweep and
// optionsFor) is header-only, so that the sweep-file fuzzer needs none of the CLI's options.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "flocklab/metric_schema.hpp"

namespace flocklab::runs {

struct RunOptions;  // commands/run_command.hpp

/// One swept parameter: its values, distinct, in the order given or ascending for a range.
struct Param {
  std::string name;                ///< a numeric model option, e.g. "radius"
  std::string spec;                ///< as given, e.g. "radius=2:20:2"
  std::vector<double> values;      ///< never -0; a range's rounded to 12 digits of its largest magnitude
  std::vector<std::string> texts;  ///< each value as the CSV writes it (roundTrip)
};

/// The runs of a sweep, numbered 0 .. runs - 1 in canonical order.
struct SweepPlan {
  std::vector<Param> params;  ///< first outermost
  std::uint64_t firstSeed = 0;
  std::size_t seedCount = 0;
  std::size_t runs = 0;  ///< combinations() * seedCount, at most 1000000
  /// 16 hex digits naming the sweep's whole definition (sweep_fingerprint.hpp), written in
  /// every row of its CSV so that a resume recognises its own rows; "" until set.
  std::string fingerprint;
  /// The metrics every row holds: the schema's, then the model's own (a species' order).
  std::vector<MetricSpec> metrics = metricSchema();

  std::size_t combinations() const { return runs / seedCount; }
  std::uint64_t seedOf(std::size_t run) const { return firstSeed + run % seedCount; }
  /// The index of each parameter's value in `combination`.
  std::vector<std::size_t> valueIndices(std::size_t combination) const {
    std::vector<std::size_t> indices(params.size());
    for (std::size_t p = params.size(); p-- > 0;) {
      indices[p] = combination % params[p].values.size();
      combination /= params[p].values.size();
    }
    return indices;
  }
  /// "radius = 4, alignment = 0": the values of the parameters from `firstParam` on.
  std::string valuesText(std::size_t combination, std::size_t firstParam = 0) const {
    const std::vector<std::size_t> indices = valueIndices(combination);
    std::string text;
    for (std::size_t p = firstParam; p < params.size(); ++p)
      text += (p > firstParam ? ", " : "") + params[p].name + " = " + params[p].texts[indices[p]];
    return text;
  }
  /// `base` with the parameters and the seed of `run`.
  RunOptions optionsFor(const RunOptions& base, std::size_t run) const;
};

/// Parses the --param `specs` ("NAME=FROM:TO:STEP" or "NAME=V1,V2,...") of a sweep of
/// `seedCount` seeds from base.seed on; throws UsageError for a malformed or unknown parameter,
/// one given twice or also as its own option (`given`), or too many values or runs.
SweepPlan planSweep(const std::vector<std::string>& specs, const RunOptions& base, std::size_t seedCount,
                    const std::function<bool(const std::string&)>& given);

}  // namespace flocklab::runs
