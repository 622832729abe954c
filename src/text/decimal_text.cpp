// The one writer of a number (flocklab/decimal_text.hpp). Design: the shortest digits that read
// back come from to_chars natively and from printf's %.Ne, widened until strtod reads them back,
// in the WebAssembly build, whose libc++ has no floating to_chars; both give the shortest
// correctly rounded digits, so the same ones. The layout is then printf's %g of those digits,
// written here, so both builds write the same text (tests/unit/test_param_text.cpp compares the
// two ways over 100,000 doubles). Natively, a number that is neither whole nor tiny takes
// to_chars' text as it is: a state file's positions and velocities stay as fast as before.
#include "flocklab/decimal_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace flocklab {

namespace detail {

namespace {

// Scientific text "d.ddde+XX" of `digits` (a whole number of `count` digits) x 10^exponent.
std::string scientificText(bool negative, std::uint64_t digits, int count, int exponent) {
  char mantissa[24], out[48];
  std::snprintf(mantissa, sizeof mantissa, "%llu", static_cast<unsigned long long>(digits));
  std::snprintf(out, sizeof out, "%s%c%s%se%+03d", negative ? "-" : "", mantissa[0], count > 1 ? "." : "", mantissa + 1,
                exponent);
  return out;
}

// `text` ("d.ddde+XX", as printf's %.Ne writes it) moved one unit of its last digit up or down,
// keeping its count of digits: 9.99e+04 up is 1.00e+05, 1.00e+05 down is 9.99e+04.
std::string nextDigits(const std::string& text, int direction) {
  const bool negative = text[0] == '-';
  const std::size_t e = text.find('e');
  std::uint64_t digits = 0;
  int count = 0;
  for (std::size_t i = negative ? 1 : 0; i < e; ++i)
    if (text[i] != '.') digits = digits * 10 + static_cast<std::uint64_t>(text[i] - '0'), ++count;
  int exponent = std::atoi(text.c_str() + e + 1);
  std::uint64_t least = 1;  // 10^(count - 1), the smallest mantissa with `count` digits
  for (int i = 1; i < count; ++i) least *= 10;
  // Away from zero in magnitude when the text lies on v's smaller side, towards it otherwise.
  if (direction > 0) {
    if (++digits == least * 10) digits = least, ++exponent;
  } else if (digits-- == least) {
    digits = least * 10 - 1, --exponent;
  }
  return scientificText(negative, digits, count, exponent);
}

}  // namespace

std::string shortestScientificByPrintf(double v) {
  char buffer[40];
  for (int decimals = 0; decimals <= 16; ++decimals) {
    std::snprintf(buffer, sizeof buffer, "%.*e", decimals, v);
    const double nearest = std::strtod(buffer, nullptr);
    if (nearest == v) return buffer;
    // printf gives the nearest digits of this length (ties to even), yet the ones on v's other
    // side may read back where they do not: at an exact tie (2^-24 is ...0625e-08), and at a
    // power of two, whose doubles below lie twice as close as those above. to_chars then takes those.
    const std::string other = nextDigits(buffer, std::fabs(nearest) < std::fabs(v) ? +1 : -1);
    if (std::strtod(other.c_str(), nullptr) == v) return other;
  }
  return buffer;
}

std::string shortestScientific(double v) {
#if defined(__EMSCRIPTEN__)
  return shortestScientificByPrintf(v);
#else
  char buffer[40];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::scientific);
  return std::string(buffer, result.ptr);
#endif
}

}  // namespace detail

std::string writeDecimal(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (v == 0) return std::signbit(v) ? "-0" : "0";
  char buffer[40];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, static_cast<std::int64_t>(v));
    return std::string(buffer, result.ptr);
  }
#if !defined(__EMSCRIPTEN__)
  // Most numbers: to_chars' shortest text is already the %g layout when it is plain and the
  // number is neither whole nor below 10^-4 (a state file's positions and velocities: the fast
  // way for them).
  if (std::fabs(v) >= 1e-4 && v != std::floor(v)) {
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
    if (std::find(buffer, result.ptr, 'e') == result.ptr) return std::string(buffer, result.ptr);
  }
#endif
  // "-d.ddde+XX": the sign, the digits without their point, and the exponent.
  const std::string scientific = detail::shortestScientific(v);
  const std::size_t e = scientific.find('e');
  const bool negative = scientific[0] == '-';
  std::string digits;
  for (std::size_t i = negative ? 1 : 0; i < e; ++i)
    if (scientific[i] != '.') digits += scientific[i];
  const int exponent = std::atoi(scientific.c_str() + e + 1);
  std::string out;
  if (negative) out += '-';
  const auto count = static_cast<int>(digits.size());
  if (exponent < -4 || exponent >= count) {  // %g's rule for the scientific form
    out += digits[0];
    if (count > 1) out.append(1, '.').append(digits, 1);
    out.append(1, 'e').append(std::to_string(exponent));
  } else if (exponent < 0) {
    out.append("0.").append(static_cast<std::size_t>(-exponent - 1), '0').append(digits);
  } else {
    const auto point = static_cast<std::size_t>(exponent) + 1;
    out.append(digits, 0, point);
    if (digits.size() > point) out.append(1, '.').append(digits, point);
  }
  return out;
}

}  // namespace flocklab
