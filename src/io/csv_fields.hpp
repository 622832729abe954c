#pragma once
// The fields of flocklab's CSV inputs (state files, tracked animals): one reader of a number
// and one way to name a row and quote a field in a message, so that every CSV error reads alike.
#include <charconv>
#include <cmath>
#include <string>
#include <string_view>

#include "flocklab/io/state_csv.hpp"

namespace flocklab {

/// The next line of `text` (LF or CRLF), taken off its front.
inline std::string_view nextLine(std::string_view& text) {
  const std::size_t end = text.find('\n');
  std::string_view line = text.substr(0, end);
  text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

/// "row N: what".
inline std::string rowError(std::size_t row, const std::string& what) {
  return "row " + std::to_string(row) + ": " + what;
}

/// Up to 40 characters of user text for an error message, control characters shown as '?'
/// so that the message stays on one line.
inline std::string quote(std::string_view text) {
  std::string out(text.substr(0, 40));
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return "'" + out + "'";
}

/// A finite number, else CsvError naming the row and the column `name`.
inline double parseField(std::string_view field, std::size_t row, const char* name) {
  double value = 0;
  const char* first = field.data();
  const char* last = field.data() + field.size();
  // from_chars rejects a leading '+'; skip one, but never in front of another sign.
  if (!field.empty() && *first == '+' && field.size() > 1 && first[1] != '-' && first[1] != '+') ++first;
  const auto [end, ec] = std::from_chars(first, last, value);
  if (ec == std::errc::result_out_of_range)
    throw CsvError(rowError(row, std::string(name) + " is out of the range of a double: " + quote(field)));
  if (field.empty() || ec != std::errc() || end != last)
    throw CsvError(rowError(row, std::string(name) + " is not a number: " + quote(field)));
  if (!std::isfinite(value)) throw CsvError(rowError(row, std::string(name) + " is not finite"));
  return value;
}

}  // namespace flocklab
