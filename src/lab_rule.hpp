#pragma once
// The lab model's arithmetic for one boid (SPEC section 3), shared by the grid and the brute
// search so that both run the very same operations.
//
// Determinism: neighbours must be added in ascending index; the update is evaluated per axis
// left to right as ((sep + ali) + coh), then the speed clamp, then the move with one wrap.
// These are the seed's operations in the seed's order; any change alters every golden hash.
#include <cmath>
#include <cstdint>

#include "flocklab/lab_params.hpp"
#include "grid.hpp"

namespace flocklab {

/// Constants of one step, derived once from the parameters.
struct LabRule {
  double world, half, r2, s2, sepGain, aliGain, cohGain, vmax, vmin;

  explicit LabRule(const LabParams& p)
      : world(p.world),
        half(p.world / 2),
        r2(p.radius * p.radius),
        s2(p.radius * p.radius / 4),
        sepGain(p.separation * kLabSeparationGain),
        aliGain(p.alignment * kLabAlignmentGain),
        cohGain(p.cohesion * kLabCohesionGain),
        vmax(p.maxSpeed),
        vmin(p.maxSpeed / 2) {}
};

/// One boid's neighbour sums, filled in ascending neighbour index.
struct LabSums {
  std::uint32_t count = 0;
  double ax = 0, ay = 0, cx = 0, cy = 0, sx = 0, sy = 0;

  /// Adds neighbour j at wrapped offset (dx, dy), d2 = dx^2 + dy^2 < r^2, velocity (vxj, vyj).
  void add(const LabRule& rule, double dx, double dy, double d2, double vxj, double vyj) {
    ++count;
    ax += vxj;
    ay += vyj;
    cx += dx;
    cy += dy;
    if (d2 < rule.s2 && d2 > 0) {
      sx -= dx / d2;
      sy -= dy / d2;
    }
  }
};

/// Applies the sums to boid (x, y, vx, vy) in place: velocity update, speed clamp, move, wrap.
inline void applyLabRule(const LabRule& rule, const LabSums& s, double& x, double& y, double& vx,
                         double& vy) {
  if (s.count > 0) {
    const double n = static_cast<double>(s.count);
    vx += rule.sepGain * s.sx + rule.aliGain * (s.ax / n - vx) + rule.cohGain * (s.cx / n);
    vy += rule.sepGain * s.sy + rule.aliGain * (s.ay / n - vy) + rule.cohGain * (s.cy / n);
  }
  const double speed = std::sqrt(vx * vx + vy * vy);
  if (speed > rule.vmax) {
    vx = (vx / speed) * rule.vmax;
    vy = (vy / speed) * rule.vmax;
  } else if (speed < rule.vmin && speed > 0) {
    vx = (vx / speed) * rule.vmin;
    vy = (vy / speed) * rule.vmin;
  }
  x += vx;
  y += vy;
  if (x < 0) x += rule.world; else if (x >= rule.world) x -= rule.world;
  if (y < 0) y += rule.world; else if (y >= rule.world) y -= rule.world;
}

}  // namespace flocklab
