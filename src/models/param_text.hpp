#pragma once
// Numbers in parameter texts (an obstacle's "X,Y,R", the pointer's "food:X,Y@FROM-TO") and in
// the core's messages, read and written by the core itself: read strictly, with the options' own
// reader (readDecimal), and written as the shortest text that reads back to the same double, so
// a value survives a run file exactly.
// Uses strtod/snprintf, which the WebAssembly build's libc++ has (it lacks floating to_chars).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "flocklab/decimal_text.hpp"

namespace flocklab::text {

/// `field` as a finite double in the options' decimal grammar (flocklab/decimal_text.hpp: no
/// hexadecimal, no '+' in front, no spaces), or nothing when it is empty, not all such a
/// number, or not finite.
inline std::optional<double> number(std::string_view field) {
  const auto v = readDecimal(field);
  if (!v || !std::isfinite(*v)) return std::nullopt;
  return v;
}

/// `field` as a whole number >= 0, or nothing.
inline std::optional<std::uint64_t> whole(std::string_view field) {
  if (field.empty() || field.size() > 20) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : field) {
    if (c < '0' || c > '9') return std::nullopt;
    const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (v > (UINT64_MAX - digit) / 10) return std::nullopt;
    v = v * 10 + digit;
  }
  return v;
}

/// The shortest text that reads back to exactly `v`, the one way every message, help line and
/// parameter text writes a number: 0.5, 20, 0.1, 100.0000001, and scientific where the plain
/// form would be long: 1e300 (not 300 digits), 1e-300 (not 0), 1.8000000000000002e302.
inline std::string shortest(double v) {
  char buffer[32];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {  // whole numbers without an exponent: 180, not 1.8e+02
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
    return buffer;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
    if (std::strtod(buffer, nullptr) == v) break;
  }
  // The exponent without its sign's '+' and leading zeros: 1e300, 1e-5 (printf: 1e+300, 1e-05).
  std::string out = buffer;
  if (const std::size_t e = out.find('e'); e != std::string::npos) {
    std::size_t digits = e + 1;
    if (out[digits] == '+') out.erase(digits, 1);
    else if (out[digits] == '-') ++digits;
    while (digits + 1 < out.size() && out[digits] == '0') out.erase(digits, 1);
  }
  return out;
}

/// The fields of `text` between separators (commas unless told), empty ones included.
inline std::vector<std::string_view> fields(std::string_view text, char separator = ',') {
  std::vector<std::string_view> out;
  for (std::size_t begin = 0;;) {
    const std::size_t end = text.find(separator, begin);
    out.push_back(text.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin));
    if (end == std::string_view::npos) return out;
    begin = end + 1;
  }
}

/// `count` comma-separated numbers, or nothing.
inline std::optional<std::vector<double>> numbers(std::string_view text, std::size_t count) {
  const auto parts = fields(text);
  if (parts.size() != count) return std::nullopt;
  std::vector<double> values;
  for (std::string_view part : parts) {
    const auto v = number(part);
    if (!v) return std::nullopt;
    values.push_back(*v);
  }
  return values;
}

}  // namespace flocklab::text
