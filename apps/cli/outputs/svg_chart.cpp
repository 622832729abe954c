// SVG rendering of a Chart. Ticks: 1-2-5 steps on linear axes, powers of ten on log axes
// (with 2 and 5 between when the range spans less than three decades). Layout: every text is
// measured with textWidth (outputs/text_fit.hpp); titles, subtitles and legend names wrap and
// then shrink, axis labels shrink, and the margins make room for the widest tick labels, so
// no text runs outside the picture however long the names a user gives.
#include "outputs/svg_chart.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "outputs/text_fit.hpp"
#include "outputs/xml_text.hpp"

namespace flocklab::cli {
namespace {

// Okabe-Ito colours: told apart by colour-blind readers too.
constexpr const char* kPalette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"};

// A number as a tick label: 0.25, 1200, 10k, 2.5M, 3e-07.
std::string tickLabel(double v) {
  if (v == 0) return "0";
  const double a = std::abs(v);
  if (a >= 1e12 || a < 1e-3) return fmt::format("{:.0e}", v);
  if (a >= 1e6) return fmt::format("{:g}M", v / 1e6);
  if (a >= 1e4) return fmt::format("{:g}k", v / 1e3);
  return fmt::format("{:g}", v);
}

struct Scale {
  double lo, hi;
  bool log;
  double pixelLo, pixelHi;
  double at(double v) const {
    const double t = log ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)) : (v - lo) / (hi - lo);
    return pixelLo + t * (pixelHi - pixelLo);
  }
};

// Fitted range and ticks of one axis.
void fitAxis(const ChartAxis& axis, double dataLo, double dataHi, double& lo, double& hi, std::vector<double>& ticks) {
  if (axis.min < axis.max) {
    lo = axis.min, hi = axis.max;
  } else {
    lo = dataLo, hi = dataHi;
    if (axis.fromZero && !axis.log) lo = std::min(lo, 0.0), hi = std::max(hi, 0.0);
  }
  if (axis.log) {
    double a = std::pow(10.0, std::floor(std::log10(lo) + 1e-9));
    double b = std::pow(10.0, std::ceil(std::log10(hi) - 1e-9));
    if (!(axis.min < axis.max)) lo = a, hi = b == a ? a * 10 : b;
    const bool fine = std::log10(hi / lo) < 3;
    for (double d = a; d <= hi * (1 + 1e-9); d *= 10)
      for (double m : {1.0, 2.0, 5.0})
        if ((m == 1 || fine) && d * m >= lo * (1 - 1e-9) && d * m <= hi * (1 + 1e-9)) ticks.push_back(d * m);
    return;
  }
  if (hi == lo) lo -= 1, hi += 1;
  const double raw = (hi - lo) / 6, magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * magnitude * (1 + 1e-9)) {
      step = m * magnitude;
      break;
    }
  if (!(axis.min < axis.max)) lo = std::floor(lo / step + 1e-9) * step, hi = std::ceil(hi / step - 1e-9) * step;
  for (double t = std::ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step)
    ticks.push_back(std::abs(t) < step * 1e-9 ? 0 : t);
}

void checkSeries(const Chart& chart, double& xLo, double& xHi, double& yLo, double& yHi) {
  xLo = yLo = INFINITY, xHi = yHi = -INFINITY;
  for (const ChartSeries& s : chart.series) {
    if (s.x.size() != s.y.size() || (!s.spread.empty() && s.spread.size() != s.y.size()))
      throw std::invalid_argument("chart series '" + s.name + "' has fields of different lengths");
    for (std::size_t k = 0; k < s.x.size(); ++k) {
      const double spread = s.spread.empty() ? 0 : s.spread[k];
      if (!std::isfinite(s.x[k]) || !std::isfinite(s.y[k]) || !std::isfinite(spread))
        throw std::invalid_argument("chart series '" + s.name + "' has a value that is not finite");
      if ((chart.x.log && s.x[k] <= 0) || (chart.y.log && s.y[k] - spread <= 0))
        throw std::invalid_argument("chart series '" + s.name + "' has a value <= 0 on a log axis");
      xLo = std::min(xLo, s.x[k]), xHi = std::max(xHi, s.x[k]);
      yLo = std::min(yLo, s.y[k] - spread), yHi = std::max(yHi, s.y[k] + spread);
    }
  }
  if (xLo > xHi) xLo = chart.x.log ? 1 : 0, xHi = chart.x.log ? 10 : 1;
  if (yLo > yHi) yLo = chart.y.log ? 1 : 0, yHi = chart.y.log ? 10 : 1;
}

// The legend's entries, fitted to a column at most `maxWidth` px wide and `maxHeight` px tall:
// names wrap to two lines, then the font shrinks, then the entries that do not fit are counted
// in a last line ("+3 more").
struct Legend {
  std::vector<FittedText> names;
  double size = 13, step = 20;  // font size and the advance from one entry's first line to the next's, px
  std::size_t shown = 0;
  double width = 0;
};

Legend fitLegend(const std::vector<ChartSeries>& series, double maxWidth, double maxHeight) {
  Legend legend;
  if (series.empty()) return legend;
  for (double size : {13.0, 11.0, 9.0}) {
    legend.names.clear();
    legend.size = size;
    double lines = 0;
    for (const ChartSeries& s : series) {
      legend.names.push_back(fitText(s.name, maxWidth - 44, size, size - 2, 2));
      lines = std::max(lines, static_cast<double>(legend.names.back().lines.size()));
    }
    legend.step = std::max(size * 1.25 * lines + 4, 20.0 * size / 13);
    legend.shown = series.size();
    if (12 + legend.step * static_cast<double>(series.size()) <= maxHeight) break;
    legend.shown = static_cast<std::size_t>(std::max(0.0, (maxHeight - 12) / legend.step - 1));
  }
  for (std::size_t i = 0; i < legend.shown; ++i)
    for (const std::string& line : legend.names[i].lines)
      legend.width = std::max(legend.width, 44 + textWidth(line, legend.names[i].size));
  if (legend.shown < series.size())
    legend.width =
        std::max(legend.width, 44 + textWidth(fmt::format("+{} more", series.size() - legend.shown), legend.size));
  return legend;
}

// A series as a line through its points, over a band of its spread; dots where they are few.
std::string lineOf(const ChartSeries& s, const Scale& sx, const Scale& sy, const char* colour) {
  std::string svg;
  if (!s.spread.empty() && !s.x.empty()) {
    std::string band;
    for (std::size_t k = 0; k < s.x.size(); ++k)
      band += fmt::format("{:.2f},{:.2f} ", sx.at(s.x[k]), sy.at(s.y[k] + s.spread[k]));
    for (std::size_t k = s.x.size(); k-- > 0;)
      band += fmt::format("{:.2f},{:.2f} ", sx.at(s.x[k]), sy.at(s.y[k] - s.spread[k]));
    svg += fmt::format("<polygon class=\"band\" points=\"{}\" fill=\"{}\" fill-opacity=\"0.18\" stroke=\"none\"/>\n",
                       band, colour);
  }
  std::string points;
  for (std::size_t k = 0; k < s.x.size(); ++k) points += fmt::format("{:.2f},{:.2f} ", sx.at(s.x[k]), sy.at(s.y[k]));
  if (!points.empty()) points.pop_back();
  svg += fmt::format(
      "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" stroke-linejoin=\"round\"/>\n", points,
      colour);
  if (s.x.size() <= 40)
    for (std::size_t k = 0; k < s.x.size(); ++k)
      svg += fmt::format("<circle cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"3\" fill=\"{}\"/>\n", sx.at(s.x[k]), sy.at(s.y[k]),
                         colour);
  return svg;
}

// The markers of the points style, about 9 px across, centred on 0: a square, a plus, a cross,
// a triangle and a diamond, as the figures of papers tell their series apart in print.
constexpr const char* kMarkers[] = {"M-4,-4H4V4H-4Z", "M-5,0H5M0,-5V5", "M-4,-4L4,4M-4,4L4,-4", "M0,-5L4.5,3.5H-4.5Z",
                                    "M0,-5L5,0L0,5L-5,0Z"};

// Outlined shapes hollow, strokes (the plus and the cross) in the series' colour.
std::string markerPaint(std::size_t series, const char* colour) {
  return fmt::format("fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"", colour,
                     series % 5 == 1 || series % 5 == 2 ? 2 : 1.6);
}

// A series as markers with error bars of its spread (with caps), and no line.
std::string pointsOf(const ChartSeries& s, const Scale& sx, const Scale& sy, std::size_t series, const char* colour) {
  std::string svg;
  if (!s.spread.empty()) {
    std::string bars;
    for (std::size_t k = 0; k < s.x.size(); ++k) {
      const double x = sx.at(s.x[k]), hi = sy.at(s.y[k] + s.spread[k]), lo = sy.at(s.y[k] - s.spread[k]);
      if (lo - hi < 1) continue;
      bars += fmt::format("M{0:.2f},{1:.2f}V{2:.2f}M{3:.2f},{1:.2f}H{4:.2f}M{3:.2f},{2:.2f}H{4:.2f}", x, hi, lo, x - 3,
                          x + 3);
    }
    if (!bars.empty())
      svg += fmt::format("<path class=\"error-bars\" clip-path=\"url(#plot)\" d=\"{}\" fill=\"none\" stroke=\"{}\" "
                         "stroke-width=\"1\"/>\n",
                         bars, colour);
  }
  for (std::size_t k = 0; k < s.x.size(); ++k)
    svg += fmt::format("<path class=\"marker\" transform=\"translate({:.2f} {:.2f})\" d=\"{}\" {}/>\n", sx.at(s.x[k]),
                       sy.at(s.y[k]), kMarkers[series % std::size(kMarkers)], markerPaint(series, colour));
  return svg;
}

}  // namespace

std::string renderSvg(const Chart& chart) {
  double xLo, xHi, yLo, yHi;
  checkSeries(chart, xLo, xHi, yLo, yHi);
  std::vector<double> xTicks, yTicks;
  fitAxis(chart.x, xLo, xHi, xLo, xHi, xTicks);
  fitAxis(chart.y, yLo, yHi, yLo, yHi, yTicks);
  const double width = chart.width, height = chart.height;
  // The left margin holds the widest y tick label right of the rotated y label.
  double widestTick = 0, lastXTick = 0;
  for (double t : yTicks) widestTick = std::max(widestTick, textWidth(tickLabel(t), 13));
  if (!xTicks.empty()) lastXTick = textWidth(tickLabel(xTicks.back()), 13);
  // The frame's edges fall on whole pixels, so that every coordinate written from them is short
  // and the same on every machine (a text width's last bits must not reach the file).
  const double left = std::round(std::max(78.0, 34 + widestTick));
  // Title and subtitle wrap, then shrink, within the width right of the left margin.
  const FittedText title = fitText(chart.title, width - left - 12, 17, 12, 2, true);
  const FittedText subtitle = fitText(chart.subtitle, width - left - 12, 13, 10, 3);
  double baseline = 26 + 1.25 * title.size * static_cast<double>(std::max<std::size_t>(title.lines.size(), 1) - 1);
  const double subtitleTop = baseline + (title.lines.empty() ? 0 : 20);
  const double top = std::round(
      subtitle.lines.empty() ? baseline + 22
                             : subtitleTop + 1.3 * subtitle.size * static_cast<double>(subtitle.lines.size() - 1) + 18);
  const double bottom = height - 58.0;
  // The legend sits right of the frame, so that it never hides a line or a band.
  const Legend legend = fitLegend(chart.series, 0.3 * width, bottom - top);
  const double right = std::round(width - std::max(24.0, lastXTick / 2 + 8) - legend.width);
  const Scale sx{xLo, xHi, chart.x.log, left, right}, sy{yLo, yHi, chart.y.log, bottom, top};

  std::string svg = svgOpening(chart.width, chart.height);
  svg += svgTextLines(title, left, 26, 1.25 * title.size, "font-weight=\"bold\" fill=\"#222\"");
  svg += svgTextLines(subtitle, left, subtitleTop, 1.3 * subtitle.size, "fill=\"#555\"");

  svg += "<g class=\"grid\" stroke=\"#e4e4e4\" stroke-width=\"1\">\n";
  for (double t : xTicks)
    svg += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\"/>\n", sx.at(t), top, bottom);
  for (double t : yTicks)
    svg += fmt::format("<line x1=\"{1}\" y1=\"{0:.1f}\" x2=\"{2}\" y2=\"{0:.1f}\"/>\n", sy.at(t), left, right);
  svg += "</g>\n";
  svg += fmt::format(
      "<rect class=\"frame\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#444\"/>\n", left, top,
      right - left, bottom - top);
  svg += "<g class=\"ticks\" fill=\"#333\">\n";
  for (double t : xTicks)
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", sx.at(t), bottom + 18,
                       tickLabel(t));
  for (double t : yTicks)
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", left - 8, sy.at(t) + 4,
                       tickLabel(t));
  svg += "</g>\n";
  const FittedText xLabel = fitText(chart.x.label, right - left, 13, 9, 1);
  const FittedText yLabel = fitText(chart.y.label, bottom - top, 13, 9, 1);
  svg += svgTextLines(xLabel, (left + right) / 2, chart.height - 16, 0,
                      "class=\"x-label\" text-anchor=\"middle\" fill=\"#222\"");
  for (const std::string& line : yLabel.lines)
    svg += fmt::format("<text class=\"y-label\" transform=\"translate(20 {:.1f}) rotate(-90)\" font-size=\"{}\" "
                       "text-anchor=\"middle\" fill=\"#222\">{}</text>\n",
                       (top + bottom) / 2, yLabel.size, escapeXml(line));

  svg += fmt::format("<clipPath id=\"plot\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>\n", left,
                     top, right - left, bottom - top);
  for (std::size_t i = 0; i < chart.series.size(); ++i) {
    const ChartSeries& s = chart.series[i];
    const char* colour = kPalette[i % std::size(kPalette)];
    // Markers on the frame's edge are drawn whole; lines, bands and error bars stay inside it.
    svg += fmt::format("<g class=\"series\" data-name=\"{}\"{}>\n", escapeXml(s.name),
                       chart.points ? "" : " clip-path=\"url(#plot)\"");
    if (chart.points) {
      svg += pointsOf(s, sx, sy, i, colour);
    } else {
      svg += lineOf(s, sx, sy, colour);
    }
    svg += "</g>\n";
  }

  if (!chart.series.empty()) {
    svg += "<g class=\"legend\">\n";
    const double x = right + 14;
    for (std::size_t i = 0; i < legend.shown; ++i) {
      const double y = top + 12 + legend.step * static_cast<double>(i);
      const char* colour = kPalette[i % std::size(kPalette)];
      if (chart.points)
        svg += fmt::format("<path transform=\"translate({} {:.1f})\" d=\"{}\" {}/>\n", x + 11, y - 4,
                           kMarkers[i % std::size(kMarkers)], markerPaint(i, colour));
      else
        svg += fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"3\"/>\n",
                           x, y - 4, x + 22, y - 4, colour);
      svg += svgTextLines(legend.names[i], x + 28, y, 1.25 * legend.names[i].size, "fill=\"#222\"");
    }
    if (legend.shown < chart.series.size())
      svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" font-size=\"{}\" fill=\"#555\">+{} more</text>\n", x + 28,
                         top + 12 + legend.step * static_cast<double>(legend.shown), legend.size,
                         chart.series.size() - legend.shown);
    svg += "</g>\n";
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace flocklab::cli
