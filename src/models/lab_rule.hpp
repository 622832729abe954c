#pragma once
// The lab model's arithmetic for one boid (docs/model-lab.md, "One step"), as a Rule
// (flocklab/rule.hpp), in 2D and, with a third axis, in 3D ("Three dimensions"): one template
// for both, as the steering rule is.
//
// Determinism: neighbours are added in ascending index; the update is evaluated per axis
// left to right as ((sep + ali) + coh), then the speed clamp (on the length of all the
// components), then the move with one wrap per axis. These are the seed's operations in the
// seed's order; any change alters every golden hash. The axes never mix before the clamp, so the
// loops over them give the bits the 2D and 3D rules written out by hand gave; with all z equal,
// vz = 0 and no noise the 3D rule reproduces the 2D model bit for bit. The lane terms
// (terms, addLane) compute add()'s terms for several hits at once and add them in order: the
// same operations, the same bits. With noise (eta > 0) the
// clamped velocity turns by the boid's random angle (a cone in 3D) before the move
// (models/heading_noise.hpp); with eta = 0 nothing is drawn and every bit is as without it.
#include <array>
#include <cstdint>

#include "flocklab/engine/lanes.hpp"
#include "flocklab/models/lab_params.hpp"
#include "models/heading_noise.hpp"
#include "models/speed_clamp.hpp"

namespace flocklab {

/// What a lab step needs of the parameters, in 2D and 3D: the world's side, separation's
/// squared reach (r/2)^2, the three gains and the speed limits.
struct LabConstants {
  explicit LabConstants(const LabParams& p)
      : world(p.world),
        s2(p.radius * p.radius / 4),
        sepGain(p.separation * kLabSeparationGain),
        aliGain(p.alignment * kLabAlignmentGain),
        cohGain(p.cohesion * kLabCohesionGain),
        vmax(p.maxSpeed),
        vmin(p.maxSpeed / 2) {}

  double world, s2, sepGain, aliGain, cohGain, vmax, vmin;
};

template <int D>
struct LabRuleOf : LabConstants {
  static constexpr int kDimensions = D;
  static constexpr bool kIndexed = true;  // the noise's draws are the boid's own
  static constexpr bool kLanes = true;
  using Vec = std::array<double, D>;

  struct Sums {
    std::uint32_t count = 0;
    Vec align{};     // sum of the neighbours' velocities
    Vec centre{};    // sum of their offsets
    Vec separate{};  // sum of -offset / d2 over those closer than r/2
  };

  /// W hits' terms, one a lane (flocklab/rule.hpp, kRuleLanes): the offset, the velocity and
  /// what separation subtracts (d / d2 where it applies, else +0, which subtracts nothing).
  template <class L>
  struct LaneTerms {
    std::array<typename L::D, D> d, v, away;
  };

  LabRuleOf(const LabParams& p, std::uint64_t seed, std::uint64_t step) : LabConstants(p), noise{p.noise, seed, step} {}

  // The rule contract's 2D and 3D faces.
  Sums start(double, double, double, double) const requires(D == 2) { return {}; }
  Sums start(double, double, double, double, double, double) const requires(D == 3) { return {}; }
  /// Neighbour j at wrapped offset (dx, dy), d2 = dx^2 + dy^2 < r^2, velocity (vxj, vyj).
  void add(Sums& s, double dx, double dy, double d2, double vxj, double vyj) const requires(D == 2) {
    see(s, {dx, dy}, d2, {vxj, vyj});
  }
  void add(Sums& s, double dx, double dy, double dz, double d2, double vxj, double vyj, double vzj) const
      requires(D == 3) {
    see(s, {dx, dy, dz}, d2, {vxj, vyj, vzj});
  }
  /// The terms of W hits at once, one a lane.
  template <class L>
  [[gnu::always_inline]] void terms(LaneTerms<L>& t, const typename L::D& dx, const typename L::D& dy,
                                    const typename L::D& d2, const typename L::D& vxj, const typename L::D& vyj) const
      requires(D == 2) {
    t.d = {dx, dy}, t.v = {vxj, vyj};
    separation<L>(t, d2);
  }
  template <class L>
  [[gnu::always_inline]] void terms(LaneTerms<L>& t, const typename L::D& dx, const typename L::D& dy,
                                    const typename L::D& dz, const typename L::D& d2, const typename L::D& vxj,
                                    const typename L::D& vyj, const typename L::D& vzj) const requires(D == 3) {
    t.d = {dx, dy, dz}, t.v = {vxj, vyj, vzj};
    separation<L>(t, d2);
  }
  /// add() of the hit in lane l, from its terms.
  template <class L>
  [[gnu::always_inline]] void addLane(Sums& s, const LaneTerms<L>& t, int l) const {
    ++s.count;
    for (int k = 0; k < D; ++k) s.align[k] += t.v[k][l];
    for (int k = 0; k < D; ++k) s.centre[k] += t.d[k][l];
    for (int k = 0; k < D; ++k) s.separate[k] -= t.away[k][l];
  }
  /// Velocity update, speed clamp, noise, move, wrap.
  void finish(const Sums& s, std::uint32_t index, double& x, double& y, double& vx, double& vy) const requires(D == 2) {
    Vec at{x, y}, v{vx, vy};
    move(s, index, at, v);
    x = at[0], y = at[1], vx = v[0], vy = v[1];
  }
  void finish(const Sums& s, std::uint32_t index, double& x, double& y, double& z, double& vx, double& vy,
              double& vz) const requires(D == 3) {
    Vec at{x, y, z}, v{vx, vy, vz};
    move(s, index, at, v);
    x = at[0], y = at[1], z = at[2], vx = v[0], vy = v[1], vz = v[2];
  }

  HeadingNoise noise;

 private:
  void see(Sums& s, const Vec& d, double d2, const Vec& vj) const {
    ++s.count;
    for (int k = 0; k < D; ++k) s.align[k] += vj[k];
    for (int k = 0; k < D; ++k) s.centre[k] += d[k];
    if (d2 < s2 && d2 > 0)
      for (int k = 0; k < D; ++k) s.separate[k] -= d[k] / d2;
  }

  // Separation's terms lane by lane: d / d2 where 0 < d2 < (r/2)^2, else +0 (x - +0 is x for
  // every x, -0 included, so such a lane subtracts nothing, as see() skips it). d2 is a sum of
  // squares, never negative, so both tests are one: as unsigned integers the bits of
  // non-negative doubles keep their order, and bits - 1 wraps 0 past every other value.
  template <class L>
  [[gnu::always_inline]] void separation(LaneTerms<L>& t, const typename L::D& d2) const {
    using U = typename L::U;
    typename L::D reach, zero{};
    broadcast(reach, s2);
    U one;
    broadcast(one, 1);
    const U bits = (U)d2 - one, limit = (U)reach - one;  // (U): the same bits as integers
    for (int k = 0; k < D; ++k) t.away[k] = bits < limit ? t.d[k] / d2 : zero;
  }

  void move(const Sums& s, std::uint32_t index, Vec& at, Vec& v) const {
    if (s.count > 0) {
      const double n = static_cast<double>(s.count);
      for (int k = 0; k < D; ++k)
        v[k] += sepGain * s.separate[k] + aliGain * (s.align[k] / n - v[k]) + cohGain * (s.centre[k] / n);
    }
    if constexpr (D == 3) {
      clampSpeed(v[0], v[1], v[2], vmin, vmax);
      noise.turn(index, v[0], v[1], v[2]);
    } else {
      clampSpeed(v[0], v[1], vmin, vmax);
      noise.turn(index, v[0], v[1]);
    }
    for (int k = 0; k < D; ++k) {
      at[k] += v[k];
      if (at[k] < 0) at[k] += world;
      else if (at[k] >= world) at[k] -= world;
    }
  }
};

/// The lab rule in the plane and in space.
using LabRule = LabRuleOf<2>;
using LabRule3d = LabRuleOf<3>;

}  // namespace flocklab
