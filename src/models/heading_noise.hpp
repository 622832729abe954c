#pragma once
// The noise of --noise and the Vicsek model: each step every boid's velocity turns by an angle
// drawn uniformly from [-eta/2, eta/2) (Vicsek et al. 1995), its speed unchanged. Determinism:
// the angle is eta * (u - 1/2) with u the first uniform of the boid's Noise block for this step
// (flocklab/counter_rng.hpp: seed, step, boid index), and the rotation uses flocklab's own sine
// and cosine, so a noisy run has the same bits for any thread count, search or platform.
// eta = 0 draws nothing and leaves every bit as without noise.
#include <cstdint>

#include "flocklab/cosine.hpp"
#include "flocklab/counter_rng.hpp"
#include "flocklab/model.hpp"

namespace flocklab {

/// The `noise` parameter as every model with noise describes it (radians in [0, 2 pi]).
inline ParamSpec noiseParam() {
  ParamSpec spec{.key = "noise", .unit = "radians",
                 .help = "eta: each step every heading turns by an angle uniform in [-eta/2, eta/2) (Vicsek's noise), 0 for none",
                 .max = 2 * kPi, .sliderMin = 0, .sliderMax = 6.28, .sliderStep = 0.01};
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
    const double c = cosine(angle < 0 ? -angle : angle), s = sine(angle);
    const double x = c * vx - s * vy, y = s * vx + c * vy;
    vx = x;
    vy = y;
  }
};

}  // namespace flocklab
