#pragma once
// Parts of flocklab that bring many shared libraries (PNG rendering: librsvg and cairo; the
// HTTP server: httplib and OpenSSL) are modules loaded with dlopen when a command first needs
// them, so that every other start of the command loads none of those libraries.
#include <string>

namespace flocklab::cli {

/// The address of `symbol` in the module file `module` (for example "libflocklab_png.so"), looked
/// for beside the executable, then in ../lib/flocklab (an install), then at `builtAt` (where this
/// build made it; tests run from other folders). Loaded once and kept for the process's life.
/// Throws std::runtime_error with one line when it cannot be found or loaded.
void* moduleSymbol(const char* module, const char* symbol, const char* builtAt);

}  // namespace flocklab::cli
