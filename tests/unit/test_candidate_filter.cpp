// The neighbour filter's versions against a plain loop: the portable one everywhere, the
// AVX2 and AVX-512 ones where this CPU has them (WebAssembly's simd128 one: under node, by
// tests/web/engine/candidate_filter_check.cpp). Candidates sit exactly on the radius, on both sides of
// half the world (where the minimum image flips), on the boid itself, and in counts that are
// and are not multiples of the vector width.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "engine/candidate_filter.hpp"
#include "flocklab/rng.hpp"

using namespace flocklab;

namespace {

std::vector<std::uint32_t> plainHits(const FilterInput& in, const Offsets& offsets) {
  std::vector<std::uint32_t> hits;
  for (std::size_t k = 0; k < in.n; ++k) {
    const double dx = offsets.dx(in.x, in.cx[k]), dy = offsets.dy(in.y, in.cy[k]);
    const double d2 = dx * dx + dy * dy;
    if (k != in.self && (in.inclusive ? d2 <= in.r2 : d2 < in.r2)) hits.push_back(static_cast<std::uint32_t>(k));
  }
  return hits;
}

// Every version this CPU runs.
std::vector<FilterFunction> versions() {
  std::vector<FilterFunction> all{&filterCandidatesPortable};
  for (FilterFunction wide : {filterCandidatesAvx2(), filterCandidatesAvx512(), filterCandidatesSimd128()})
    if (wide) all.push_back(wide);
  return all;
}

std::vector<std::uint32_t> run(FilterFunction filter, const FilterInput& in, const Offsets& offsets) {
  std::vector<std::uint32_t> hits(in.n + 8);
  hits.resize(filter(in, offsets, hits.data()));
  return hits;
}

struct Candidates {
  std::vector<double> x, y;
};

// n candidates around (x, y) in a world of side L: some at exactly distance r along an axis,
// some half a world away, the rest uniform near the boid.
Candidates around(double x, double y, double r, double side, std::size_t n, Xoshiro256ss& rng) {
  Candidates c;
  for (std::size_t k = 0; k < n; ++k) {
    double cx, cy;
    switch (k % 5) {
      case 0: cx = std::fmod(x + r, side), cy = y; break;         // exactly r away, or wrapped
      case 1: cx = std::fmod(x + side / 2, side), cy = y; break;  // exactly half the world
      default:
        cx = std::fmod(x + (rng.uniform() * 2 - 1) * 2 * r + side, side);
        cy = std::fmod(y + (rng.uniform() * 2 - 1) * 2 * r + side, side);
    }
    c.x.push_back(cx);
    c.y.push_back(cy);
  }
  return c;
}

}  // namespace

TEST(CandidateFilter, VersionsAgreeWithAPlainLoop) {
  Xoshiro256ss rng(99);
  int cases = 0;
  for (const Space space : {Space::square(40), Space{30, 20, false}, Space::square(8)})
    for (std::size_t n : {0, 1, 7, 8, 9, 16, 23, 64, 67}) {
      for (int trial = 0; trial < 20; ++trial) {
        const double x = rng.uniform() * space.width, y = rng.uniform() * space.height, r = 1 + 3 * rng.uniform();
        const Candidates c = around(x, y, r, space.width, n, rng);
        const Offsets offsets(space);
        for (bool inclusive : {false, true}) {
          const std::size_t self = n == 0 ? 0 : static_cast<std::size_t>(trial) % n;
          const FilterInput in{c.x.data(), c.y.data(), n, x, y, r * r, inclusive, self, true};
          const auto expected = plainHits(in, offsets);
          for (FilterFunction filter : versions()) EXPECT_EQ(run(filter, in, offsets), expected) << n << " candidates";
          ++cases;
        }
      }
    }
  EXPECT_GT(cases, 1000);
}

TEST(CandidateFilter, WithoutWrapItMatchesWhereNoOffsetReachesHalfTheWorld) {
  // The step turns the wrap off for tiles far from the edges: the hits must be the same.
  Xoshiro256ss rng(7);
  const Space space = Space::square(1000);
  const Offsets offsets(space);
  for (int trial = 0; trial < 200; ++trial) {
    const double x = 100 + 800 * rng.uniform(), y = 100 + 800 * rng.uniform();
    const Candidates c = around(x, y, 5, 10, 37, rng);  // offsets within +-10
    std::vector<double> cx(c.x), cy(c.y);
    for (std::size_t k = 0; k < cx.size(); ++k) cx[k] += x - 5, cy[k] += y - 5;
    const FilterInput wrapped{cx.data(), cy.data(), cx.size(), x, y, 25, false, 3, true};
    FilterInput plain = wrapped;
    plain.wrap = false;
    for (FilterFunction filter : versions()) EXPECT_EQ(run(filter, plain, offsets), run(filter, wrapped, offsets));
  }
}

TEST(CandidateFilter, ThreeDimensionalVersionsAgreeWithAPlainLoop) {
  Xoshiro256ss rng(31);
  int cases = 0;
  for (const Space space : {Space::cube(40), Space{30, 20, false, 25}, Space::cube(8)})
    for (std::size_t n : {0, 1, 7, 8, 9, 16, 23, 64, 67})
      for (int trial = 0; trial < 10; ++trial) {
        const double x = rng.uniform() * space.width, y = rng.uniform() * space.height;
        const double z = rng.uniform() * space.depth, r = 1 + 3 * rng.uniform();
        Candidates c = around(x, y, r, std::min(space.width, space.height), n, rng);
        std::vector<double> cz;
        for (std::size_t k = 0; k < n; ++k)  // exactly r away along z, half the world, or near
          cz.push_back(k % 7 == 2
                           ? std::fmod(z + r, space.depth)
                           : (k % 7 == 3 ? std::fmod(z + space.depth / 2, space.depth)
                                         : std::fmod(z + (rng.uniform() * 2 - 1) * 2 * r + space.depth, space.depth)));
        const Offsets offsets(space);
        for (bool wrap : {true, false})
          for (bool inclusive : {false, true}) {
            const std::size_t self = n == 0 ? 0 : static_cast<std::size_t>(trial) % n;
            const FilterInput in{c.x.data(), c.y.data(), n, x, y, r * r, inclusive, self, wrap, cz.data(), z};
            std::vector<std::uint32_t> expected;
            const bool wraps = wrap && offsets.periodic;
            for (std::size_t k = 0; k < n; ++k) {
              const double dx = wraps ? offsets.dx(x, c.x[k]) : c.x[k] - x;
              const double dy = wraps ? offsets.dy(y, c.y[k]) : c.y[k] - y;
              const double dz = wraps ? offsets.dz(z, cz[k]) : cz[k] - z;
              const double d2 = dx * dx + dy * dy + dz * dz;
              if (k != self && (inclusive ? d2 <= r * r : d2 < r * r))
                expected.push_back(static_cast<std::uint32_t>(k));
            }
            for (FilterFunction filter : versions())
              EXPECT_EQ(run(filter, in, offsets), expected) << n << " candidates";
            ++cases;
          }
      }
  EXPECT_GT(cases, 400);
}

TEST(CandidateFilter, TheDispatchFindsTheVersionsThisCpuHas) {
#if defined(__x86_64__)
  EXPECT_EQ(filterCandidatesAvx2() != nullptr, __builtin_cpu_supports("avx2") != 0);
  EXPECT_EQ(filterCandidatesAvx512() != nullptr,
            __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512vl") != 0);
#else
  EXPECT_EQ(filterCandidatesAvx2(), nullptr);
  EXPECT_EQ(filterCandidatesAvx512(), nullptr);
#endif
  // WebAssembly's is chosen at compile time (tests/web/engine/candidate_filter_check.cpp runs it).
#if defined(__wasm_simd128__)
  EXPECT_NE(filterCandidatesSimd128(), nullptr);
#else
  EXPECT_EQ(filterCandidatesSimd128(), nullptr);
#endif
}
