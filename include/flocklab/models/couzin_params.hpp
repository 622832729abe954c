#pragma once
// Parameters of the `couzin` model: Couzin, Krause, James, Ruxton and Franks, "Collective
// memory and spatial sorting in animal groups", J. theor. Biol. 218, 1-11 (2002). Each agent
// has three zones around it: repulsion (closer than r_r), orientation (up to r_r + dro) and
// attraction (up to r_r + dro + dra); docs/model-couzin.md states the step.
#include <string>

namespace flocklab {

/// Parameters of the Couzin model; the defaults are the paper's (N = 100 in the model's
/// description, r_r = 1, alpha = 270 degrees, theta = 40 degrees/s, s = 3, sigma = 0.05,
/// tau = 0.1) with zone widths that form a mill, in 3D.
struct CouzinParams {
  double repulsion = 1;  ///< r_r: agents closer than this repel, world units, > 0
  double dro = 1;        ///< delta r_o: the zone of orientation's width beyond r_r, world units, >= 0
  double dra = 12;       ///< delta r_a: the zone of attraction's width beyond it, world units, >= 0
  double fov = 270;      ///< alpha: the field of perception, degrees in (0, 360]; the rest is a blind cone behind
  double turnRate = 40;  ///< theta: the most an agent turns, degrees per second, > 0
  double speed = 3;      ///< s: every agent's speed, world units per second, > 0
  double tau = 0.1;      ///< the time step, seconds, > 0
  double noise = 0.05;   ///< sigma: s.d. of the wrapped Gaussian turn of the desired direction, radians in [0, 2 pi]
  double start = 12;     ///< side of the square (cube in 3D) the agents start in, world units, > 0
  int nearest = 0;       ///< K in [0, 32]: heed only the K nearest agents perceived (topological), 0 for all
  int dims = 3;          ///< 2 or 3

  /// r_r + dro + dra: the farthest an agent perceives.
  double reach() const { return repulsion + dro + dra; }
  /// s * tau: the distance an agent moves each step.
  double stepLength() const { return speed * tau; }
};

/// The first problem with `p` as one readable sentence naming the parameter, or "" when valid.
std::string validate(const CouzinParams& p);

}  // namespace flocklab
