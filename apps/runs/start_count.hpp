#pragma once
// The start checks every front end makes before it draws a flock: the seed, how many boids,
// against the species' total, the most a flock can index and the memory the front end has. Design: one
// function with one set of messages (keys marked, flocklab/keyed_message.hpp), which the command
// line, Python and the WebAssembly glue all call; it needs only the engine, so em++ compiles it
// into the glue as it is.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "flocklab/model.hpp"

namespace flocklab::runs {

/// "" when `text` is a seed every front end takes (a whole number from 0 to 2^64-1 in plain
/// decimal), else what is wrong, without the key: "must be a whole number from 0 to 2^64-1 (got -4)".
std::string seedProblem(std::string_view text);
/// The seed `text` gives; throws UsageError with the seed's key marked and seedProblem's words.
std::uint64_t seedFrom(std::string_view text);

/// The most boids a flock can have: grid indices are 32-bit.
inline constexpr std::uint64_t kMaxIndexableBoids = 0xffffffffULL;

/// The boids a start of `model` with `params` takes: the species' total where the model has
/// species (a `count` given must repeat it), else `count`, or `defaultCount` when none is given.
/// `memoryProblem(boids)` says "" when that many fit, or why not ("count 15000000 needs about ...").
/// Throws UsageError: a count that is not a whole number of at least 1, one above
/// kMaxIndexableBoids, a count the species do not add up to, species of no boids, or the memory's problem.
std::uint64_t startCount(const ModelDescription& model, const ParamSet& params, std::optional<double> count,
                         std::uint64_t defaultCount,
                         const std::function<std::string(std::uint64_t boids)>& memoryProblem);

}  // namespace flocklab::runs
