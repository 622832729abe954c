#pragma once
// The lab model's arithmetic for one boid (docs/model-lab.md, "One step"), as a Rule
// (engine/rule.hpp), in 2D and, with a third axis, in 3D ("Three dimensions"): one template
// for both, as the steering rule is.
//
// Determinism: neighbours are added in ascending index; the update is evaluated per axis
// left to right as ((sep + ali) + coh), then the speed clamp (on the length of all the
// components), then the move with one wrap per axis. These are the seed's operations in the
// seed's order; any change alters every golden hash. The axes never mix before the clamp, so the
// loops over them give the bits the 2D and 3D rules written out by hand gave; with all z equal,
// vz = 0 and no noise the 3D rule reproduces the 2D model bit for bit. The lane sums
// (addLanes) run add()'s operations for several boids at once, one a lane, each lane taking
// only its own hits: the same operations in the same order, the same bits. With noise (eta > 0) the
// clamped velocity turns by the boid's random angle (a cone in 3D) before the move
// (models/heading_noise.hpp); with eta = 0 nothing is drawn and every bit is as without it.
#include <array>
#include <cstdint>

#include "engine/lanes.hpp"
#include "flocklab/models/lab_params.hpp"
#include "models/finish_by_move.hpp"
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
struct LabRuleOf : LabConstants, FinishByMove<LabRuleOf<D>, D> {
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

  /// The sums of W boids, one a lane (engine/rule.hpp, kRuleLanes); count as a double
  /// (exact far beyond any count of neighbours).
  template <class L>
  struct LaneSums {
    typename L::D count{};
    std::array<typename L::D, D> align{}, centre{}, separate{};
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
  /// add() in each lane where `hit` is set; d2 is +inf in every other lane.
  template <class L>
  [[gnu::always_inline]] void addLanes(LaneSums<L>& s, const typename L::M& hit, const typename L::D& dx,
                                       const typename L::D& dy, const typename L::D& d2, const typename L::D& vxj,
                                       const typename L::D& vyj) const requires(D == 2) {
    seeLanes<L>(s, hit, {&dx, &dy}, d2, {&vxj, &vyj});
  }
  template <class L>
  [[gnu::always_inline]] void addLanes(LaneSums<L>& s, const typename L::M& hit, const typename L::D& dx,
                                       const typename L::D& dy, const typename L::D& dz, const typename L::D& d2,
                                       const typename L::D& vxj, const typename L::D& vyj,
                                       const typename L::D& vzj) const requires(D == 3) {
    seeLanes<L>(s, hit, {&dx, &dy, &dz}, d2, {&vxj, &vyj, &vzj});
  }
  /// Lane l's sums.
  template <class L>
  Sums lane(const LaneSums<L>& s, int l) const {
    Sums out;
    out.count = static_cast<std::uint32_t>(s.count[l]);
    for (int k = 0; k < D; ++k) out.align[k] = s.align[k][l], out.centre[k] = s.centre[k][l];
    for (int k = 0; k < D; ++k) out.separate[k] = s.separate[k][l];
    return out;
  }
  // finish(): FinishByMove's, over move() below (velocity update, speed clamp, noise, move, wrap).

  HeadingNoise noise;

 private:
  friend FinishByMove<LabRuleOf<D>, D>;
  void see(Sums& s, const Vec& d, double d2, const Vec& vj) const {
    ++s.count;
    for (int k = 0; k < D; ++k) s.align[k] += vj[k];
    for (int k = 0; k < D; ++k) s.centre[k] += d[k];
    if (d2 < s2 && d2 > 0)
      for (int k = 0; k < D; ++k) s.separate[k] -= d[k] / d2;
  }

  // see() lane by lane: a sum takes its term only where the mask is set, else keeps its value.
  // Separation's test 0 < d2 < s2 is one unsigned comparison of the bits: d2 is a sum of
  // squares, never negative, the bits of non-negative doubles keep their order as integers,
  // and bits - 1 wraps 0 past every other value; a lane that is no hit has d2 = +inf, above
  // s2. (One comparison, not two combined: GCC 12 keeps it in vector registers.)
  template <class L>
  [[gnu::always_inline]] void seeLanes(LaneSums<L>& s, const typename L::M& hit,
                                       const std::array<const typename L::D*, D>& d, const typename L::D& d2,
                                       const std::array<const typename L::D*, D>& vj) const {
    using U = typename L::U;
    typename L::D one;
    broadcast(one, 1.0);
    s.count = hit ? s.count + one : s.count;
    for (int k = 0; k < D; ++k) s.align[k] = hit ? s.align[k] + *vj[k] : s.align[k];
    for (int k = 0; k < D; ++k) s.centre[k] = hit ? s.centre[k] + *d[k] : s.centre[k];
    typename L::D reach;
    broadcast(reach, s2);
    U unit;
    broadcast(unit, 1);
    const typename L::M close = (U)d2 - unit < (U)reach - unit;  // (U): the same bits as integers
    for (int k = 0; k < D; ++k) s.separate[k] = close ? s.separate[k] - *d[k] / d2 : s.separate[k];
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
