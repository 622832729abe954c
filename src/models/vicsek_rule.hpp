#pragma once
// The Vicsek model's arithmetic for one particle (docs/model-vicsek.md), as a Rule
// (engine/rule.hpp). Each step a particle takes the mean direction of the particles closer
// than r, itself included: the sum of their velocities (all of speed v0, so this is the sum of
// their unit headings times v0), normalised; a zero sum keeps its own heading (along x when it
// has none). It turns by its
// noise angle (models/heading_noise.hpp) and moves v0 along the new heading, wrapping once.
// Determinism: the sum starts with the particle's own velocity, then adds the neighbours in
// ascending index; only + - * / sqrt, the project's sine and cosine, and comparisons.
#include <cmath>
#include <cstdint>

#include "flocklab/models/vicsek_params.hpp"
#include "models/heading_noise.hpp"

namespace flocklab {

struct VicsekRule {
  static constexpr bool kIndexed = true;  // the noise's draws are the particle's own

  struct Sums {
    double vx = 0, vy = 0;  // the sum of the velocities, the particle's own first
  };

  VicsekRule(const VicsekParams& p, std::uint64_t seed, std::uint64_t step)
      : noise{p.noise, seed, step}, speed(p.speed), world(p.world) {}

  Sums start(double, double, double vx, double vy) const { return {vx, vy}; }

  void add(Sums& s, double, double, double, double vxj, double vyj) const {
    s.vx += vxj;
    s.vy += vyj;
  }

  /// The mean heading, the noise's turn, the move by v0, the wrap.
  void finish(const Sums& s, std::uint32_t index, double& x, double& y, double& vx, double& vy) const {
    double ux = s.vx, uy = s.vy;
    double length = std::sqrt(ux * ux + uy * uy);
    if (length == 0) ux = vx, uy = vy, length = std::sqrt(ux * ux + uy * uy);  // no mean: keep the heading
    if (length == 0) ux = 1, uy = 0, length = 1;  // no heading either (a still particle from a file): along x
    ux /= length;
    uy /= length;
    noise.turn(index, ux, uy);
    vx = speed * ux;
    vy = speed * uy;
    x += vx;
    y += vy;
    if (x < 0) x += world;
    else if (x >= world) x -= world;
    if (y < 0) y += world;
    else if (y >= world) y -= world;
  }

  HeadingNoise noise;
  double speed, world;
};

}  // namespace flocklab
