#pragma once
// A 3D flock in perspective as an SVG picture: the world's box as a wireframe, spheres shaded,
// every boid a small arrow along its velocity as seen from the camera, coloured by its heading
// in the x-y plane, nearer boids larger and stronger, farther ones smaller and paler.
#include <string>

#include "outputs/flock_picture.hpp"

namespace flocklab::cli {

/// Where the camera looks from: from the box's centre it lies `azimuth` degrees around the
/// vertical z axis from +x towards +y and `elevation` degrees above the x-y plane, looking back
/// at the centre; `orbit` degrees are added to the azimuth for every frame of --picture-every.
struct Camera {
  double azimuth = 35, elevation = 25, orbit = 0;
};

/// "AZ,EL" (degrees) or "orbit" / "orbit:DEG" (the default view turning DEG degrees a frame,
/// 2 when not given); throws std::invalid_argument with the message for --camera.
Camera parseCamera(const std::string& text);

/// The picture of a 3D flock (picture.flock->is3d(), picture.space.is3d()) seen by `camera`,
/// turned `frame` orbits. Boids are the <polygon>s (or, when too small, <circle>s) of
/// <g class="boids">, drawn far to near; the box's edges are the <line>s of <g class="box">.
/// Throws std::invalid_argument as renderFlockSvg does. Not bit-exact (uses libm).
std::string renderFlock3dSvg(const FlockPicture& picture, const Camera& camera, double frame = 0);

}  // namespace flocklab::cli
