#pragma once
// The abm model's arithmetic for one agent (docs/model-abm.md), as a Rule (flocklab/rule.hpp)
// (the sync form) and for AbmSequential (the frameworks' sequential form): both forms run
// exactly these operations, only the state they read differs.
//
// Determinism: neighbours are added in ascending index; each sum is divided by max(N, 1),
// then multiplied by its factor; the new heading is ((((v + cohere) + separate) + match) / 2)
// per axis, then divided by its length. Only + - * / and sqrt: no hypot, no libm trig. The
// lane terms (terms, addLane) give add()'s sums for several hits at once, added in order.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "flocklab/engine/lanes.hpp"
#include "flocklab/models/abm_params.hpp"

namespace flocklab {

struct AbmRule {
  /// Neighbours at distance <= visual distance count (the StepDriver honours this).
  static constexpr bool kInclusive = true;
  static constexpr bool kLanes = true;

  struct Sums {
    std::uint32_t count = 0;
    double cx = 0, cy = 0, sx = 0, sy = 0, mx = 0, my = 0;
  };

  /// W hits' terms, one a lane (flocklab/rule.hpp, kRuleLanes): the offset, the heading and
  /// what separation subtracts (the offset where it applies, else +0, which subtracts nothing).
  template <class L>
  struct LaneTerms {
    typename L::D dx, dy, vx, vy, awayX, awayY;
  };

  explicit AbmRule(const AbmParams& p)
      : world(p.world),
        speed(p.speed),
        separation2(p.separation * p.separation),
        cohereFactor(p.cohereFactor),
        separateFactor(p.separateFactor),
        matchFactor(p.matchFactor) {}

  Sums start(double, double, double, double) const { return {}; }

  /// Neighbour j at wrapped offset (dx, dy), d2 = dx^2 + dy^2 <= r^2, heading (vxj, vyj).
  void add(Sums& s, double dx, double dy, double d2, double vxj, double vyj) const {
    ++s.count;
    s.cx += dx;
    s.cy += dy;
    if (d2 < separation2) {
      s.sx -= dx;
      s.sy -= dy;
    }
    s.mx += vxj;
    s.my += vyj;
  }

  /// The terms of W hits at once, one a lane.
  template <class L>
  [[gnu::always_inline]] void terms(LaneTerms<L>& t, const typename L::D& dx, const typename L::D& dy,
                                    const typename L::D& d2, const typename L::D& vxj, const typename L::D& vyj) const {
    typename L::D reach, zero{};
    broadcast(reach, separation2);
    const typename L::M close = d2 < reach;
    t.dx = dx, t.dy = dy, t.vx = vxj, t.vy = vyj;
    t.awayX = close ? dx : zero;
    t.awayY = close ? dy : zero;
  }
  /// add() of the hit in lane l, from its terms.
  template <class L>
  [[gnu::always_inline]] void addLane(Sums& s, const LaneTerms<L>& t, int l) const {
    ++s.count;
    s.cx += t.dx[l];
    s.cy += t.dy[l];
    s.sx -= t.awayX[l];
    s.sy -= t.awayY[l];
    s.mx += t.vx[l];
    s.my += t.vy[l];
  }

  /// New heading, move, one wrap per axis.
  void finish(const Sums& s, double& x, double& y, double& vx, double& vy) const {
    const double n = s.count > 0 ? static_cast<double>(s.count) : 1.0;
    const double ux = (vx + (s.cx / n) * cohereFactor + (s.sx / n) * separateFactor + (s.mx / n) * matchFactor) / 2;
    const double uy = (vy + (s.cy / n) * cohereFactor + (s.sy / n) * separateFactor + (s.my / n) * matchFactor) / 2;
    const double length = std::sqrt(ux * ux + uy * uy);
    // A zero heading cannot be normalised: the agent keeps the one it had.
    if (length > 0) {
      vx = ux / length;
      vy = uy / length;
    }
    x += speed * vx;
    y += speed * vy;
    if (x < 0) x += world;
    else if (x >= world) x -= world;
    if (y < 0) y += world;
    else if (y >= world) y -= world;
  }

  double world, speed, separation2, cohereFactor, separateFactor, matchFactor;
};

}  // namespace flocklab
