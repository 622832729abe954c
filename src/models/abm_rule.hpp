#pragma once
// The abm model's arithmetic for one agent (docs/model-abm.md), as a Rule (engine/rule.hpp)
// (the sync form) and for AbmSequential (the frameworks' sequential form): both forms run
// exactly these operations, only the state they read differs.
//
// Determinism: neighbours are added in ascending index; each sum is divided by max(N, 1),
// then multiplied by its factor; the new heading is ((((v + cohere) + separate) + match) / 2)
// per axis, then divided by its length. Only + - * / and sqrt: no hypot, no libm trig. The
// lane sums (addLanes) run add() for several agents at once, one a lane, each lane taking only
// its own hits.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "engine/lanes.hpp"
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

  /// The sums of W agents, one a lane (engine/rule.hpp, kRuleLanes); count as a double.
  template <class L>
  struct LaneSums {
    typename L::D count{}, cx{}, cy{}, sx{}, sy{}, mx{}, my{};
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

  /// add() in each lane where `hit` is set; d2 is +inf in every other lane.
  template <class L>
  [[gnu::always_inline]] void addLanes(LaneSums<L>& s, const typename L::M& hit, const typename L::D& dx,
                                       const typename L::D& dy, const typename L::D& d2, const typename L::D& vxj,
                                       const typename L::D& vyj) const {
    typename L::D one, reach;
    broadcast(one, 1.0);
    broadcast(reach, separation2);
    s.count = hit ? s.count + one : s.count;
    s.cx = hit ? s.cx + dx : s.cx;
    s.cy = hit ? s.cy + dy : s.cy;
    const typename L::M close = d2 < reach;  // never where no hit: d2 is +inf there
    s.sx = close ? s.sx - dx : s.sx;
    s.sy = close ? s.sy - dy : s.sy;
    s.mx = hit ? s.mx + vxj : s.mx;
    s.my = hit ? s.my + vyj : s.my;
  }
  /// Lane l's sums.
  template <class L>
  Sums lane(const LaneSums<L>& s, int l) const {
    return {static_cast<std::uint32_t>(s.count[l]), s.cx[l], s.cy[l], s.sx[l], s.sy[l], s.mx[l], s.my[l]};
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
