// writeDecimal, the one writer of numbers (messages, help, parameter texts, run and state
// files): the shortest text that reads back to the same double, scientific where the plain form
// would be long, and an exponent without '+' or leading zeros; and text::number, the reader of
// the numbers inside parameter texts, which takes the options' grammar (readDecimal).
#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

#include "flocklab/decimal_text.hpp"
#include "models/param_text.hpp"

using flocklab::writeDecimal;

namespace {

// The rule written out another way, for comparison: printf's %.Ng with N widened until the text
// reads back, whole numbers below 10^15 with %.0f, then the exponent's '+' and zeros dropped.
std::string byPrintf(double v) {
  char buffer[40];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
    return buffer;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
    if (std::strtod(buffer, nullptr) == v) break;
  }
  std::string out = buffer;
  if (const std::size_t e = out.find('e'); e != std::string::npos) {
    std::size_t at = e + 1;
    if (out[at] == '+') out.erase(at, 1);
    else if (out[at] == '-') ++at;
    while (at + 1 < out.size() && out[at] == '0') out.erase(at, 1);
  }
  return out;
}

}  // namespace

TEST(DecimalText, WriteDecimalIsShortAndReadsBack) {
  EXPECT_EQ(writeDecimal(180), "180");
  EXPECT_EQ(writeDecimal(100000), "100000");  // to_chars alone writes 1e+05
  EXPECT_EQ(writeDecimal(0.1), "0.1");
  EXPECT_EQ(writeDecimal(-0.5), "-0.5");
  EXPECT_EQ(writeDecimal(0.0001), "0.0001");                // to_chars alone writes 1e-04
  EXPECT_EQ(writeDecimal(0.000012345678), "1.2345678e-5");  // to_chars alone writes 0.000012345678
  EXPECT_EQ(writeDecimal(100.0000001), "100.0000001");      // not "100", which hid why it was refused
  EXPECT_EQ(writeDecimal(1e300), "1e300");                  // not 301 digits
  EXPECT_EQ(writeDecimal(1e-300), "1e-300");                // not "0"
  EXPECT_EQ(writeDecimal(1e-5), "1e-5");
  EXPECT_EQ(writeDecimal(1e20), "1e20");
  EXPECT_EQ(writeDecimal(18446744073709551616.0), "1.8446744073709552e19");
  EXPECT_EQ(writeDecimal(-2.5e300), "-2.5e300");
  EXPECT_EQ(writeDecimal(180 * 1e300), "1.8000000000000002e302");
  EXPECT_EQ(writeDecimal(std::nan("")), "nan");
  EXPECT_EQ(writeDecimal(-std::numeric_limits<double>::infinity()), "-inf");
  for (double v : {1.0 / 3, 5e-324, 123456.789, 1e15, 1e16 + 2, std::numeric_limits<double>::max(), 0.1 + 0.2})
    EXPECT_EQ(flocklab::readDecimal(writeDecimal(v)), v) << writeDecimal(v);
}

// Both ways to the digits (to_chars natively, printf and strtod in the WebAssembly build) and the
// layout after them give printf's text, for doubles of every size: the builds write the same.
TEST(DecimalText, EveryBuildWritesTheSameText) {
  std::mt19937_64 random(7);
  int shorter = 0;  // numbers the reference writes with a digit more
  for (int i = 0; i < 100000; ++i) {
    double v = std::bit_cast<double>(random());
    if (!std::isfinite(v)) continue;
    if (i % 4 == 1) v = std::ldexp(static_cast<double>(random() % 100000), -static_cast<int>(random() % 40));
    if (i % 4 == 2) v = static_cast<double>(random() % 1000000) / 1000.0 - 500.0;
    // The reference's digits are printf's nearest; at an exact tie or a power of two they can
    // need one more digit than the shortest (2^-24: ...0625e-8 where ...063e-8 reads back).
    if (const std::string reference = byPrintf(v); reference.size() <= writeDecimal(v).size())
      ASSERT_EQ(writeDecimal(v), reference) << std::hexfloat << v;
    else ++shorter;
    ASSERT_EQ(flocklab::detail::shortestScientific(v), flocklab::detail::shortestScientificByPrintf(v))
        << std::hexfloat << v;
    ASSERT_EQ(flocklab::readDecimal(writeDecimal(v)), v);
  }
  EXPECT_LT(shorter, 2000);
  EXPECT_EQ(writeDecimal(0x1p-24), "5.960464477539063e-8");
  EXPECT_EQ(flocklab::detail::shortestScientificByPrintf(0x1p-24), "5.960464477539063e-08");
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
