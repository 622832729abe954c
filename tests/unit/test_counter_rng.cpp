// The counter-based stream (flocklab/counter_rng.hpp): Philox4x32-10 against Random123's
// known-answer vectors, and the way seed, step, boid, purpose and block select its numbers.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <set>

#include "flocklab/counter_rng.hpp"

using namespace flocklab;

namespace {

// Random123's kat_vectors for philox4x32 with 10 rounds: counter, key, output.
TEST(CounterRng, Philox4x32MatchesRandom123sKnownAnswers) {
  struct Vector {
    std::array<std::uint32_t, 4> counter;
    std::array<std::uint32_t, 2> key;
    std::array<std::uint32_t, 4> out;
  };
  const Vector vectors[] = {
      {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
      {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
       {0xffffffff, 0xffffffff},
       {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
      {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
       {0xa4093822, 0x299f31d0},
       {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
  };
  for (const Vector& v : vectors) EXPECT_EQ(philox4x32(v.counter, v.key), v.out);
}

// The documented layout: key (seed low, seed high), counter (purpose << 24 | block, index,
// step low, step high), u from (r1 << 32 | r0) >> 11 times 2^-53.
TEST(CounterRng, UniformsFollowTheDocumentedLayout) {
  const std::uint64_t seed = 0x0123456789abcdefULL, step = 0x0000000500000007ULL, index = 1234;
  const auto r = philox4x32({1u << 24 | 3, 1234, 7, 5}, {0x89abcdef, 0x01234567});
  const auto u = counterUniforms(seed, step, index, Purpose::Noise, 3);
  EXPECT_EQ(u[0], static_cast<double>((static_cast<std::uint64_t>(r[1]) << 32 | r[0]) >> 11) * 0x1.0p-53);
  EXPECT_EQ(u[1], static_cast<double>((static_cast<std::uint64_t>(r[3]) << 32 | r[2]) >> 11) * 0x1.0p-53);
}

// Every part of the key and counter changes the numbers; the numbers lie in [0, 1) and their
// mean over many boids is near 1/2.
TEST(CounterRng, EveryPartSelectsOtherNumbers) {
  const auto base = counterUniforms(42, 10, 7, Purpose::Noise, 0);
  EXPECT_NE(base, counterUniforms(43, 10, 7, Purpose::Noise, 0));
  EXPECT_NE(base, counterUniforms(42, 11, 7, Purpose::Noise, 0));
  EXPECT_NE(base, counterUniforms(42, 10 + (1ULL << 32), 7, Purpose::Noise, 0));
  EXPECT_NE(base, counterUniforms(42, 10, 8, Purpose::Noise, 0));
  EXPECT_NE(base, counterUniforms(42, 10, 7, Purpose::Rebirth, 0));
  EXPECT_NE(base, counterUniforms(42, 10, 7, Purpose::Noise, 1));
  EXPECT_NE(base, counterUniforms(42ULL + (1ULL << 32), 10, 7, Purpose::Noise, 0));
  std::set<double> seen;
  double sum = 0;
  const int n = 100000;
  for (int i = 0; i < n; ++i) {
    for (double u : counterUniforms(42, 3, static_cast<std::uint64_t>(i), Purpose::Noise)) {
      ASSERT_GE(u, 0.0);
      ASSERT_LT(u, 1.0);
      sum += u;
      seen.insert(u);
    }
  }
  EXPECT_NEAR(sum / (2 * n), 0.5, 0.005);  // standard error 0.0006
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(2 * n)) << "no repeats among 200,000 draws";
}

// The values docs/random-numbers.md lists, computed there by its Python version of the stream
// (an independent implementation: Python's integers, no 32-bit types).
TEST(CounterRng, TheDocumentedValues) {
  using U = std::array<double, 2>;
  EXPECT_EQ(counterUniforms(42, 0, 0, Purpose::Noise), (U{0.5300015183703821, 0.36249174752496993}));
  EXPECT_EQ(counterUniforms(42, 0, 1, Purpose::Noise), (U{0.6072073227973755, 0.05744773452641905}));
  EXPECT_EQ(counterUniforms(42, 1, 0, Purpose::Noise), (U{0.809591306834388, 0.5470109353030302}));
  EXPECT_EQ(counterUniforms(42, 123456789, 99999, Purpose::Noise, 0), (U{0.7398316170037534, 0.7910446687680672}));
  EXPECT_EQ(counterUniforms(18446744073709551615ULL, (1ULL << 40) + 3, 7, Purpose::Rebirth, 5),
            (U{0.03263698263924886, 0.9558459981209532}));
}

}  // namespace
