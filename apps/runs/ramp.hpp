#pragma once
// Parameter ramps (docs/ramps.md): a live number parameter moved on a schedule during one run,
// "KEY=FROM:TO@A-B": FROM at step A, then in a straight line to TO at step B, and TO after B;
// before A the parameter has its own value. A ramp is part of the run's definition (run files
// and checkpoints keep its text), so the same text gives the same bits on every front end.
// Determinism: the value for step k is FROM + (TO - FROM) * ((k - A) / (B - A)) in doubles, in
// that order, with k - A and B - A exact (steps below 2^53), so every platform computes it alike.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "flocklab/model.hpp"

namespace flocklab::runs {

/// One ramp, as read from its text.
struct Ramp {
  std::string key;  ///< the parameter's canonical key
  double from = 0, to = 0;
  std::uint64_t first = 0, last = 0;  ///< the steps A < B
  std::string text;                   ///< as given, for run files

  /// The value the step from `step` to `step` + 1 runs with, or nothing before A.
  std::optional<double> valueAt(std::uint64_t step) const;
};

/// The most ramps one run takes (each step looks at every pair of one parameter's ramps).
inline constexpr std::size_t kMaxRamps = 64;

/// The most steps at which a run's ramps move values (the union of their [A, B]): each is checked
/// before the run (up to about a microsecond a step; docs/ramps.md).
inline constexpr std::uint64_t kMaxRampedSteps = 10'000'000;

/// The ramps `texts` give for a run with `params`, checked: the key is a live number parameter of
/// the model, both values lie in its range and suit the other parameters, A < B, two ramps of one
/// key do not overlap (they may meet at a step), and at every step where a value moves, the
/// values the ramps set then pass every check of the model beside the run's other parameters (as
/// the runner would set them). Throws UsageError naming --ramp (markKey("ramp")) and the text at
/// fault, with the step.
std::vector<Ramp> parseRamps(const ParamSet& params, const std::vector<std::string>& texts);

/// The value ramps[i] sets for the step from `step` on, or nothing: before its A, or when a ramp of
/// the same parameter begun later (at or before `step`) has taken over.
std::optional<double> settingValue(const std::vector<Ramp>& ramps, std::size_t i, std::uint64_t step);

/// The value each ramped parameter runs with for the step from `step` on (settingValue: of one
/// parameter's ramps, the one begun last), as (key, value) in the order of the ramps that set
/// them; a parameter none of whose ramps has begun by `step` is left out. The runner
/// (runner.hpp) sets them before each step; a front end may show them (the browser lab's note).
std::vector<std::pair<std::string, double>> rampedValues(const std::vector<Ramp>& ramps, std::uint64_t step);

}  // namespace flocklab::runs
