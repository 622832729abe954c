// Flock's bookkeeping: the fields of its dimension count resized together; a 2D flock
// keeps z and vz empty, so 2D states, files and hashes are the same as before 3D existed.
#include "flocklab/flock.hpp"

namespace flocklab {

void Flock::resize(std::size_t n) {
  x.resize(n);
  y.resize(n);
  vx.resize(n);
  vy.resize(n);
  z.resize(is3d() ? n : 0);
  vz.resize(is3d() ? n : 0);
}

bool Flock::consistent() const {
  const std::size_t third = is3d() ? x.size() : 0;
  return (dimensions == 2 || dimensions == 3) && y.size() == x.size() && vx.size() == x.size() &&
         vy.size() == x.size() && z.size() == third && vz.size() == third;
}

}  // namespace flocklab
