// The WebAssembly engine's candidate filter (simd128, two doubles a vector) against the portable
// loop, run under node by ctest (wasm_candidate_filter): the same hits in the same order for
// random boids and candidates in 2D and 3D, with and without the wrap, inclusive or not, the
// boid itself at every lane, candidates exactly on the radius and half a world away, and every
// count from 0 to 41 (every remainder of the four-candidate rounds and of the pairs). The native
// versions are checked by tests/unit/test_candidate_filter.cpp; gtest is not built for wasm.
// Exit status 0 when all agree, 1 with the first difference printed.
#include <cmath>
#include <cstdio>
#include <vector>

#include "engine/candidate_filter.hpp"
#include "flocklab/rng.hpp"

using namespace flocklab;

namespace {

std::vector<std::uint32_t> run(FilterFunction filter, const FilterInput& in, const Offsets& offsets) {
  std::vector<std::uint32_t> hits(in.n + 8);
  hits.resize(filter(in, offsets, hits.data()));
  return hits;
}

// Candidate k's coordinate on an axis (`axis` 0, 1, 2) near `at` in [0, side): candidates 0, 1, 2
// (mod 6) lie exactly r away along axis 0, 1, 2 (and at the boid's place on the others),
// candidate 3 half the world away along axis 0, the rest within 2r.
double near(double at, double r, double side, std::size_t k, int axis, Xoshiro256ss& rng) {
  const std::size_t kind = k % 6;
  if (kind < 3) return kind == static_cast<std::size_t>(axis) ? std::fmod(at + r, side) : at;
  if (kind == 3) return axis == 0 ? std::fmod(at + side / 2, side) : at;
  return std::fmod(at + (rng.uniform() * 2 - 1) * 2 * r + side, side);
}

}  // namespace

int main() {
  const FilterFunction simd = filterCandidatesSimd128();
  if (simd == nullptr) {
    std::puts("the module was built without -msimd128: no simd128 filter");
    return 1;
  }
  Xoshiro256ss rng(2024);
  int cases = 0, hits = 0, onRadius = 0;
  for (const Space space : {Space::square(40), Space{30, 20, false}, Space::square(8), Space::cube(40),
                            Space{30, 20, false, 25}, Space::cube(8)})
    for (std::size_t n = 0; n <= 41; ++n)
      for (int trial = 0; trial < 12; ++trial) {
        // Every other trial on a grid of quarters, where a candidate r away along an axis is
        // exactly on the radius (d2 == r2: the inclusive and exclusive compares differ).
        const auto at = [&](double extent) {
          const double v = rng.uniform() * extent;
          return trial % 2 ? std::floor(v * 4) / 4 : v;
        };
        const double x = at(space.width), y = at(space.height), z = at(space.depth), r = at(3) + 1;
        std::vector<double> cx, cy, cz;
        for (std::size_t k = 0; k < n; ++k) {
          cx.push_back(near(x, r, space.width, k, 0, rng));
          cy.push_back(near(y, r, space.height, k, 1, rng));
          if (space.is3d()) cz.push_back(near(z, r, space.depth, k, 2, rng));
        }
        const Offsets offsets(space);
        for (bool wrap : {true, false})
          for (bool inclusive : {false, true}) {
            const std::size_t self = n == 0 ? 0 : static_cast<std::size_t>(trial) % n;
            FilterInput in{cx.data(), cy.data(), n, x, y, r * r, inclusive, self, wrap};
            if (space.is3d()) in.cz = cz.data(), in.z = z;
            const auto expected = run(&filterCandidatesPortable, in, offsets), got = run(simd, in, offsets);
            if (got != expected) {
              std::printf("simd128 differs from the portable loop: %zu candidates, %dD, wrap %d, inclusive %d: %zu "
                          "hits against %zu\n",
                          n, space.is3d() ? 3 : 2, wrap, inclusive, got.size(), expected.size());
              return 1;
            }
            ++cases;
            hits += static_cast<int>(expected.size());
            if (inclusive)
              onRadius += static_cast<int>(expected.size() - run(
                                                                 &filterCandidatesPortable,
                                                                 [&] {
                                                                   FilterInput exclusive = in;
                                                                   exclusive.inclusive = false;
                                                                   return exclusive;
                                                                 }(),
                                                                 offsets)
                                                                 .size());
          }
      }
  std::printf("simd128 and the portable loop agree in %d cases (%d hits, %d exactly on the radius)\n", cases, hits,
              onRadius);
  return cases > 10000 && hits > 10000 && onRadius > 1000 ? 0 : 1;
}
