// Charts as SVG: every series drawn with exactly its points, labels escaped, ticks placed, bad
// data refused with a message naming the series, and long texts wrapped or shrunk to stay
// inside the picture (measured as the layout measures them, outputs/text_fit.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>

#include "outputs/png_image.hpp"
#include "outputs/svg_chart.hpp"
#include "outputs/text_fit.hpp"
#include "support/cli_fixture.hpp"
#include "support/svg_points.hpp"
#include "support/svg_text_boxes.hpp"

using namespace flocklab::cli;

namespace {

Chart twoSeries() {
  Chart c;
  c.title = "Order <and> share";
  c.x = {"step"};
  c.y = {"value", false, true};
  c.series = {{"polarization", {0, 10, 20, 30}, {0.1, 0.5, 0.8, 0.9}, {}},
              {"largest share", {0, 10, 20}, {0.3, 0.6, 1.0}, {0.1, 0.05, 0}}};
  return c;
}

}  // namespace

TEST(SvgChart, DrawsEachSeriesWithItsPoints) {
  const std::string svg = renderSvg(twoSeries());
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_EQ(pointsOf(svg, "polarization"), 4);
  EXPECT_EQ(pointsOf(svg, "largest share"), 3);
  EXPECT_NE(svg.find("class=\"band\""), std::string::npos) << "the spread is drawn as a band";
  EXPECT_NE(svg.find("Order &lt;and&gt; share"), std::string::npos);
  EXPECT_EQ(svg.find("<and>"), std::string::npos);
  EXPECT_NE(svg.find(">step</text>"), std::string::npos);
  EXPECT_NE(svg.find(">value</text>"), std::string::npos);
}

TEST(SvgChart, TicksAreRoundNumbersCoveringTheData) {
  const std::string svg = renderSvg(twoSeries());
  // x from 0 to 30: ticks 0, 5, ..., 30; y from 0 (fromZero) to about 1.1.
  for (const char* tick : {">0</text>", ">30</text>", ">1</text>"})
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  Chart log;
  log.x = {"boids", true};
  log.y = {"ns", true};
  log.series = {{"grid", {1000, 10000, 100000}, {300, 280, 290}, {}}};
  const std::string logSvg = renderSvg(log);
  for (const char* tick : {">1000</text>", ">10k</text>", ">100k</text>"})
    EXPECT_NE(logSvg.find(tick), std::string::npos) << tick;
}

TEST(SvgChart, RefusesBadData) {
  Chart c = twoSeries();
  c.series[0].y.pop_back();
  EXPECT_THROW(renderSvg(c), std::invalid_argument);
  c = twoSeries();
  c.series[1].y[1] = std::nan("");
  EXPECT_THROW(renderSvg(c), std::invalid_argument);
  c = twoSeries();
  c.y.log = true;
  c.series[0].y[0] = 0;
  try {
    renderSvg(c);
    FAIL() << "a zero on a log axis must be refused";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("polarization"), std::string::npos) << e.what();
  }
}

TEST(TextFit, WidthsFollowTheFont) {
  EXPECT_EQ(textWidth("", 13), 0);
  EXPECT_GT(textWidth("WWW", 13), textWidth("iii", 13) * 2) << "a per-character width, not an average";
  EXPECT_GT(textWidth("Order", 17, true), textWidth("Order", 17)) << "bold is wider";
  EXPECT_NEAR(textWidth("mean", 26), 2 * textWidth("mean", 13), 1e-9);
  // DejaVu Sans draws "0123456789" 6.37 em wide; the estimate is never narrower.
  EXPECT_GE(textWidth("0123456789", 100), 637);
  EXPECT_GE(textWidth("\xc3\xa9", 10), 10) << "a character outside ASCII counts as one em";
}

TEST(TextFit, WrapsAtTheCaptionsPartsThenShrinksThenCuts) {
  const std::string caption = "steering (preset flock) - 1500 boids - seed 42 - step 1800 - fov 270, 2 obstacles";
  const FittedText one = fitText(caption, 2000, 17, 11, 2, true);
  EXPECT_EQ(one.lines, std::vector<std::string>{caption});
  EXPECT_EQ(one.size, 17);
  const std::string first = "steering (preset flock) - 1500 boids - seed 42 - step 1800";
  const FittedText two = fitText(caption, textWidth(first, 17, true) + 5, 17, 11, 2, true);
  ASSERT_EQ(two.lines.size(), 2u);
  EXPECT_EQ(two.size, 17);
  EXPECT_EQ(two.lines[0], first) << "the dash at a break is dropped";
  EXPECT_EQ(two.lines[1], "fov 270, 2 obstacles");
  const FittedText small = fitText(caption, 300, 17, 11, 2, true);
  EXPECT_LT(small.size, 17) << "two lines at 17 px do not hold it in 300 px";
  for (const FittedText& f : {one, two, small})
    for (const std::string& line : f.lines) EXPECT_LE(textWidth(line, f.size, true), 2000.0);
  for (const std::string& line : small.lines) EXPECT_LE(textWidth(line, small.size, true), 300) << line;
  const FittedText cut = fitText(std::string(400, 'x') + " end", 200, 13, 10, 2);
  ASSERT_EQ(cut.lines.size(), 2u);
  EXPECT_EQ(cut.size, 10);
  EXPECT_EQ(cut.lines[1].substr(cut.lines[1].size() - 3), "...") << "what does not fit ends in ...";
  for (const std::string& line : cut.lines) EXPECT_LE(textWidth(line, 10), 200) << line;
}

TEST(SvgChart, LongTextsStayInsideThePicture) {
  const std::string longName = "separation-radius=25, alignment=1.5, cohesion=0.25, vision=80, fov=270";
  Chart c;
  c.title = "Largest group's share against separation-radius, alignment and every other swept parameter";
  c.subtitle = "model steering (preset flock) - 1500 boids - 1800 steps - 25 seeds from 42 - fov 270, 2 obstacles, "
               "vision 80, separation-radius 25, max-speed 200, edges walls: mean and standard deviation over seeds";
  c.x = {"a very long parameter name for the x axis, with its unit spelled out in full (world units per step)"};
  c.y = {"largest group's share of the flock at the end of the run, mean of the last fifth of the steps"};
  for (int k = 0; k < 30; ++k)
    c.series.push_back({longName + " #" + std::to_string(k), {0.5, 1e6, 2.5e6}, {-0.0015, 1e-3 * k, 0.5}, {}});
  for (int width : {760, 500, 360}) {
    c.width = width;
    const std::string svg = renderSvg(c);
    expectTextInside(svg, "a chart " + std::to_string(width) + " px wide");
    if (const char* keep = std::getenv("FLOCKLAB_KEEP_PICTURES"))  // to look at them
      std::ofstream(std::string(keep) + "/long-" + std::to_string(width) + ".png") << svgToPng(svg);
  }
  c.series.resize(2);
  expectTextInside(renderSvg(c), "a chart with two long legend names");
  c.series.clear();
  expectTextInside(renderSvg(c), "a chart without series");
}

// The sweep plot of the abm model, whose subtitle ran out of the picture at "standard devi".
class SweepPlotText : public Cli {};

TEST_F(SweepPlotText, TheAbmSweepPlotKeepsItsSubtitleInside) {
  const Result r =
      run("sweep --model abm --param visual-distance=2:10:2 --seeds 3 --steps 20 --out a.csv --plot a.svg --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string svg = slurp(dir_ / "a.svg");
  expectTextInside(svg, "the abm sweep plot");
  EXPECT_NE(svg.find("mean and standard deviation over seeds"), std::string::npos) << "the subtitle, whole";
  EXPECT_NE(svg.find("200 agents"), std::string::npos) << "the model's own unit in the subtitle";
}

TEST(SvgChart, PointsStyleDrawsAShapeASeriesWithErrorBars) {
  Chart c = twoSeries();
  c.points = true;
  const std::string svg = renderSvg(c);
  EXPECT_EQ(svg.find("<polyline"), std::string::npos);
  EXPECT_EQ(svg.find("class=\"band\""), std::string::npos);
  std::size_t markers = 0;
  for (std::size_t at = svg.find("<path class=\"marker\""); at != std::string::npos;
       at = svg.find("<path class=\"marker\"", at + 1))
    ++markers;
  EXPECT_EQ(markers, 4u + 3u);
  // The second series has a spread: its error bars, two of them longer than a pixel (the third is 0).
  const std::size_t bars = svg.find("<path class=\"error-bars\"");
  ASSERT_NE(bars, std::string::npos);
  EXPECT_GT(bars, svg.find("data-name=\"largest share\""));
  const std::string d = svg.substr(bars, svg.find("/>", bars) - bars);
  EXPECT_EQ(std::count(d.begin(), d.end(), 'V'), 2);
  // Each series its own shape, in the legend too: the first series' square, the second's plus.
  const std::string square = "d=\"M-4,-4H4V4H-4Z\"", plus = "d=\"M-5,0H5M0,-5V5\"";
  const std::size_t legend = svg.find("<g class=\"legend\">");
  EXPECT_LT(svg.find(square), legend);
  EXPECT_NE(svg.find(square, legend), std::string::npos);
  EXPECT_NE(svg.find(plus, legend), std::string::npos);
}

TEST(SvgChart, WritesEveryCoordinateShort) {
  // The layout measures texts whose widths are not round numbers; the frame's edges are rounded
  // to whole pixels, so no coordinate carries a measurement's last bits (x="329.56735000000003"),
  // and the same chart is the same bytes wherever it is drawn.
  Chart c = twoSeries();
  c.title = "polarization against radius, mean and s.d. over 20 seeds";
  c.subtitle = "flocklab sweep --param radius=2:20:2 --param alignment=0,0.5,1 --seeds 20 --steps 600";
  c.series[0].name = "alignment = 0.5";
  const std::string svg = renderSvg(c);
  std::size_t longest = 0;
  for (std::size_t at = svg.find('.'); at != std::string::npos; at = svg.find('.', at + 1)) {
    if (at == 0 || !std::isdigit(static_cast<unsigned char>(svg[at - 1]))) continue;
    std::size_t digits = 0;
    while (at + 1 + digits < svg.size() && std::isdigit(static_cast<unsigned char>(svg[at + 1 + digits]))) ++digits;
    longest = std::max(longest, digits);
  }
  EXPECT_LE(longest, 2u) << svg;
}
