#pragma once
// JSON text from a user (run files, the browser lab's parameters): read with bounds, and quoted
// in messages. Design: the reader refuses, while it parses and before anything recursive (a
// dump, a destructor) sees the value, what no run file needs: nesting deeper than
// kMaxJsonDepth, text longer than kMaxJsonBytes, a key twice in one object, numbers beyond a
// double. Every refusal is a JsonTextError whose message is one short line.
// Part of the flocklab::json target.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace flocklab {

/// Deepest nesting of arrays and objects a JSON text may have (the top object is level 1).
inline constexpr std::size_t kMaxJsonDepth = 32;
/// Longest JSON text read, in bytes (1 MiB).
inline constexpr std::size_t kMaxJsonBytes = std::size_t{1} << 20;

/// A JSON text that cannot be read; what() is one line without the source's name, such as
/// "not valid JSON at line 2, column 7: ..." or "key 'seed' appears twice".
class JsonTextError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// `text` as JSON, strictly: one value, nothing after it but white space, UTF-8 (a leading
/// byte-order mark is skipped), within the limits above. Throws JsonTextError.
nlohmann::json parseJsonText(std::string_view text);

/// `value` for a message: its compact JSON text (strings quoted) as an excerpt (at most
/// kExcerptChars characters, escaped; flocklab/text_excerpt.hpp).
std::string jsonExcerpt(const nlohmann::json& value);

}  // namespace flocklab
