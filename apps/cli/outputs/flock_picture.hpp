#pragma once
// A snapshot of a flock as an SVG picture: the world, its obstacles and every boid as a small
// triangle pointing along its velocity, coloured by heading.
#include <string>
#include <vector>

#include "flocklab/flock.hpp"
#include "flocklab/space.hpp"
#include "flocklab/models/steering_params.hpp"

namespace flocklab::cli {

/// What renderFlockSvg draws. The flock is borrowed and must outlive the call.
struct FlockPicture {
  const flocklab::Flock* flock = nullptr;        ///< positions in [0, W] x [0, H], velocities
  flocklab::Space space;                         ///< W x H, periodic (wrap) or not (walls)
  std::vector<flocklab::Obstacle> obstacles;     ///< circles in world units
  std::string caption;                           ///< e.g. "lab - 120 boids - step 600 - seed 42"
  int width = 900;                               ///< picture width, px; the height follows the world
};

/// The picture as an SVG document with integer width and height. Boids are the <polygon>s of
/// <g class="boids">, one each in index order, tip first; obstacles the <circle>s of
/// <g class="obstacles">.
/// Throws std::invalid_argument for a missing or inconsistent flock, a non-finite value, an
/// empty world or a width under 200 px. Not bit-exact (uses std::atan2); not part of the engine.
std::string renderFlockSvg(const FlockPicture& picture);

}  // namespace flocklab::cli
