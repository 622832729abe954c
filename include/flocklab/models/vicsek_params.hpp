#pragma once
// Parameters of the `vicsek` model: Vicsek, Czirok, Ben-Jacob, Cohen and Shochet, "Novel type
// of phase transition in a system of self-driven particles", Phys. Rev. Lett. 75, 1226 (1995).
#include <string>

namespace flocklab {

/// Parameters of the Vicsek model; the defaults are the paper's (v0 = 0.03, r = 1, dt = 1) at
/// its density 4 (400 particles in L = 10) and a noise in the ordered phase.
struct VicsekParams {
  double speed = 0.03;  ///< v0: every particle moves this far each step, > 0
  double radius = 1.0;  ///< r: particles closer than r (itself included) set the mean direction, > 0
  double noise = 2.0;   ///< eta: the turn's angle is uniform in [-eta/2, eta/2), radians in [0, 2 pi]
  double world = 10.0;  ///< side L of the square torus, > 0
};

/// The first problem with `p` as one readable sentence naming the parameter, or "" when valid.
std::string validate(const VicsekParams& p);

}  // namespace flocklab
