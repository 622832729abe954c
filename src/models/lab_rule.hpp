#pragma once
// The lab model's arithmetic for one boid (docs/model-lab.md, "One step"), as a Rule
// (flocklab/rule.hpp).
//
// Determinism: neighbours are added in ascending index; the update is evaluated per axis
// left to right as ((sep + ali) + coh), then the speed clamp, then the move with one wrap.
// These are the seed's operations in the seed's order; any change alters every golden hash.
// With noise (eta > 0) the clamped velocity turns by the boid's random angle before the move
// (models/heading_noise.hpp); with eta = 0 nothing is drawn and every bit is as without it.
#include <cmath>
#include <cstdint>

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

struct LabRule : LabConstants {
  static constexpr bool kIndexed = true;  // the noise's draws are the boid's own

  struct Sums {
    std::uint32_t count = 0;
    double ax = 0, ay = 0, cx = 0, cy = 0, sx = 0, sy = 0;
  };

  LabRule(const LabParams& p, std::uint64_t seed, std::uint64_t step) : LabConstants(p), noise{p.noise, seed, step} {}

  Sums start(double, double, double, double) const { return {}; }

  /// Neighbour j at wrapped offset (dx, dy), d2 = dx^2 + dy^2 < r^2, velocity (vxj, vyj).
  void add(Sums& s, double dx, double dy, double d2, double vxj, double vyj) const {
    ++s.count;
    s.ax += vxj;
    s.ay += vyj;
    s.cx += dx;
    s.cy += dy;
    if (d2 < s2 && d2 > 0) {
      s.sx -= dx / d2;
      s.sy -= dy / d2;
    }
  }

  /// Velocity update, speed clamp, noise, move, wrap.
  void finish(const Sums& s, std::uint32_t index, double& x, double& y, double& vx, double& vy) const {
    if (s.count > 0) {
      const double n = static_cast<double>(s.count);
      vx += sepGain * s.sx + aliGain * (s.ax / n - vx) + cohGain * (s.cx / n);
      vy += sepGain * s.sy + aliGain * (s.ay / n - vy) + cohGain * (s.cy / n);
    }
    clampSpeed(vx, vy, vmin, vmax);
    noise.turn(index, vx, vy);
    x += vx;
    y += vy;
    if (x < 0) x += world; else if (x >= world) x -= world;
    if (y < 0) y += world; else if (y >= world) y -= world;
  }

  HeadingNoise noise;
};

}  // namespace flocklab
