#pragma once
// The couzin model's noise (docs/model-couzin.md, "Noise"): the desired direction turns by a
// Gaussian angle of s.d. sigma, wrapped onto the circle (2D) or the sphere (3D). From the two
// uniforms u0, u1 of the agent's Noise block for this step (flocklab/counter_rng.hpp),
// Box-Muller's radius rho = sigma * sqrt(-2 ln(1 - u0)) and angle phi = 2 pi u1 - pi:
//   2D: the turn is rho * cos(phi), a Gaussian of s.d. sigma;
//   3D: the direction tilts by rho at azimuth phi around it (models/sphere_turn.hpp): the
//       tangent plane's isotropic Gaussian of s.d. sigma per axis, wrapped onto the sphere.
// An angle is taken into [-pi, pi) before its sine and cosine. Determinism: flocklab's own
// logarithm, sine and cosine, so the same bits on every platform; sigma = 0 draws nothing.
#include <cmath>
#include <cstdint>

#include "engine/cosine.hpp"
#include "engine/logarithm.hpp"
#include "flocklab/counter_rng.hpp"
#include "models/sphere_turn.hpp"

namespace flocklab {

struct WrappedGaussian {
  double sigma = 0;        ///< the s.d. of the turn, radians
  std::uint64_t seed = 0;  ///< the run's seed
  std::uint64_t step = 0;  ///< the number of the step being taken (0 for the first)

  /// Turns the unit vector (ux, uy) by agent `index`'s angle for this step.
  void turn(std::uint32_t index, double& ux, double& uy) const {
    if (!(sigma > 0)) return;
    double rho, cp, sp;
    draw(index, rho, cp, sp);
    const double a = wrapped(rho * cp);
    rotate(cosine(a < 0 ? -a : a), sine(a), ux, uy);
  }

  /// Tilts the unit vector (ux, uy, uz) by agent `index`'s angle for this step.
  void turn(std::uint32_t index, double& ux, double& uy, double& uz) const {
    if (!(sigma > 0)) return;
    double rho, cp, sp;
    draw(index, rho, cp, sp);
    const double a = wrapped(rho);
    deflect(ux, uy, uz, cosine(a < 0 ? -a : a), sine(a), cp, sp, ux, uy, uz);
  }

 private:
  // Box-Muller's radius rho and the cosine and sine of its angle phi.
  void draw(std::uint32_t index, double& rho, double& cp, double& sp) const {
    const auto u = counterUniforms(seed, step, index, Purpose::Noise);
    rho = sigma * std::sqrt(-2 * logarithm(1 - u[0]));
    const double phi = 2 * kPi * u[1] - kPi;
    cp = cosine(phi < 0 ? -phi : phi);
    sp = sine(phi);
  }
  // a - 2 pi k in [-pi, pi).
  static double wrapped(double a) { return a - 2 * kPi * std::floor((a + kPi) / (2 * kPi)); }
};

}  // namespace flocklab
