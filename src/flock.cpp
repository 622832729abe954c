#include "flocklab/flock.hpp"

#include <cmath>

#include "flocklab/rng.hpp"

namespace flocklab {

void Flock::resize(std::size_t n) {
  x.resize(n);
  y.resize(n);
  vx.resize(n);
  vy.resize(n);
}

bool Flock::consistent() const {
  return y.size() == x.size() && vx.size() == x.size() && vy.size() == x.size();
}

Flock randomLabStart(std::size_t count, const LabParams& params, std::uint64_t seed) {
  // Determinism: the draw order (x, y, heading pairs until accepted, speed) is part of the
  // documented start; changing it changes every golden value.
  Xoshiro256ss rng(seed);
  Flock flock;
  flock.resize(count);
  const double L = params.world, half = params.maxSpeed / 2;
  for (std::size_t i = 0; i < count; ++i) {
    flock.x[i] = L * rng.uniform();
    flock.y[i] = L * rng.uniform();
    double ux, uy, m;
    do {
      ux = 2 * rng.uniform() - 1;
      uy = 2 * rng.uniform() - 1;
      m = ux * ux + uy * uy;
    } while (m > 1 || m == 0);
    const double speed = half + half * rng.uniform();
    const double scale = speed / std::sqrt(m);
    flock.vx[i] = ux * scale;
    flock.vy[i] = uy * scale;
  }
  return flock;
}

}  // namespace flocklab
