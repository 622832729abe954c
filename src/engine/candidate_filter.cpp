// The candidate filter, portable, AVX2, AVX-512 and WebAssembly SIMD (see the header for the design).
#include "engine/candidate_filter.hpp"

#include <type_traits>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define FLOCKLAB_X86_DISPATCH 1
#include <immintrin.h>
#endif
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace flocklab {

namespace {

std::size_t filterPortable3d(const FilterInput& in, const Offsets& o, std::uint32_t* hits) {
  const bool wrap = in.wrap && o.periodic;
  std::size_t found = 0;
  for (std::size_t k = 0; k < in.n; ++k) {
    double ox = in.cx[k] - in.x, oy = in.cy[k] - in.y, oz = in.cz[k] - in.z;
    if (wrap) {
      ox = ox > o.halfWidth ? ox - o.width : ox;
      ox = ox < -o.halfWidth ? ox + o.width : ox;
      oy = oy > o.halfHeight ? oy - o.height : oy;
      oy = oy < -o.halfHeight ? oy + o.height : oy;
      oz = oz > o.halfDepth ? oz - o.depth : oz;
      oz = oz < -o.halfDepth ? oz + o.depth : oz;
    }
    // Determinism: left to right, as the rule's d2.
    const double d2 = ox * ox + oy * oy + oz * oz;
    hits[found] = static_cast<std::uint32_t>(k);
    found += (in.inclusive ? d2 <= in.r2 : d2 < in.r2) & (k != in.self);
  }
  return found;
}

// Calls kernel(wrap, inclusive, in3d), each a std::bool_constant, with the input's case: one
// instance of a vector filter per case, so that its loop tests none of them.
template <class Kernel>
std::size_t forCase(const FilterInput& in, const Offsets& o, Kernel kernel) {
  const auto dims = [&](auto wrap, auto inclusive) {
    return in.cz != nullptr ? kernel(wrap, inclusive, std::true_type{}) : kernel(wrap, inclusive, std::false_type{});
  };
  const auto inclusive = [&](auto wrap) {
    return in.inclusive ? dims(wrap, std::true_type{}) : dims(wrap, std::false_type{});
  };
  return in.wrap && o.periodic ? inclusive(std::true_type{}) : inclusive(std::false_type{});
}

}  // namespace

std::size_t filterCandidatesPortable(const FilterInput& in, const Offsets& o, std::uint32_t* hits) {
  if (in.cz != nullptr) return filterPortable3d(in, o, hits);
  const bool wrap = in.wrap && o.periodic;
  std::size_t found = 0;
  for (std::size_t k = 0; k < in.n; ++k) {
    double ox = in.cx[k] - in.x, oy = in.cy[k] - in.y;
    if (wrap) {
      // At most one of the two adjustments applies: positions lie in [0, W].
      ox = ox > o.halfWidth ? ox - o.width : ox;
      ox = ox < -o.halfWidth ? ox + o.width : ox;
      oy = oy > o.halfHeight ? oy - o.height : oy;
      oy = oy < -o.halfHeight ? oy + o.height : oy;
    }
    const double d2 = ox * ox + oy * oy;
    hits[found] = static_cast<std::uint32_t>(k);
    found += (in.inclusive ? d2 <= in.r2 : d2 < in.r2) & (k != in.self);
  }
  return found;
}

#ifdef FLOCKLAB_X86_DISPATCH
namespace {

// Eight candidates a round; the hits' positions are packed by a compress.
template <bool kWrap, bool kInclusive, bool k3d>
__attribute__((target("avx512f,avx512vl"))) std::size_t filterAvx512(const FilterInput& in, const Offsets& o,
                                                                     std::uint32_t* hits) {
  const __m512d x = _mm512_set1_pd(in.x), y = _mm512_set1_pd(in.y), r2 = _mm512_set1_pd(in.r2);
  const __m512d w = _mm512_set1_pd(o.width), h = _mm512_set1_pd(o.height);
  const __m512d hw = _mm512_set1_pd(o.halfWidth), hh = _mm512_set1_pd(o.halfHeight);
  const __m512d nhw = _mm512_set1_pd(-o.halfWidth), nhh = _mm512_set1_pd(-o.halfHeight);
  const __m512d z = _mm512_set1_pd(in.z), d = _mm512_set1_pd(o.depth);
  const __m512d hd = _mm512_set1_pd(o.halfDepth), nhd = _mm512_set1_pd(-o.halfDepth);
  const __m256i eight = _mm256_set1_epi32(8);
  __m256i positions = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  const double *cx = in.cx, *cy = in.cy, *cz = in.cz;  // locals: the stores below could alias the struct
  const std::size_t n = in.n, self = in.self;
  std::size_t found = 0;
  for (std::size_t k = 0; k < n; k += 8) {
    const std::size_t left = n - k;
    const __mmask8 live = left >= 8 ? __mmask8(0xFF) : __mmask8((1u << left) - 1);
    __m512d ox = _mm512_sub_pd(_mm512_maskz_loadu_pd(live, cx + k), x);
    __m512d oy = _mm512_sub_pd(_mm512_maskz_loadu_pd(live, cy + k), y);
    if constexpr (kWrap) {
      ox = _mm512_mask_sub_pd(ox, _mm512_cmp_pd_mask(ox, hw, _CMP_GT_OQ), ox, w);
      ox = _mm512_mask_add_pd(ox, _mm512_cmp_pd_mask(ox, nhw, _CMP_LT_OQ), ox, w);
      oy = _mm512_mask_sub_pd(oy, _mm512_cmp_pd_mask(oy, hh, _CMP_GT_OQ), oy, h);
      oy = _mm512_mask_add_pd(oy, _mm512_cmp_pd_mask(oy, nhh, _CMP_LT_OQ), oy, h);
    }
    __m512d d2 = _mm512_add_pd(_mm512_mul_pd(ox, ox), _mm512_mul_pd(oy, oy));
    if constexpr (k3d) {
      __m512d oz = _mm512_sub_pd(_mm512_maskz_loadu_pd(live, cz + k), z);
      if constexpr (kWrap) {
        oz = _mm512_mask_sub_pd(oz, _mm512_cmp_pd_mask(oz, hd, _CMP_GT_OQ), oz, d);
        oz = _mm512_mask_add_pd(oz, _mm512_cmp_pd_mask(oz, nhd, _CMP_LT_OQ), oz, d);
      }
      d2 = _mm512_add_pd(d2, _mm512_mul_pd(oz, oz));  // (dx*dx + dy*dy) + dz*dz
    }
    __mmask8 hit = kInclusive ? _mm512_mask_cmp_pd_mask(live, d2, r2, _CMP_LE_OQ)
                              : _mm512_mask_cmp_pd_mask(live, d2, r2, _CMP_LT_OQ);
    if (self - k < 8) hit = __mmask8(hit & ~(1u << (self - k)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(hits + found), _mm256_maskz_compress_epi32(hit, positions));
    found += static_cast<std::size_t>(__builtin_popcount(hit));
    positions = _mm256_add_epi32(positions, eight);
  }
  return found;
}

std::size_t filterAvx512Any(const FilterInput& in, const Offsets& o, std::uint32_t* hits) {
  return forCase(in, o, [&](auto wrap, auto inclusive, auto in3d) {
    return filterAvx512<decltype(wrap)::value, decltype(inclusive)::value, decltype(in3d)::value>(in, o, hits);
  });
}

}  // namespace

FilterFunction filterCandidatesAvx512() {
  static const bool supported = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
  return supported ? &filterAvx512Any : nullptr;
}

namespace {

// AVX2 has no compress: for each 8-bit hit mask, the lanes of its hits in ascending order, for
// one permute of the eight positions (lanes past the hits are never kept).
struct CompressTable {
  alignas(32) std::uint32_t lanes[256][8];
  constexpr CompressTable() : lanes{} {
    for (unsigned mask = 0; mask < 256; ++mask) {
      unsigned out = 0;
      for (unsigned lane = 0; lane < 8; ++lane)
        if (mask & (1u << lane)) lanes[mask][out++] = lane;
    }
  }
};
constexpr CompressTable kCompress;

// The minimum image of one axis, lane by lane as the scalar code: at most one of the two
// adjustments applies, the second compare sees the first one's result.
__attribute__((target("avx2"))) inline __m256d wrapAxis(__m256d o, __m256d half, __m256d minusHalf, __m256d side) {
  o = _mm256_blendv_pd(o, _mm256_sub_pd(o, side), _mm256_cmp_pd(o, half, _CMP_GT_OQ));
  return _mm256_blendv_pd(o, _mm256_add_pd(o, side), _mm256_cmp_pd(o, minusHalf, _CMP_LT_OQ));
}

// The broadcast constants of one boid's filter.
struct Avx2Boid {
  __m256d x, y, z, r2, w, h, d, hw, hh, hd, nhw, nhh, nhd;
};

// Four doubles from p, all of them or (in the tail) those of the lanes set in `lanes`.
template <bool kWhole>
__attribute__((target("avx2"))) inline __m256d load(const double* p, __m256i lanes) {
  if constexpr (kWhole) return _mm256_loadu_pd(p);
  else return _mm256_maskload_pd(p, lanes);
}

// The hit bits of the four candidates from `at`, loaded whole or, in the tail, under `live`.
template <bool kWrap, bool kInclusive, bool k3d, bool kWhole>
__attribute__((target("avx2"))) inline unsigned hitBits(const Avx2Boid& b, const FilterInput& in, std::size_t at,
                                                        __m256i live) {
  __m256d ox = _mm256_sub_pd(load<kWhole>(in.cx + at, live), b.x);
  __m256d oy = _mm256_sub_pd(load<kWhole>(in.cy + at, live), b.y);
  if constexpr (kWrap) ox = wrapAxis(ox, b.hw, b.nhw, b.w), oy = wrapAxis(oy, b.hh, b.nhh, b.h);
  __m256d d2 = _mm256_add_pd(_mm256_mul_pd(ox, ox), _mm256_mul_pd(oy, oy));
  if constexpr (k3d) {
    __m256d oz = _mm256_sub_pd(load<kWhole>(in.cz + at, live), b.z);
    if constexpr (kWrap) oz = wrapAxis(oz, b.hd, b.nhd, b.d);
    d2 = _mm256_add_pd(d2, _mm256_mul_pd(oz, oz));  // (dx*dx + dy*dy) + dz*dz
  }
  const __m256d near = kInclusive ? _mm256_cmp_pd(d2, b.r2, _CMP_LE_OQ) : _mm256_cmp_pd(d2, b.r2, _CMP_LT_OQ);
  return static_cast<unsigned>(_mm256_movemask_pd(near));
}

// Eight candidates a round, as two vectors of four; the tail's loads are masked.
template <bool kWrap, bool kInclusive, bool k3d>
__attribute__((target("avx2"))) std::size_t filterAvx2(const FilterInput& in, const Offsets& o, std::uint32_t* hits) {
  const Avx2Boid b{_mm256_set1_pd(in.x),        _mm256_set1_pd(in.y),         _mm256_set1_pd(in.z),
                   _mm256_set1_pd(in.r2),       _mm256_set1_pd(o.width),      _mm256_set1_pd(o.height),
                   _mm256_set1_pd(o.depth),     _mm256_set1_pd(o.halfWidth),  _mm256_set1_pd(o.halfHeight),
                   _mm256_set1_pd(o.halfDepth), _mm256_set1_pd(-o.halfWidth), _mm256_set1_pd(-o.halfHeight),
                   _mm256_set1_pd(-o.halfDepth)};
  const __m256i firstLanes = _mm256_setr_epi64x(0, 1, 2, 3), lastLanes = _mm256_setr_epi64x(4, 5, 6, 7);
  const __m256i eight = _mm256_set1_epi32(8);
  __m256i positions = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  const std::size_t n = in.n, self = in.self;
  std::size_t found = 0;
  for (std::size_t k = 0; k < n; k += 8) {
    const std::size_t left = n - k;
    unsigned hit;
    if (left >= 8) {
      hit = hitBits<kWrap, kInclusive, k3d, true>(b, in, k, firstLanes) |
            hitBits<kWrap, kInclusive, k3d, true>(b, in, k + 4, firstLanes) << 4;
    } else {
      const __m256i count = _mm256_set1_epi64x(static_cast<long long>(left));
      hit = hitBits<kWrap, kInclusive, k3d, false>(b, in, k, _mm256_cmpgt_epi64(count, firstLanes)) |
            hitBits<kWrap, kInclusive, k3d, false>(b, in, k + 4, _mm256_cmpgt_epi64(count, lastLanes)) << 4;
      hit &= (1u << left) - 1;
    }
    if (self - k < 8) hit &= ~(1u << (self - k));
    const __m256i order = _mm256_load_si256(reinterpret_cast<const __m256i*>(kCompress.lanes[hit]));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(hits + found), _mm256_permutevar8x32_epi32(positions, order));
    found += static_cast<std::size_t>(__builtin_popcount(hit));
    positions = _mm256_add_epi32(positions, eight);
  }
  return found;
}

std::size_t filterAvx2Any(const FilterInput& in, const Offsets& o, std::uint32_t* hits) {
  return forCase(in, o, [&](auto wrap, auto inclusive, auto in3d) {
    return filterAvx2<decltype(wrap)::value, decltype(inclusive)::value, decltype(in3d)::value>(in, o, hits);
  });
}

}  // namespace

FilterFunction filterCandidatesAvx2() {
  static const bool supported = __builtin_cpu_supports("avx2");
  return supported ? &filterAvx2Any : nullptr;
}
#else
FilterFunction filterCandidatesAvx512() { return nullptr; }
FilterFunction filterCandidatesAvx2() { return nullptr; }
#endif

#ifdef __wasm_simd128__
namespace {

// The minimum image of one axis in two lanes, as the scalar code: the second compare sees the
// first one's result.
inline v128_t wrapAxis(v128_t o, v128_t half, v128_t minusHalf, v128_t side) {
  o = wasm_v128_bitselect(wasm_f64x2_sub(o, side), o, wasm_f64x2_gt(o, half));
  return wasm_v128_bitselect(wasm_f64x2_add(o, side), o, wasm_f64x2_lt(o, minusHalf));
}

// The broadcast constants of one boid's filter.
struct Simd128Boid {
  v128_t x, y, z, r2, w, h, d, hw, hh, hd, nhw, nhh, nhd;
};

// The hit bits (bit 0: candidate at, bit 1: at + 1) of two candidates.
template <bool kWrap, bool kInclusive, bool k3d>
inline unsigned pairBits(const Simd128Boid& b, const FilterInput& in, std::size_t at) {
  v128_t ox = wasm_f64x2_sub(wasm_v128_load(in.cx + at), b.x);
  v128_t oy = wasm_f64x2_sub(wasm_v128_load(in.cy + at), b.y);
  if constexpr (kWrap) ox = wrapAxis(ox, b.hw, b.nhw, b.w), oy = wrapAxis(oy, b.hh, b.nhh, b.h);
  v128_t d2 = wasm_f64x2_add(wasm_f64x2_mul(ox, ox), wasm_f64x2_mul(oy, oy));
  if constexpr (k3d) {
    v128_t oz = wasm_f64x2_sub(wasm_v128_load(in.cz + at), b.z);
    if constexpr (kWrap) oz = wrapAxis(oz, b.hd, b.nhd, b.d);
    d2 = wasm_f64x2_add(d2, wasm_f64x2_mul(oz, oz));  // (dx*dx + dy*dy) + dz*dz
  }
  const v128_t near = kInclusive ? wasm_f64x2_le(d2, b.r2) : wasm_f64x2_lt(d2, b.r2);
  return static_cast<unsigned>(wasm_i64x2_bitmask(near));
}

// Four candidates a round, as two vectors of two; each hit's position is written and the count
// moves past it only for a hit (as the portable loop does: no branch on the data). An odd last
// candidate goes through the portable loop, whose arithmetic is the lanes'.
template <bool kWrap, bool kInclusive, bool k3d>
std::size_t filterSimd128(const FilterInput& in, const Offsets& o, std::uint32_t* hits) {
  const Simd128Boid b{wasm_f64x2_splat(in.x),        wasm_f64x2_splat(in.y),         wasm_f64x2_splat(in.z),
                      wasm_f64x2_splat(in.r2),       wasm_f64x2_splat(o.width),      wasm_f64x2_splat(o.height),
                      wasm_f64x2_splat(o.depth),     wasm_f64x2_splat(o.halfWidth),  wasm_f64x2_splat(o.halfHeight),
                      wasm_f64x2_splat(o.halfDepth), wasm_f64x2_splat(-o.halfWidth), wasm_f64x2_splat(-o.halfHeight),
                      wasm_f64x2_splat(-o.halfDepth)};
  const std::size_t n = in.n, self = in.self, pairs = n & ~std::size_t(1);
  std::size_t found = 0, k = 0;
  for (; k + 4 <= pairs; k += 4) {
    unsigned hit = pairBits<kWrap, kInclusive, k3d>(b, in, k) | pairBits<kWrap, kInclusive, k3d>(b, in, k + 2) << 2;
    if (self - k < 4) hit &= ~(1u << (self - k));
    for (unsigned lane = 0; lane < 4; ++lane) {
      hits[found] = static_cast<std::uint32_t>(k + lane);
      found += (hit >> lane) & 1u;
    }
  }
  for (; k < pairs; k += 2) {
    unsigned hit = pairBits<kWrap, kInclusive, k3d>(b, in, k);
    if (self - k < 2) hit &= ~(1u << (self - k));
    hits[found] = static_cast<std::uint32_t>(k);
    found += hit & 1u;
    hits[found] = static_cast<std::uint32_t>(k + 1);
    found += hit >> 1;
  }
  if (k < n) {
    FilterInput last = in;
    last.cx += k, last.cy += k, last.cz = in.cz ? in.cz + k : nullptr;
    last.n = n - k, last.self = self - k;  // wraps past every position when self < k: never matches
    if (filterCandidatesPortable(last, o, hits + found) == 1) hits[found++] = static_cast<std::uint32_t>(k);
  }
  return found;
}

std::size_t filterSimd128Any(const FilterInput& in, const Offsets& o, std::uint32_t* hits) {
  return forCase(in, o, [&](auto wrap, auto inclusive, auto in3d) {
    return filterSimd128<decltype(wrap)::value, decltype(inclusive)::value, decltype(in3d)::value>(in, o, hits);
  });
}

}  // namespace

FilterFunction filterCandidatesSimd128() { return &filterSimd128Any; }
#else
FilterFunction filterCandidatesSimd128() { return nullptr; }
#endif

std::size_t filterCandidates(const FilterInput& in, const Offsets& offsets, std::uint32_t* hits) {
  // WebAssembly has no run-time choice: a module built with -msimd128 runs only where SIMD does.
  static const FilterFunction widest = filterCandidatesSimd128()  ? filterCandidatesSimd128()
                                       : filterCandidatesAvx512() ? filterCandidatesAvx512()
                                       : filterCandidatesAvx2()   ? filterCandidatesAvx2()
                                                                  : &filterCandidatesPortable;
  return widest(in, offsets, hits);
}

}  // namespace flocklab
