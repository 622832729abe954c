// A CLI11 validator sees the text as typed, before conversion; its message becomes the
// option's one-line error. The integer types are told apart by CLI11's type names.
#include "support/strict_values.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "flocklab/text_excerpt.hpp"

namespace flocklab::cli {
namespace {

// Accepts only an optional '-' and decimal digits, within the type's range, and strips leading
// zeros (which CLI11 would read as octal). CLI11 would otherwise take 0x10, +010 or " 1" as
// numbers. Text that looks like the next option (--quiet) is left to CLI11, which says that a
// value is missing.
template <class Whole>
std::string checkWhole(std::string& text) {
  if (text.empty()) return "needs a value (got an empty text)";
  const bool negative = text[0] == '-';
  const std::size_t first = negative ? 1 : 0;
  if (negative && (text.size() == 1 || text[1] < '0' || text[1] > '9')) return "";
  if (text.find_first_not_of("0123456789", first) != std::string::npos || first == text.size())
    return "takes a whole number (got " + excerpt(text) + ")";
  const std::size_t zeros = std::min(text.find_first_not_of('0', first), text.size() - 1) - first;
  text.erase(first, zeros);
  if (negative && std::is_unsigned_v<Whole>) return "";  // the option's own range check says why
  Whole value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc::result_out_of_range)
    return negative ? "is out of range: at least " + std::to_string(std::numeric_limits<Whole>::min()) + " (got " +
                          excerpt(text) + ")"
                    : "is out of range: at most " + std::to_string(std::numeric_limits<Whole>::max()) + " (got " +
                          excerpt(text) + ")";
  return "";
}

std::string checkNotEmpty(const std::string& text) { return text.empty() ? "needs a value (got an empty text)" : ""; }

bool checksItself(CLI::Option& option) {
  try {
    option.get_validator(kChecksItself);
    return true;
  } catch (const CLI::OptionNotFound&) {
    return false;
  }
}

void addChecks(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_size() == 0 || option->get_expected_min() == 0) continue;  // a flag
    if (checksItself(*option)) continue;
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
