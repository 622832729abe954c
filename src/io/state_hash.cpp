#include "flocklab/io/state_hash.hpp"

#include <cstring>

namespace flocklab {
namespace {
constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;

void mix(std::uint64_t& h, double value) {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  for (int byte = 0; byte < 8; ++byte) {  // little-endian byte order on every platform
    h ^= (bits >> (8 * byte)) & 0xffU;
    h *= kFnvPrime;
  }
}
}  // namespace

std::uint64_t stateHash(const Flock& flock) {
  std::uint64_t h = kFnvOffset;
  for (std::size_t i = 0; i < flock.size(); ++i) {
    mix(h, flock.x[i]);
    mix(h, flock.y[i]);
    mix(h, flock.vx[i]);
    mix(h, flock.vy[i]);
  }
  return h;
}

std::string hashHex(std::uint64_t hash) {
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4) out[i] = digits[hash & 0xf];
  return out;
}

}  // namespace flocklab
