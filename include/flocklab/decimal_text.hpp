#pragma once
// The one reader of a number a person types: an option's value (`--radius 0.5`) and every number
// inside a parameter's text (`--food 1,1:5`, `--obstacle`, `--pointer`, a species' keys) alike,
// so that what one accepts the other accepts. Design: the grammar is std::from_chars' plain
// decimal form, checked character by character (strtod alone would also take "+1", " 1",
// "0x10" and "0x1p4") and converted with from_chars, or with strtod in the WebAssembly build,
// whose libc++ has no floating from_chars. Header-only: the command and the core read through the same code.
//
// And the one writer of a number (writeDecimal, src/text/decimal_text.cpp): every message, help
// line, parameter text, run file and state file writes a double as the shortest text that reads
// back to it, the same text in every build.
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace flocklab {

/// `text` read as a decimal number: an optional '-', digits with at most one '.' (at least one
/// digit in all), then an optional exponent `e`/`E` with an optional sign and its digits. No
/// '+' in front, no spaces, no hexadecimal. "inf", "infinity" and "nan" (any case, after an
/// optional '-') are read too, as from_chars reads them, so that a range check can name them.
/// Nothing when `text` is not all such a number, or when its value lies beyond a double's range
/// (1e400; 1e-400, which would round to 0). Pure; thread-safe.
inline std::optional<double> readDecimal(std::string_view text) {
  std::size_t i = !text.empty() && text[0] == '-' ? 1 : 0;
  std::string word(text.substr(i));
  for (char& c : word) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (word == "inf" || word == "infinity")
    return i == 1 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  if (word == "nan") return std::numeric_limits<double>::quiet_NaN();
  const auto isDigit = [&](std::size_t at) { return at < text.size() && text[at] >= '0' && text[at] <= '9'; };
  std::size_t digits = 0;
  bool nonZero = false;  // a mantissa with a digit other than 0 that reads as 0 has underflowed
  for (; isDigit(i); ++i, ++digits) nonZero = nonZero || text[i] != '0';
  if (i < text.size() && text[i] == '.')
    for (++i; isDigit(i); ++i, ++digits) nonZero = nonZero || text[i] != '0';
  if (digits == 0) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (!isDigit(i)) return std::nullopt;
    while (isDigit(i)) ++i;
  }
  if (i != text.size()) return std::nullopt;
  // Both conversions round correctly, so they give the same bits. from_chars ignores the C
  // locale, which strtod follows (a host that set LC_NUMERIC to a decimal comma would read
  // "0.5" as 0): strtod only where from_chars is missing, and then all of the text must be read.
  double v = 0;
#if defined(__EMSCRIPTEN__)
  const std::string s(text);
  char* end = nullptr;
  v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return std::nullopt;
#else
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
#endif
  if (std::isinf(v) || (v == 0 && nonZero)) return std::nullopt;
  return v;
}

namespace detail {
/// `v`'s shortest digits in scientific form, "d.ddde+XX", by printf's %.Ne widened until strtod
/// reads them back: the WebAssembly build's way (natively the test that both agree calls it).
/// `v` finite.
std::string shortestScientificByPrintf(double v);
/// The same by to_chars natively (its shortest scientific form), by printf in WebAssembly.
std::string shortestScientific(double v);
}  // namespace detail

/// The shortest text that reads back to exactly `v`: whole numbers below 10^15 in full (180,
/// -3, 100000), others as printf's %g writes their shortest digits, with the exponent's '+' and
/// leading zeros left out: 0.5, 0.0001, 123456.789, 1e20, 1e-5, 1.8446744073709552e19,
/// 1.8000000000000002e302; "nan", "inf" and "-inf" for the rest. readDecimal reads each back
/// to the same bits. Pure; thread-safe.
std::string writeDecimal(double v);

}  // namespace flocklab
