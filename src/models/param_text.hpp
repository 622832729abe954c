#pragma once
// Numbers in parameter texts (an obstacle's "X,Y,R", the pointer's "food:X,Y@FROM-TO") and in
// the core's messages, read and written by the core itself: read strictly, with the options' own
// reader (readDecimal), and written by its writer (writeDecimal: the shortest text that reads back
// to the same double), so a value survives a run file exactly.
#include <cmath>
#include <cstdint>
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
