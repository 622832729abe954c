#pragma once
// The noise of --noise and the Vicsek model: each step every boid's velocity turns by an angle
// drawn uniformly from [-eta/2, eta/2) (Vicsek et al. 1995), its speed unchanged. Determinism:
// the angle is eta * (u - 1/2) with u the first uniform of the boid's Noise block for this step
// (flocklab/counter_rng.hpp: seed, step, boid index), and the rotation uses flocklab's own sine
// and cosine, so a noisy run has the same bits for any thread count, search or platform.
// eta = 0 draws nothing and leaves every bit as without noise.
#include <cmath>
#include <cstdint>

#include "engine/cosine.hpp"
#include "flocklab/counter_rng.hpp"
#include "flocklab/model.hpp"
#include "models/sphere_turn.hpp"

namespace flocklab {

/// The `noise` parameter as every model with noise describes it (radians in [0, 2 pi]).
inline ParamSpec noiseParam() {
  ParamSpec spec{
      .key = "noise",
      .unit = "radians",
      .help = "eta: each step every heading turns by an angle uniform in [-eta/2, eta/2) (Vicsek's noise), 0 for none",
      .max = 2 * kPi,
      .sliderMin = 0,
      .sliderMax = 6.28,
      .sliderStep = 0.01};
  spec.maxName = "2 pi";
  return spec;
}

struct HeadingNoise {
  double eta = 0;          ///< the width of the angle's interval, radians in [0, 2 pi]
  std::uint64_t seed = 0;  ///< the run's seed
  std::uint64_t step = 0;  ///< the number of the step being taken (0 for the first)

  /// Turns (vx, vy) by boid `index`'s angle for this step; nothing when eta is 0.
  void turn(std::uint32_t index, double& vx, double& vy) const {
    if (!(eta > 0)) return;
    const double angle = eta * (counterUniforms(seed, step, index, Purpose::Noise)[0] - 0.5);
    rotate(cosine(angle < 0 ? -angle : angle), sine(angle), vx, vy);
  }

  /// In 3D: turns (vx, vy, vz) to a direction uniform on the cap of half-angle eta/2 around it
  /// (docs/model-lab.md, "Noise in 3D"); nothing when eta is 0 or the boid is at rest.
  void turn(std::uint32_t index, double& vx, double& vy, double& vz) const {
    if (!(eta > 0)) return;
    const double speed = std::sqrt(vx * vx + vy * vy + vz * vz);
    if (!(speed > 0)) return;
    const auto u = counterUniforms(seed, step, index, Purpose::Noise);
    // The angle from the heading: its cosine uniform in (cos(eta/2), 1], so the new direction
    // is uniform on the cap's area; the azimuth uniform in [-pi, pi).
    const double c = 1 - u[0] * (1 - cosine(eta / 2));
    const double s = std::sqrt(1 - c * c);
    const double phi = 2 * kPi * u[1] - kPi;
    const double cp = cosine(phi < 0 ? -phi : phi), sp = sine(phi);
    double ux, uy, uz;
    deflect(vx / speed, vy / speed, vz / speed, c, s, cp, sp, ux, uy, uz);
    vx = speed * ux;
    vy = speed * uy;
    vz = speed * uz;
  }
};

}  // namespace flocklab
