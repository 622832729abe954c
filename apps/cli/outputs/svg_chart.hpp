#pragma once
// Line charts as SVG: the pictures of `flocklab bench`, `run --plot` and `sweep --plot`.
//
// Design: a chart is plain data (series of points, two axes) rendered to a self-contained SVG
// string with nice ticks, labels and a legend, so every chart flocklab draws looks alike and
// tests can read it back as XML. Each series is a <g class="series" data-name="..."> holding one
// <polyline> with exactly its points (and a shaded band when it has a spread); in the points
// style, as in a paper's figure, one marker a point (each series its own shape, at
// translate(x y)) with an error bar of the spread, and no line.
#include <string>
#include <vector>

namespace flocklab::cli {

struct ChartSeries {
  std::string name;
  std::vector<double> x, y;
  std::vector<double> spread;  ///< optional: a band y +- spread[k] (e.g. a standard deviation)
};

struct ChartAxis {
  std::string label;
  bool log = false;         ///< logarithmic (values must be > 0)
  bool fromZero = false;    ///< a linear axis that includes 0
  double min = 0, max = 0;  ///< fixed range when min < max, else fitted to the data
};

struct Chart {
  std::string title, subtitle;
  ChartAxis x, y;
  std::vector<ChartSeries> series;
  bool points = false;  ///< markers and error bars instead of lines and bands
  int width = 760, height = 460;
};

/// The chart as an SVG document. Throws std::invalid_argument when a series' fields differ in
/// length, a value is not finite, or a log axis meets a value <= 0.
std::string renderSvg(const Chart& chart);

}  // namespace flocklab::cli
