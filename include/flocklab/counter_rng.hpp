#pragma once
// Random numbers inside a step: a counter-based generator, so that the numbers a boid draws in
// a step are a pure function of (seed, step, boid index, what they are for) and not of the
// order in which threads, ranks or platforms reach it. Philox4x32-10 (Salmon, Moraes, Dror,
// Shaw, "Parallel random numbers: as easy as 1, 2, 3", SC11), exactly as Random123 defines it
// (its known-answer vectors are tests/unit/test_counter_rng.cpp's), keyed and counted so:
//
//   key     = (seed & 0xffffffff, seed >> 32)
//   counter = (purpose << 24 | block, index & 0xffffffff, step & 0xffffffff, step >> 32)
//
// where `index` is the boid's index (below 2^32), `step` the number of the step being taken
// (0 for the first), `purpose` a small number naming what the draws are for (Purpose below)
// and `block` counts the blocks one boid needs in one step for one purpose. A block's four
// 32-bit outputs r0..r3 make two uniform doubles in [0, 1): u0 from (r1 << 32 | r0), u1 from
// (r3 << 32 | r2), each as (word >> 11) * 2^-53. Only integer + * ^ and shifts: the same bits
// in every language, on every machine. docs/random-numbers.md states it for other languages.
#include <array>
#include <cstdint>

namespace flocklab {

/// What a boid's draws in a step are for: each purpose has its own numbers.
enum class Purpose : std::uint32_t {
  Noise = 1,    ///< the noise rotation of a heading (--noise, the Vicsek model)
  Rebirth = 2,  ///< the place of a caught boid reborn (the steering model's predators)
  Food = 3,     ///< the place where a used-up food source reappears
};

/// Philox4x32 with 10 rounds: the block for `counter` under `key`, as Random123 computes it.
std::array<std::uint32_t, 4> philox4x32(std::array<std::uint32_t, 4> counter, std::array<std::uint32_t, 2> key);

/// The two uniform doubles in [0, 1) of block `block` of boid `index` in step `step` for
/// `purpose`, under `seed` (see the file comment). `index` must be below 2^32 and `block`
/// below 2^24.
std::array<double, 2> counterUniforms(std::uint64_t seed, std::uint64_t step, std::uint64_t index, Purpose purpose,
                                      std::uint32_t block = 0);

}  // namespace flocklab
