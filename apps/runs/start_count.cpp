// The start's boid count (see start_count.hpp). Only the standard library and the engine: the
// WebAssembly glue compiles this file too.
#include "runs/start_count.hpp"

#include <charconv>
#include <cmath>

#include "flocklab/decimal_text.hpp"
#include "flocklab/keyed_message.hpp"
#include "flocklab/text_excerpt.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::runs {
std::string seedProblem(std::string_view text) {
  std::uint64_t seed = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (!text.empty() && ec == std::errc() && end == text.data() + text.size()) return "";
  return "must be a whole number from 0 to 2^64-1 (got " + (text.empty() ? std::string("nothing") : excerpt(text)) +
         ")";
}

std::uint64_t seedFrom(std::string_view text) {
  if (const std::string problem = seedProblem(text); !problem.empty())
    throw UsageError(markKey("seed") + " " + problem);
  std::uint64_t seed = 0;
  std::from_chars(text.data(), text.data() + text.size(), seed);
  return seed;
}

std::uint64_t startCount(const ModelDescription& model, const ParamSet& params, std::optional<double> count,
                         std::uint64_t defaultCount, const std::function<std::string(std::uint64_t)>& memoryProblem) {
  const std::string limit = std::to_string(kMaxIndexableBoids);
  std::uint64_t boids = 0;
  // Species give their own counts: a count given may only repeat their sum.
  if (const auto fixed = model.fixedCount(params)) {
    if (count && *count != static_cast<double>(*fixed))
      throw UsageError(markKey("count") + " " + writeDecimal(*count) + " differs from the species' total of " +
                       std::to_string(*fixed) + "; give the counts with " + markKey("species"));
    if (*fixed == 0) throw UsageError("the species add up to no boids; give one a count of at least 1");
    if (*fixed > kMaxIndexableBoids)
      throw UsageError("the species' total " + std::to_string(*fixed) + " is more than the " + limit +
                       " boids flocklab can index");
    boids = *fixed;
  } else {
    const double n = count.value_or(static_cast<double>(defaultCount));
    if (!(n >= 1) || n != std::floor(n))
      throw UsageError(markKey("count") + " must be a whole number of at least 1 (got " + writeDecimal(n) + ")");
    if (n > static_cast<double>(kMaxIndexableBoids))
      throw UsageError(markKey("count") + " " + writeDecimal(n) + " is more than the " + limit +
                       " boids flocklab can index");
    boids = static_cast<std::uint64_t>(n);
  }
  if (const std::string problem = memoryProblem(boids); !problem.empty()) throw UsageError(problem);
  return boids;
}

}  // namespace flocklab::runs
