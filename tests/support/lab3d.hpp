#pragma once
// The lab model with a third axis (docs/model-lab.md, "Three dimensions"), written against the
// public rule contract only, as a user would: the 3D tests' model. In a box (not periodic) a boid
// that leaves the world is put back on the wall with that velocity component reversed.
#include <cmath>
#include <cstdint>

#include "flocklab/flock.hpp"
#include "flocklab/rng.hpp"
#include "flocklab/space.hpp"

namespace flocklab::test {

struct Lab3dRule {
  static constexpr int kDimensions = 3;
  struct Sums {
    std::uint32_t count = 0;
    double ax = 0, ay = 0, az = 0, cx = 0, cy = 0, cz = 0, sx = 0, sy = 0, sz = 0;
  };

  Lab3dRule(const Space& space, double radius, double separation = 1.5, double alignment = 1, double cohesion = 1,
            double maxSpeed = 1)
      : space(space),
        s2(radius * radius / 4),
        sepGain(separation * 0.05),
        aliGain(alignment * 0.05),
        cohGain(cohesion * 0.005),
        vmax(maxSpeed),
        vmin(maxSpeed / 2) {}

  Sums start(double, double, double, double, double, double) const { return {}; }

  void add(Sums& s, double dx, double dy, double dz, double d2, double vxj, double vyj, double vzj) const {
    ++s.count;
    s.ax += vxj, s.ay += vyj, s.az += vzj;
    s.cx += dx, s.cy += dy, s.cz += dz;
    if (d2 < s2 && d2 > 0) {
      s.sx -= dx / d2;
      s.sy -= dy / d2;
      s.sz -= dz / d2;
    }
  }

  void finish(const Sums& s, double& x, double& y, double& z, double& vx, double& vy, double& vz) const {
    if (s.count > 0) {
      const double n = static_cast<double>(s.count);
      vx += sepGain * s.sx + aliGain * (s.ax / n - vx) + cohGain * (s.cx / n);
      vy += sepGain * s.sy + aliGain * (s.ay / n - vy) + cohGain * (s.cy / n);
      vz += sepGain * s.sz + aliGain * (s.az / n - vz) + cohGain * (s.cz / n);
    }
    const double speed = std::sqrt(vx * vx + vy * vy + vz * vz);
    if (speed > vmax) {
      vx = (vx / speed) * vmax, vy = (vy / speed) * vmax, vz = (vz / speed) * vmax;
    } else if (speed < vmin && speed > 0) {
      vx = (vx / speed) * vmin, vy = (vy / speed) * vmin, vz = (vz / speed) * vmin;
    }
    x += vx, y += vy, z += vz;
    keep(x, vx, space.width);
    keep(y, vy, space.height);
    keep(z, vz, space.depth);
  }

  void keep(double& p, double& v, double extent) const {
    if (space.periodic) {
      if (p < 0) p += extent;
      else if (p >= extent) p -= extent;
    } else if (p < 0) {
      p = 0, v = -v;
    } else if (p > extent) {
      p = extent, v = -v;
    }
  }

  Space space;
  double s2, sepGain, aliGain, cohGain, vmax, vmin;
};

/// The 3D start of docs/model-lab.md, "Three dimensions": boid by boid x, y, z uniform, a heading
/// by rejection in the unit ball, speed in [vmax/2, vmax).
inline Flock randomStart3d(std::size_t count, const Space& space, std::uint64_t seed, double vmax = 1) {
  Xoshiro256ss rng(seed);
  Flock f;
  f.dimensions = 3;
  f.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    f.x[i] = space.width * rng.uniform();
    f.y[i] = space.height * rng.uniform();
    f.z[i] = space.depth * rng.uniform();
    double ux, uy, uz, m;
    do {
      ux = 2 * rng.uniform() - 1, uy = 2 * rng.uniform() - 1, uz = 2 * rng.uniform() - 1;
      m = ux * ux + uy * uy + uz * uz;
    } while (m > 1 || m == 0);
    const double scale = (vmax / 2 + (vmax / 2) * rng.uniform()) / std::sqrt(m);
    f.vx[i] = ux * scale, f.vy[i] = uy * scale, f.vz[i] = uz * scale;
  }
  return f;
}

}  // namespace flocklab::test
