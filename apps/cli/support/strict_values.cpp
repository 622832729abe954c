// A CLI11 validator sees the text as typed, before conversion; its message becomes the
// option's one-line error. The integer types are told apart by CLI11's type names.
#include "support/strict_values.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

namespace flocklab::cli {
namespace {

// Refuses what CLI11 would read other than as plain decimal (0x10, 0b1, 1e3), an empty text,
// and a number out of range; strips leading zeros, which CLI11 would read as octal. Anything
// else that is not a number (abc, --quiet) is left to CLI11's own messages.
template <class Whole>
std::string checkWhole(std::string& text) {
  if (text.empty()) return "needs a value (got an empty text)";
  const bool negative = text[0] == '-';
  const std::size_t first = negative ? 1 : 0;
  if (first == text.size() || text[first] < '0' || text[first] > '9') return "";
  if (text.find_first_not_of("0123456789", first) != std::string::npos) return "takes a whole number (got " + text + ")";
  const std::size_t zeros = std::min(text.find_first_not_of('0', first), text.size() - 1) - first;
  text.erase(first, zeros);
  if (negative && std::is_unsigned_v<Whole>) return "";
  Whole value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc::result_out_of_range)
    return "is out of range: at most " + std::to_string(std::numeric_limits<Whole>::max()) + " (got " + text + ")";
  return "";
}

std::string checkNotEmpty(const std::string& text) { return text.empty() ? "needs a value (got an empty text)" : ""; }

void addChecks(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_size() == 0 || option->get_expected_min() == 0) continue;  // a flag
    const std::string type = option->get_type_name();
    if (type == "INT") option->transform(CLI::Validator(checkWhole<std::int64_t>, "", "plain decimal"));
    else if (type == "UINT") option->transform(CLI::Validator(checkWhole<std::uint64_t>, "", "plain decimal"));
    else option->check(CLI::Validator(checkNotEmpty, "", "not empty"));
  }
  for (CLI::App* sub : app.get_subcommands({})) addChecks(*sub);
}

}  // namespace

void readValuesStrictly(CLI::App& app) { addChecks(app); }

}  // namespace flocklab::cli
