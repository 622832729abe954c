// flocklab::logarithm (engine/logarithm.hpp): within 3e-16 * max(1, |ln x|) of std::log from
// the smallest subnormal to the largest double, exact where the series has nothing to add, and
// the edge values named.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "engine/logarithm.hpp"

using namespace flocklab;

namespace {

TEST(Logarithm, WithinThreeEMinus16OfStdLogEverywhere) {
  double worst = 0;
  const auto check = [&](double x) {
    const double want = std::log(x);
    worst = std::max(worst, std::abs(logarithm(x) - want) / std::max(1.0, std::abs(want)));
  };
  // The uniforms the noise takes (1 - u for u = k 2^-53) near 1 and near 0, and a sweep of
  // every binade with the mantissas around the halving point sqrt(2).
  for (int k = 0; k < 100000; ++k) check(1 - k * 0x1p-53), check((k + 1) * 0x1p-53);
  for (int e = -1074; e <= 1023; ++e)
    for (double m : {1.0, 1.1, 1.25, 1.4142135623730950, 1.4142135623730951, 1.4142135623730954, 1.5, 1.99999})
      if (std::ldexp(m, e) > 0 && std::isfinite(std::ldexp(m, e))) check(std::ldexp(m, e));
  EXPECT_LT(worst, 3e-16);
}

TEST(Logarithm, ExactAtOneAndEdgesNamed) {
  EXPECT_EQ(logarithm(1.0), 0.0);
  EXPECT_EQ(logarithm(2.0), 0.6931471805599453);
  EXPECT_EQ(logarithm(0.0), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(logarithm(-1.0), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(logarithm(std::nan("")), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(logarithm(std::numeric_limits<double>::infinity()), std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isfinite(logarithm(std::numeric_limits<double>::denorm_min())));
}

}  // namespace
