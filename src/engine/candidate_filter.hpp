#pragma once
// The inner loop of the neighbour search (the engine's own): the squared distances from one boid to
// all of its candidates, and the hits among them in candidate order.
//
// Design: one pass over contiguous arrays. On x86-64 the widest version the CPU has is picked
// at run time: AVX-512 (8 candidates per instruction, hits packed with a compress), else AVX2
// (8 candidates as two vectors of 4, hits packed by a permute from a table of the 256 masks).
// A WebAssembly build with -msimd128 (every build of the package) takes the simd128 version,
// chosen at compile time: 4 candidates a round as two f64x2 vectors. Elsewhere a portable loop
// that the compiler vectorises as far as the target allows. Only the hits are written: a
// caller recomputes their offsets, which is cheaper than storing every candidate's. In 3D (cz
// given) the same loops gain a third axis. Determinism: every lane does the scalar operations
// (one subtraction and at most one wrap per axis, then dx*dx + dy*dy (+ dz*dz), left to right,
// never fused), so every version picks the same hits; test_candidate_filter compares them
// (the simd128 one: tests/web/engine/candidate_filter_check.cpp).
#include <cstddef>
#include <cstdint>

#include "flocklab/space.hpp"

namespace flocklab {

/// What the filter needs to know about one boid and its n candidates.
struct FilterInput {
  const double *cx, *cy;       ///< candidate positions
  std::size_t n;               ///< candidate count
  double x, y;                 ///< the boid's position
  double r2;                   ///< squared radius
  bool inclusive;              ///< hits have d2 <= r2 (else d2 < r2)
  std::size_t self;            ///< the boid's own position among the candidates (never a hit)
  bool wrap;                   ///< offsets wrap (minimum image); false where no offset can exceed
                               ///< half the world, which gives the same numbers with less work
  const double* cz = nullptr;  ///< 3D only: candidate z; null in 2D
  double z = 0;                ///< 3D only: the boid's z
};

/// Writes the positions of the hits, ascending, to `hits` (room for n + 8) and returns how many.
/// A hit's offset is offsets.dx(x, cx[k]), offsets.dy(y, cy[k]) (, offsets.dz(z, cz[k])) and
/// its d2 = dx*dx + dy*dy (+ dz*dz).
std::size_t filterCandidates(const FilterInput& in, const Offsets& offsets, std::uint32_t* hits);

/// The portable version (2D or 3D by in.cz), and the AVX-512, AVX2 and WebAssembly simd128 ones (nullptr when
/// not built for this platform or not supported by this CPU): exposed so that tests can compare them.
std::size_t filterCandidatesPortable(const FilterInput& in, const Offsets& offsets, std::uint32_t* hits);
using FilterFunction = std::size_t (*)(const FilterInput&, const Offsets&, std::uint32_t*);
FilterFunction filterCandidatesAvx512();
FilterFunction filterCandidatesAvx2();
FilterFunction filterCandidatesSimd128();

}  // namespace flocklab
