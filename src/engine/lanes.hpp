#pragma once
// Lanes of doubles: the portable vector type of the engine's lane kernel (which kernel a step
// runs is public: flocklab/lane_kernel.hpp).
//
// Design: a rule that offers lane sums (kRuleLanes, engine/rule.hpp) gets W boids of a tile
// at once, one a lane, against the tile's shared candidate list in ascending index: every
// candidate's offset and distance are computed in all lanes together, and each lane adds the
// candidate only where it is that boid's hit (a select: the lane keeps its sums elsewhere).
// Lane l therefore adds exactly boid l's hits in ascending index, with the scalar rule's
// operations: the bits of the one-boid path (distance filter, then add() hit by hit), which it
// replaces, filter included. The vector type is GCC's and Clang's vector extension, so one
// source serves every width: 8 lanes with AVX-512, 4 with AVX2, 2 with SSE2 (any x86-64) and
// WebAssembly simd128. Measured against the one-boid path (bench/README.md): the 8 lanes of
// AVX-512 pay wherever the CPU has them; where it has AVX2 and no AVX-512 (an AMD EPYC) the 4
// lanes of AVX2 beat the one-boid path too. A rule with hit lanes (kRuleHitLanes) puts one
// boid's hits in the lanes instead (engine/hit_lanes.hpp). Steps run the widest lanes
// the CPU has; without AVX2, lanes of boids give way to the one-boid path and hit lanes run the
// portable two (each the faster in WebAssembly), unless FLOCKLAB_LANES or setLaneKernel picks
// one. The helpers below (any, countSet, laneSqrt, gatherLanes) are written once for every width.
// Vectors cross function boundaries only by reference: passed or returned by value between
// functions built for different instruction sets they would change the ABI (Clang refuses it).
#include <cstdint>

#include "flocklab/lane_kernel.hpp"
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>  // declares GCC's x86 builtins, which laneSqrt calls in the kernels' own ISA
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace flocklab {

/// W lanes of doubles (D), their mask (M: a lane is all ones where true) and unsigned 64-bit
/// integers (U), as GCC and Clang vector extensions. Comparisons of D give an M; `mask ? a : b` selects lane by lane.
template <int W>
struct LaneVectors {
  static_assert(W == 2 || W == 4 || W == 8, "2, 4 or 8 lanes");
  static constexpr int kWidth = W;
  typedef double D __attribute__((vector_size(8 * W)));
  typedef std::int64_t M __attribute__((vector_size(8 * W)));
  typedef std::uint64_t U __attribute__((vector_size(8 * W)));
};

/// Sets lane l of `out` to base[at[l]]: built in registers (stored lane by lane and loaded
/// whole, the lanes would wait for the stores to reach the cache).
template <class V>
[[gnu::always_inline]] inline void gatherLanes(V& out, const double* base, const std::uint32_t* at) {
  if constexpr (sizeof(V) == 64)
    out = V{base[at[0]], base[at[1]], base[at[2]], base[at[3]], base[at[4]], base[at[5]], base[at[6]], base[at[7]]};
  else if constexpr (sizeof(V) == 32) out = V{base[at[0]], base[at[1]], base[at[2]], base[at[3]]};
  else out = V{base[at[0]], base[at[1]]};
}

/// Sets every lane of `out` to `value`, bit for bit (-0.0 and NaN included). Written as lane 0
/// then a shuffle: GCC 12 splits a plain splat into one insert a lane when the function that
/// writes it is not built for the vector's width, as the shared helpers here are not.
template <class V, class T>
[[gnu::always_inline]] inline void broadcast(V& out, T value) {
  V first{};
  first[0] = value;
  if constexpr (sizeof(V) == 64) out = __builtin_shufflevector(first, first, 0, 0, 0, 0, 0, 0, 0, 0);
  else if constexpr (sizeof(V) == 32) out = __builtin_shufflevector(first, first, 0, 0, 0, 0);
  else out = __builtin_shufflevector(first, first, 0, 0);
}

/// True when some lane of the mask `m` is set: the sign bits gathered in one instruction with
/// GCC on x86-64 (its kernels' ISA), else the halves ORed together.
template <class M>
[[gnu::always_inline]] inline bool any(const M& m) {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
  if constexpr (sizeof(M) == 64) return __builtin_ia32_cvtq2mask512(reinterpret_cast<__v8di>(m)) != 0;
  else if constexpr (sizeof(M) == 32) return __builtin_ia32_movmskpd256(reinterpret_cast<__v4df>(m)) != 0;
  else return __builtin_ia32_movmskpd(reinterpret_cast<__v2df>(m)) != 0;
#elif defined(__wasm_simd128__)
  static_assert(sizeof(M) == 16, "WebAssembly runs two lanes");
  return wasm_v128_any_true(reinterpret_cast<v128_t>(m));
#else
  if constexpr (sizeof(M) == 64) {
    const auto half = __builtin_shufflevector(m, m, 0, 1, 2, 3) | __builtin_shufflevector(m, m, 4, 5, 6, 7);
    return any(half);
  } else if constexpr (sizeof(M) == 32) {
    const auto half = __builtin_shufflevector(m, m, 0, 1) | __builtin_shufflevector(m, m, 2, 3);
    return any(half);
  } else {
    return (m[0] | m[1]) != 0;
  }
#endif
}

/// How many lanes of the mask `m` are set (halves added together, then lane 0).
template <class M>
[[gnu::always_inline]] inline unsigned countSet(const M& m) {
  if constexpr (sizeof(M) == 64) {
    const auto half = __builtin_shufflevector(m, m, 0, 1, 2, 3) + __builtin_shufflevector(m, m, 4, 5, 6, 7);
    return countSet(half);
  } else if constexpr (sizeof(M) == 32) {
    const auto half = __builtin_shufflevector(m, m, 0, 1) + __builtin_shufflevector(m, m, 2, 3);
    return countSet(half);
  } else {
    return static_cast<unsigned>(-(m[0] + m[1]));
  }
}

/// The correctly rounded square root of every lane of `in` (the bits of std::sqrt lane by
/// lane), in one instruction where the compiler offers it for the kernel's width.
template <class V>
[[gnu::always_inline]] inline void laneSqrt(V& out, const V& in) {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
  // GCC checks a builtin's instruction set where it ends up: in the kernel built for it.
  if constexpr (sizeof(V) == 64)
    out = __builtin_ia32_sqrtpd512_mask(in, in, static_cast<unsigned char>(-1), _MM_FROUND_CUR_DIRECTION);
  else if constexpr (sizeof(V) == 32) out = __builtin_ia32_sqrtpd256(in);
  else out = __builtin_ia32_sqrtpd(in);
#elif defined(__wasm_simd128__)
  static_assert(sizeof(V) == 16, "WebAssembly runs two lanes");
  out = reinterpret_cast<V>(wasm_f64x2_sqrt(reinterpret_cast<v128_t>(in)));
#elif defined(__clang__) && __has_builtin(__builtin_elementwise_sqrt)
  out = __builtin_elementwise_sqrt(in);
#else
  for (int l = 0; l < static_cast<int>(sizeof(V) / sizeof(double)); ++l) out[l] = __builtin_sqrt(in[l]);
#endif
}

}  // namespace flocklab
