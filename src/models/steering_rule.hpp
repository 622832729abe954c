#pragma once
// The steering model's arithmetic for one boid (SPEC section 4), as a Rule (flocklab/rule.hpp).
//
// Determinism: the order below is the model; docs/model-steering.md states it. The field of
// view's cosine comes from flocklab::cosine once per step, never from libm. The only
// operations are + - * / sqrt and comparisons. With noise (eta > 0) the clamped velocity turns
// by the boid's random angle before the move (models/heading_noise.hpp); with eta = 0 nothing
// is drawn and every bit is as without it.
#include <cmath>
#include <cstdint>

#include "flocklab/cosine.hpp"
#include "flocklab/models/steering_params.hpp"
#include "models/heading_noise.hpp"
#include "models/speed_clamp.hpp"

namespace flocklab {

class SteeringRule {
 public:
  static constexpr bool kIndexed = true;  // the noise's draws are the boid's own

  /// One boid's sums over the neighbours it sees.
  struct Sums {
    std::uint32_t count = 0;                    // neighbours seen
    double alignX = 0, alignY = 0;              // sum of their velocities (alignment)
    double cohereX = 0, cohereY = 0;            // sum of their offsets (cohesion)
    double separateX = 0, separateY = 0;        // sum of -offset / (distance * d2) (separation)
    double selfVx = 0, selfVy = 0, selfSpeed = 0;  // the boid's own velocity, for the field of view
  };

  SteeringRule(const SteeringParams& p, std::uint64_t seed, std::uint64_t stepCount)
      : p_(p),
        noise_{p.noise, seed, stepCount},
        offsets_(p.space()),
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

  Sums start(double, double, double vx, double vy) const {
    Sums s;
    s.selfVx = vx, s.selfVy = vy;
    if (fovLimited_) s.selfSpeed = std::sqrt(vx * vx + vy * vy);
    return s;
  }

  /// Neighbour j at offset (dx, dy), d2 < vision^2: seen unless it is the boid's own spot or
  /// outside the field of view.
  void add(Sums& s, double dx, double dy, double d2, double vxj, double vyj) const {
    if (d2 == 0) return;
    double distance = 0;
    if (fovLimited_) {
      distance = std::sqrt(d2);
      if (s.selfVx * dx + s.selfVy * dy < (s.selfSpeed * distance) * cosHalfFov_) return;
    }
    ++s.count;
    s.alignX += vxj;
    s.alignY += vyj;
    s.cohereX += dx;
    s.cohereY += dy;
    if (d2 < sep2_) {
      if (!fovLimited_) distance = std::sqrt(d2);
      s.separateX -= (dx / distance) / d2;
      s.separateY -= (dy / distance) / d2;
    }
  }

  void finish(const Sums& s, std::uint32_t index, double& x, double& y, double& vx, double& vy) const {
    double dvx = 0, dvy = 0;  // the velocity change of this step
    if (s.count > 0) {
      const double n = static_cast<double>(s.count);
      steerInto(dvx, dvy, sepWeight_, s.separateX, s.separateY, vx, vy);
      steerInto(dvx, dvy, p_.alignment, s.alignX / n, s.alignY / n, vx, vy);
      steerInto(dvx, dvy, p_.cohesion, s.cohereX / n, s.cohereY / n, vx, vy);
    }
    if (pointerOn_) {
      const double dx = offsets_.dx(p_.pointer.x, x), dy = offsets_.dy(p_.pointer.y, y);
      if (dx * dx + dy * dy < kPointerReach * kPointerReach) {
        const double sign = p_.pointer.mode == PointerMode::Food ? -1.0 : 1.0;
        steerInto(dvx, dvy, pointerWeight_, sign * dx, sign * dy, vx, vy);
      }
    }
    if (!offsets_.periodic) {
      const double ux = x < kWallMargin ? 1.0 : (x > p_.width - kWallMargin ? -1.0 : 0.0);
      const double uy = y < kWallMargin ? 1.0 : (y > p_.height - kWallMargin ? -1.0 : 0.0);
      steerInto(dvx, dvy, p_.wallWeight, ux, uy, vx, vy);
    }
    for (const Obstacle& o : p_.obstacles) {
      const double dx = offsets_.dx(o.x, x), dy = offsets_.dy(o.y, y);
      const double reach = o.radius + kObstacleMargin;
      if (dx * dx + dy * dy < reach * reach) steerInto(dvx, dvy, p_.obstacleWeight, dx, dy, vx, vy);
    }
    vx += dvx;
    vy += dvy;
    clampSpeed(vx, vy, vmin_, vmax_);
    noise_.turn(index, vx, vy);
    x += vx * p_.dt;
    y += vy * p_.dt;
    keepInside(x, y, vx, vy);
    for (int pass = 0; pass < 4 && leaveObstacles(x, y, vx, vy); ++pass) keepInside(x, y, vx, vy);
  }

 private:
  // Adds weight * steer(u) to the velocity change (dvx, dvy): the change that turns v towards
  // u at full speed, capped.
  void steerInto(double& dvx, double& dvy, double weight, double ux, double uy, double vx, double vy) const {
    const double length = std::sqrt(ux * ux + uy * uy);
    if (length == 0) return;
    double tx = ux * (vmax_ / length) - vx, ty = uy * (vmax_ / length) - vy;
    const double t = std::sqrt(tx * tx + ty * ty);
    if (t > cap_) {
      tx = (tx / t) * cap_;
      ty = (ty / t) * cap_;
    }
    dvx += weight * tx;
    dvy += weight * ty;
  }

  // Wrap once on a torus; in a box, stop at the wall and turn back.
  void keepInside(double& x, double& y, double& vx, double& vy) const {
    if (offsets_.periodic) {
      if (x < 0) x += p_.width; else if (x >= p_.width) x -= p_.width;
      if (y < 0) y += p_.height; else if (y >= p_.height) y -= p_.height;
      return;
    }
    if (x < 0) x = 0, vx = std::abs(vx);
    else if (x > p_.width) x = p_.width, vx = -std::abs(vx);
    if (y < 0) y = 0, vy = std::abs(vy);
    else if (y > p_.height) y = p_.height, vy = -std::abs(vy);
  }

  // Moves a boid found inside an obstacle onto its rim and mirrors an inward velocity;
  // returns whether it moved the boid.
  bool leaveObstacles(double& x, double& y, double& vx, double& vy) const {
    bool moved = false;
    for (const Obstacle& o : p_.obstacles) {
      double dx = offsets_.dx(o.x, x), dy = offsets_.dy(o.y, y);
      const double d2 = dx * dx + dy * dy;
      if (d2 >= o.radius * o.radius) continue;
      double d = std::sqrt(d2);
      if (d == 0) dx = 1, dy = 0, d = 1;
      // A hair outside the rim, so that rounding never leaves the boid inside.
      const double scale = (o.radius * (1 + 1e-9)) / d;
      x = o.x + dx * scale;
      y = o.y + dy * scale;
      const double inward = (vx * dx + vy * dy) / (d * d);
      if (inward < 0) {
        vx -= 2 * inward * dx;
        vy -= 2 * inward * dy;
      }
      moved = true;
    }
    return moved;
  }

  const SteeringParams& p_;
  HeadingNoise noise_;
  Offsets offsets_;
  double sep2_;
  bool fovLimited_;
  double cosHalfFov_, sepWeight_, vmax_, vmin_, cap_;
  bool pointerOn_;
  double pointerWeight_;
};

}  // namespace flocklab
