// Flock pictures. Design: one scale (px per world unit) maps the world into a frame below the
// caption, with y flipped because the world's y grows upward and SVG's downward. A boid is an
// isosceles triangle with its centroid on the boid's position and its tip along the velocity;
// its length follows the mean spacing of the flock in the frame (markLength), so 120 boids and
// 1,500 read alike. Where triangles would be specks, boids are square dots gathered into one
// path per hue: a million boids stay a picture librsvg renders in seconds. The fill is the
// heading as a hue (0 deg = +x, counter-clockwise, as atan2 gives it), explained by a ring of
// eight arrows in the top margin; the caption wraps (then shrinks) in the room left of it.
// Everything is clipped to the world, so boids at a wrapped edge are cut, not moved. A world
// taller than kTallest picture widths is drawn narrower, and one flatter than kFlattest px is
// stretched upward (the footer says by how much), so that any world the engine runs can be drawn.
#include "outputs/flock_picture.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <numbers>
#include <stdexcept>

#include "flocklab/world_view.hpp"
#include "outputs/text_fit.hpp"
#include "outputs/xml_text.hpp"

namespace flocklab::cli {
namespace {

// The frame's height at most, in picture widths, and at least, in px.
constexpr double kTallest = 2.5, kFlattest = 16;

}  // namespace

// The hue of a heading given as a direction (dx, dy) in world axes, degrees in [0, 360).
int hueOf(double dx, double dy) {
  const double degrees = std::atan2(dy, dx) * 180 / std::numbers::pi;
  return static_cast<int>(std::lround(degrees < 0 ? degrees + 360 : degrees)) % 360;
}

// A triangle of length `length` centred (at its centroid) on (cx, cy) pointing along the unit
// vector (ux, uy) in SVG axes.
std::string triangle(double cx, double cy, double ux, double uy, double length, const std::string& fill,
                     const std::string& attributes) {
  const double half = 0.28 * length;
  const double tipX = cx + ux * length * 2 / 3, tipY = cy + uy * length * 2 / 3;
  const double baseX = cx - ux * length / 3, baseY = cy - uy * length / 3;
  return fmt::format("<polygon points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"{}\"{}/>\n", tipX, tipY,
                     baseX - uy * half, baseY + ux * half, baseX + uy * half, baseY - ux * half, fill, attributes);
}

std::string triangle(double cx, double cy, double ux, double uy, double length, int hue) {
  return triangle(cx, cy, ux, uy, length, fmt::format("hsl({},75%,45%)", hue));
}

std::string kindOutline(const flocklab::BoidKind& kind) {
  return kind.predator ? " stroke=\"#111\" stroke-width=\"1.2\"" : "";
}

std::string foodMark(double x, double y, const flocklab::FoodMark& food, const std::string& attributes) {
  const double left = food.full > 0 ? std::clamp(food.amount / food.full, 0.0, 1.0) : 1;
  return fmt::format("<circle class=\"food\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"#3a9d3a\" "
                     "fill-opacity=\"0.85\" stroke=\"#1e5e1e\"{}/>\n",
                     x, y, 2.5 + 5.5 * std::sqrt(left), attributes);
}

KindsLegend kindsLegend(const flocklab::Appearance& a, double right, double top) {
  std::vector<std::string> names;
  for (const flocklab::BoidKind& k : a.kinds)
    names.push_back(fmt::format("{} ({}{})", k.name, k.predator ? "predator, " : "", k.count));
  if (!a.food.empty()) names.push_back(a.food.size() == 1 ? "food" : fmt::format("food ({} sources)", a.food.size()));
  double widest = 0;
  for (const std::string& n : names) widest = std::max(widest, textWidth(n, 11));
  const double textRight = right, markX = right - widest - 12;
  KindsLegend legend{"<g class=\"legend\">\n", markX - 8, top};
  for (std::size_t i = 0; i < names.size(); ++i) {
    const double y = top + 8 + 15 * static_cast<double>(i);
    if (i < a.kinds.size()) {
      const flocklab::BoidKind& k = a.kinds[i];
      legend.svg += triangle(markX, y, 1, 0, 10 * std::clamp(std::sqrt(k.size), 0.8, 1.6), k.colour, kindOutline(k));
    } else {
      legend.svg += foodMark(markX, y, flocklab::FoodMark{0, 0, 0, 1, 1}, "");
    }
    legend.svg +=
        fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" font-size=\"11\" fill=\"#333\">{}</text>\n",
                    textRight, y + 4, escapeXml(names[i]));
    legend.bottom = y + 8;
  }
  legend.svg += "</g>\n";
  return legend;
}

PictureHeader pictureHeader(const std::string& text, double margin, double room) {
  const FittedText fitted = fitText(text, room, 17, 11, 3, true);
  const double lineHeight = 1.25 * fitted.size;
  const double first = fitted.lines.size() > 1 ? 10 + kAscent * fitted.size : 34;
  const double last = first + lineHeight * static_cast<double>(std::max<std::size_t>(fitted.lines.size(), 1) - 1);
  return {svgTextLines(fitted, margin, first, lineHeight, "class=\"caption\" font-weight=\"bold\" fill=\"#222\""),
          std::max(56.0, std::ceil(last + kDescent * fitted.size + 9))};
}

std::string headingLegend(double lx, double ly) {
  std::string svg =
      fmt::format("<g class=\"legend\">\n<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" font-size=\"11\" "
                  "fill=\"#555\">heading</text>\n",
                  lx - 30, ly + 4);
  for (int k = 0; k < 8; ++k) {
    const double a = k * std::numbers::pi / 4, ux = std::cos(a), uy = -std::sin(a);
    svg += triangle(lx + 18 * ux, ly + 18 * uy, ux, uy, 11, k * 45);
    svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#bbb\"/>\n", lx + 3 * ux,
                       ly + 3 * uy, lx + 11 * ux, ly + 11 * uy);
  }
  return svg + "</g>\n";
}

double markLength(double frameWidth, double frameHeight, std::size_t n, int width) {
  const double spacing = std::sqrt(frameWidth * frameHeight / static_cast<double>(std::max<std::size_t>(n, 1)));
  return std::min(0.7 * spacing, 0.017 * width);
}

void frameOnGroup(FlockPicture& picture, flocklab::Flock& moved) {
  if (!picture.space.unbounded || picture.flock == nullptr || picture.flock->size() == 0) return;
  const flocklab::Flock& f = *picture.flock;
  const int dims = f.is3d() ? 3 : 2;
  std::vector<double>* axes[3] = {&moved.x, &moved.y, &moved.z};
  moved = f;
  // The view every front end shows (flocklab/world_view.hpp): the square (cube) that follows the group.
  const flocklab::WorldView view = flocklab::viewOf(picture.space, f);
  const double origin[3] = {view.x0, view.y0, view.z0}, side = view.width;
  for (int a = 0; a < dims; ++a)
    for (double& v : *axes[a]) v -= origin[a];
  for (flocklab::Obstacle& o : picture.obstacles) o.x -= origin[0], o.y -= origin[1], o.z -= origin[2];
  for (flocklab::FoodMark& m : picture.appearance.food) m.x -= origin[0], m.y -= origin[1], m.z -= origin[2];
  picture.flock = &moved;
  picture.space = {side, side, false, dims == 3 ? side : 0.0};
  picture.edgesNote = fmt::format("open space, the view on the group: x {:.4g} to {:.4g}, y {:.4g} to {:.4g}",
                                  origin[0], origin[0] + side, origin[1], origin[1] + side);
}

std::string renderFlockSvg(const FlockPicture& picture) {
  const flocklab::Flock* flock = picture.flock;
  if (flock == nullptr || !flock->consistent())
    throw std::invalid_argument("flock picture: no flock or an inconsistent one");
  const flocklab::Space& space = picture.space;
  if (!(space.width > 0 && space.height > 0 && std::isfinite(space.width) && std::isfinite(space.height)))
    throw std::invalid_argument("flock picture: the world has no extent");
  if (picture.width < 200) throw std::invalid_argument("flock picture: width under 200 px");

  const double margin = 16, bottom = 26;
  const double right = picture.width - margin, lx = right - 26, ly = 29;
  // The legend: heading colours, or each kind's colour (and food) when the boids have kinds.
  const flocklab::Appearance& look = picture.appearance;
  const bool byKind = !look.kinds.empty() && look.kindOf.size() == flock->size();
  KindsLegend kinds{"", 0, 0};
  double legendLeft = lx - 30 - textWidth("heading", 11);
  std::string legend;
  if (byKind) {
    kinds = kindsLegend(look, right, 10);
    legendLeft = kinds.left, legend = kinds.svg;
  } else {
    legend = headingLegend(lx, ly);
    if (!look.food.empty()) {  // food beside the heading ring
      kinds = kindsLegend(look, legendLeft - 14, 10);
      legendLeft = kinds.left, legend += kinds.svg;
    }
  }
  const PictureHeader header = pictureHeader(picture.caption, margin, legendLeft - 16 - margin);
  const double top = std::max(header.frameTop, std::ceil(kinds.bottom + 8));
  const double scale = std::min((right - margin) / space.width, kTallest * picture.width / space.height);
  const double yScale = std::max(scale, kFlattest / space.height);  // > scale: a flat world, stretched
  const double frameWidth = space.width * scale, frameHeight = space.height * yScale;
  const int height = static_cast<int>(std::ceil(top + frameHeight + bottom));
  const double lower = top + frameHeight;
  const double length = markLength(frameWidth, frameHeight, flock->size(), picture.width);

  std::string svg = svgOpening(picture.width, height);
  svg += header.svg;

  svg += legend;

  svg += fmt::format("<clipPath id=\"world\"><rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{:.1f}\"/></clipPath>\n",
                     margin, top, frameWidth, frameHeight);
  svg += "<g class=\"obstacles\" clip-path=\"url(#world)\" fill=\"#dddddd\" stroke=\"#888888\" stroke-width=\"1.5\">\n";
  for (const flocklab::Obstacle& o : picture.obstacles)
    svg += yScale > scale ? fmt::format("<ellipse cx=\"{:.1f}\" cy=\"{:.1f}\" rx=\"{:.1f}\" ry=\"{:.1f}\"/>\n",
                                        margin + o.x * scale, lower - o.y * yScale, o.radius * scale, o.radius * yScale)
                          : fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\"/>\n", margin + o.x * scale,
                                        lower - o.y * scale, o.radius * scale);
  const bool dots = length < kMinTriangle;
  svg += fmt::format("</g>\n<g class=\"boids\"{} clip-path=\"url(#world)\">\n", dots ? " data-marks=\"dots\"" : "");
  // Dots: a square of side `side` px (a multiple of 1/4, so that it prints short) per boid, in
  // one path per 10 degrees of hue.
  const double side = std::round(std::clamp(0.7 * length, 1.0, 2.5) * 4) / 4;
  // One path per hue (36) or per kind; a boid's size scales its mark (by its square root, so
  // that a predator of size 2 stands out without hiding its neighbours).
  std::vector<std::string> paths(byKind ? look.kinds.size() : 36);
  const auto sizeOf = [&](std::size_t i) {
    return byKind ? std::clamp(std::sqrt(look.kinds[look.kindOf[i]].size), 0.5, 3.0) : 1.0;
  };
  for (std::size_t i = 0; i < flock->size(); ++i) {
    const double x = flock->x[i], y = flock->y[i], vx = flock->vx[i], vy = flock->vy[i];
    if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(vx) || !std::isfinite(vy))
      throw std::invalid_argument(fmt::format("flock picture: boid {} has a value that is not finite", i));
    const double px = margin + x * scale, py = lower - y * yScale;
    if (dots) {
      const std::size_t path = byKind ? look.kindOf[i] : static_cast<std::size_t>((hueOf(vx, vy) + 5) / 10 % 36);
      const double s = side * sizeOf(i);
      fmt::format_to(std::back_inserter(paths[path]), "M{:.1f} {:.1f}h{}v{}h-{}z", px - s / 2, py - s / 2, s, s, s);
      continue;
    }
    const double speed = std::sqrt(vx * vx + vy * vy);
    const double ux = speed > 0 ? vx / speed : 1, uy = speed > 0 ? -vy / speed : 0;
    if (byKind) {
      const flocklab::BoidKind& kind = look.kinds[look.kindOf[i]];
      svg += triangle(px, py, ux, uy, length * sizeOf(i), kind.colour, kindOutline(kind));
    } else {
      svg += triangle(px, py, ux, uy, length, hueOf(vx, vy));
    }
  }
  for (std::size_t k = 0; k < paths.size(); ++k)
    if (!paths[k].empty())
      svg += byKind ? fmt::format("<path fill=\"{}\"{} d=\"{}\"/>\n", look.kinds[k].colour, kindOutline(look.kinds[k]),
                                  paths[k])
                    : fmt::format("<path fill=\"hsl({},75%,45%)\" d=\"{}\"/>\n", k * 10, paths[k]);
  svg += "</g>\n";
  if (!look.food.empty()) {
    svg += "<g class=\"food\" clip-path=\"url(#world)\">\n";
    for (const flocklab::FoodMark& f : look.food) svg += foodMark(margin + f.x * scale, lower - f.y * yScale, f);
    svg += "</g>\n";
  }

  const bool wrap = space.periodic, open = !picture.edgesNote.empty();
  svg += fmt::format("<rect class=\"world\" x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"none\" "
                     "stroke=\"{}\" stroke-width=\"{}\"/>\n",
                     margin, top, frameWidth, frameHeight, wrap || open ? "#aaaaaa" : "#333333", wrap || open ? 1 : 3);
  svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"11\" fill=\"{}\">{}</text>\n", margin, lower + 17,
                     wrap || open ? "#777" : "#555",
                     (open ? picture.edgesNote : std::string(wrap ? "edges wrap" : "walls")) +
                         (yScale > scale ? fmt::format(" - height stretched {:.3g} times", yScale / scale) : ""));
  svg += "</svg>\n";
  return svg;
}

}  // namespace flocklab::cli
