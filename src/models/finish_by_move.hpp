#pragma once
// The rule contract's finish() in its 2D and 3D forms (engine/rule.hpp), once for every rule
// that updates a boid on arrays: the rule writes move(sums, index, position, velocity) over
// std::array<double, N> (N = D, or 3 for a rule that computes in 3D either way, as couzin's
// does, with z = 0 in 2D) and inherits both forms of finish() from FinishByMove (CRTP: the rule
// names itself, and befriends FinishByMove when move() is private). Determinism: the adapter
// only copies doubles in and out.
#include <array>
#include <cstdint>

namespace flocklab {

template <class Rule, int D, int N = D>
struct FinishByMove {
  /// Velocity update and move of boid `index` from the sums of its neighbours, in place.
  template <class Sums>
  void finish(const Sums& s, std::uint32_t index, double& x, double& y, double& vx, double& vy) const requires(D == 2) {
    std::array<double, N> at{}, v{};
    at[0] = x, at[1] = y, v[0] = vx, v[1] = vy;
    static_cast<const Rule&>(*this).move(s, index, at, v);
    x = at[0], y = at[1], vx = v[0], vy = v[1];
  }
  template <class Sums>
  void finish(const Sums& s, std::uint32_t index, double& x, double& y, double& z, double& vx, double& vy,
              double& vz) const requires(D == 3) {
    std::array<double, N> at{x, y, z}, v{vx, vy, vz};
    static_cast<const Rule&>(*this).move(s, index, at, v);
    x = at[0], y = at[1], z = at[2], vx = v[0], vy = v[1], vz = v[2];
  }
};

}  // namespace flocklab
