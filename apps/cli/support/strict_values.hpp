#pragma once
// The values of every command's options, read strictly before CLI11 converts them: no empty
// value (an empty --save or --count would otherwise fall back to the default without a word),
// and whole numbers in plain decimal within their type's range (CLI11 would read 0x10 as hex
// and cap 18446744073709551615 at the largest signed value).
#include "support/cli11_forward.hpp"

namespace flocklab::cli {

/// Adds the strict checks to every option that takes a value, in `app` and its subcommands.
void readValuesStrictly(CLI::App& app);

}  // namespace flocklab::cli
