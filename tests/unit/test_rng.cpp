// The random generator and the random start against published and independently computed values
// (docs/random-numbers.md, "The random start"). Every random start, hence every golden hash, rests
// on these bits, and that page promises that anyone can reproduce a start in any language: a
// changed generator must fail here, with the reference value beside it, before it shows up as a
// changed golden hash.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "flocklab/flocklab.hpp"

namespace flocklab {
namespace {

std::uint64_t bitsOf(double value) {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

// Expects `a` and `b` to be the same double to the last bit (also for -0 and NaN payloads).
#define EXPECT_SAME_BITS(a, b) EXPECT_EQ(bitsOf(a), bitsOf(b)) << #a << " = " << (a) << ", " << #b << " = " << (b)

}  // namespace

TEST(Rng, SplitMix64MatchesPublishedOutputs) {
  // Rosetta Code, "Pseudo-random numbers/Splitmix64", seed 1234567; recomputed with an
  // independent Python transcription of splitmix64.c before pinning.
  SplitMix64 g(1234567);
  const std::uint64_t expected[] = {6457827717110365317ULL, 3203168211198807973ULL, 9817491932198370423ULL,
                                    4593380528125082431ULL, 16408922859458223821ULL};
  for (std::size_t k = 0; k < 5; ++k) EXPECT_EQ(g.next(), expected[k]) << "output " << k;
}

TEST(Rng, XoshiroMatchesPublishedOutputsFromState1234) {
  // The reference sequence of xoshiro256**.c from state {1, 2, 3, 4} (as in rand_xoshiro's
  // tests); recomputed with an independent Python transcription before pinning.
  Xoshiro256ss g = Xoshiro256ss::fromState(1, 2, 3, 4);
  const std::uint64_t expected[] = {11520ULL,
                                    0ULL,
                                    1509978240ULL,
                                    1215971899390074240ULL,
                                    1216172134540287360ULL,
                                    607988272756665600ULL,
                                    16172922978634559625ULL,
                                    8476171486693032832ULL,
                                    10595114339597558777ULL,
                                    2904607092377533576ULL};
  for (std::size_t k = 0; k < 10; ++k) EXPECT_EQ(g.next(), expected[k]) << "output " << k;
}

TEST(Rng, SeedingRunsSplitMix64FourTimes) {
  // The seeded generator is the one whose state is SplitMix64(seed)'s first four outputs.
  for (std::uint64_t seed : {0ULL, 1ULL, 42ULL, 0xffffffffffffffffULL}) {
    SplitMix64 expand(seed);
    const std::uint64_t s0 = expand.next(), s1 = expand.next(), s2 = expand.next(), s3 = expand.next();
    Xoshiro256ss byHand = Xoshiro256ss::fromState(s0, s1, s2, s3);
    Xoshiro256ss seeded(seed);
    for (int k = 0; k < 100; ++k) ASSERT_EQ(seeded.next(), byHand.next()) << "seed " << seed;
  }
  // Seed 42, pinned from the Python transcription: SplitMix64(42) gives the state
  // {13679457532755275413, 2949826092126892291, 5139283748462763858, 6349198060258255764}.
  Xoshiro256ss g(42);
  EXPECT_EQ(g.next(), 1546998764402558742ULL);
  EXPECT_EQ(g.next(), 6990951692964543102ULL);
  EXPECT_EQ(g.next(), 12544586762248559009ULL);
  EXPECT_EQ(g.next(), 17057574109182124193ULL);
}

TEST(Rng, UniformIsTheTop53BitsTimesTwoToTheMinus53) {
  Xoshiro256ss a(7), b(7);
  double sum = 0;
  const int draws = 200000;
  for (int k = 0; k < draws; ++k) {
    const double u = a.uniform();
    const double expected = static_cast<double>(b.next() >> 11) * std::ldexp(1.0, -53);
    ASSERT_EQ(bitsOf(u), bitsOf(expected)) << "draw " << k;
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
  }
  EXPECT_NEAR(sum / draws, 0.5, 0.005);
  // The largest value the formula can give is below 1, and the conversion is exact.
  EXPECT_LT(static_cast<double>(~0ULL >> 11) * 0x1.0p-53, 1.0);
  // Pinned from the Python transcription: the first uniforms from seed 42.
  Xoshiro256ss g(42);
  EXPECT_SAME_BITS(g.uniform(), 0x1.5780b2e0c2ec0p-4);
  EXPECT_SAME_BITS(g.uniform(), 0x1.84136619b444ep-2);
  EXPECT_SAME_BITS(g.uniform(), 0x1.5c2ea66473c93p-1);
}

namespace {

// The lab start for one boid (docs/model-lab.md, "Random start"), written out from the text,
// drawing from `g`.
void labBoidByHand(Xoshiro256ss& g, double L, double vmax, double out[4]) {
  const double x = L * g.uniform();
  const double y = L * g.uniform();
  double ux, uy, m;
  do {
    ux = 2 * g.uniform() - 1;
    uy = 2 * g.uniform() - 1;
    m = ux * ux + uy * uy;
  } while (m > 1 || m == 0);
  const double speed = vmax / 2 + (vmax / 2) * g.uniform();
  out[0] = x;
  out[1] = y;
  out[2] = ux * (speed / std::sqrt(m));
  out[3] = uy * (speed / std::sqrt(m));
}

}  // namespace

TEST(Rng, RandomLabStartFirstBoidByHand) {
  // Pinned from a Python transcription of docs/model-lab.md, "Random start" (120 boids,
  // defaults, seed 42).
  LabParams defaults;
  const Flock f = randomLabStart(120, defaults, 42);
  ASSERT_EQ(f.size(), 120u);
  EXPECT_SAME_BITS(f.x[0], 0x1.0c5c8bbf98486p+3);
  EXPECT_SAME_BITS(f.y[0], 0x1.2f2f27c414d5dp+5);
  EXPECT_SAME_BITS(f.vx[0], 0x1.8e0ab189e2aedp-2);
  EXPECT_SAME_BITS(f.vy[0], 0x1.d5752c03ace3ep-1);
  // The whole start, hashed; the Python transcription gives the same hash.
  EXPECT_EQ(hashHex(stateHash(f)), "18640ffa2c067fc6");

  // The same by hand from the generator, for the first boid of several seeds and parameters.
  LabParams odd;
  odd.world = 61.3;
  odd.maxSpeed = 2.5;
  for (const LabParams& p : {defaults, odd})
    for (std::uint64_t seed : {0ULL, 1ULL, 42ULL, 12345ULL}) {
      Xoshiro256ss g(seed);
      double boid[4];
      labBoidByHand(g, p.world, p.maxSpeed, boid);
      const Flock one = randomLabStart(1, p, seed);
      EXPECT_SAME_BITS(one.x[0], boid[0]);
      EXPECT_SAME_BITS(one.y[0], boid[1]);
      EXPECT_SAME_BITS(one.vx[0], boid[2]);
      EXPECT_SAME_BITS(one.vy[0], boid[3]);
    }
}

TEST(Rng, RandomLabStartWholeFlockByHand) {
  // Every boid, one stream in index order; about a fifth of the headings need a redraw, so
  // the rejection loop is exercised many times.
  LabParams p;
  p.world = 61.3;
  p.maxSpeed = 2.5;
  for (std::uint64_t seed : {3ULL, 99ULL}) {
    const Flock f = randomLabStart(500, p, seed);
    ASSERT_EQ(f.size(), 500u);
    Xoshiro256ss g(seed);
    for (std::size_t i = 0; i < f.size(); ++i) {
      double boid[4];
      labBoidByHand(g, p.world, p.maxSpeed, boid);
      ASSERT_EQ(bitsOf(f.x[i]), bitsOf(boid[0])) << "seed " << seed << ", boid " << i;
      ASSERT_EQ(bitsOf(f.y[i]), bitsOf(boid[1])) << "seed " << seed << ", boid " << i;
      ASSERT_EQ(bitsOf(f.vx[i]), bitsOf(boid[2])) << "seed " << seed << ", boid " << i;
      ASSERT_EQ(bitsOf(f.vy[i]), bitsOf(boid[3])) << "seed " << seed << ", boid " << i;
    }
  }
}

}  // namespace flocklab
