#pragma once
// The steering model's arithmetic for one boid (SPEC section 4), as a Rule (flocklab/rule.hpp),
// in 2D and, with a third axis, in 3D (SPEC section 6): a vision sphere, the field of view as a
// cone around the velocity (the same cosine test), walls on six faces, obstacles as spheres and
// the pointer at a point in space.
//
// Determinism: the order below is the model; docs/model-steering.md states it. Vectors are
// summed axis by axis and their dot products left to right (x, y, then z), so the 2D rule's
// operations are exactly those of the 2D model. The field of view's cosine comes from
// flocklab::cosine once per step, never from libm. The only operations are + - * / sqrt and
// comparisons. With noise (eta > 0) the clamped velocity turns by the boid's random angle (a
// cone in 3D) before the move (models/heading_noise.hpp); with eta = 0 nothing is drawn.
#include <array>
#include <cmath>
#include <cstdint>

#include "flocklab/cosine.hpp"
#include "flocklab/models/steering_params.hpp"
#include "models/heading_noise.hpp"
#include "models/speed_clamp.hpp"

namespace flocklab {

template <int D>
class SteeringRuleOf {
 public:
  static constexpr int kDimensions = D;
  static constexpr bool kIndexed = true;  // the noise's draws are the boid's own
  using Vec = std::array<double, D>;

  /// One boid's sums over the neighbours it sees.
  struct Sums {
    std::uint32_t count = 0;  // neighbours seen
    Vec align{};              // sum of their velocities (alignment)
    Vec cohere{};             // sum of their offsets (cohesion)
    Vec separate{};           // sum of -offset / (distance * d2) (separation)
    Vec self{};               // the boid's own velocity, for the field of view
    double selfSpeed = 0;
  };

  SteeringRuleOf(const SteeringParams& p, std::uint64_t seed, std::uint64_t stepCount)
      : p_(p),
        noise_{p.noise, seed, stepCount},
        offsets_(p.space()),
        extent_(extents(p)),
        sep2_(p.separationRadius * p.separationRadius),
        fovLimited_(p.fov < 360),
        cosHalfFov_(cosine(p.fov / 2 * (kPi / 180))),
        sepWeight_(kSeparationFactor * p.separation),
        vmax_(p.maxSpeed),
        vmin_(p.maxSpeed / 3),
        cap_(p.maxSpeed / 30),
        pointerOn_(p.pointer.mode != PointerMode::Off && stepCount >= p.pointer.fromStep &&
                   stepCount < p.pointer.toStep),
        pointerWeight_(p.pointer.mode == PointerMode::Food ? p.foodWeight : p.predatorWeight) {}

  // The rule contract's 2D and 3D faces.
  Sums start(double, double, double vx, double vy) const requires(D == 2) { return begin({vx, vy}); }
  Sums start(double, double, double, double vx, double vy, double vz) const requires(D == 3) {
    return begin({vx, vy, vz});
  }
  void add(Sums& s, double dx, double dy, double d2, double vxj, double vyj) const requires(D == 2) {
    see(s, {dx, dy}, d2, {vxj, vyj});
  }
  void add(Sums& s, double dx, double dy, double dz, double d2, double vxj, double vyj, double vzj) const
      requires(D == 3) {
    see(s, {dx, dy, dz}, d2, {vxj, vyj, vzj});
  }
  void finish(const Sums& s, std::uint32_t index, double& x, double& y, double& vx, double& vy) const
      requires(D == 2) {
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

 private:
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
  static Vec centre(const Obstacle& o) {
    if constexpr (D == 3) return {o.x, o.y, o.z};
    else return {o.x, o.y};
  }
  static Vec pointer(const Pointer& p) {
    if constexpr (D == 3) return {p.x, p.y, p.z};
    else return {p.x, p.y};
  }

  Sums begin(const Vec& v) const {
    Sums s;
    s.self = v;
    if (fovLimited_) s.selfSpeed = std::sqrt(dot(v, v));
    return s;
  }

  /// Neighbour j at offset d, d2 < vision^2: seen unless it is the boid's own spot or outside
  /// the field of view.
  void see(Sums& s, const Vec& d, double d2, const Vec& vj) const {
    if (d2 == 0) return;
    double distance = 0;
    if (fovLimited_) {
      distance = std::sqrt(d2);
      if (dot(s.self, d) < (s.selfSpeed * distance) * cosHalfFov_) return;
    }
    ++s.count;
    for (int k = 0; k < D; ++k) s.align[k] += vj[k];
    for (int k = 0; k < D; ++k) s.cohere[k] += d[k];
    if (d2 < sep2_) {
      if (!fovLimited_) distance = std::sqrt(d2);
      for (int k = 0; k < D; ++k) s.separate[k] -= (d[k] / distance) / d2;
    }
  }

  void move(const Sums& s, std::uint32_t index, Vec& at, Vec& v) const {
    Vec dv{};  // the velocity change of this step
    if (s.count > 0) {
      const double n = static_cast<double>(s.count);
      Vec meanAlign, meanCohere;
      for (int k = 0; k < D; ++k) meanAlign[k] = s.align[k] / n, meanCohere[k] = s.cohere[k] / n;
      steerInto(dv, sepWeight_, s.separate, v);
      steerInto(dv, p_.alignment, meanAlign, v);
      steerInto(dv, p_.cohesion, meanCohere, v);
    }
    if (pointerOn_) {
      Vec d = offset(pointer(p_.pointer), at);  // from the pointer to the boid
      if (dot(d, d) < kPointerReach * kPointerReach) {
        const double sign = p_.pointer.mode == PointerMode::Food ? -1.0 : 1.0;
        for (int k = 0; k < D; ++k) d[k] = sign * d[k];
        steerInto(dv, pointerWeight_, d, v);
      }
    }
    if (!offsets_.periodic) {
      Vec u;
      for (int k = 0; k < D; ++k) u[k] = at[k] < kWallMargin ? 1.0 : (at[k] > extent_[k] - kWallMargin ? -1.0 : 0.0);
      steerInto(dv, p_.wallWeight, u, v);
    }
    for (const Obstacle& o : p_.obstacles) {
      const Vec d = offset(centre(o), at);
      const double reach = o.radius + kObstacleMargin;
      if (dot(d, d) < reach * reach) steerInto(dv, p_.obstacleWeight, d, v);
    }
    for (int k = 0; k < D; ++k) v[k] += dv[k];
    if constexpr (D == 3) {
      clampSpeed(v[0], v[1], v[2], vmin_, vmax_);
      noise_.turn(index, v[0], v[1], v[2]);
    } else {
      clampSpeed(v[0], v[1], vmin_, vmax_);
      noise_.turn(index, v[0], v[1]);
    }
    for (int k = 0; k < D; ++k) at[k] += v[k] * p_.dt;
    keepInside(at, v);
    for (int pass = 0; pass < 4 && leaveObstacles(at, v); ++pass) keepInside(at, v);
  }

  // Adds weight * steer(u) to the velocity change dv: the change that turns v towards u at
  // full speed, capped.
  void steerInto(Vec& dv, double weight, const Vec& u, const Vec& v) const {
    const double length = std::sqrt(dot(u, u));
    if (length == 0) return;
    Vec t;
    for (int k = 0; k < D; ++k) t[k] = u[k] * (vmax_ / length) - v[k];
    const double size = std::sqrt(dot(t, t));
    if (size > cap_)
      for (int k = 0; k < D; ++k) t[k] = (t[k] / size) * cap_;
    for (int k = 0; k < D; ++k) dv[k] += weight * t[k];
  }

  // Wrap once on a torus; in a box, stop at the wall and turn back.
  void keepInside(Vec& at, Vec& v) const {
    for (int k = 0; k < D; ++k) {
      if (offsets_.periodic) {
        if (at[k] < 0) at[k] += extent_[k]; else if (at[k] >= extent_[k]) at[k] -= extent_[k];
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
      const Vec c = centre(o);
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
  HeadingNoise noise_;
  Offsets offsets_;
  Vec extent_;
  double sep2_;
  bool fovLimited_;
  double cosHalfFov_, sepWeight_, vmax_, vmin_, cap_;
  bool pointerOn_;
  double pointerWeight_;
};

/// The 2D rule, as the model has always run it, and the 3D one.
using SteeringRule = SteeringRuleOf<2>;
using SteeringRule3d = SteeringRuleOf<3>;

}  // namespace flocklab
