#pragma once
// The random start every model shares (docs/random-numbers.md, "The random start"; the draws
// in docs/model-lab.md, "Random start"), and its 3D form (docs/model-lab.md, "Three dimensions").
#include <cmath>
#include <cstdint>

#include "flocklab/flock.hpp"
#include "flocklab/rng.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// Boid by boid: x = W*U, y = H*U, drawn again while blocked(x, y); a heading by rejection in
/// the unit disc; speed vmin + (vmax - vmin)*U. Determinism: the draw order is the start.
template <class Blocked>
Flock randomStart(std::size_t count, const Space& space, double vmin, double vmax, std::uint64_t seed,
                  const Blocked& blocked) {
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

/// The 3D start (docs/model-lab.md, "Three dimensions"), boid by boid: x = W*U, y = H*U,
/// z = D*U, drawn again while blocked(x, y, z); a heading by rejection in the unit ball
/// (m = ux*ux + uy*uy + uz*uz, left to right; all three drawn again while m > 1 or m == 0);
/// speed vmin + (vmax - vmin)*U.
template <class Blocked>
Flock randomStart3d(std::size_t count, const Space& space, double vmin, double vmax, std::uint64_t seed,
                    const Blocked& blocked) {
  Xoshiro256ss rng(seed);
  Flock flock;
  flock.dimensions = 3;
  flock.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    double x, y, z;
    do {
      x = space.width * rng.uniform();
      y = space.height * rng.uniform();
      z = space.depth * rng.uniform();
    } while (blocked(x, y, z));
    double ux, uy, uz, m;
    do {
      ux = 2 * rng.uniform() - 1;
      uy = 2 * rng.uniform() - 1;
      uz = 2 * rng.uniform() - 1;
      m = ux * ux + uy * uy + uz * uz;
    } while (m > 1 || m == 0);
    const double speed = vmin + (vmax - vmin) * rng.uniform();
    const double scale = speed / std::sqrt(m);
    flock.x[i] = x;
    flock.y[i] = y;
    flock.z[i] = z;
    flock.vx[i] = ux * scale;
    flock.vy[i] = uy * scale;
    flock.vz[i] = uz * scale;
  }
  return flock;
}

}  // namespace flocklab
