// The engine against an independent reference: tests/reference/lab_reference.mjs, a plain
// pair loop in JavaScript written from SPEC section 3 alone. Grid and brute search must match it
// to the last bit after 300 steps, over seeds, counts and parameter sets, so that a slip in the
// engine's arithmetic or order (not only a grid/brute disagreement) is caught.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "flocklab/flocklab.hpp"
#include "support/lab_params_builder.hpp"
#include "support/state_compare.hpp"

namespace flocklab {
namespace {

namespace fs = std::filesystem;

constexpr int kSteps = 300;
const std::string kNode = FLOCKLAB_NODE;
const std::string kScript = std::string(FLOCKLAB_SOURCE_DIR) + "/tests/reference/lab_reference.mjs";

// Single-quoted for the shell (paths with spaces or quotes survive).
std::string shellQuote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// A scratch folder removed when the test is done.
class TempDir {
 public:
  explicit TempDir(const std::string& tag) {
    static int counter = 0;
    path_ = fs::temp_directory_path() / ("flocklab_reference_" + std::to_string(::getpid()) +
                                         "_" + tag + "_" + std::to_string(counter++));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

std::string numberArg(double value) { return roundTrip(value); }

// Runs the JS reference from `start` for `steps` steps; the final state, or a failed assertion.
void runReference(const LabParams& p, const Flock& start, int steps, const std::string& tag,
                  Flock& result) {
  ASSERT_TRUE(fs::exists(kNode)) << "node not found at " << kNode
                                 << " (FLOCKLAB_NODE from CMake's find_program; install it with scripts/setup-debian.sh --test)";
  ASSERT_TRUE(fs::exists(kScript)) << "reference script missing: " << kScript;
  TempDir dir(tag);
  const std::string in = dir.file("start.csv"), out = dir.file("end.csv"),
                    log = dir.file("node.log");
  {
    std::ofstream f(in, std::ios::binary);
    f << formatStateCsv(start);
    ASSERT_TRUE(f.good()) << "cannot write " << in;
  }
  const std::string command =
      shellQuote(kNode) + " " + shellQuote(kScript) + " --in " + shellQuote(in) + " --out " +
      shellQuote(out) + " --steps " + std::to_string(steps) + " --separation " +
      numberArg(p.separation) + " --alignment " + numberArg(p.alignment) + " --cohesion " +
      numberArg(p.cohesion) + " --radius " + numberArg(p.radius) + " --max-speed " +
      numberArg(p.maxSpeed) + " --world " + numberArg(p.world) + " > " + shellQuote(log) +
      " 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream logFile(log);
  std::stringstream logText;
  logText << logFile.rdbuf();
  ASSERT_EQ(status, 0) << "the JS reference failed: " << command << "\n" << logText.str();
  try {
    result = readStateCsv(out, Space::square(p.world));
  } catch (const CsvError& e) {
    FAIL() << "cannot read the reference's output " << out << ": " << e.what();
  }
}

std::string describe(const Flock& f, std::size_t i) {
  char text[256];
  std::snprintf(text, sizeof text, "x=%a y=%a vx=%a vy=%a", f.x[i], f.y[i], f.vx[i], f.vy[i]);
  return text;
}

struct Case {
  const char* name;
  std::size_t count;
  std::uint64_t seed;
  LabParams params;
};

void expectMatchesReference(const Case& c) {
  SCOPED_TRACE(c.name);
  const Flock start = randomLabStart(c.count, c.params, c.seed);
  Flock reference;
  runReference(c.params, start, kSteps, std::to_string(c.seed), reference);
  if (testing::Test::HasFatalFailure()) return;
  ASSERT_EQ(reference.size(), c.count);
  for (NeighborSearch search : {NeighborSearch::Grid, NeighborSearch::Brute}) {
    LabSimulation sim(c.params, start, {search, 1});
    sim.step(kSteps);
    const long boid = firstDifference(sim.flock(), reference);
    EXPECT_EQ(boid, -1) << c.name << " (" << c.count << " boids, seed " << c.seed << ", "
                        << toString(search) << "): first differing boid " << boid
                        << "\n  engine:    " << describe(sim.flock(), boid < 0 ? 0 : boid)
                        << "\n  reference: " << describe(reference, boid < 0 ? 0 : boid);
  }
}

}  // namespace

TEST(Reference, DefaultsAcrossSeedsAndCounts) {
  const Case cases[] = {
      {"one boid", 1, 1, LabParams{}},
      {"two boids", 2, 2, LabParams{}},
      {"two boids in a small world", 2, 3, with(10, 5)},
      {"50 boids", 50, 4, LabParams{}},
      {"120 boids, seed 42", 120, 42, LabParams{}},
      {"200 boids", 200, 5, LabParams{}},
  };
  for (const Case& c : cases) expectMatchesReference(c);
}

TEST(Reference, ParameterSets) {
  const Case cases[] = {
      {"radius 7 in world 61.3", 200, 6, with(7, 61.3)},
      {"separation 0", 120, 7, with(10, 100, 0, 1, 1)},
      {"alignment 0", 120, 8, with(10, 100, 1.5, 0, 1)},
      {"cohesion 0", 120, 9, with(10, 100, 1.5, 1, 0)},
      {"max speed 2.5", 150, 10, with(10, 100, 1.5, 1, 1, 2.5)},
      {"radius = L/2", 80, 11, with(25, 50)},
      {"radius > L/2", 60, 12, with(40, 50, 2, 0.5, 3)},
      {"dense crowd, strong separation", 200, 13, with(6, 30, 4, 1, 2, 0.7)},
  };
  for (const Case& c : cases) expectMatchesReference(c);
}

}  // namespace flocklab
