#pragma once
// Reads a chart back: the points of one series of an SVG made by flocklab's chart writer.
#include <algorithm>
#include <string>

/// The number of points in the <polyline> of the series called `name`, or -1 when the chart
/// has no such series.
inline long pointsOf(const std::string& svg, const std::string& name) {
  const std::size_t group = svg.find("data-name=\"" + name + "\"");
  if (group == std::string::npos) return -1;
  const std::size_t begin = svg.find("<polyline points=\"", group) + 18;
  const std::string points = svg.substr(begin, svg.find('"', begin) - begin);
  return points.empty() ? 0 : std::count(points.begin(), points.end(), ' ') + 1;
}
