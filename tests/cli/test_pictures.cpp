// Pictures and trajectories of `flocklab run`: the flock SVG is XML with one triangle per boid
// pointing along its motion, sized by the flock's spacing (dots for a crowd), under a caption
// that names the settings that differ from the defaults and stays inside the picture; the PNG
// decodes (tests/tools/png_check.py) at the SVG's size, shows the boids and is the same bytes
// for the same run; the .npy trajectory reads back in numpy bit for bit, and AtomicFile's
// streaming writes land whole or not at all.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "flocklab/flock.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/registry.hpp"
#include "outputs/flock_picture.hpp"
#include "outputs/npy_trajectory.hpp"
#include "outputs/picture_caption.hpp"
#include "outputs/png_image.hpp"
#include "runs/atomic_file.hpp"
#include "support/cli_fixture.hpp"
#include "support/svg_text_boxes.hpp"

namespace fs = std::filesystem;
using namespace flocklab;
using namespace flocklab::runs;
using namespace flocklab::cli;

namespace {

// The CLI tests' folder and shell; run() hands back stdout through `out`.
class Pictures : public Cli {
 protected:
  int run(const std::string& command, std::string& out) {
    const Result r = shell(command);
    out = r.out;
    return r.status;
  }
};

struct Point {
  double x, y;
};

// The polygons of the group with class `group`, each as its list of points.
std::vector<std::vector<Point>> polygonsIn(const std::string& svg, const std::string& group) {
  std::vector<std::vector<Point>> out;
  const std::size_t begin = svg.find("<g class=\"" + group + "\"");
  if (begin == std::string::npos) return out;
  const std::size_t end = svg.find("</g>", begin);
  for (std::size_t at = svg.find("<polygon points=\"", begin); at < end; at = svg.find("<polygon points=\"", at + 1)) {
    std::istringstream points(svg.substr(at + 17, svg.find('"', at + 17) - at - 17));
    std::vector<Point> polygon;
    double x, y;
    char comma;
    while (points >> x >> comma >> y) polygon.push_back({x, y});
    out.push_back(polygon);
  }
  return out;
}

std::size_t countIn(const std::string& svg, const std::string& group, const std::string& element) {
  const std::size_t begin = svg.find("<g class=\"" + group + "\"");
  if (begin == std::string::npos) return 0;
  const std::size_t end = svg.find("</g>", begin);
  std::size_t n = 0;
  for (std::size_t at = svg.find(element, begin); at < end; at = svg.find(element, at + 1)) ++n;
  return n;
}

// The value of the root <svg>'s attribute `name` (width or height).
int svgSize(const std::string& svg, const std::string& name) {
  const std::size_t root = svg.find("<svg ");
  const std::size_t at = svg.find(" " + name + "=\"", root);
  return at == std::string::npos ? -1 : std::atoi(svg.c_str() + at + name.size() + 3);
}

Flock smallFlock() {
  Flock f;
  f.x = {50, 20, 80, 35, 60, 5};
  f.y = {50, 80, 20, 40, 70, 5};
  f.vx = {1, 0, -1, 0.5, 0, 0.3};
  f.vy = {0, 1, 0, -0.5, -1, 0.3};
  return f;
}

FlockPicture pictureOf(const Flock& flock, bool periodic, int width = 300) {
  FlockPicture p;
  p.flock = &flock;
  p.space = {100, 80, periodic};
  p.obstacles = {{30, 30, 6}, {70, 60, 10}};
  p.caption = "test <flock> - 6 boids";
  p.width = width;
  return p;
}

// The lines of the caption of a flock picture.
std::vector<std::string> captionOf(const std::string& svg) {
  std::vector<std::string> lines;
  for (const flocklab_test::TextBox& box : flocklab_test::textBoxes(svg).boxes)
    if (box.group.empty() && box.top < 56) lines.push_back(box.text);
  return lines;
}

// `n` boids spread evenly over a W x H world, headings turning with the index.
Flock spreadFlock(std::size_t n, double w, double h) {
  Flock f;
  f.resize(n);
  const auto columns = static_cast<std::size_t>(std::ceil(std::sqrt(n * w / h)));
  const std::size_t rows = (n + columns - 1) / columns;
  for (std::size_t i = 0; i < n; ++i) {
    f.x[i] = (static_cast<double>(i % columns) + 0.5) * w / static_cast<double>(columns);
    f.y[i] = (static_cast<double>(i / columns) + 0.5) * h / static_cast<double>(rows);
    f.vx[i] = std::cos(0.1 * static_cast<double>(i));
    f.vy[i] = std::sin(0.1 * static_cast<double>(i));
  }
  return f;
}

// The length of a triangle: from its tip to the middle of its base.
double lengthOf(const std::vector<Point>& t) {
  return std::hypot(t[0].x - (t[1].x + t[2].x) / 2, t[0].y - (t[1].y + t[2].y) / 2);
}

}  // namespace

TEST_F(Pictures, AtomicFileStreamsPartsWhole) {
  const fs::path target = dir_ / "out.txt";
  {
    AtomicFile file(target.string());
    file.write("first part, ");
    EXPECT_FALSE(fs::exists(target)) << "the target appears only at commit";
    file.write("second part");
    file.commit();
    EXPECT_THROW(file.write("more"), OutputError);
  }
  EXPECT_EQ(slurp(target), "first part, second part");
  EXPECT_EQ(files().size(), 1u) << "no temporary file left beside the target";
  {
    AtomicFile file((dir_ / "never.txt").string());
    file.write("lost");
  }
  EXPECT_FALSE(fs::exists(dir_ / "never.txt"));
  EXPECT_EQ(files().size(), 1u) << "an uncommitted file leaves nothing behind";
}

TEST_F(Pictures, FlockSvgIsXmlWithOneTrianglePerBoid) {
  const Flock flock = smallFlock();
  for (bool periodic : {true, false}) {
    const std::string svg = renderFlockSvg(pictureOf(flock, periodic));
    write("flock.svg", svg);
    std::string out;
    EXPECT_EQ(run("/usr/bin/python3 -c \"import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])\" '" +
                      (dir_ / "flock.svg").string() + "'",
                  out),
              0)
        << "the SVG does not parse as XML";
    const auto boids = polygonsIn(svg, "boids");
    ASSERT_EQ(boids.size(), flock.size());
    for (const auto& b : boids) EXPECT_EQ(b.size(), 3u);
    EXPECT_EQ(countIn(svg, "boids", "<polygon"), flock.size());
    EXPECT_EQ(countIn(svg, "obstacles", "<circle"), 2u);
    EXPECT_NE(svg.find(">test &lt;flock&gt;"), std::string::npos) << "the caption, escaped";
    EXPECT_EQ(svg.find(">walls<") != std::string::npos, !periodic) << "walls are labelled";
    EXPECT_EQ(svgSize(svg, "width"), 300);
  }
}

TEST_F(Pictures, TrianglesPointAlongTheVelocityWithYUp) {
  const Flock flock = smallFlock();
  const auto boids = polygonsIn(renderFlockSvg(pictureOf(flock, true)), "boids");
  ASSERT_EQ(boids.size(), flock.size());
  auto base = [](const std::vector<Point>& t) { return Point{(t[1].x + t[2].x) / 2, (t[1].y + t[2].y) / 2}; };
  // Boid 0 moves right (+x): its tip is right of its base, at the same height.
  EXPECT_GT(boids[0][0].x, base(boids[0]).x + 1);
  EXPECT_NEAR(boids[0][0].y, base(boids[0]).y, 0.2);
  // Boid 1 moves up (+y in the world): its tip is higher on the page, a smaller SVG y.
  EXPECT_LT(boids[1][0].y, base(boids[1]).y - 1);
  EXPECT_NEAR(boids[1][0].x, base(boids[1]).x, 0.2);
  // Boid 2 moves left, boid 4 down.
  EXPECT_LT(boids[2][0].x, base(boids[2]).x - 1);
  EXPECT_GT(boids[4][0].y, base(boids[4]).y + 1);
  // Boid 1 sits high in the world (y = 80 of 80) and boid 2 low (y = 20): flipped on the page.
  EXPECT_LT(base(boids[1]).y, base(boids[2]).y);
  // Different headings, different colours.
  const std::string svg = renderFlockSvg(pictureOf(flock, true));
  EXPECT_NE(svg.find("fill=\"hsl(0,75%,45%)\""), std::string::npos) << "moving right is hue 0";
  EXPECT_NE(svg.find("fill=\"hsl(90,75%,45%)\""), std::string::npos) << "moving up is hue 90";
}

TEST_F(Pictures, BadPicturesAreRefused) {
  const Flock flock = smallFlock();
  FlockPicture p = pictureOf(flock, true);
  p.flock = nullptr;
  EXPECT_THROW(renderFlockSvg(p), std::invalid_argument);
  Flock broken = flock;
  broken.vx[3] = NAN;
  EXPECT_THROW(renderFlockSvg(pictureOf(broken, true)), std::invalid_argument);
  broken.vx.pop_back();
  EXPECT_THROW(renderFlockSvg(pictureOf(broken, true)), std::invalid_argument);
}

TEST_F(Pictures, PngDecodesAtTheSvgSizeAndShowsTheBoids) {
  const Flock flock = smallFlock(), empty;
  const std::string svg = renderFlockSvg(pictureOf(flock, false));
  const std::string png = svgToPng(svg);
  ASSERT_GT(png.size(), 33u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  auto be32 = [&](std::size_t at) {
    return static_cast<int>((std::uint32_t(std::uint8_t(png[at])) << 24) |
                            (std::uint32_t(std::uint8_t(png[at + 1])) << 16) |
                            (std::uint32_t(std::uint8_t(png[at + 2])) << 8) | std::uint32_t(std::uint8_t(png[at + 3])));
  };
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_EQ(be32(16), svgSize(svg, "width"));
  EXPECT_EQ(be32(20), svgSize(svg, "height"));

  // The checker decodes it and counts pixels that are not white; the same picture without
  // boids has fewer.
  write("boids.png", png);
  write("empty.png", svgToPng(renderFlockSvg(pictureOf(empty, false))));
  const std::string checker = "/usr/bin/python3 '" FLOCKLAB_SOURCE_DIR "/tests/tools/png_check.py' '";
  std::string withBoids, without;
  ASSERT_EQ(run(checker + (dir_ / "boids.png").string() + "'", withBoids), 0) << "the PNG does not decode";
  ASSERT_EQ(run(checker + (dir_ / "empty.png").string() + "'", without), 0) << "the PNG does not decode";
  int w = 0, h = 0;
  long nonWhite = 0, distinct = 0, nonWhiteEmpty = 0;
  std::istringstream(withBoids) >> w >> h >> nonWhite >> distinct;
  EXPECT_EQ(w, svgSize(svg, "width"));
  EXPECT_EQ(h, svgSize(svg, "height"));
  std::istringstream(without) >> w >> h >> nonWhiteEmpty;
  EXPECT_GT(nonWhiteEmpty, 0) << "the frame and caption are drawn";
  EXPECT_GT(nonWhite, nonWhiteEmpty + 6 * 5) << "six boids add coloured pixels";
  EXPECT_GT(distinct, 20) << "boids in several colours";
}

TEST_F(Pictures, PngRefusesWhatIsNotSvg) {
  EXPECT_THROW(svgToPng("this is not an svg"), std::runtime_error);
  EXPECT_THROW(svgToPng("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\" height=\"50%\"/>"),
               std::runtime_error);
}

TEST_F(Pictures, NpyTrajectoryReadsBackInNumpyBitForBit) {
  // Awkward values: thirds, a negative zero, tiny and subnormal numbers, long decimals.
  const std::vector<double> awkward = {1.0 / 3, -0.0, 1e-300, 123456.789, 5e-324, -2.5e300, 0.1, 7};
  Flock flock;
  flock.resize(5);
  const fs::path path = dir_ / "run.npy";
  std::vector<double> expected;
  {
    NpyTrajectory npy(path.string(), 3, 5);
    for (int frame = 0; frame < 3; ++frame) {
      for (std::size_t i = 0; i < 5; ++i) {
        double* fields[] = {&flock.x[i], &flock.y[i], &flock.vx[i], &flock.vy[i]};
        for (int c = 0; c < 4; ++c) {
          *fields[c] = awkward[(frame * 7 + i * 3 + c) % awkward.size()] * (c == 3 ? -1 : 1);
          expected.push_back(*fields[c]);
        }
      }
      npy.append(flock);
    }
    EXPECT_THROW(npy.append(flock), std::logic_error) << "a fourth frame of three";
    npy.commit();
  }
  const std::string bytes = slurp(path);
  ASSERT_GE(bytes.size(), 10u);
  const std::size_t headerLength = std::uint8_t(bytes[8]) | (std::size_t(std::uint8_t(bytes[9])) << 8);
  EXPECT_EQ((10 + headerLength) % 64, 0u) << "the data starts on a 64-byte boundary";
  EXPECT_EQ(bytes.size(), 10 + headerLength + 3 * 5 * 4 * 8);

  std::string out;
  ASSERT_EQ(run("/usr/bin/python3 -c \"import numpy as np, sys; a = np.load(sys.argv[1]); print(a.shape, a.dtype); "
                "print(' '.join(repr(float(v)) for v in a.ravel()))\" '" +
                    path.string() + "'",
                out),
            0)
      << "numpy cannot load the file";
  std::istringstream lines(out);
  std::string shape, values;
  std::getline(lines, shape);
  std::getline(lines, values);
  EXPECT_EQ(shape, "(3, 5, 4) float64");
  std::istringstream tokens(values);
  std::string token;
  std::size_t k = 0;
  for (; tokens >> token; ++k) {
    ASSERT_LT(k, expected.size()) << "more values than written";
    const double got = std::strtod(token.c_str(), nullptr);
    std::uint64_t gotBits, wantBits;
    std::memcpy(&gotBits, &got, 8);
    std::memcpy(&wantBits, &expected[k], 8);
    EXPECT_EQ(gotBits, wantBits) << "value " << k << ": numpy read " << token << ", written "
                                 << writeDecimal(expected[k]);
  }
  EXPECT_EQ(k, expected.size());
}

TEST_F(Pictures, NpyTrajectoryRefusesWrongFramesAndBadPaths) {
  Flock flock;
  flock.resize(5);
  const fs::path path = dir_ / "short.npy";
  {
    NpyTrajectory npy(path.string(), 3, 5);
    npy.append(flock);
    Flock six;
    six.resize(6);
    EXPECT_THROW(npy.append(six), std::logic_error) << "a frame of another size";
    npy.append(flock);
    EXPECT_THROW(npy.commit(), std::logic_error) << "two frames of three";
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(files().size(), 0u) << "no temporary file left";
  EXPECT_THROW(NpyTrajectory((dir_ / "no" / "such" / "dir.npy").string(), 1, 5), OutputError);
  EXPECT_THROW(NpyTrajectory(dir_.string(), 1, 5), OutputError) << "a directory";
}

// Any world the engine runs can be drawn: a world 10,000 times wider than tall gets a frame tall
// enough to see (stretched, and the footer says so), a very tall one a picture of bounded
// height that renders as PNG.
TEST_F(Pictures, FlatAndTallWorldsAreDrawnVisibly) {
  Result r = Cli::run("run --model steering -n 200 --width 100000 --height 10 --steps 2 --picture flat.svg --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string flat = slurp(dir_ / "flat.svg");
  const std::smatch frame = [&] {
    std::smatch m;
    std::regex_search(flat, m,
                      std::regex(R"re(<rect class="world" x="[^"]*" y="[^"]*" width="([^"]*)" height="([^"]*)")re"));
    return m;
  }();
  ASSERT_EQ(frame.size(), 3u) << flat.substr(0, 2000);
  EXPECT_GE(std::stod(frame[2].str()), 16.0) << "the frame's height";
  EXPECT_NE(flat.find("height stretched"), std::string::npos);
  r = Cli::run("run --model steering -n 50 --width 100 --height 4000 --steps 2 --picture tall.png --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string png = slurp(dir_ / "tall.png");
  ASSERT_GT(png.size(), 24u);
  const auto word = [&](std::size_t at) {
    return (static_cast<unsigned char>(png[at]) << 24) | (static_cast<unsigned char>(png[at + 1]) << 16) |
           (static_cast<unsigned char>(png[at + 2]) << 8) | static_cast<unsigned char>(png[at + 3]);
  };
  EXPECT_EQ(word(16), 900u);
  EXPECT_LE(word(20), 2.5 * 900 + 150) << "the height";
}

TEST_F(Pictures, MarksFollowTheFlocksSpacing) {
  // 1,500 steering boids in 900 x 560 drawn 900 px wide: about 12 px each (they were 4.7).
  const Flock steering = spreadFlock(1500, 900, 560);
  FlockPicture p;
  p.flock = &steering;
  p.space = {900, 560, true};
  p.caption = "steering - 1500 boids";
  const auto triangles = polygonsIn(renderFlockSvg(p), "boids");
  ASSERT_EQ(triangles.size(), 1500u);
  EXPECT_GT(lengthOf(triangles[0]), 10) << "triangles long enough to read";
  EXPECT_LT(lengthOf(triangles[0]), 15) << "and shorter than the mean spacing, 17.7 px";
  // 120 lab boids in 100 x 100: capped at 1.7% of the width.
  const Flock lab = spreadFlock(120, 100, 100);
  p.flock = &lab;
  p.space = {100, 100, true};
  EXPECT_NEAR(lengthOf(polygonsIn(renderFlockSvg(p), "boids")[7]), 0.017 * 900, 0.2);
  // 200,000 boids: dots, one path per hue, a few bytes a boid.
  const Flock crowd = spreadFlock(200000, 100, 100);
  p.flock = &crowd;
  const std::string svg = renderFlockSvg(p);
  EXPECT_NE(svg.find("<g class=\"boids\" data-marks=\"dots\""), std::string::npos);
  const std::size_t paths = countIn(svg, "boids", "<path ");
  EXPECT_GE(paths, 30u) << "headings all round: most of the 36 hues";
  EXPECT_LE(paths, 36u);
  EXPECT_EQ(countIn(svg, "boids", "<polygon"), 0u);
  EXPECT_LT(svg.size(), 200000u * 30) << "dots, not a polygon each";
}

TEST_F(Pictures, PngRendersAnSvgOverTenMegabytes) {
  // A million boids make about 20 MB of SVG, dots in long path data; libxml2 refuses documents
  // over 10 MB by default. These paths are not drawn (display none), only parsed.
  std::string dots;
  for (int k = 0; k < 40000; ++k) dots += "M1.5 2.5h1v1h-1z";
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\"><g display=\"none\">\n";
  while (svg.size() < 12'000'000) svg += "<path d=\"" + dots + "\"/>\n";
  svg += "</g><rect width=\"5\" height=\"5\"/></svg>";
  std::string png;
  ASSERT_NO_THROW(png = svgToPng(svg));
  EXPECT_EQ(png.substr(1, 3), "PNG");
}

TEST_F(Pictures, CaptionListsTheSettingsThatDifferFromTheDefaults) {
  const ModelDescription& steering = *findModel("steering");
  ParamSet changed = steering.defaults();
  EXPECT_EQ(changedSettings(steering.defaults(), changed), "");
  changed.set("fov", 270.0);
  changed.set("obstacle", std::vector<std::string>{"450,280,60"});
  EXPECT_EQ(changedSettings(steering.defaults(), changed), "fov 270, obstacle 450,280,60");
  changed.set("obstacle", std::vector<std::string>{"450,280,60", "200,150,30"});
  changed.set("edges", std::string("walls"));
  EXPECT_EQ(changedSettings(steering.defaults(), changed), "fov 270, edges walls, 2 obstacles");
  EXPECT_EQ(changedSettings(steering.defaults(), changed, 2), "fov 270, edges walls, +1 more");
  // A preset's own values are its defaults: school's 300-degree view is not a change.
  EXPECT_EQ(changedSettings(steering.defaults("school"), steering.defaults("school")), "");

  // As the command writes them: the picture's caption and the charts' subtitles.
  Result r = Cli::run("run --model steering --count 40 --steps 3 --fov 270 --obstacle 450,280,60 "
                      "--obstacle 200,150,30 --picture p.svg --plot o.svg --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(captionOf(slurp(dir_ / "p.svg")),
            std::vector<std::string>{"steering (preset flock) - 40 boids - seed 42 - step 3 - fov 270, 2 obstacles"});
  EXPECT_NE(slurp(dir_ / "o.svg").find(">steering (preset flock) - 40 boids - seed 42 - fov 270, 2 obstacles<"),
            std::string::npos);
  r = Cli::run("run --steps 2 --picture d.svg --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(captionOf(slurp(dir_ / "d.svg")), std::vector<std::string>{"lab - 120 boids - seed 42 - step 2"})
      << "the defaults add nothing";
  r = Cli::run("run --model abm --count 1 --steps 1 --picture a.svg --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(captionOf(slurp(dir_ / "a.svg")),
            std::vector<std::string>{"abm (preset small, sequential) - 1 agent - seed 42 - step 1"});
  // A switch reads as its flag, and not again where the label names it as the form.
  r = Cli::run("run --model abm --sync --count 5 --steps 1 --world 50 --picture s.svg --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(captionOf(slurp(dir_ / "s.svg")),
            std::vector<std::string>{"abm (preset small, sync) - 5 agents - seed 42 - step 1 - world 50"});
}

TEST_F(Pictures, LongCaptionsStayInsideEveryPicture) {
  const Result r = Cli::run(
      "run --model steering --preset school --count 30 --steps 4 --fov 270 --alignment 1.5 --cohesion 0.5 --vision 80 "
      "--separation-radius 25 --edges walls --max-speed 200 --pointer food:100,100 --obstacle 450,280,60 "
      "--obstacle 200,150,30 --wall-weight 4 --picture p.svg --plot o.svg --plot-track t.svg --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* name : {"p.svg", "o.svg", "t.svg"}) expectTextInside(slurp(dir_ / name), name);
  const std::vector<std::string> caption = captionOf(slurp(dir_ / "p.svg"));
  ASSERT_GE(caption.size(), 2u) << "the caption wraps";
  std::string whole;
  for (const std::string& line : caption) whole += line + " ";
  for (const char* setting : {"fov 270", "edges walls", "pointer food:100,100", "2 obstacles", "wall-weight 4"})
    EXPECT_NE(whole.find(setting), std::string::npos) << "every changed setting named, " << setting << ": " << whole;
  EXPECT_EQ(whole.find(" more"), std::string::npos) << whole;

  const Flock flock = smallFlock();
  for (int width : {200, 300, 900}) {
    FlockPicture p = pictureOf(flock, width % 200 == 0, width);
    p.caption = "lab - 6 boids - seed 18446744073709551615 - step 123456789 - start a-state-file-with-a-long-name.csv "
                "- separation 1.25, alignment 0.5, cohesion 2, radius 12.5, max-speed 1.5, world 250";
    expectTextInside(renderFlockSvg(p), "a flock picture " + std::to_string(width) + " px wide");
  }
}

TEST_F(Pictures, TheSameRunGivesTheSamePictureBytes) {
  const std::string args =
      "run --model steering --count 200 --steps 20 --fov 270 --picture p.png --picture-every 10 f --quiet";
  ASSERT_EQ(Cli::run(args).status, 0);
  const std::string picture = slurp(dir_ / "p.png"), frame = slurp(dir_ / "f" / "frame-000010.png");
  fs::remove_all(dir_ / "f");
  fs::remove(dir_ / "p.png");
  ASSERT_EQ(Cli::run(args).status, 0);
  EXPECT_EQ(slurp(dir_ / "p.png"), picture);
  EXPECT_EQ(slurp(dir_ / "f" / "frame-000010.png"), frame);
  EXPECT_GT(picture.size(), 1000u);
}

// Open space (the couzin model): a parallel group that has flown far from the start's square is
// drawn whole, framed on itself, and the footer says where the view lies.
TEST_F(Pictures, OpenSpaceIsFramedOnTheGroupWhereverItFlies) {
  const Result r = Cli::run("run --model couzin --dims 2 --dro 8 --count 60 --steps 1500 --picture far.svg --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string svg = slurp(dir_ / "far.svg");
  std::smatch frame;
  ASSERT_TRUE(std::regex_search(
      svg, frame, std::regex(R"re(<rect class="world" x="([^"]*)" y="([^"]*)" width="([^"]*)" height="([^"]*)")re")));
  const double left = std::stod(frame[1].str()), top = std::stod(frame[2].str());
  const double right = left + std::stod(frame[3].str()), bottom = top + std::stod(frame[4].str());
  const auto boids = polygonsIn(svg, "boids");
  ASSERT_EQ(boids.size(), 60u);
  for (const auto& b : boids) {
    EXPECT_TRUE(b[0].x > left && b[0].x < right && b[0].y > top && b[0].y < bottom)
        << "a boid's tip at (" << b[0].x << ", " << b[0].y << ") outside the frame";
  }
  EXPECT_NE(svg.find(">open space, the view on the group: x "), std::string::npos);
  EXPECT_EQ(svg.find(">walls<"), std::string::npos);
}
