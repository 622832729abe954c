#pragma once
// The world of a running flock as every front end describes and frames it: the command's
// pictures, Python's space and plots, the JavaScript package's space and view, and the page.
// Design: one description (its dimensions, its edges or open space, its extent and the unit of
// its lengths, which the model states) and one rule for what to show, so that a flock is
// framed alike wherever it is drawn.
//
// Open space (the couzin model) has no world to show: the view follows the group, a square
// (cube in 3D) centred on the middle of the group's extent, whose side is 1.2 times its widest
// extent, and never less than the start's box (Space::width there), so that a tight group is
// not blown up and its edges keep a margin.
#include <string>

#include "flocklab/flock.hpp"
#include "flocklab/model.hpp"
#include "flocklab/simulation.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// A world as front ends describe it.
struct WorldDescription {
  int dims = 2;                      ///< 2 or 3
  double width = 0, height = 0;      ///< the box; in open space the start's box
  double depth = 0;                  ///< 0 in 2D
  bool wrap = false;                 ///< a torus (offsets take the nearest image)
  bool open = false;                 ///< open space: no edges and no wrap
  std::string unit = "world units";  ///< of positions and lengths (ModelDescription::lengthUnit)
};

/// The world `simulation` of `model` runs in now.
WorldDescription describeWorld(const ModelDescription& model, const Simulation& simulation);

/// The box to show: [x0, x0 + width] x [y0, y0 + height] (x [z0, z0 + depth] in 3D).
struct WorldView {
  double x0 = 0, y0 = 0, z0 = 0;
  double width = 0, height = 0, depth = 0;
};

/// The world's own box, or in open space the square (cube) that follows `flock` (see the top).
WorldView viewOf(const Space& space, const Flock& flock);

}  // namespace flocklab
