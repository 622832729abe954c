// Philox4x32-10 as Random123 defines it: ten rounds of two 32 x 32 -> 64-bit products and xors
// (the Feistel-like round of the SC11 paper), the key bumped by the Weyl constants between
// rounds. The constants are the paper's.
#include "flocklab/counter_rng.hpp"

namespace flocklab {
namespace {

constexpr std::uint32_t kMultiplier0 = 0xD2511F53, kMultiplier1 = 0xCD9E8D57;
constexpr std::uint32_t kWeyl0 = 0x9E3779B9, kWeyl1 = 0xBB67AE85;

// One round: two products, their high halves xored with the other words and the key.
std::array<std::uint32_t, 4> round(const std::array<std::uint32_t, 4>& c, const std::array<std::uint32_t, 2>& k) {
  const std::uint64_t p0 = static_cast<std::uint64_t>(kMultiplier0) * c[0];
  const std::uint64_t p1 = static_cast<std::uint64_t>(kMultiplier1) * c[2];
  const auto hi = [](std::uint64_t p) { return static_cast<std::uint32_t>(p >> 32); };
  const auto lo = [](std::uint64_t p) { return static_cast<std::uint32_t>(p); };
  return {hi(p1) ^ c[1] ^ k[0], lo(p1), hi(p0) ^ c[3] ^ k[1], lo(p0)};
}

double unitInterval(std::uint32_t low, std::uint32_t high) {
  const std::uint64_t word = static_cast<std::uint64_t>(high) << 32 | low;
  return static_cast<double>(word >> 11) * 0x1.0p-53;
}

}  // namespace

std::array<std::uint32_t, 4> philox4x32(std::array<std::uint32_t, 4> counter, std::array<std::uint32_t, 2> key) {
  for (int r = 0; r < 10; ++r) {
    if (r > 0) key = {key[0] + kWeyl0, key[1] + kWeyl1};
    counter = round(counter, key);
  }
  return counter;
}

std::array<double, 2> counterUniforms(std::uint64_t seed, std::uint64_t step, std::uint64_t index, Purpose purpose,
                                      std::uint32_t block) {
  const std::array<std::uint32_t, 2> key = {static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)};
  const std::array<std::uint32_t, 4> counter = {static_cast<std::uint32_t>(purpose) << 24 | block,
                                                static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(step),
                                                static_cast<std::uint32_t>(step >> 32)};
  const std::array<std::uint32_t, 4> r = philox4x32(counter, key);
  return {unitInterval(r[0], r[1]), unitInterval(r[2], r[3])};
}

}  // namespace flocklab
