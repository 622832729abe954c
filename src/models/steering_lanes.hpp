#pragma once
// The steering rule's hit lanes (engine/rule.hpp, kRuleHitLanes): SteeringRuleOf::see() for W
// of one boid's hits at once, one a vector lane (engine/lanes.hpp).
//
// Each lane tests its hit as see() does and computes the term each sum would take from it;
// then each sum adds the W terms in lane order, that is in ascending index, as see() would
// have added them one by one. A test that fails gives the term the sum's identity instead: -0
// where the sum adds (x + -0 is x for every x) and +0 where it subtracts (x - +0 is x), so the
// adds need no branch. Every condition of see() becomes a mask on d2: a lane's d2 turns +inf
// where a test fails (the driver gives +inf past the last hit), so each later test is one
// comparison. The neighbour's species is a lane's own: its few constants (predator, size,
// flock-mate) are gathered per lane; the boid's own species is one for all lanes.
//
// Determinism: each term is the one see() computes, with the same operations on the same
// numbers, and each sum takes its terms in see()'s order, so every sum has the one-boid path's
// bits. Square roots and divisions run only where some lane needs them.
// Not in lanes: a predator that chases (its nearest prey is a running minimum over the hits,
// few boids) and topological neighbours (`nearest` > 0: the K nearest are kept by a scalar
// insertion, which is the whole cost); their boids take the one-boid path.
#include <array>
#include <cstdint>
#include <limits>

#include "engine/hit_lanes.hpp"
#include "models/steering_kind.hpp"

namespace flocklab {

/// The sums see() changes, as locals while the hits are read (in registers).
template <int D>
struct SteeringLaneTotals {
  std::uint32_t count, mates;
  std::array<double, D> separate, align, cohere, flee;
  bool afraid;
};

/// see() for the hits `h` of a boid of species `me` (speed `selfSpeed`, velocity `self`), its
/// field of view narrower than all around where kFieldOfView.
template <bool kFieldOfView, int D, class L, class Reader>
[[gnu::always_inline]] inline void steeringSeeHits(const SteeringWorld& world, const SteeringKind& me,
                                                   const std::array<double, D>& self, double selfSpeed,
                                                   SteeringLaneTotals<D>& s, const HitLanes<L, D>& h,
                                                   const Reader& hits) {
  using V = typename L::D;
  using M = typename L::M;
  constexpr int W = L::kWidth;
  V never, zero, negativeZero;
  broadcast(never, std::numeric_limits<double>::infinity());
  broadcast(zero, 0.0);
  broadcast(negativeZero, -0.0);
  V d2 = h.d2 == zero ? never : h.d2;  // a boid at the same place is ignored
  // The neighbours' species' constants, lane by lane (one species: every boid a mate of size 1).
  M predator{}, mate{};
  V size;
  if (world.speciesOf) {
    alignas(sizeof(V)) std::int64_t predatorOf[W], mateOf[W];
    alignas(sizeof(V)) double sizeOf[W];
    for (int l = 0; l < W; ++l) {
      const std::uint32_t t = world.speciesOf[hits.boid(h.at[l])];
      const SteeringKind& them = world.kinds[t];
      predatorOf[l] = them.predator ? -1 : 0, mateOf[l] = (me.mates >> t) & 1 ? -1 : 0, sizeOf[l] = them.size;
    }
    __builtin_memcpy(&predator, predatorOf, sizeof(M));
    __builtin_memcpy(&mate, mateOf, sizeof(M));
    __builtin_memcpy(&size, sizeOf, sizeof(V));
  }
  if (world.predators && !me.predator) {  // prey flee predators within the fear radius
    V fear2;
    broadcast(fear2, me.fear2);
    const V fearD2 = predator ? d2 : never;
    const M feared = fearD2 < fear2;
    if (any(feared)) {
      for (int a = 0; a < D; ++a) {
        const V term = feared ? h.d[a] / d2 : zero;
        for (int l = 0; l < W; ++l) s.flee[a] -= term[l];
      }
      s.afraid = true;
    }
  }
  V vision2;
  broadcast(vision2, me.vision2);
  d2 = d2 < vision2 ? d2 : never;
  if (!any(d2 < never)) return;
  V distance;  // sqrt(d2), once some lane needs it
  if constexpr (kFieldOfView) {
    laneSqrt(distance, d2);
    V speed, cosHalf;
    broadcast(speed, selfSpeed);
    broadcast(cosHalf, me.cosHalfFov);
    V facing, own;  // dot(self, d), left to right
    broadcast(own, self[0]);
    facing = own * h.d[0];
    for (int a = 1; a < D; ++a) broadcast(own, self[a]), facing += own * h.d[a];
    d2 = facing < (speed * distance) * cosHalf ? never : d2;
  }
  const M seen = d2 < never;
  if (!any(seen)) return;
  // flockWith(): separation within the separation radius, scaled by the size ratio.
  V sep2;
  broadcast(sep2, me.sep2);
  const M close = d2 < sep2;
  if (any(close)) {
    if constexpr (!kFieldOfView) laneSqrt(distance, d2);
    V ratio;
    if (world.speciesOf) {
      V mine;
      broadcast(mine, me.size);
      ratio = size / mine;
    }
    for (int a = 0; a < D; ++a) {
      V term = (h.d[a] / distance) / d2;
      if (world.speciesOf) term *= ratio;  // one species: the ratio is exactly 1
      term = close ? term : zero;
      for (int l = 0; l < W; ++l) s.separate[a] -= term[l];
    }
  }
  // Alignment and cohesion with flock-mates.
  const M mates = world.speciesOf ? (mate & seen) : seen;
  s.count += countSet(seen);
  s.mates += countSet(mates);
  if (!any(mates)) return;
  for (int a = 0; a < D; ++a) {
    const V align = mates ? h.v[a] : negativeZero, cohere = mates ? h.d[a] : negativeZero;
    for (int l = 0; l < W; ++l) s.align[a] += align[l];
    for (int l = 0; l < W; ++l) s.cohere[a] += cohere[l];
  }
}

/// see() for every hit `hits` reads (a HitLaneReader) of a boid whose sums `s` (a
/// SteeringRuleOf<D>::Sums) do not chase.
template <int D, class L, class Sums, class Reader>
[[gnu::always_inline]] inline void steeringSeeLanes(const SteeringWorld& world, Sums& s, Reader& hits) {
  SteeringLaneTotals<D> t{s.flocking.count, s.flocking.mates, s.flocking.separate, s.flocking.align, s.flocking.cohere,
                          s.flee,           s.afraid};
  HitLanes<L, D> h;
  if (s.kind->fovLimited)
    while (hits.next(h)) steeringSeeHits<true, D, L>(world, *s.kind, s.self, s.selfSpeed, t, h, hits);
  else
    while (hits.next(h)) steeringSeeHits<false, D, L>(world, *s.kind, s.self, s.selfSpeed, t, h, hits);
  s.flocking.count = t.count, s.flocking.mates = t.mates, s.flocking.separate = t.separate;
  s.flocking.align = t.align, s.flocking.cohere = t.cohere, s.flee = t.flee, s.afraid = t.afraid;
}

}  // namespace flocklab
