#pragma once
// The command line's own words for its messages: the keys that the engine's and the run
// library's messages name, written as flags; and CLI11's parse errors as the one line flocklab
// prints for them. CLI11 words its errors for programmers ("At Most 1 required but received 2");
// these name the option, say what it takes and, for a mistyped option or command, suggest the
// nearest known name of the same command.
#include <string>
#include <string_view>
#include <vector>
#include "runs/nearest_name.hpp"
#include "support/cli11_forward.hpp"

namespace flocklab::cli {

/// A registry key as a flag name without the dashes: "max_speed" -> "max-speed".
std::string flagName(std::string_view key);
/// A message of the engine or the run library with its marked keys written as the command's
/// flags (flocklab/keyed_message.hpp): "max_speed must be ..." -> "--max-speed must be ...".
std::string asFlags(std::string_view marked);

using runs::nearestName;  // apps/runs/nearest_name.hpp

/// One line naming the problem of `error`, thrown while parsing `command` (the app itself or
/// the subcommand the command line named). `args` is the command line after the program's name,
/// read only to explain a stray value (after a flag, which takes none).
std::string parseErrorMessage(const CLI::ParseError& error, const CLI::App& command,
                              const std::vector<std::string>& args);

/// One line for a first argument `typed` that names no subcommand of `app`.
std::string unknownCommandMessage(const std::string& typed, const CLI::App& app);

}  // namespace flocklab::cli
