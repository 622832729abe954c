#pragma once
// Parameters of the `lab` model (docs/model-lab.md), the reference model of flocklab.
#include <string>

#include "flocklab/space.hpp"

namespace flocklab {

/// Fixed gains of the lab model: they put the three rules on comparable scales.
inline constexpr double kLabSeparationGain = 0.05;
inline constexpr double kLabAlignmentGain = 0.05;
inline constexpr double kLabCohesionGain = 0.005;

/// Parameters of the lab model. Lengths in world units, speeds in units per step.
/// Every weight may be 0, which switches its rule off.
struct LabParams {
  double separation = 1.5;  ///< weight of separation, >= 0
  double alignment = 1.0;   ///< weight of alignment, >= 0
  double cohesion = 1.0;    ///< weight of cohesion, >= 0
  double radius = 10.0;     ///< perception radius r, > 0; separation acts within r/2
  double maxSpeed = 1.0;    ///< vmax, in (0, L]; speeds are kept in [vmax/2, vmax]
  double world = 100.0;     ///< side L of the square torus, > 0
  double noise = 0.0;  ///< eta: each step a heading turns by an angle uniform in [-eta/2, eta/2), radians in [0, 2 pi]
  int dims = 2;        ///< 2 (an L x L torus) or 3 (an L x L x L torus, docs/model-lab.md, "Three dimensions")
};

/// The world of `p`: a square torus of side L, or a cube in 3D.
inline Space labSpace(const LabParams& p) { return p.dims == 3 ? Space::cube(p.world) : Space::square(p.world); }

/// The first problem with `p` as one readable sentence naming the parameter, or "" when valid.
std::string validate(const LabParams& p);

}  // namespace flocklab
