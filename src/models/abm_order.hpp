#pragma once
// The abm model's random activation order (docs/model-abm.md, "The random order").
//
// Determinism: the order has its own xoshiro256** whose four state words are SplitMix64(seed)'s
// 5th to 8th outputs (the random start's generator takes the 1st to 4th), so the start and the
// order never share a draw. Each step shuffles the permutation left by the previous step with
// Fisher-Yates, i from n-1 down to 1 swapping slots i and bounded(i + 1); bounded(s) is
// Lemire's multiply-shift with rejection on the top 32 bits of one 64-bit output, unbiased and
// reproducible with 64-bit integers in any language.
#include <cstdint>
#include <utility>
#include <vector>

#include "flocklab/rng.hpp"

namespace flocklab {

/// The random order's generator for a run seeded with `seed`.
inline Xoshiro256ss abmOrderGenerator(std::uint64_t seed) {
  SplitMix64 expand(seed);
  for (int skipped = 0; skipped < 4; ++skipped) expand.next();  // the random start's words
  const std::uint64_t s0 = expand.next(), s1 = expand.next(), s2 = expand.next(), s3 = expand.next();
  return Xoshiro256ss::fromState(s0, s1, s2, s3);
}

/// A uniform integer in [0, s), 1 <= s <= 2^32: x = next() >> 32, m = x * s; m's low 32 bits
/// below (2^32 - s) mod s are rejected and drawn again; the result is m >> 32.
inline std::uint64_t boundedDraw(Xoshiro256ss& rng, std::uint64_t s) {
  std::uint64_t m = (rng.next() >> 32) * s;
  if ((m & 0xffffffffULL) < s) {
    const std::uint64_t threshold = ((std::uint64_t{1} << 32) - s) % s;
    while ((m & 0xffffffffULL) < threshold) m = (rng.next() >> 32) * s;
  }
  return m >> 32;
}

/// Shuffles `order` in place (Fisher-Yates from the top); order.size() <= 2^32.
inline void shuffleOrder(std::vector<std::uint32_t>& order, Xoshiro256ss& rng) {
  for (std::size_t i = order.size(); i-- > 1;)
    std::swap(order[i], order[static_cast<std::size_t>(boundedDraw(rng, i + 1))]);
}

}  // namespace flocklab
