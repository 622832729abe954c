#pragma once
// A user's text quoted in a message. Design: every message that echoes something a user gave
// (a run file's value, a key, a parameter's text) quotes it through excerpt(), so a message stays
// one short line of valid UTF-8 whatever the input: at most kExcerptChars characters, "..." when
// cut, control characters, line separators and bytes that are not UTF-8 escaped.
#include <cstddef>
#include <string>
#include <string_view>

namespace flocklab {

/// Characters of a user's text that a message quotes at most.
inline constexpr std::size_t kExcerptChars = 40;
/// Characters of a file's path (an output, a start file) that a message quotes at most.
inline constexpr std::size_t kPathChars = 100;

/// `text` for a message: its first `maxChars` characters (an escape such as "\n" or "\xff"
/// counts as one), then "..." when there was more. The result holds no control character and is
/// valid UTF-8. Pure; thread-safe.
std::string excerpt(std::string_view text, std::size_t maxChars = kExcerptChars);

}  // namespace flocklab
