#pragma once
// What every fuzz target checks of a refusal's message: that main() prints it as one short line.
// A failed check traps, which libFuzzer reports as a crash with the input that caused it.
#include <cstddef>
#include <string_view>

namespace flocklab::fuzz {

/// Bytes a message may have at most.
inline constexpr std::size_t kMaxMessage = 400;

/// Traps unless `ok`.
inline void check(bool ok) {
  if (!ok) __builtin_trap();
}

// Valid UTF-8 without control characters (C0, DEL, C1).
inline bool cleanUtf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x20 || b == 0x7f) return false;
    if (b < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 ? 2 : 0;
    if (n == 0 || n > 4 || i + n > s.size()) return false;
    char32_t cp = b & (n == 2 ? 0x1fu : n == 3 ? 0x0fu : 0x07u);
    for (std::size_t k = 1; k < n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xc0u) != 0x80u) return false;
      cp = (cp << 6) | (c & 0x3fu);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
      return false;
    if (cp < 0xa0) return false;
    i += n;
  }
  return true;
}

/// Traps unless `what` is not empty, at most kMaxMessage bytes, valid UTF-8 without control characters.
inline void checkMessage(const char* what) {
  const std::string_view m(what);
  check(!m.empty() && m.size() <= kMaxMessage);
  check(cleanUtf8(m));
}

}  // namespace flocklab::fuzz
