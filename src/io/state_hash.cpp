// FNV-1a over the state's bits. Determinism: byte order fixed (little-endian), fields in a
// fixed order, so the hash is the same on every platform.
#include "flocklab/io/state_hash.hpp"

#include <cstring>

#include "flocklab/io/fnv1a.hpp"

namespace flocklab {
namespace {

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
  if (flock.is3d()) {
    for (std::size_t i = 0; i < flock.size(); ++i)
      for (const double v : {flock.x[i], flock.y[i], flock.z[i], flock.vx[i], flock.vy[i], flock.vz[i]}) mix(h, v);
    return h;
  }
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
