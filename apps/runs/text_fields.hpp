#pragma once
// Text from the command line and from files, read strictly (a --param's values, a row of a
// sweep's --out, a --pointer's steps, an output's suffix). A field is a number only if all of it
// is one, so "1x" or " 1" is refused, not cut.
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace flocklab::runs {

/// `text` as a finite double, or nullopt when it is empty, not all a number, or inf or nan.
inline std::optional<double> parseDouble(std::string_view text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

/// `text` as a whole number >= 0, or nullopt when it is empty, not all digits, or too large.
inline std::optional<std::uint64_t> parseWhole(std::string_view text) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

/// True when `text` ends in `suffix` (".csv", ".png").
inline bool endsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

/// The fields of `text` between `separator`s, empty ones included ("a,,b" gives three).
inline std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> fields;
  for (std::size_t begin = 0;;) {
    const std::size_t end = text.find(separator, begin);
    fields.push_back(text.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin));
    if (end == std::string_view::npos) return fields;
    begin = end + 1;
  }
}

}  // namespace flocklab::runs
