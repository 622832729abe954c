#pragma once
// FNV-1a 64, the one hash of flocklab's fingerprints: of a state's bits (state_hash.hpp) and of
// text (a sweep's definition and its rows). Not a cryptographic hash: it detects accidents
// (edits, mixed files), not forgery.
#include <cstdint>
#include <string_view>

namespace flocklab {

/// FNV-1a 64's offset basis, the hash of no bytes.
inline constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
/// FNV-1a 64's prime.
inline constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;

/// `hash` extended by the bytes of `text`. Deterministic on every platform.
inline std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = kFnvOffset) {
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= kFnvPrime;
  }
  return hash;
}

}  // namespace flocklab
