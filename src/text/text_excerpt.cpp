// Excerpts of a user's text for messages. Design: one pass over at most maxChars characters of
// the text, so quoting a megabyte costs no more than quoting a word; a byte that does not start
// a well-formed UTF-8 sequence (overlong forms, surrogates and code points past U+10FFFF
// included) is shown as \xNN, so the message is valid UTF-8 whatever the input.
#include "flocklab/text_excerpt.hpp"

#include <cstdint>
#include <cstdio>

namespace flocklab {
namespace {

// The length of the well-formed UTF-8 sequence at the start of `s` (2 to 4), or 0.
std::size_t sequenceLength(std::string_view s, char32_t& cp) {
  const auto b = [&](std::size_t i) { return static_cast<std::uint8_t>(s[i]); };
  const std::uint8_t lead = b(0);
  std::size_t n = 0;
  if (lead >= 0xc2 && lead <= 0xdf) n = 2, cp = lead & 0x1fu;
  else if (lead >= 0xe0 && lead <= 0xef) n = 3, cp = lead & 0x0fu;
  else if (lead >= 0xf0 && lead <= 0xf4) n = 4, cp = lead & 0x07u;
  else return 0;
  if (s.size() < n) return 0;
  for (std::size_t i = 1; i < n; ++i) {
    if ((b(i) & 0xc0u) != 0x80u) return 0;
    cp = (cp << 6) | (b(i) & 0x3fu);
  }
  const bool overlong = (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
  const bool surrogate = cp >= 0xd800 && cp <= 0xdfff;
  if (overlong || surrogate || cp > 0x10ffff) return 0;
  return n;
}

std::string hexEscape(const char* prefix, unsigned value, int digits) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%s%0*X", prefix, digits, value);
  return buffer;
}

}  // namespace

std::string excerpt(std::string_view text, std::size_t maxChars) {
  std::string out;
  std::size_t chars = 0, at = 0;
  while (at < text.size() && chars < maxChars) {
    const char c = text[at];
    const auto byte = static_cast<std::uint8_t>(c);
    ++chars;
    if (c == '\n') out += "\\n", ++at;
    else if (c == '\r') out += "\\r", ++at;
    else if (c == '\t') out += "\\t", ++at;
    else if (byte < 0x20 || byte == 0x7f) out += hexEscape("\\x", byte, 2), ++at;
    else if (byte < 0x80) out += c, ++at;
    else {
      char32_t cp = 0;
      const std::size_t n = sequenceLength(text.substr(at), cp);
      if (n == 0) {
        out += hexEscape("\\x", byte, 2), ++at;
      } else {
        // C1 controls and the line and paragraph separators would break or garble the line.
        if (cp < 0xa0 || cp == 0x2028 || cp == 0x2029) out += hexEscape("\\u", static_cast<unsigned>(cp), 4);
        else out.append(text.substr(at, n));
        at += n;
      }
    }
  }
  if (at < text.size()) out += "...";
  return out;
}

}  // namespace flocklab
