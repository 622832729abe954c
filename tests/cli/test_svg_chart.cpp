// Charts as SVG: every series drawn with exactly its points, labels escaped, ticks placed, and
// bad data refused with a message naming the series.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "outputs/svg_chart.hpp"
#include "support/svg_points.hpp"

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
  for (const char* tick : {">0</text>", ">30</text>", ">1</text>"}) EXPECT_NE(svg.find(tick), std::string::npos) << tick;
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
