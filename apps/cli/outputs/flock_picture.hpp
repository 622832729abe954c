#pragma once
// A snapshot of a flock as an SVG picture: the world, its obstacles and every boid as a
// triangle pointing along its velocity (a dot in a crowd too dense for triangles), coloured by
// heading, under a caption that wraps or shrinks to fit.
#include <cstddef>
#include <string>
#include <vector>

#include "flocklab/appearance.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/models/steering_params.hpp"
#include "flocklab/space.hpp"

namespace flocklab::cli {

/// The hue of a heading given as a direction (dx, dy) in world axes, degrees in [0, 360).
int hueOf(double dx, double dy);
/// A <polygon> triangle `length` px long centred (at its centroid) on (cx, cy), pointing along
/// the unit vector (ux, uy) in SVG axes, filled with the hue at 75% saturation, 45% lightness.
std::string triangle(double cx, double cy, double ux, double uy, double length, int hue);
/// The caption wrapped (then shrunk) into `room` px from x = `margin`, and the frame's top below it.
struct PictureHeader {
  std::string svg;
  double frameTop;
};
PictureHeader pictureHeader(const std::string& text, double margin, double room);
/// The legend of heading colours: eight arrows around (lx, ly), "heading" on their left.
std::string headingLegend(double lx, double ly);
/// A <polygon> triangle as triangle() draws it, with any fill and extra attributes.
std::string triangle(double cx, double cy, double ux, double uy, double length, const std::string& fill,
                     const std::string& attributes = "");
/// The legend of kinds (species) and food: one line each, a mark in its colour and its name,
/// right-aligned at `right` from `top`; its svg, its left edge and its bottom, px.
struct KindsLegend {
  std::string svg;
  double left, bottom;
};
KindsLegend kindsLegend(const flocklab::Appearance& appearance, double right, double top);
/// A food source drawn at (x, y) px: a green disc whose area shows what is left.
std::string foodMark(double x, double y, const flocklab::FoodMark& food, const std::string& attributes = "");
/// How a boid of `kind` is filled and outlined (predators outlined in black).
std::string kindOutline(const flocklab::BoidKind& kind);

/// The shortest triangle drawn, px; a denser flock is drawn as dots.
inline constexpr double kMinTriangle = 4;
/// The length in px of a boid's triangle in a picture of `n` boids over a world drawn
/// `frameWidth` x `frameHeight` px, `width` px wide: 0.7 of the mean spacing sqrt(area / n), at
/// most 1.7% of the width; under kMinTriangle the boids are dots.
double markLength(double frameWidth, double frameHeight, std::size_t n, int width);

/// What renderFlockSvg draws. The flock is borrowed and must outlive the call.
struct FlockPicture {
  const flocklab::Flock* flock = nullptr;     ///< positions in [0, W] x [0, H], velocities
  flocklab::Space space;                      ///< W x H, periodic (wrap) or not (walls)
  std::vector<flocklab::Obstacle> obstacles;  ///< circles in world units
  std::string caption;                        ///< e.g. "lab - 120 boids - seed 42 - step 600"
  flocklab::Appearance appearance;            ///< kinds (each boid drawn in its kind's colour) and food
  int width = 900;                            ///< picture width, px; the height follows the world
  std::string edgesNote;                      ///< the note under the frame; "" for "edges wrap" or "walls"
};

/// In open space (space.unbounded) frames the picture on the group: the square (cube in 3D)
/// around the boids' bounding box, a tenth wider on each side, becomes the world drawn, with
/// the flock, obstacles and food moved into it (`moved` holds the flock's copy) and a note
/// saying where it lies. Any other picture stays as it is.
void frameOnGroup(FlockPicture& picture, flocklab::Flock& moved);

/// The picture as an SVG document with integer width and height. Boids are the <polygon>s of
/// <g class="boids">, one each in index order, tip first; where triangles would be shorter than
/// kMinTriangle px they are square dots instead, one <path> per hue (of 36) in
/// <g class="boids" data-marks="dots">. Obstacles are the <circle>s of <g class="obstacles">.
/// Throws std::invalid_argument for a missing or inconsistent flock, a non-finite value, an
/// empty world or a width under 200 px. Not bit-exact (uses std::atan2); not part of the engine.
std::string renderFlockSvg(const FlockPicture& picture);

}  // namespace flocklab::cli
