#pragma once
// The random generator behind every random start (docs/random-numbers.md, "The random
// start"): xoshiro256** seeded by
// running SplitMix64 on the 64-bit seed four times. Documented so that any language can
// reproduce a start: a uniform double in [0,1) is (next() >> 11) * 2^-53.
#include <array>
#include <cstdint>

namespace flocklab {

/// SplitMix64 (Steele, Lea, Flood 2014): a 64-bit state stepped by the golden gamma.
/// Used only to expand a seed into xoshiro's four words. Deterministic on every platform.
class SplitMix64 {
 public:
  /// Starts from `seed`; the first next() mixes seed + 0x9e3779b97f4a7c15.
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  /// The next 64-bit output.
  std::uint64_t next();

 private:
  std::uint64_t state_;
};

/// xoshiro256** 1.0 (Blackman, Vigna 2018). Not thread-safe; one generator per stream.
class Xoshiro256ss {
 public:
  /// Seeds the four state words with four SplitMix64 outputs of `seed`.
  explicit Xoshiro256ss(std::uint64_t seed);
  /// A generator whose four state words are exactly s0..s3, skipping the SplitMix64
  /// expansion; for checking against the published reference outputs (state {1, 2, 3, 4}).
  /// The state must not be all zero (xoshiro would then output only zeros).
  static Xoshiro256ss fromState(std::uint64_t s0, std::uint64_t s1, std::uint64_t s2, std::uint64_t s3);
  /// The next 64-bit output.
  std::uint64_t next();
  /// The four state words (fromState() continues from them).
  std::array<std::uint64_t, 4> state() const { return {s_[0], s_[1], s_[2], s_[3]}; }
  /// A uniform double in [0, 1): the top 53 bits of next() times 2^-53.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t s_[4];
};

}  // namespace flocklab
