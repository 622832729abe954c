#pragma once
// Lanes of doubles: the portable vector type of the engine's lane kernel, and which kernel a
// step runs (public but a detail of the engine).
//
// Design: a rule that offers lane terms (kRuleLanes, flocklab/rule.hpp) has each boid's hits
// computed W at a time, one a lane: the offsets, distances and the rule's terms (its
// divisions and tests as selects) side by side; the boid then adds the terms hit by hit in
// ascending index, as add() would, so the bits are those of the one-hit path. The vector type
// is GCC's and Clang's vector extension, so one source serves every width: 8 lanes with
// AVX-512, 4 with AVX2, 2 with SSE2 (any x86-64) and WebAssembly simd128 (`laneKernel()`).
// Measured against the scalar path (filter, then add() hit by hit) on the same machine, the
// lanes are no faster yet (bench/README.md, "The lane kernel"): steps run the scalar path
// unless FLOCKLAB_LANES or setLaneKernel picks a lane kernel.
// Vectors cross function boundaries only by reference: passed or returned by value between
// functions built for different instruction sets they would change the ABI (Clang refuses it).
#include <cstdint>

namespace flocklab {

/// The kernels a lane rule's step can run: Scalar is the one-boid path (the distance filter,
/// then the rule's add() hit by hit), the others lanes of boids. Portable is 2 lanes (SSE2 on
/// x86-64, simd128 in WebAssembly, whatever the target gives elsewhere).
enum class LaneKernel { Scalar, Portable, Avx2, Avx512 };

/// True when this build and this CPU can run `kernel` (Scalar and Portable always).
bool laneKernelSupported(LaneKernel kernel);
/// The kernel steps run: the one set by setLaneKernel, else the environment variable
/// FLOCKLAB_LANES (scalar, portable, avx2 or avx512), else Scalar.
/// Throws std::invalid_argument when FLOCKLAB_LANES names no kernel or one this CPU lacks.
LaneKernel laneKernel();
/// Makes every later step run `kernel` (for tests and benchmarks that compare the paths; all
/// give the same bits). Throws std::invalid_argument when this CPU cannot run it.
void setLaneKernel(LaneKernel kernel);
/// "scalar", "portable", "avx2" or "avx512".
const char* laneKernelName(LaneKernel kernel);

/// W lanes of doubles (D), their mask (M: a lane is all ones where true) and unsigned 64-bit
/// integers (U), as GCC and Clang vector extensions. Comparisons of D give an M; `mask ? a : b` selects lane by lane.
template <int W>
struct LaneVectors;
template <>
struct LaneVectors<2> {
  static constexpr int kWidth = 2;
  typedef double D __attribute__((vector_size(16)));
  typedef std::int64_t M __attribute__((vector_size(16)));
  typedef std::uint64_t U __attribute__((vector_size(16)));
};
template <>
struct LaneVectors<4> {
  static constexpr int kWidth = 4;
  typedef double D __attribute__((vector_size(32)));
  typedef std::int64_t M __attribute__((vector_size(32)));
  typedef std::uint64_t U __attribute__((vector_size(32)));
};
template <>
struct LaneVectors<8> {
  static constexpr int kWidth = 8;
  typedef double D __attribute__((vector_size(64)));
  typedef std::int64_t M __attribute__((vector_size(64)));
  typedef std::uint64_t U __attribute__((vector_size(64)));
};

/// Sets every lane of `out` to `value` (-0.0 and NaN included, bit for bit).
template <class V, class T>
[[gnu::always_inline]] inline void broadcast(V& out, T value) {
  for (int l = 0; l < static_cast<int>(sizeof(V) / sizeof(double)); ++l) out[l] = value;
}

/// Sets lane l of `out` to base[index[l]] (without a round trip through memory, which would
/// stall the vector load on the scalar stores).
[[gnu::always_inline]] inline void gatherLanes(LaneVectors<2>::D& out, const double* base, const std::uint32_t* index) {
  out = LaneVectors<2>::D{base[index[0]], base[index[1]]};
}
[[gnu::always_inline]] inline void gatherLanes(LaneVectors<4>::D& out, const double* base, const std::uint32_t* index) {
  out = LaneVectors<4>::D{base[index[0]], base[index[1]], base[index[2]], base[index[3]]};
}
[[gnu::always_inline]] inline void gatherLanes(LaneVectors<8>::D& out, const double* base, const std::uint32_t* index) {
  out = LaneVectors<8>::D{base[index[0]], base[index[1]], base[index[2]], base[index[3]],
                          base[index[4]], base[index[5]], base[index[6]], base[index[7]]};
}

}  // namespace flocklab
