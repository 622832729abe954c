// 3D pictures as a user makes them (`flocklab run --dims 3 --picture`): a valid SVG with one mark
// a boid and the box's twelve edges, a nearer boid drawn larger and after a farther one, the
// camera placed by --camera and turned by orbit from frame to frame, and bad camera values
// refused before any work.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "support/cli_fixture.hpp"
#include "support/svg_points.hpp"

namespace {

std::size_t countOf(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The area of each <polygon> of the boids' group, in drawing order.
std::vector<double> triangleAreas(const std::string& svg) {
  std::vector<double> areas;
  const std::string boids = svg.substr(svg.find("<g class=\"boids\">"));
  const std::regex polygon(R"(<polygon points="([-0-9.]+),([-0-9.]+) ([-0-9.]+),([-0-9.]+) ([-0-9.]+),([-0-9.]+)\")");
  for (std::sregex_iterator it(boids.begin(), boids.end(), polygon), end; it != end; ++it) {
    double p[6];
    for (int k = 0; k < 6; ++k) p[k] = std::stod((*it)[k + 1]);
    areas.push_back(std::abs((p[2] - p[0]) * (p[5] - p[1]) - (p[4] - p[0]) * (p[3] - p[1])) / 2);
  }
  return areas;
}

}  // namespace

TEST_F(Cli, ThreeDimensionalPictureShowsEveryBoidAndTheBox) {
  ASSERT_EQ(run("run --dims 3 --world 50 --steps 100 --picture p.svg --quiet").status, 0);
  const std::string svg = slurp(dir_ / "p.svg");
  EXPECT_EQ(shell("/usr/bin/python3 -c \"import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])\" p.svg").status,
            0);
  const std::string boids = svg.substr(svg.find("<g class=\"boids\">"));
  EXPECT_EQ(countOf(boids.substr(0, boids.find("</g>")), "<polygon") +
                countOf(boids.substr(0, boids.find("</g>")), "<circle"),
            120u);
  EXPECT_EQ(countOf(svg, "<line x1") - 8, 12u) << "the box's edges besides the legend's eight spokes";
  EXPECT_NE(svg.find("dims 3"), std::string::npos) << "the caption names the dimension";
  EXPECT_NE(svg.find("camera at azimuth 35, elevation 25 degrees"), std::string::npos);
  ASSERT_EQ(run("run --dims 3 --steps 5 --picture p.png --quiet").status, 0);
  EXPECT_EQ(slurp(dir_ / "p.png").substr(0, 8), "\x89PNG\r\n\x1a\n");
}

// Two boids with the same heading, one in the corner nearest the default camera (azimuth 35,
// elevation 25: the +x, +y, +z side) and one in the farthest: the near one is larger, drawn last.
TEST_F(Cli, ANearerBoidIsLargerAndDrawnInFront) {
  write("two.csv", "x,y,z,vx,vy,vz\n95,95,95,0.5,-0.5,0\n5,5,5,0.5,-0.5,0\n");
  ASSERT_EQ(run("run --dims 3 --init two.csv --steps 0 --picture two.svg --quiet").status, 0);
  const auto areas = triangleAreas(slurp(dir_ / "two.svg"));
  ASSERT_EQ(areas.size(), 2u);
  EXPECT_GT(areas[1], 1.3 * areas[0]) << "far first, then the near one, larger";
}

TEST_F(Cli, TheCameraMovesAndOrbits) {
  ASSERT_EQ(run("run --dims 3 --steps 0 --picture a.svg --camera 120,60 --quiet").status, 0);
  EXPECT_NE(slurp(dir_ / "a.svg").find("camera at azimuth 120, elevation 60 degrees"), std::string::npos);
  ASSERT_EQ(run("run --dims 3 --steps 10 --picture-every 5 frames --camera orbit:30 --quiet").status, 0);
  ASSERT_EQ(run("run --dims 3 --steps 10 --picture-every 5 svgs --camera orbit:30 --picture last.svg --quiet").status,
            0);
  EXPECT_NE(slurp(dir_ / "last.svg").find("camera at azimuth 95, elevation 25 degrees"), std::string::npos)
      << "step 10 is frame 2: 35 + 2 x 30";
  EXPECT_NE(slurp(dir_ / "frames/frame-000000.png"), slurp(dir_ / "frames/frame-000005.png"));

  expectUsageError("run --dims 3 --camera 10 --picture x.svg", "--camera takes AZIMUTH,ELEVATION in degrees");
  expectUsageError("run --dims 3 --camera 10,90 --picture x.svg", "(elevation from -89 to 89)");
  expectUsageError("run --dims 3 --camera orbit:x --picture x.svg", "orbit or orbit:DEG (got orbit:x)");
  expectUsageError("run --camera 10,10 --picture x.svg", "--camera places the camera of 3D pictures; this run is 2D");
  // Issue 43, item 13: numbers read as every option reads them (strtod took hex, '+' and spaces).
  for (const char* camera :
       {"0x10,20", "10,+20", "+10,20", "orbit:0x10", "orbit:+5", "10, 20", "1e400,20", "inf,20", "10,20 ", "orbit:nan"})
    expectUsageError(std::string("run --dims 3 --picture x.svg --camera '") + camera + "'",
                     "--camera takes AZIMUTH,ELEVATION in degrees");
  EXPECT_EQ(run("run --dims 3 --steps 0 --picture e.svg --camera=-1.5e1,2.5E1 --quiet").status, 0);
  EXPECT_NE(slurp(dir_ / "e.svg").find("camera at azimuth -15, elevation 25 degrees"), std::string::npos);
}

// In 3D the centre of mass's path is drawn as its three components against the step.
TEST_F(Cli, TheThreeDimensionalTrackShowsEachAxis) {
  ASSERT_EQ(run("run --dims 3 --steps 40 --plot-track t.svg --quiet").status, 0);
  const std::string svg = slurp(dir_ / "t.svg");
  for (const char* axis : {"x", "y", "z"}) EXPECT_EQ(pointsOf(svg, axis), 41) << axis;
  EXPECT_NE(svg.find(">step</text>"), std::string::npos);
}
