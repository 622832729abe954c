#pragma once
// The random start every model shares (SPEC section 2).
#include <cmath>
#include <cstdint>

#include "flocklab/flock.hpp"
#include "flocklab/rng.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// Boid by boid: x = W*U, y = H*U, drawn again while blocked(x, y); a heading by rejection in
/// the unit disc; speed vmin + (vmax - vmin)*U. Determinism: the draw order is the start.
template <class Blocked>
Flock randomStart(std::size_t count, const Space& space, double vmin, double vmax,
                  std::uint64_t seed, const Blocked& blocked) {
  Xoshiro256ss rng(seed);
  Flock flock;
  flock.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    double x, y;
    do {
      x = space.width * rng.uniform();
      y = space.height * rng.uniform();
    } while (blocked(x, y));
    double ux, uy, m;
    do {
      ux = 2 * rng.uniform() - 1;
      uy = 2 * rng.uniform() - 1;
      m = ux * ux + uy * uy;
    } while (m > 1 || m == 0);
    const double speed = vmin + (vmax - vmin) * rng.uniform();
    const double scale = speed / std::sqrt(m);
    flock.x[i] = x;
    flock.y[i] = y;
    flock.vx[i] = ux * scale;
    flock.vy[i] = uy * scale;
  }
  return flock;
}

}  // namespace flocklab
