#include "flocklab/flock.hpp"


#include "engine/random_start.hpp"

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
  // vmax - vmax/2 is exactly vmax/2, so this is SPEC section 2's speed = vmax/2 + (vmax/2)*U.
  return randomStart(count, Space::square(params.world), params.maxSpeed / 2, params.maxSpeed, seed,
                     [](double, double) { return false; });
}

}  // namespace flocklab
