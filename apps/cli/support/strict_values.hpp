#pragma once
// The values of every command's options, read strictly before CLI11 converts them: no empty
// value (an empty --save or --count would otherwise fall back to the default without a word),
// and whole numbers in plain decimal within their type's range (CLI11 would read 0x10 as hex
// and cap 18446744073709551615 at the largest signed value).
#include "support/cli11_forward.hpp"

namespace flocklab::cli {

/// The name of a validator that checks its option's whole value itself, with words every front
/// end shares (--seed: the run library's seedProblem): readValuesStrictly leaves that option be.
inline constexpr const char* kChecksItself = "checks itself";

/// Adds the strict checks to every option that takes a value, in `app` and its subcommands.
void readValuesStrictly(CLI::App& app);

}  // namespace flocklab::cli
