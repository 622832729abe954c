// The candidate filter, portable and AVX-512 (see the header for the design).
#include "flocklab/engine/candidate_filter.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define FLOCKLAB_X86_DISPATCH 1
#include <immintrin.h>
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

template <bool k3d>
std::size_t filterAvx512Dims(const FilterInput& in, const Offsets& o, std::uint32_t* hits) {
  const bool wrap = in.wrap && o.periodic;
  if (wrap)
    return in.inclusive ? filterAvx512<true, true, k3d>(in, o, hits) : filterAvx512<true, false, k3d>(in, o, hits);
  return in.inclusive ? filterAvx512<false, true, k3d>(in, o, hits) : filterAvx512<false, false, k3d>(in, o, hits);
}

std::size_t filterAvx512Any(const FilterInput& in, const Offsets& o, std::uint32_t* hits) {
  return in.cz != nullptr ? filterAvx512Dims<true>(in, o, hits) : filterAvx512Dims<false>(in, o, hits);
}

}  // namespace

FilterFunction filterCandidatesAvx512() {
  static const bool supported = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
  return supported ? &filterAvx512Any : nullptr;
}
#else
FilterFunction filterCandidatesAvx512() { return nullptr; }
#endif

std::size_t filterCandidates(const FilterInput& in, const Offsets& offsets, std::uint32_t* hits) {
  static const FilterFunction widest = filterCandidatesAvx512() ? filterCandidatesAvx512() : &filterCandidatesPortable;
  return widest(in, offsets, hits);
}

}  // namespace flocklab
