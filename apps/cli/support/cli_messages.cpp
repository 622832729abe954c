// CLI11's errors carry their facts only in their text, so this file reads the texts of the one
// CLI11 release flocklab builds with (2.1.2, Debian's libcli11-dev) and asks the command for
// the rest (its options' names and types, what was left over). An error it cannot read keeps
// CLI11's own text: still one line, never an empty one. tests/cli/test_cli_messages.cpp pins
// every message, so a CLI11 upgrade that rewords one fails there.
#include "support/cli_messages.hpp"

#include "flocklab/keyed_message.hpp"

#include <CLI/CLI.hpp>

#include "flocklab/word_list.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string_view>

namespace flocklab::cli {

std::string flagName(std::string_view key) {
  std::string out(key);
  for (char& c : out)
    if (c == '_') c = '-';
  return out;
}

std::string asFlags(std::string_view marked) {
  return spellKeys(marked, [](std::string_view key) { return "--" + flagName(key); });
}
namespace {

std::string commandPath(const CLI::App& command) {
  return command.get_parent() != nullptr ? "flocklab " + command.get_name() : "flocklab";
}

// Every name an option of `command` answers to, long ones first, in the order they were added.
std::vector<std::string> optionNames(const CLI::App& command) {
  std::vector<std::string> longNames, shortNames;
  for (const CLI::Option* option : command.get_options()) {
    for (const std::string& name : option->get_lnames()) longNames.push_back("--" + name);
    for (const std::string& name : option->get_snames()) shortNames.push_back("-" + name);
  }
  longNames.insert(longNames.end(), shortNames.begin(), shortNames.end());
  return longNames;
}

// "a, b or c"
std::string listOf(const std::vector<std::string>& items) { return flocklab::wordList(items); }

// What an option's value must be, from CLI11's type name of it.
std::string valueKind(const CLI::Option* option) {
  const std::string type = option != nullptr ? option->get_type_name() : "";
  if (type.find("UINT") != std::string::npos) return "a whole number from 0";
  if (type.find("INT") != std::string::npos) return "a whole number";
  if (type.find("FLOAT") != std::string::npos || type == "NUMBER") return "a number";
  return "a value";
}

bool allDigits(std::string_view text) {
  if (!text.empty() && text[0] == '-') text.remove_prefix(1);
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The text before `separator` in `message`, or "" when it is absent.
std::string before(const std::string& message, const std::string& separator) {
  const std::size_t at = message.find(separator);
  return at == std::string::npos ? "" : message.substr(0, at);
}

bool startsWith(const std::string& text, std::string_view prefix) { return text.rfind(prefix, 0) == 0; }

// A value CLI11 could not use: the option's value is missing (the next word was an option),
// or is not of the option's kind.
std::string conversionMessage(const std::string& message, const CLI::App& command) {
  if (startsWith(message, "Could not convert: ")) {
    const std::string rest = message.substr(19);
    const std::string name = before(rest, " = ");
    if (name.empty()) return message;
    const std::string value = rest.substr(name.size() + 3);
    const CLI::Option* option = command.get_option_no_throw(name);
    if (!value.empty() && value[0] == '-' && command.get_option_no_throw(value.substr(0, value.find('='))) != nullptr)
      return fmt::format("{} needs a value before {}", name, value);
    if (allDigits(value) && valueKind(option) != "a value")
      return fmt::format("{} is out of range (got {})", name, value);
    return fmt::format("{} takes {} (got {})", name, valueKind(option), value);
  }
  if (const std::string name = before(message, ": "); !name.empty())
    if (message.find("for a flag") != std::string::npos || message.find("true/false") != std::string::npos)
      return name + " is a flag and takes no value";
  if (startsWith(message, "The value ")) {
    const std::string value = before(message.substr(10), " is not an allowed value for ");
    const std::size_t at = message.rfind(" for ");
    if (!value.empty() && at != std::string::npos)
      return fmt::format("{} does not take {}", message.substr(at + 5), value);
  }
  return message;
}

// A wrong number of values: an option given twice, or one given without its value.
std::string mismatchMessage(const std::string& message, const CLI::App& command) {
  const std::string name = before(message, ": ");
  const CLI::Option* option = name.empty() ? nullptr : command.get_option_no_throw(name);
  if (option == nullptr) return message;
  int most = 0, received = 0, least = 0;
  char type[64] = {};
  const std::string rest = message.substr(name.size() + 2);
  if (std::sscanf(rest.c_str(), "At Most %d required but received %d", &most, &received) == 2 && most > 0) {
    const int times = std::max(2, received / most);
    return fmt::format("{} was given {}; give it once", name, times == 2 ? "twice" : fmt::format("{} times", times));
  }
  if (std::sscanf(rest.c_str(), "At least %d required but received %d", &least, &received) == 2 ||
      std::sscanf(rest.c_str(), "%d required %63s missing", &least, type) == 2) {
    if (least <= 1) return fmt::format("{} needs a value ({})", name, valueKind(option));
    if (!option->get_option_text().empty())
      return fmt::format("{} needs {} values: {}", name, least, option->get_option_text());
    return fmt::format("{} needs {} values", name, least);
  }
  return message;
}

// Words left over: an unknown option, or a value no option took.
std::string extrasMessage(const std::string& message, const CLI::App& command, const std::vector<std::string>& args) {
  std::vector<std::string> left = command.remaining(false);
  if (left.empty()) return message;
  const auto option =
      std::find_if(left.begin(), left.end(), [](const std::string& word) { return word.size() > 1 && word[0] == '-'; });
  const std::string path = commandPath(command);
  if (option != left.end()) {
    const std::string name = option->substr(0, option->find('='));
    const std::string guess = nearestName(name, optionNames(command));
    return fmt::format("unknown option {} for {} ({})", name, path,
                       guess.empty() ? "see " + path + " --help" : "did you mean " + guess + "?");
  }
  const std::string& word = left.front();
  const auto at = std::find(args.begin(), args.end(), word);
  if (at != args.begin() && at != args.end()) {
    const CLI::Option* previous = command.get_option_no_throw(*(at - 1));
    if (previous != nullptr && previous->get_expected_max() == 0)
      return fmt::format("unexpected argument {} for {} ({} is a flag and takes no value)", word, path, *(at - 1));
  }
  return fmt::format("unexpected argument {} for {} (each value follows its option, e.g. --steps 100)", word, path);
}

}  // namespace

std::string parseErrorMessage(const CLI::ParseError& error, const CLI::App& command,
                              const std::vector<std::string>& args) {
  const std::string message = error.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&error)) return extrasMessage(message, command, args);
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error)) return mismatchMessage(message, command);
  if (dynamic_cast<const CLI::ConversionError*>(&error)) return conversionMessage(message, command);
  if (dynamic_cast<const CLI::ValidationError*>(&error)) {
    // "--seed: must be ..." as "--seed must be ..."
    const std::string name = before(message, ": ");
    if (!name.empty() && command.get_option_no_throw(name) != nullptr)
      return name + " " + message.substr(name.size() + 2);
    return message;
  }
  if (dynamic_cast<const CLI::ExcludesError*>(&error)) {
    const std::string first = before(message, " excludes ");
    if (!first.empty()) return fmt::format("give {} or {}, not both", first, message.substr(first.size() + 10));
    return message;
  }
  if (dynamic_cast<const CLI::RequiresError*>(&error)) {
    const std::string first = before(message, " requires ");
    if (!first.empty()) return fmt::format("{} needs {} too", first, message.substr(first.size() + 10));
    return message;
  }
  if (message.empty() || dynamic_cast<const CLI::RequiredError*>(&error)) {
    const CLI::App* root = &command;
    while (root->get_parent() != nullptr) root = root->get_parent();
    std::vector<std::string> names;
    for (const CLI::App* sub : root->get_subcommands({})) names.push_back(sub->get_name());
    if (message.empty() || startsWith(message, "A subcommand") || startsWith(message, "Requires at least"))
      return "give a command: " + listOf(names) + " (see flocklab --help)";
  }
  return message;
}

std::string unknownCommandMessage(const std::string& typed, const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  const std::string guess = nearestName(typed, names);
  if (!guess.empty()) return fmt::format("unknown command {} (did you mean flocklab {}?)", typed, guess);
  return fmt::format("unknown command {} (the commands are {}; see flocklab --help)", typed, listOf(names));
}

}  // namespace flocklab::cli
