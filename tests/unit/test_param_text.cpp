// text::shortest, the one formatter of numbers in the core's messages, help and parameter
// texts: the shortest text that reads back to the same double, scientific where the plain
// form would be long, and an exponent without '+' or leading zeros.
#include <gtest/gtest.h>

#include <cstdlib>
#include <limits>

#include "models/param_text.hpp"

using flocklab::text::shortest;

TEST(ParamText, ShortestIsShortAndReadsBack) {
  EXPECT_EQ(shortest(180), "180");
  EXPECT_EQ(shortest(0.1), "0.1");
  EXPECT_EQ(shortest(-0.5), "-0.5");
  EXPECT_EQ(shortest(100.0000001), "100.0000001");  // not "100", which hid why it was refused
  EXPECT_EQ(shortest(1e300), "1e300");               // not 301 digits
  EXPECT_EQ(shortest(1e-300), "1e-300");             // not "0"
  EXPECT_EQ(shortest(1e-5), "1e-5");
  EXPECT_EQ(shortest(1e100), "1e100");
  EXPECT_EQ(shortest(-2.5e300), "-2.5e300");
  EXPECT_EQ(shortest(180 * 1e300), "1.8000000000000002e302");
  for (double v : {1.0 / 3, 5e-324, 123456.789, 1e15, 1e16 + 2, std::numeric_limits<double>::max(), 0.1 + 0.2})
    EXPECT_EQ(std::strtod(shortest(v).c_str(), nullptr), v) << shortest(v);
}
