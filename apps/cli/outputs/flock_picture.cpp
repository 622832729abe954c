// Flock pictures. Design: one scale (px per world unit) maps the world into a frame below a
// caption line, with y flipped because the world's y grows upward and SVG's downward. A boid
// is an isosceles triangle with its centroid on the boid's position and its tip along the
// velocity; its length follows the picture's width and shrinks slowly with the flock's size
// (never under 3 px) so that large flocks stay legible. The fill is the heading as a hue
// (0 deg = +x, counter-clockwise, as atan2 gives it), explained by a ring of eight arrows in the
// top margin. Everything is clipped to the world, so boids at a wrapped edge are cut, not moved.
#include "outputs/flock_picture.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "outputs/xml_text.hpp"

namespace flocklab::cli {
namespace {

// The hue of a heading given as a direction (dx, dy) in world axes, degrees in [0, 360).
int hueOf(double dx, double dy) {
  const double degrees = std::atan2(dy, dx) * 180 / std::numbers::pi;
  return static_cast<int>(std::lround(degrees < 0 ? degrees + 360 : degrees)) % 360;
}

// A triangle of length `length` centred (at its centroid) on (cx, cy) pointing along the unit
// vector (ux, uy) in SVG axes.
std::string triangle(double cx, double cy, double ux, double uy, double length, int hue) {
  const double half = 0.28 * length;
  const double tipX = cx + ux * length * 2 / 3, tipY = cy + uy * length * 2 / 3;
  const double baseX = cx - ux * length / 3, baseY = cy - uy * length / 3;
  return fmt::format("<polygon points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"hsl({},75%,45%)\"/>\n",
                     tipX, tipY, baseX - uy * half, baseY + ux * half, baseX + uy * half, baseY - ux * half, hue);
}

}  // namespace

std::string renderFlockSvg(const FlockPicture& picture) {
  const flocklab::Flock* flock = picture.flock;
  if (flock == nullptr || !flock->consistent()) throw std::invalid_argument("flock picture: no flock or an inconsistent one");
  const flocklab::Space& space = picture.space;
  if (!(space.width > 0 && space.height > 0 && std::isfinite(space.width) && std::isfinite(space.height)))
    throw std::invalid_argument("flock picture: the world has no extent");
  if (picture.width < 200) throw std::invalid_argument("flock picture: width under 200 px");

  const double margin = 16, top = 56, bottom = 26;
  const double scale = (picture.width - 2 * margin) / space.width;
  const double frameHeight = space.height * scale;
  const int height = static_cast<int>(std::ceil(top + frameHeight + bottom));
  const double right = picture.width - margin, lower = top + frameHeight;
  const double n = static_cast<double>(std::max<std::size_t>(flock->size(), 1));
  const double length = std::max(3.0, 0.012 * picture.width * std::min(1.0, std::cbrt(120 / n)));

  std::string svg = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"13\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
      "<text class=\"caption\" x=\"{2}\" y=\"34\" font-size=\"17\" font-weight=\"bold\" fill=\"#222\">{3}</text>\n",
      picture.width, height, margin, escapeXml(picture.caption));

  // The legend: eight arrows in their heading's colour around a point, right of the caption.
  const double lx = right - 26, ly = 29;
  svg += fmt::format("<g class=\"legend\">\n<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" font-size=\"11\" "
                     "fill=\"#555\">heading</text>\n", lx - 30, ly + 4);
  for (int k = 0; k < 8; ++k) {
    const double a = k * std::numbers::pi / 4, ux = std::cos(a), uy = -std::sin(a);
    svg += triangle(lx + 18 * ux, ly + 18 * uy, ux, uy, 11, k * 45);
    svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#bbb\"/>\n", lx + 3 * ux,
                       ly + 3 * uy, lx + 11 * ux, ly + 11 * uy);
  }
  svg += "</g>\n";

  svg += fmt::format("<clipPath id=\"world\"><rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{:.1f}\"/></clipPath>\n",
                     margin, top, right - margin, frameHeight);
  svg += "<g class=\"obstacles\" clip-path=\"url(#world)\" fill=\"#dddddd\" stroke=\"#888888\" stroke-width=\"1.5\">\n";
  for (const flocklab::Obstacle& o : picture.obstacles)
    svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\"/>\n", margin + o.x * scale,
                       lower - o.y * scale, o.radius * scale);
  svg += "</g>\n<g class=\"boids\" clip-path=\"url(#world)\">\n";
  for (std::size_t i = 0; i < flock->size(); ++i) {
    const double x = flock->x[i], y = flock->y[i], vx = flock->vx[i], vy = flock->vy[i];
    if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(vx) || !std::isfinite(vy))
      throw std::invalid_argument(fmt::format("flock picture: boid {} has a value that is not finite", i));
    const double speed = std::sqrt(vx * vx + vy * vy);
    const double ux = speed > 0 ? vx / speed : 1, uy = speed > 0 ? -vy / speed : 0;
    svg += triangle(margin + x * scale, lower - y * scale, ux, uy, length, hueOf(vx, vy));
  }
  svg += "</g>\n";

  if (space.periodic) {
    svg += fmt::format("<rect class=\"world\" x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"none\" "
                       "stroke=\"#aaaaaa\" stroke-width=\"1\"/>\n", margin, top, right - margin, frameHeight);
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"11\" fill=\"#777\">edges wrap</text>\n", margin, lower + 17);
  } else {
    svg += fmt::format("<rect class=\"world\" x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"none\" "
                       "stroke=\"#333333\" stroke-width=\"3\"/>\n", margin, top, right - margin, frameHeight);
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"11\" fill=\"#555\">walls</text>\n", margin, lower + 17);
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace flocklab::cli
