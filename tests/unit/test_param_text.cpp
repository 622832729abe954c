// text::shortest, the one formatter of numbers in the core's messages, help and parameter
// texts: the shortest text that reads back to the same double, scientific where the plain
// form would be long, and an exponent without '+' or leading zeros; and text::number, the reader
// of the numbers inside parameter texts, which takes the options' grammar (readDecimal).
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "models/param_text.hpp"

using flocklab::text::shortest;

TEST(ParamText, ShortestIsShortAndReadsBack) {
  EXPECT_EQ(shortest(180), "180");
  EXPECT_EQ(shortest(0.1), "0.1");
  EXPECT_EQ(shortest(-0.5), "-0.5");
  EXPECT_EQ(shortest(100.0000001), "100.0000001");  // not "100", which hid why it was refused
  EXPECT_EQ(shortest(1e300), "1e300");              // not 301 digits
  EXPECT_EQ(shortest(1e-300), "1e-300");            // not "0"
  EXPECT_EQ(shortest(1e-5), "1e-5");
  EXPECT_EQ(shortest(1e100), "1e100");
  EXPECT_EQ(shortest(-2.5e300), "-2.5e300");
  EXPECT_EQ(shortest(180 * 1e300), "1.8000000000000002e302");
  for (double v : {1.0 / 3, 5e-324, 123456.789, 1e15, 1e16 + 2, std::numeric_limits<double>::max(), 0.1 + 0.2})
    EXPECT_EQ(std::strtod(shortest(v).c_str(), nullptr), v) << shortest(v);
}

// One grammar for numbers: readDecimal (the options' reader, and through text::number the
// reader of the numbers inside --food, --obstacle, --pointer and species texts) accepts exactly
// what std::from_chars reads whole, to the same bits, and text::number only its finite values.
// strtod alone took hexadecimal, a leading '+' and leading spaces.
TEST(ParamText, NumbersInTextsReadAsOptionsDo) {
  for (const char* t : {"0",      "-0",        "12",    "00012",  "0.5",   ".5",     "5.",
                        "-.5e3",  "1e5",       "1E+5",  "1e-5",   "1e300", "5e-324", "1.7976931348623157e308",
                        "inf",    "-Infinity", "nan",   "0x10",   "0x1p4", "+1",     " 1",
                        "1 ",     "\t1",       "\v1",   "1e",     "1e+",   "e5",     ".",
                        "-",      "",          "--1",   "1..2",   "1e5.5", "1e400",  "-1e400",
                        "1e-400", "1,5",       "1_000", "nan(1)", "infx"}) {
    const std::string text(t);
    double expected = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), expected);
    const bool whole = !text.empty() && ec == std::errc() && end == text.data() + text.size() && text != "nan(1)";
    const auto got = flocklab::readDecimal(text);
    ASSERT_EQ(got.has_value(), whole) << "'" << text << "'";
    if (!whole) {
      EXPECT_FALSE(flocklab::text::number(text)) << text;
      continue;
    }
    if (std::isnan(expected)) EXPECT_TRUE(std::isnan(*got)) << text;
    else EXPECT_EQ(*got, expected) << text;  // the same bits: -0 and 0 differ in sign only
    EXPECT_EQ(std::signbit(*got), std::signbit(expected)) << text;
    EXPECT_EQ(flocklab::text::number(text).has_value(), std::isfinite(expected)) << text;
  }
}
