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

AgentState Flock::agent(std::size_t i) const {
  return {x[i], y[i], is3d() ? z[i] : 0.0, vx[i], vy[i], is3d() ? vz[i] : 0.0};
}

void Flock::setAgent(std::size_t i, const AgentState& a) {
  x[i] = a.x, y[i] = a.y, vx[i] = a.vx, vy[i] = a.vy;
  if (is3d()) z[i] = a.z, vz[i] = a.vz;
}

void Flock::insertAgent(std::size_t at, const AgentState& a) {
  const auto put = [at](std::vector<double>& field, double value) {
    field.insert(field.begin() + static_cast<std::ptrdiff_t>(at), value);
  };
  put(x, a.x), put(y, a.y), put(vx, a.vx), put(vy, a.vy);
  if (is3d()) put(z, a.z), put(vz, a.vz);
}

void Flock::eraseAgent(std::size_t i) {
  const auto drop = [i](std::vector<double>& field) { field.erase(field.begin() + static_cast<std::ptrdiff_t>(i)); };
  drop(x), drop(y), drop(vx), drop(vy);
  if (is3d()) drop(z), drop(vz);
}

bool Flock::consistent() const {
  const std::size_t third = is3d() ? x.size() : 0;
  return (dimensions == 2 || dimensions == 3) && y.size() == x.size() && vx.size() == x.size() &&
         vy.size() == x.size() && z.size() == third && vz.size() == third;
}

}  // namespace flocklab
