#pragma once
// The lab model's arithmetic for one boid in 3D (docs/model-lab.md, "Three dimensions"), as a
// Rule (flocklab/rule.hpp): LabRule's operations with a third axis, each axis evaluated as in 2D
// (((sep + ali) + coh), left to right), the speed clamp on the length of all three components,
// the noise as a turn within a cone, the move and one wrap per axis. With all z equal and
// vz = 0 and no noise it reproduces the 2D model bit for bit.
#include <cstdint>

#include "flocklab/models/lab_params.hpp"
#include "models/heading_noise.hpp"
#include "models/lab_rule.hpp"
#include "models/speed_clamp.hpp"

namespace flocklab {

struct LabRule3d : LabConstants {
  static constexpr int kDimensions = 3;
  static constexpr bool kIndexed = true;  // the noise's draws are the boid's own

  struct Sums {
    std::uint32_t count = 0;
    double ax = 0, ay = 0, az = 0, cx = 0, cy = 0, cz = 0, sx = 0, sy = 0, sz = 0;
  };

  LabRule3d(const LabParams& p, std::uint64_t seed, std::uint64_t step) : LabConstants(p), noise{p.noise, seed, step} {}

  Sums start(double, double, double, double, double, double) const { return {}; }

  /// Neighbour j at wrapped offset (dx, dy, dz), d2 = dx^2 + dy^2 + dz^2 < r^2.
  void add(Sums& s, double dx, double dy, double dz, double d2, double vxj, double vyj, double vzj) const {
    ++s.count;
    s.ax += vxj;
    s.ay += vyj;
    s.az += vzj;
    s.cx += dx;
    s.cy += dy;
    s.cz += dz;
    if (d2 < s2 && d2 > 0) {
      s.sx -= dx / d2;
      s.sy -= dy / d2;
      s.sz -= dz / d2;
    }
  }

  /// Velocity update, speed clamp, noise, move, wrap.
  void finish(const Sums& s, std::uint32_t index, double& x, double& y, double& z, double& vx, double& vy,
              double& vz) const {
    if (s.count > 0) {
      const double n = static_cast<double>(s.count);
      vx += sepGain * s.sx + aliGain * (s.ax / n - vx) + cohGain * (s.cx / n);
      vy += sepGain * s.sy + aliGain * (s.ay / n - vy) + cohGain * (s.cy / n);
      vz += sepGain * s.sz + aliGain * (s.az / n - vz) + cohGain * (s.cz / n);
    }
    clampSpeed(vx, vy, vz, vmin, vmax);
    noise.turn(index, vx, vy, vz);
    x += vx;
    y += vy;
    z += vz;
    wrap(x);
    wrap(y);
    wrap(z);
  }

  void wrap(double& p) const {
    if (p < 0) p += world; else if (p >= world) p -= world;
  }

  HeadingNoise noise;
};

}  // namespace flocklab
