// 3D flock pictures. Design: a pinhole camera on a sphere around the box's centre (2.4 box
// diagonals away, z up) projects every point; the scale is chosen so that the box's eight
// corners fill the frame. Painter's order: the box edges behind the centre, then boids and
// spheres from far to near, then the edges in front. A boid is a triangle along the projection
// of its velocity, its size falling with distance as a real object's would, its colour the hue
// of its heading in the x-y plane (the legend of 2D pictures) with the lightness rising with
// depth (near ones strong, far ones pale). A boid heading straight at the camera is a dot.
#include "outputs/flock_picture_3d.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "flocklab/decimal_text.hpp"
#include "flocklab/text_excerpt.hpp"
#include "outputs/text_fit.hpp"

namespace flocklab::cli {
namespace {

using Vec3 = std::array<double, 3>;

Vec3 minus(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Vec3 unit(const Vec3& a) {
  const double l = std::sqrt(dot(a, a));
  return {a[0] / l, a[1] / l, a[2] / l};
}

// Camera coordinates: right, up and depth (along the view) of a world point.
struct View {
  Vec3 eye, right, up, forward;
  Vec3 at(const Vec3& p) const {
    const Vec3 q = minus(p, eye);
    return {dot(q, right), dot(q, up), dot(q, forward)};
  }
};

View viewOf(const flocklab::Space& s, const Camera& camera, double frame) {
  constexpr double kDegree = std::numbers::pi / 180;
  const double az = (camera.azimuth + camera.orbit * frame) * kDegree, el = camera.elevation * kDegree;
  const Vec3 centre{s.width / 2, s.height / 2, s.depth / 2};
  const Vec3 towards{std::cos(el) * std::cos(az), std::cos(el) * std::sin(az), std::sin(el)};
  const double distance = 2.4 * std::sqrt(s.width * s.width + s.height * s.height + s.depth * s.depth);
  View v;
  v.eye = {centre[0] + towards[0] * distance, centre[1] + towards[1] * distance, centre[2] + towards[2] * distance};
  v.forward = {-towards[0], -towards[1], -towards[2]};
  v.right = unit(cross(v.forward, {0, 0, 1}));
  v.up = cross(v.right, v.forward);
  return v;
}

}  // namespace

Camera parseCamera(const std::string& text) {
  const std::string shape =
      "--camera takes AZIMUTH,ELEVATION in degrees (elevation from -89 to 89), orbit or orbit:DEG (got " +
      excerpt(text) + ")";
  Camera c;
  if (text == "orbit") {
    c.orbit = 2;
    return c;
  }
  // Numbers as every option reads them (flocklab/decimal_text.hpp): plain decimal, no '+' or hex.
  if (text.rfind("orbit:", 0) == 0) {
    const std::optional<double> degrees = readDecimal(std::string_view(text).substr(6));
    if (!degrees || !std::isfinite(*degrees) || std::abs(*degrees) > 360) throw std::invalid_argument(shape);
    c.orbit = *degrees;
    return c;
  }
  const std::size_t comma = text.find(',');
  if (comma == std::string::npos) throw std::invalid_argument(shape);
  const std::optional<double> a = readDecimal(std::string_view(text).substr(0, comma));
  const std::optional<double> e = readDecimal(std::string_view(text).substr(comma + 1));
  if (!a || !e || !std::isfinite(*a) || !std::isfinite(*e) || std::abs(*e) > 89 || std::abs(*a) > 1e6)
    throw std::invalid_argument(shape);
  c.azimuth = *a;
  c.elevation = *e;
  return c;
}

std::string renderFlock3dSvg(const FlockPicture& picture, const Camera& camera, double frame) {
  const flocklab::Flock* flock = picture.flock;
  if (flock == nullptr || !flock->consistent() || !flock->is3d())
    throw std::invalid_argument("flock picture: no 3D flock or an inconsistent one");
  const flocklab::Space& space = picture.space;
  if (!(space.width > 0 && space.height > 0 && space.depth > 0 && std::isfinite(space.width) &&
        std::isfinite(space.height) && std::isfinite(space.depth)))
    throw std::invalid_argument("flock picture: the world has no extent");
  if (picture.width < 200) throw std::invalid_argument("flock picture: width under 200 px");

  const View view = viewOf(space, camera, frame);
  const double margin = 16, bottom = 26, right = picture.width - margin;
  const double lx = right - 26, ly = 29;
  // The legend: heading colours, or each kind's colour (and food) when the boids have kinds.
  const flocklab::Appearance& look = picture.appearance;
  const bool byKind = !look.kinds.empty() && look.kindOf.size() == flock->size();
  double legendLeft = lx - 30 - textWidth("heading", 11);
  KindsLegend kinds{byKind ? "" : headingLegend(lx, ly), legendLeft, 0};
  if (byKind || !look.food.empty()) {
    const KindsLegend list = kindsLegend(look, byKind ? right : legendLeft - 14, 10);
    kinds = {kinds.svg + list.svg, list.left, list.bottom};
  }
  const PictureHeader header = pictureHeader(picture.caption, margin, kinds.left - 16 - margin);
  const double top = std::max(header.frameTop, std::ceil(kinds.bottom + 8));
  const double frameWidth = right - margin, frameHeight = std::round(0.7 * picture.width);
  const int height = static_cast<int>(std::ceil(top + frameHeight + bottom));

  // The box's corners in camera coordinates, and the scale that fits their projections.
  std::array<Vec3, 8> corners;
  for (int k = 0; k < 8; ++k)
    corners[k] = view.at({k & 1 ? space.width : 0, k & 2 ? space.height : 0, k & 4 ? space.depth : 0});
  double minX = INFINITY, maxX = -INFINITY, minY = INFINITY, maxY = -INFINITY, near = INFINITY, far = -INFINITY;
  for (const Vec3& c : corners) {
    minX = std::min(minX, c[0] / c[2]), maxX = std::max(maxX, c[0] / c[2]);
    minY = std::min(minY, c[1] / c[2]), maxY = std::max(maxY, c[1] / c[2]);
    near = std::min(near, c[2]), far = std::max(far, c[2]);
  }
  const double focal = 0.94 * std::min(frameWidth / (maxX - minX), frameHeight / (maxY - minY));
  const double cx = margin + frameWidth / 2 - focal * (minX + maxX) / 2;
  const double cy = top + frameHeight / 2 + focal * (minY + maxY) / 2;
  const auto screen = [&](const Vec3& c) {
    return std::array<double, 2>{cx + focal * c[0] / c[2], cy - focal * c[1] / c[2]};
  };
  const double middle = (near + far) / 2;
  // A boid's length in world units: 0.7 of the mean spacing, and at most 1.7% of the picture's
  // width at the box's middle depth.
  const double volume = space.width * space.height * space.depth;
  const double spacing = std::cbrt(volume / static_cast<double>(std::max<std::size_t>(flock->size(), 1)));
  const double worldLength = std::min(0.7 * spacing, 0.017 * picture.width * middle / focal);

  std::string svg = svgOpening(picture.width, height);
  svg += header.svg;
  svg += kinds.svg;

  // Box edges join corners that differ in one bit; an edge is behind when its middle is farther
  // than the box's centre.
  const auto edges = [&](bool behind) {
    std::string lines = fmt::format("<g class=\"box\" data-side=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{}>\n",
                                    behind ? "back" : "front", behind ? "#bbbbbb" : "#777777", behind ? 1 : 1.3,
                                    behind ? " stroke-dasharray=\"4 3\"" : "");
    for (int a = 0; a < 8; ++a)
      for (int bit = 1; bit < 8; bit <<= 1) {
        const int b = a | bit;
        if (b == a) continue;
        if (((corners[a][2] + corners[b][2]) / 2 > middle) != behind) continue;
        const auto p = screen(corners[a]), q = screen(corners[b]);
        lines +=
            fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>\n", p[0], p[1], q[0], q[1]);
      }
    return lines + "</g>\n";
  };
  svg += edges(true);

  // Everything between: boids and spheres, far to near.
  struct Item {
    double depth;
    std::string svg;
  };
  std::vector<Item> items;
  items.reserve(flock->size() + picture.obstacles.size());
  const auto paleness = [&](double depth) { return std::clamp((depth - near) / (far - near), 0.0, 1.0); };
  for (const flocklab::Obstacle& o : picture.obstacles) {
    const Vec3 c = view.at({o.x, o.y, o.z});
    const auto p = screen(c);
    items.push_back({c[2], fmt::format("<circle class=\"obstacle\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" "
                                       "fill=\"url(#sphere)\" stroke=\"#888888\"/>\n",
                                       p[0], p[1], focal * o.radius / c[2])});
  }
  for (std::size_t i = 0; i < flock->size(); ++i) {
    const Vec3 at{flock->x[i], flock->y[i], flock->z[i]}, v{flock->vx[i], flock->vy[i], flock->vz[i]};
    for (int k = 0; k < 3; ++k)
      if (!std::isfinite(at[k]) || !std::isfinite(v[k]))
        throw std::invalid_argument(fmt::format("flock picture: boid {} has a value that is not finite", i));
    const double speed = std::sqrt(dot(v, v));
    const Vec3 c = view.at(at);
    const auto p = screen(c);
    const flocklab::BoidKind* kind = byKind ? &look.kinds[look.kindOf[i]] : nullptr;
    // px at this depth; a kind's size scales it by its square root.
    const double length = focal * worldLength / c[2] * (kind ? std::clamp(std::sqrt(kind->size), 0.5, 3.0) : 1.0);
    const int hue = hueOf(v[0], v[1]);
    const int light = static_cast<int>(std::lround(38 + 34 * paleness(c[2])));
    // Far boids fade: a paler hue, or a kind's colour less opaque.
    const std::string fill =
        kind ? kind->colour : fmt::format("hsl({},{}%,{}%)", hue, 80 - static_cast<int>(30 * paleness(c[2])), light);
    const std::string attributes =
        kind ? fmt::format(" fill-opacity=\"{:.2f}\"{}", 1 - 0.5 * paleness(c[2]), kindOutline(*kind)) : "";
    // The velocity's direction on screen: where a point half a length ahead lands.
    std::array<double, 2> ahead = p;
    if (speed > 0) {
      const double step = worldLength / 2 / speed;
      ahead = screen(view.at({at[0] + v[0] * step, at[1] + v[1] * step, at[2] + v[2] * step}));
    }
    const double dx = ahead[0] - p[0], dy = ahead[1] - p[1], shown = std::sqrt(dx * dx + dy * dy);
    std::string mark;
    if (length < 2.5 || shown < 0.15 * length) {
      mark = fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.2f}\" fill=\"{}\"{}/>\n", p[0], p[1],
                         std::max(0.6, 0.22 * length), fill, attributes);
    } else {
      // Foreshortened: the arrow is as long as the velocity's projection shows it.
      const double drawn = length * std::min(1.0, 2 * shown / length);
      const double ux = dx / shown, uy = dy / shown, half = 0.3 * length;
      const double tipX = p[0] + ux * drawn * 2 / 3, tipY = p[1] + uy * drawn * 2 / 3;
      const double baseX = p[0] - ux * drawn / 3, baseY = p[1] - uy * drawn / 3;
      mark = fmt::format("<polygon points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"{}\"{}/>\n", tipX, tipY,
                         baseX - uy * half, baseY + ux * half, baseX + uy * half, baseY - ux * half, fill, attributes);
    }
    items.push_back({c[2], std::move(mark)});
  }
  for (const flocklab::FoodMark& f : look.food) {
    const Vec3 c = view.at({f.x, f.y, f.z});
    const auto p = screen(c);
    items.push_back({c[2], foodMark(p[0], p[1], f)});
  }
  std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.depth > b.depth; });
  svg +=
      "<defs><radialGradient id=\"sphere\" cx=\"35%\" cy=\"35%\" r=\"65%\"><stop offset=\"0\" stop-color=\"#f4f4f4\"/>"
      "<stop offset=\"1\" stop-color=\"#b8b8b8\"/></radialGradient></defs>\n<g class=\"boids\">\n";
  for (const Item& item : items) svg += item.svg;
  svg += "</g>\n";
  svg += edges(false);

  svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"11\" fill=\"#777\">{} - camera at azimuth {:g}, "
                     "elevation {:g} degrees</text>\n",
                     margin, top + frameHeight + 17,
                     !picture.edgesNote.empty() ? picture.edgesNote
                     : space.periodic           ? "edges wrap"
                                                : "walls",
                     std::fmod(camera.azimuth + camera.orbit * frame, 360.0), camera.elevation);
  svg += "</svg>\n";
  return svg;
}

}  // namespace flocklab::cli
