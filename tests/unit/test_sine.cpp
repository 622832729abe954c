// flocklab::sine (engine/cosine.hpp): within 1e-15 of std::sin on [-pi, pi], odd, exact at
// the points a rotation relies on, and clamped outside.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/cosine.hpp"

using namespace flocklab;

namespace {

TEST(Sine, WithinOneEMinus15OfStdSinOnMinusPiToPi) {
  double worst = 0;
  for (int k = -200000; k <= 200000; ++k) {
    const double x = kPi * k / 200000.0;
    worst = std::max(worst, std::abs(sine(x) - std::sin(x)));
  }
  // The branch points themselves and their neighbours.
  for (double b : {kPi / 4, kPi / 2, 3 * kPi / 4, kPi})
    for (double x : {std::nextafter(b, 0.0), b, std::nextafter(b, 4.0)}) {
      worst = std::max(worst, std::abs(sine(x) - std::sin(x)));
      worst = std::max(worst, std::abs(sine(-x) - std::sin(-x)));
    }
  EXPECT_LT(worst, 1e-15);
}

TEST(Sine, OddExactAtZeroAndClampedOutside) {
  for (double x : {1e-300, 0.1, 0.7853981633974483, 1.0, 2.5, 3.0}) EXPECT_EQ(sine(-x), -sine(x)) << x;
  EXPECT_EQ(sine(0.0), 0.0);
  EXPECT_EQ(sine(1e-300), 1e-300);
  EXPECT_EQ(sine(10.0), sine(kPi));
  EXPECT_EQ(sine(-10.0), sine(-kPi));
  EXPECT_EQ(sine(std::nan("")), 0.0);
}

}  // namespace
