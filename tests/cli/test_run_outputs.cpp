// `flocklab run`'s pictures, trajectories, run files and progress bar, read back the way a
// user's tools read them: XML for SVG, a PNG decoder, numpy for .npy, a terminal for the bar.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "flocklab/flocklab.hpp"

#include "support/cli_fixture.hpp"
#include "support/svg_points.hpp"

namespace {

const std::string kPython = "/usr/bin/python3";

}  // namespace

TEST_F(Cli, PlotsAreChartsOfTheRun) {
  ASSERT_EQ(run("run --steps 300 --every 10 --plot order.svg --plot-track track.svg --plot order.png").status, 2)
      << "--plot twice is refused";
  const Result r = run("run --steps 300 --every 10 --plot order.svg --plot-track track.png");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(shell(kPython + " -c \"import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])\" order.svg").status,
            0);
  const std::string svg = slurp(dir_ / "order.svg");
  EXPECT_EQ(pointsOf(svg, "polarization"), 31) << "steps 0, 10, ..., 300";
  EXPECT_EQ(pointsOf(svg, "milling"), 31);
  EXPECT_EQ(pointsOf(svg, "largest group's share"), 31);
  for (const char* label : {">step</text>", "polarization, milling, largest group's share", "Order over time"})
    EXPECT_NE(svg.find(label), std::string::npos) << label;
  const Result png = shell(kPython + " '" FLOCKLAB_SOURCE_DIR "/tests/tools/png_check.py' track.png");
  ASSERT_EQ(png.status, 0) << png.err;
  EXPECT_EQ(png.out.rfind("760 460 ", 0), 0u) << "the chart's size: " << png.out;
}

// Reads a chart's polyline back in data units through its tick labels (plain numbers).
struct ChartReader {
  double xPixel0, xValue0, xPerPixel, yPixel0, yValue0, yPerPixel;
  std::vector<std::pair<double, double>> points;  // in data units

  explicit ChartReader(const std::string& svg, const std::string& series) {
    std::vector<std::pair<double, double>> xTicks, yTicks;  // (pixel, value)
    const std::regex xTick(R"re(<text x="([-0-9.]+)" y="[-0-9.]+" text-anchor="middle">([-0-9.]+)</text>)re");
    const std::regex yTick(R"re(<text x="[-0-9.]+" y="([-0-9.]+)" text-anchor="end">([-0-9.]+)</text>)re");
    const std::string ticks = svg.substr(svg.find("<g class=\"ticks\""));
    const std::string tickGroup = ticks.substr(0, ticks.find("</g>"));
    for (auto it = std::sregex_iterator(tickGroup.begin(), tickGroup.end(), xTick); it != std::sregex_iterator(); ++it)
      xTicks.push_back({std::stod((*it)[1]), std::stod((*it)[2])});
    for (auto it = std::sregex_iterator(tickGroup.begin(), tickGroup.end(), yTick); it != std::sregex_iterator(); ++it)
      yTicks.push_back({std::stod((*it)[1]) - 4, std::stod((*it)[2])});  // labels sit 4 px below their tick
    EXPECT_GE(xTicks.size(), 2u);
    EXPECT_GE(yTicks.size(), 2u);
    if (xTicks.size() < 2 || yTicks.size() < 2) return;
    xPixel0 = xTicks.front().first, xValue0 = xTicks.front().second;
    xPerPixel = (xTicks.back().second - xValue0) / (xTicks.back().first - xPixel0);
    yPixel0 = yTicks.front().first, yValue0 = yTicks.front().second;
    yPerPixel = (yTicks.back().second - yValue0) / (yTicks.back().first - yPixel0);
    const std::size_t group = svg.find("data-name=\"" + series + "\"");
    EXPECT_NE(group, std::string::npos) << series;
    if (group == std::string::npos) return;
    const std::size_t begin = svg.find("<polyline points=\"", group) + 18;
    std::istringstream text(svg.substr(begin, svg.find('"', begin) - begin));
    std::string point;
    while (text >> point) {
      const double px = std::stod(point.substr(0, point.find(','))), py = std::stod(point.substr(point.find(',') + 1));
      points.push_back({xValue0 + (px - xPixel0) * xPerPixel, yValue0 + (py - yPixel0) * yPerPixel});
    }
  }
};

TEST_F(Cli, TheTrackIsUnwrapped) {
  // The same run in the library: the unwrapped centre of mass starts at the mean position and
  // moves each step by the mean velocity (each boid moves by its velocity, |v| <= 1 << L/2).
  const flocklab::LabParams params;
  flocklab::LabSimulation sim(params, flocklab::randomLabStart(120, params, 42), {flocklab::NeighborSearch::Grid, 1});
  auto mean = [](const std::vector<double>& v) {
    double sum = 0;
    for (double x : v) sum += x;
    return sum / static_cast<double>(v.size());
  };
  const double x0 = mean(sim.flock().x), y0 = mean(sim.flock().y);
  double dx = 0, dy = 0;
  for (int step = 0; step < 600; ++step) {
    sim.step(1);
    dx += mean(sim.flock().vx), dy += mean(sim.flock().vy);
  }
  ASSERT_GT(std::hypot(dx, dy), params.world) << "the flock should travel further than the world's side";

  ASSERT_EQ(run("run --plot-track track.svg").status, 0);
  const std::string svg = slurp(dir_ / "track.svg");
  const ChartReader chart(svg, "centre of mass");
  ASSERT_EQ(chart.points.size(), 601u);
  // A pixel is under a world unit on this chart; a wrapped track would be off by 100 or more.
  const double tolerance = 2 * std::max(std::abs(chart.xPerPixel), std::abs(chart.yPerPixel)) + 0.5;
  EXPECT_NEAR(chart.points.front().first, x0, tolerance);
  EXPECT_NEAR(chart.points.front().second, y0, tolerance);
  EXPECT_NEAR(chart.points.back().first, x0 + dx, tolerance) << "expected displacement " << dx;
  EXPECT_NEAR(chart.points.back().second, y0 + dy, tolerance) << "expected displacement " << dy;
}

TEST_F(Cli, PicturesDrawTheFlock) {
  const Result r = run("run --model steering --count 200 --steps 60 --obstacle 450,280,60 --edges walls "
                       "--picture flock.svg --picture-every 20 frames");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string svg = slurp(dir_ / "flock.svg");
  EXPECT_EQ(shell(kPython + " -c \"import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])\" flock.svg").status,
            0);
  const std::size_t boids = svg.find("class=\"boids\"");
  ASSERT_NE(boids, std::string::npos);
  const std::string group = svg.substr(boids, svg.find("</g>", boids) - boids);
  std::size_t polygons = 0;
  for (std::size_t at = group.find("<polygon"); at != std::string::npos; at = group.find("<polygon", at + 1))
    ++polygons;
  EXPECT_EQ(polygons, 200u);
  EXPECT_NE(svg.find("step 60"), std::string::npos);
  for (const char* frame : {"frame-000000.png", "frame-000020.png", "frame-000040.png", "frame-000060.png"}) {
    const Result png = shell(kPython + " '" FLOCKLAB_SOURCE_DIR "/tests/tools/png_check.py' frames/" + frame);
    EXPECT_EQ(png.status, 0) << frame << ": " << png.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir_ / "frames" / "frame-000010.png"));
}

TEST_F(Cli, TrajectoryEqualsTheSavedStates) {
  ASSERT_EQ(run("run --steps 300 --every 100 --trajectory path.npy").status, 0);
  for (int steps : {100, 200, 300})
    ASSERT_EQ(run("run --steps " + std::to_string(steps) + " --save s" + std::to_string(steps) + ".csv").status, 0);
  // numpy reads the file without flocklab; every value equals the CSV's to the bit.
  const std::string script = "import numpy as np\n"
                             "a = np.load('path.npy')\n"
                             "assert a.shape == (4, 120, 4) and a.dtype == np.float64, (a.shape, a.dtype)\n"
                             "for k in (1, 2, 3):\n"
                             "    b = np.array([[float(v) for v in line.split(',')] for line in open('s%d.csv' % (100 "
                             "* k)).read().split()[1:]])\n"
                             "    assert (a[k] == b).all() and (np.signbit(a[k]) == np.signbit(b)).all(), k\n"
                             "print('ok')\n";
  write("check.py", script);
  const Result r = shell(kPython + " check.py");
  EXPECT_EQ(r.out, "ok\n") << r.err;
}

TEST_F(Cli, RunFilesRepeatTheRun) {
  const std::string args = "--model steering --preset school --count 300 --steps 120 --seed 7 --fov 270 "
                           "--obstacle 300,200,40 --pointer predator:450,280@30-90";
  const Result first = run("run " + args + " --hash --write-config run.json");
  ASSERT_EQ(first.status, 0) << first.err;
  const auto config = nlohmann::json::parse(slurp(dir_ / "run.json"));
  EXPECT_EQ(config.at("flocklab"), "0.2.0");
  EXPECT_EQ(config.at("seed"), 7);
  EXPECT_EQ(config.at("vision"), 40) << "the school preset's value, resolved";
  EXPECT_EQ(config.at("pointer"), "predator:450,280@30-90");
  const Result again = run("run --config run.json --hash");
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out.substr(again.out.find("state hash")), first.out.substr(first.out.find("state hash")));
  // The command line wins over the file.
  EXPECT_NE(hashOf("run --config run.json --seed 8"), hashOf("run --config run.json"));

  write("unknown.json", R"({"model": "lab", "radios": 5})");
  expectUsageError("run --config unknown.json", "unknown key 'radios'");
  write("type.json", R"({"radius": "ten"})");
  expectUsageError("run --config type.json", "key 'radius' must be a number");
  write("seed.json", R"({"seed": -1})");
  expectUsageError("run --config seed.json", "key 'seed' must be a whole number");
  write("broken.json", R"({"radius": )");
  expectUsageError("run --config broken.json", "not valid JSON");
  expectUsageError("run --config missing.json", "cannot read missing.json");
  expectUsageError("run --write-config run.txt", "--write-config must end in .json");
}

TEST_F(Cli, BadPictureOptionsAreRefused) {
  expectUsageError("run --plot order.pdf", "--plot must end in .svg or .png");
  expectUsageError("run --picture flock.jpg", "--picture must end in .svg or .png");
  expectUsageError("run --trajectory path.csv", "--trajectory must end in .npy");
  expectUsageError("run --picture-every 0 frames", "--picture-every takes K DIR");
  expectUsageError("run --picture-every 10 frames --radius 0", "radius");  // and no folder is made
  expectUsageError("run --plot no/such/dir/order.svg", "no/such/dir");
}

TEST_F(Cli, ProgressBarOnlyOnATerminal) {
  // A run far too long to finish, stopped by SIGINT after two seconds: it lasts over the
  // bar's one second by construction, on any machine. `script` gives it a terminal.
  const std::string work = "run --count 500 --steps 1000000000 --threads 1";
  const std::string flocklab = "timeout --preserve-status --foreground -s INT 2 '" FLOCKLAB_BINARY_DIR "/flocklab' ";
  const Result terminal = shell("script -qec \"" + flocklab + work + "\" /dev/null");
  EXPECT_NE(terminal.out.find("/1000000000 steps"), std::string::npos) << terminal.out;
  EXPECT_NE(terminal.out.find("steps/s"), std::string::npos) << terminal.out;
  EXPECT_NE(terminal.out.find("interrupted"), std::string::npos) << terminal.out;
  const Result pipe = shell(flocklab + work);
  EXPECT_EQ(pipe.status, 130) << pipe.err;
  EXPECT_EQ(pipe.err.find("steps"), std::string::npos) << "no bar into a pipe: " << pipe.err;
  EXPECT_NE(pipe.err.find("interrupted"), std::string::npos) << pipe.err;
  const Result quiet = shell("script -qec \"" + flocklab + work + " --quiet\" /dev/null");
  EXPECT_EQ(quiet.out.find("/1000000000 steps"), std::string::npos) << quiet.out;
  EXPECT_NE(quiet.out.find("interrupted"), std::string::npos) << quiet.out;
}
