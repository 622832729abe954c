#pragma once
// The steering model's arithmetic for one boid (docs/model-steering.md, "One step"), as a Rule
// (engine/rule.hpp), in 2D and, with a third axis, in 3D ("Three dimensions"): a vision
// sphere, the field of view as a cone around the velocity (the same cosine test), walls on six
// faces, obstacles as spheres and the pointer at a point in space.
//
// Determinism: the order below is the model; docs/model-steering.md states it. Vectors are
// summed axis by axis and their dot products left to right (x, y, then z), so the 2D rule's
// operations are exactly those of the 2D model. The field of view's cosine comes from
// flocklab::cosine once per step, never from libm. The only operations are + - * / sqrt and
// comparisons. With noise (eta > 0) the clamped velocity turns by the boid's random angle (a
// cone in 3D) before the move (models/heading_noise.hpp); with eta = 0 nothing is drawn.
//
// Species (docs/model-steering.md, "Species, predators and food"): each boid reads its own
// species' constants (SteeringKind) and its neighbours' species from a per-boid table; without
// species there is one kind with the model's values, and every size ratio is exactly 1 and the
// flock-mates are every boid seen, so the operations are those of the plain model.
//
// Topological neighbours (`nearest` K > 0): only the K nearest boids seen count for
// separation, alignment and cohesion, added nearest first (models/nearest_few.hpp); fear and a
// predator's chase still take every boid within their reach. With K = 0 every boid seen counts,
// in ascending index, as before.
//
// Speed: the driver runs see() on several of a boid's hits at once where the CPU has vector
// lanes (models/steering_lanes.hpp), with see()'s operations and order, so with the same bits.
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "flocklab/models/steering_params.hpp"
#include "models/finish_by_move.hpp"
#include "models/heading_noise.hpp"
#include "models/nearest_few.hpp"
#include "models/speed_clamp.hpp"
#include "models/steering_kind.hpp"
#include "models/steering_lanes.hpp"

namespace flocklab {

template <int D>
class SteeringRuleOf : public FinishByMove<SteeringRuleOf<D>, D> {
 public:
  static constexpr int kDimensions = D;
  static constexpr bool kIndexed = true;      // the noise's draws are the boid's own
  static constexpr bool kPairIndexed = true;  // species are looked up by index
  static constexpr bool kHitLanes = true;     // see models/steering_lanes.hpp
  using Vec = std::array<double, D>;

  /// The flocking rules' sums over the neighbours that count.
  struct Flocking {
    std::uint32_t count = 0;  // neighbours seen
    std::uint32_t mates = 0;  // of them, flock-mates
    Vec align{};              // sum of the mates' velocities (alignment)
    Vec cohere{};             // sum of the mates' offsets (cohesion)
    Vec separate{};           // sum of -offset / (distance * d2) * size ratio (separation)
  };
  /// A boid seen, kept for the topological rules: its d2, species, offset and velocity.
  struct Seen {
    double d2;
    std::uint32_t species;
    Vec d, v;
  };

  /// One boid's sums over the neighbours it sees.
  struct Sums {
    const SteeringKind* kind = nullptr;  // the boid's species
    bool chasing = false;                // a predator that does not rest
    bool afraid = false;                 // a predator within the fear radius
    Flocking flocking;                   // metric: every boid seen so far; topological: none
    NearestFew<Seen> nearest;            // topological: the nearest seen so far, nearest first
    Vec flee{};                          // sum of -offset / d2 over predators within the fear radius
    Vec self{};                          // the boid's own velocity, for the field of view
    double selfSpeed = 0;
    double nearestPrey = std::numeric_limits<double>::infinity();  // d2 of the nearest prey seen
    Vec prey{};                                                    // its offset
  };

  SteeringRuleOf(const SteeringParams& p, const SteeringWorld& world, std::uint64_t seed, std::uint64_t stepCount)
      : p_(p),
        world_(world),
        noise_{p.noise, seed, stepCount},
        offsets_(p.space()),
        extent_(extents(p)),
        foodReach2_(p.foodReach * p.foodReach),
        pointerOn_(p.pointer.mode != PointerMode::Off && stepCount >= p.pointer.fromStep &&
                   stepCount < p.pointer.toStep),
        pointerWeight_(p.pointer.mode == PointerMode::Food ? p.foodWeight : p.predatorWeight),
        nearest_(static_cast<std::uint32_t>(p.nearest)) {}

  // The rule contract's 2D and 3D faces.
  Sums start(std::uint32_t i, double, double, double vx, double vy) const requires(D == 2) {
    return begin(i, {vx, vy});
  }
  Sums start(std::uint32_t i, double, double, double, double vx, double vy, double vz) const requires(D == 3) {
    return begin(i, {vx, vy, vz});
  }
  void add(Sums& s, std::uint32_t j, double dx, double dy, double d2, double vxj, double vyj) const requires(D == 2) {
    see(s, j, {dx, dy}, d2, {vxj, vyj});
  }
  void add(Sums& s, std::uint32_t j, double dx, double dy, double dz, double d2, double vxj, double vyj,
           double vzj) const requires(D == 3) {
    see(s, j, {dx, dy, dz}, d2, {vxj, vyj, vzj});
  }
  /// The hit lanes (engine/rule.hpp, kRuleHitLanes; models/steering_lanes.hpp): see() for W
  /// hits at once, except for a predator that chases and with topological neighbours.
  bool hitsInLanes(const Sums& s) const { return nearest_ == 0 && !s.chasing; }
  template <class L, class Reader>
  [[gnu::always_inline]] void addHitLanes(Sums& s, Reader& hits) const {
    steeringSeeLanes<D, L>(world_, s, hits);
  }

  // finish(): FinishByMove's, over move() below.

 private:
  friend FinishByMove<SteeringRuleOf<D>, D>;
  static Vec extents(const SteeringParams& p) {
    if constexpr (D == 3) return {p.width, p.height, p.depth};
    else return {p.width, p.height};
  }
  // a . b, left to right.
  static double dot(const Vec& a, const Vec& b) {
    double sum = a[0] * b[0] + a[1] * b[1];
    if constexpr (D == 3) sum += a[2] * b[2];
    return sum;
  }
  // The offset from `from` to `to`: wrapped on a torus.
  Vec offset(const Vec& from, const Vec& to) const {
    Vec d;
    d[0] = offsets_.dx(from[0], to[0]);
    d[1] = offsets_.dy(from[1], to[1]);
    if constexpr (D == 3) d[2] = offsets_.dz(from[2], to[2]);
    return d;
  }
  template <class Point>
  static Vec place(const Point& o) {
    if constexpr (D == 3) return {o.x, o.y, o.z};
    else return {o.x, o.y};
  }
  std::uint32_t speciesOf(std::uint32_t boid) const { return world_.speciesOf ? world_.speciesOf[boid] : 0; }

  Sums begin(std::uint32_t i, const Vec& v) const {
    Sums s;
    s.kind = &world_.kinds[speciesOf(i)];
    s.chasing = s.kind->predator && !(world_.rest && world_.rest[i] > 0);
    s.self = v;
    if (s.kind->fovLimited) s.selfSpeed = std::sqrt(dot(v, v));
    return s;
  }

  /// Neighbour j (species t) at offset d, 0 < d2 < R^2: feared if it is a predator within the
  /// fear radius of prey; seen within the vision unless outside the field of view.
  void see(Sums& s, std::uint32_t j, const Vec& d, double d2, const Vec& vj) const {
    if (d2 == 0) return;
    const SteeringKind& me = *s.kind;
    const std::uint32_t t = speciesOf(j);
    const SteeringKind& them = world_.kinds[t];
    if (them.predator && !me.predator && d2 < me.fear2) {
      for (int k = 0; k < D; ++k) s.flee[k] -= d[k] / d2;
      s.afraid = true;
    }
    if (!(d2 < me.vision2)) return;
    double distance = 0;
    if (me.fovLimited) {
      distance = std::sqrt(d2);
      if (dot(s.self, d) < (s.selfSpeed * distance) * me.cosHalfFov) return;
    }
    if (nearest_ == 0) flockWith(s.flocking, me, t, d, d2, distance, vj);
    else s.nearest.offer(nearest_, Seen{d2, t, d, vj});
    if (s.chasing && !them.predator && d2 < s.nearestPrey) s.nearestPrey = d2, s.prey = d;
  }

  /// Adds neighbour j (species t, offset d; `distance` its sqrt(d2) when the field of view
  /// needed it) to the flocking sums.
  void flockWith(Flocking& f, const SteeringKind& me, std::uint32_t t, const Vec& d, double d2, double distance,
                 const Vec& vj) const {
    ++f.count;
    if (d2 < me.sep2) {
      if (!me.fovLimited) distance = std::sqrt(d2);
      const double ratio = world_.kinds[t].size / me.size;
      for (int k = 0; k < D; ++k) f.separate[k] -= ((d[k] / distance) / d2) * ratio;
    }
    if ((me.mates >> t) & 1) {
      ++f.mates;
      for (int k = 0; k < D; ++k) f.align[k] += vj[k];
      for (int k = 0; k < D; ++k) f.cohere[k] += d[k];
    }
  }

  void move(const Sums& s, std::uint32_t index, Vec& at, Vec& v) const {
    const SteeringKind& me = *s.kind;
    Flocking f = s.flocking;
    for (std::uint32_t n = 0; n < s.nearest.kept; ++n) {
      const Seen& seen = s.nearest.items[n];
      flockWith(f, me, seen.species, seen.d, seen.d2, me.fovLimited ? std::sqrt(seen.d2) : 0.0, seen.v);
    }
    Vec dv{};  // the velocity change of this step
    if (f.count > 0) steerInto(dv, me, me.sepWeight, f.separate, v);
    if (f.mates > 0) {
      const double n = static_cast<double>(f.mates);
      Vec meanAlign, meanCohere;
      for (int k = 0; k < D; ++k) meanAlign[k] = f.align[k] / n, meanCohere[k] = f.cohere[k] / n;
      steerInto(dv, me, me.alignment, meanAlign, v);
      steerInto(dv, me, me.cohesion, meanCohere, v);
    }
    if (s.afraid) steerInto(dv, me, me.fleeWeight, s.flee, v);
    if (s.nearestPrey < std::numeric_limits<double>::infinity()) steerInto(dv, me, me.chaseWeight, s.prey, v);
    if (!me.predator && world_.food) steerToFood(dv, me, at, v);
    if (pointerOn_) {
      Vec d = offset(place(p_.pointer), at);  // from the pointer to the boid
      if (dot(d, d) < kPointerReach * kPointerReach) {
        const double sign = p_.pointer.mode == PointerMode::Food ? -1.0 : 1.0;
        for (int k = 0; k < D; ++k) d[k] = sign * d[k];
        steerInto(dv, me, pointerWeight_, d, v);
      }
    }
    if (!offsets_.periodic) {
      Vec u;
      for (int k = 0; k < D; ++k) u[k] = at[k] < kWallMargin ? 1.0 : (at[k] > extent_[k] - kWallMargin ? -1.0 : 0.0);
      steerInto(dv, me, p_.wallWeight, u, v);
    }
    for (const Obstacle& o : p_.obstacles) {
      const Vec d = offset(place(o), at);
      const double reach = o.radius + kObstacleMargin;
      if (dot(d, d) < reach * reach) steerInto(dv, me, p_.obstacleWeight, d, v);
    }
    for (int k = 0; k < D; ++k) v[k] += dv[k];
    if constexpr (D == 3) {
      clampSpeed(v[0], v[1], v[2], me.vmin, me.vmax);
      noise_.turn(index, v[0], v[1], v[2]);
    } else {
      clampSpeed(v[0], v[1], me.vmin, me.vmax);
      noise_.turn(index, v[0], v[1]);
    }
    for (int k = 0; k < D; ++k) at[k] += v[k] * p_.dt;
    keepInside(at, v);
    for (int pass = 0; pass < 4 && leaveObstacles(at, v); ++pass) keepInside(at, v);
  }

  // Prey steer to the nearest food source with something left within the food reach (ties:
  // the lower index).
  void steerToFood(Vec& dv, const SteeringKind& me, const Vec& at, const Vec& v) const {
    double nearest = foodReach2_;
    Vec towards{};
    bool found = false;
    for (const FoodSource& f : *world_.food) {
      if (!(f.amount > 0)) continue;
      const Vec d = offset(at, place(f));
      const double d2 = dot(d, d);
      if (d2 < nearest) nearest = d2, towards = d, found = true;
    }
    if (found) steerInto(dv, me, p_.foodWeight, towards, v);
  }

  // Adds weight * steer(u) to the velocity change dv: the change that turns v towards u at
  // the species' full speed, capped.
  static void steerInto(Vec& dv, const SteeringKind& me, double weight, const Vec& u, const Vec& v) {
    const double length = std::sqrt(dot(u, u));
    if (length == 0) return;
    Vec t;
    for (int k = 0; k < D; ++k) t[k] = u[k] * (me.vmax / length) - v[k];
    const double size = std::sqrt(dot(t, t));
    if (size > me.cap)
      for (int k = 0; k < D; ++k) t[k] = (t[k] / size) * me.cap;
    for (int k = 0; k < D; ++k) dv[k] += weight * t[k];
  }

  // Wrap once on a torus; in a box, stop at the wall and turn back.
  void keepInside(Vec& at, Vec& v) const {
    for (int k = 0; k < D; ++k) {
      if (offsets_.periodic) {
        if (at[k] < 0) at[k] += extent_[k];
        else if (at[k] >= extent_[k]) at[k] -= extent_[k];
      } else if (at[k] < 0) {
        at[k] = 0, v[k] = std::abs(v[k]);
      } else if (at[k] > extent_[k]) {
        at[k] = extent_[k], v[k] = -std::abs(v[k]);
      }
    }
  }

  // Moves a boid found inside an obstacle onto its rim and mirrors an inward velocity;
  // returns whether it moved the boid.
  bool leaveObstacles(Vec& at, Vec& v) const {
    bool moved = false;
    for (const Obstacle& o : p_.obstacles) {
      const Vec c = place(o);
      Vec d = offset(c, at);
      const double d2 = dot(d, d);
      if (d2 >= o.radius * o.radius) continue;
      double distance = std::sqrt(d2);
      if (distance == 0) d = Vec{}, d[0] = 1, distance = 1;
      // A hair outside the rim, so that rounding never leaves the boid inside.
      const double scale = (o.radius * (1 + 1e-9)) / distance;
      for (int k = 0; k < D; ++k) at[k] = c[k] + d[k] * scale;
      const double inward = dot(v, d) / (distance * distance);
      if (inward < 0)
        for (int k = 0; k < D; ++k) v[k] -= 2 * inward * d[k];
      moved = true;
    }
    return moved;
  }

  const SteeringParams& p_;
  SteeringWorld world_;
  HeadingNoise noise_;
  Offsets offsets_;
  Vec extent_;
  double foodReach2_;
  bool pointerOn_;
  double pointerWeight_;
  std::uint32_t nearest_;  // K, 0: every boid seen
};

/// The 2D rule, as the model has always run it, and the 3D one.
using SteeringRule = SteeringRuleOf<2>;
using SteeringRule3d = SteeringRuleOf<3>;

}  // namespace flocklab
