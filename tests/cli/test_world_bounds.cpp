// Worlds at the ends of what the arithmetic holds: every length is at most 1e100 (kMaxLength;
// at 1e308 squared distances overflowed and the nearest-neighbour distance was infinite), a
// long thin world measures and steps quickly (1e15 x 10 never ended; 1e300 overflowed an int),
// and the messages about numbers show them so that the user sees why (shortest round-trip
// form, scientific where long).
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "support/cli_fixture.hpp"

namespace {

class WorldBounds : public Cli {
 protected:
  // Expects exit status 2 and exactly `line` after the prefix, no file left.
  void expectMessage(const std::string& args, const std::string& line) {
    const auto before = files();
    const Result r = run(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err, "flocklab: error: " + line + "\n") << args;
    EXPECT_EQ(files(), before) << args;
  }
  // The JSON summary of a run that must end, killed after a generous two minutes if it hangs.
  nlohmann::json finishes(const std::string& args) {
    const Result r = shell("timeout -s KILL 120 '" FLOCKLAB_BINARY_DIR "/flocklab' " + args + " --json");
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    return r.status == 0 ? nlohmann::json::parse(r.out) : nlohmann::json::object();
  }
};

}  // namespace

TEST_F(WorldBounds, LongThinWorldsFinish) {
  for (const char* width : {"1e8", "1e15", "1e100"}) {
    const nlohmann::json j = finishes(std::string("run --model steering --width ") + width + " --height 10 --steps 5");
    ASSERT_TRUE(j.contains("end")) << width;
    EXPECT_TRUE(j["end"]["mean_nn_distance"].is_number()) << width;  // null is JSON's infinity
  }
}

TEST_F(WorldBounds, TheLargestWorldsGiveFiniteMetrics) {
  for (const char* args : {"run --world 1e100 --max-speed 1e100 --radius 1e100 --steps 5",
                           "run --model steering --width 1e100 --height 1e100 --max-speed 1e100 --dt 1 --steps 5",
                           "run --model abm --world 1e100 --speed 1e100 --visual-distance 1e100 --steps 5"}) {
    const nlohmann::json j = finishes(args);
    for (const char* when : {"start", "end"}) {
      ASSERT_TRUE(j.contains(when)) << args;
      EXPECT_TRUE(j[when]["mean_nn_distance"].is_number()) << args;
      EXPECT_TRUE(std::isfinite(j[when]["mean_nn_distance"].get<double>())) << args;
    }
  }
}

TEST_F(WorldBounds, LengthsAboveTheBoundAreRefused) {
  expectMessage("run --world 1e308", "--world must be a finite number in (0, 1e100] (got 1e308)");
  expectMessage("run --model steering --width 1e300", "--width must be a finite number in (0, 1e100] (got 1e300)");
  expectMessage("run --model steering --height 1e101", "--height must be a finite number in (0, 1e100] (got 1e101)");
  expectMessage("run --radius 1e200", "--radius must be a finite number in (0, 1e100] (got 1e200)");
  expectMessage("run --model steering --max-speed 1e300 --dt 1e-300",
                "--max-speed must be a finite number in (0, 1e100] (got 1e300)");
  expectMessage("run --model steering --vision 1e150", "--vision must be a finite number in (0, 1e100] (got 1e150)");
  expectMessage("run --model abm --separation-distance 1e101",
                "--separation-distance must be a finite number in [0, 1e100] (got 1e101)");
}

TEST_F(WorldBounds, MessagesShowTheNumbersThatMatter) {
  expectMessage("run --model steering --dt 1e300",
                "--max-speed * --dt (1.8000000000000002e302 px) must not exceed the world's smaller side (560 px)");
  expectMessage("run --world 1e-300", "--max-speed (1) must not exceed the world's side (1e-300)");
  expectMessage("run --max-speed 100.0000001", "--max-speed (100.0000001) must not exceed the world's side (100)");
  expectMessage("run --model abm --world 1e-5", "--speed (1) must not exceed the world's side (1e-5)");
  expectMessage("run --model steering --dt 1e-5 --max-speed 1e9",
                "--max-speed * --dt (10000 px) must not exceed the world's smaller side (560 px)");
}

// Weights are bounded as lengths are (kMaxWeight): the lab model's separation of 1e308 turned a
// dense flock's positions to NaN; the largest weight allowed keeps every number finite.
TEST_F(WorldBounds, WeightsAboveTheBoundAreRefusedAndTheBoundStaysFinite) {
  for (const char* weight : {"separation", "alignment", "cohesion"})
    expectMessage(std::string("run --") + weight + " 1e308",
                  std::string("--") + weight + " must be a finite number in [0, 1000000] (got 1e308)");
  const nlohmann::json j = finishes(
      "run --count 2000 --world 60 --separation 1e6 --alignment 1e6 --cohesion 1e6 --steps 100 --save end.csv");
  ASSERT_TRUE(j.contains("end"));
  EXPECT_TRUE(j["end"]["mean_nn_distance"].is_number());
  const std::string csv = slurp(dir_ / "end.csv");
  EXPECT_GT(csv.size(), 2000u * 8);
  EXPECT_EQ(csv.find("nan"), std::string::npos);
}

// Speeds and open-space positions are bounded as lengths are, so that no start a user can give
// (a flag, --init, a checkpoint) turns into NaN: a speed of 1e80 over a time step of 1e80 wrote
// -nan rows, and a velocity whose square overflows froze or NaN'd its agent.
TEST_F(WorldBounds, StepsAndStartsBeyondTheBoundAreRefused) {
  expectMessage("run --model couzin --speed 1e80 --tau 1e80 --steps 2",
                "--speed * --tau (1e160 world units) must not exceed 1e100 world units, the longest step flocklab "
                "computes with");
  write("fast.csv", "x,y,vx,vy\n1,1,1e154,0\n2,2,0,1\n");
  for (const char* model : {"abm", "couzin --dims 2"})
    expectMessage(std::string("run --model ") + model + " --init fast.csv",
                  "boid 0 has a velocity component beyond 1e100 (1e154), the largest length "
                  "flocklab computes with");
  write("far.csv", "x,y,z,vx,vy,vz\n0,0,0,1,0,0\n1e200,1e200,1e200,1,0,0\n");
  expectMessage("run --model couzin --init far.csv --picture p.svg",
                "boid 1 lies beyond 1e120 along an axis (1e200), the farthest flocklab computes with");
}

// Two agents 1e110 apart in open space (within the bounds): every output is finite and right.
TEST_F(WorldBounds, FarApartAgentsInOpenSpaceMeasureRight) {
  write("apart.csv", "x,y,z,vx,vy,vz\n0,0,0,1,0,0\n1e110,0,0,1,0,0\n");
  const nlohmann::json summary = finishes("run --model couzin --init apart.csv --steps 3 --picture p.svg");
  const nlohmann::json& end = summary.at("end");
  EXPECT_DOUBLE_EQ(end.at("mean_nn_distance").get<double>(), 1e110) << end;
  EXPECT_TRUE(std::isfinite(end.at("milling").get<double>())) << end;
  EXPECT_EQ(slurp(dir_ / "p.svg").find("nan"), std::string::npos);
}
