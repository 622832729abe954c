#pragma once
// CLI11's classes by name only, for headers that pass them along: CLI/CLI.hpp costs each source
// file that includes it seconds of compile time, so only the files that add or read options
// include it.
namespace CLI {
class App;
class ParseError;
}  // namespace CLI
