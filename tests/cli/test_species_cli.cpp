// Species, predators and food from the command line, as a user gives them: flags and run files
// give the same run, a written run file repeats it, every bad species or food text is one line
// naming the species and the key (exit status 2), the metrics reach the summary, --json,
// --metrics-out and sweeps (sweep --param hawk.max_speed), and pictures show each species.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_fixture.hpp"

namespace flocklab_test {
namespace {

using Species = Cli;

// A small mixed flock with hawks and food: catches and bites happen within 300 steps.
const std::string kFlock = "run --model steering --species sparrow:200 --species starling:100:alignment=2,size=1.5 "
                           "--species hawk:3:role=predator,catch_radius=14 --food 450,280:30 --steps 300 --seed 5";

std::vector<std::string> csvFields(const std::string& line) {
  std::vector<std::string> out;
  std::size_t begin = 0;
  for (std::size_t comma; (comma = line.find(',', begin)) != std::string::npos; begin = comma + 1)
    out.push_back(line.substr(begin, comma - begin));
  out.push_back(line.substr(begin));
  return out;
}

TEST_F(Species, FlagsRunFilesAndAWrittenRunFileGiveTheSameRun) {
  const std::string flags = hashOf(kFlock);
  write("run.json", R"({"model": "steering", "steps": 300, "seed": 5,
    "species": ["sparrow:200", "starling:100:alignment=2,size=1.5", "hawk:3:role=predator,catch_radius=14"],
    "food": ["450,280:30"]})");
  EXPECT_EQ(hashOf("run --config run.json"), flags);
  ASSERT_EQ(run(kFlock + " --write-config again.json").status, 0);
  EXPECT_EQ(hashOf("run --config again.json"), flags);
  // A count that repeats the species' total is taken; the grid, brute force and threads agree.
  EXPECT_EQ(hashOf(kFlock + " --count 303 --neighbors brute --threads 1"), flags);
  EXPECT_EQ(hashOf(kFlock + " --threads 3"), flags);
  // The species' own alignment matters, and so does the model's for the species without one.
  EXPECT_NE(hashOf(kFlock + " --alignment 0.5"), flags);
}

TEST_F(Species, MetricsReachTheSummaryJsonAndMetricsOut) {
  const Result r = run(kFlock + " --json --every 100 --metrics-out m.csv");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto end = nlohmann::json::parse(r.out).at("end");
  for (const char* key : {"sparrow.polarization", "starling.flocks", "hawk.largest_share", "sparrow.mean_nn_distance",
                          "segregation", "catches", "catch_rate", "food_eaten"})
    EXPECT_TRUE(end.contains(key)) << key;
  EXPECT_GT(end.at("catches").get<int>(), 0);
  EXPECT_GT(end.at("food_eaten").get<double>(), 0);
  // catch_rate: catches per predator per simulated minute (300 steps of 1/60 s = 5 s).
  EXPECT_DOUBLE_EQ(end.at("catch_rate").get<double>(), end.at("catches").get<double>() / 3 / (300.0 / 60 / 60));
  const std::string csv = slurp(dir_ / "m.csv");
  const std::string header = csv.substr(0, csv.find('\n'));
  EXPECT_NE(header.find(",sparrow.polarization,"), std::string::npos) << header;
  EXPECT_NE(header.find(",catches,catch_rate,food_eaten"), std::string::npos) << header;
  const Result text = run(kFlock);
  EXPECT_NE(text.out.find("hawk: polarization"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("catches per predator per minute"), std::string::npos) << text.out;
}

TEST_F(Species, SweepsReachASpeciesKeyAndItsMetrics) {
  const std::string base = "sweep --model steering --species prey:150 --species hawk:2:role=predator,catch_radius=14 "
                           "--steps 200 --seed 3 --seeds 2 --metric catch_rate --out s.csv --plot s.svg";
  const Result r = run(base + " --param hawk.max_speed=200,320");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string csv = slurp(dir_ / "s.csv");
  EXPECT_EQ(csv.rfind("hawk.max_speed,seed,", 0), 0u) << csv.substr(0, 80);
  const auto header = csvFields(csv.substr(0, csv.find('\n')));
  const auto column = static_cast<std::size_t>(std::find(header.begin(), header.end(), "catches") - header.begin());
  ASSERT_LT(column, header.size());
  // The row of max speed 320, seed 4 is the run with that speed in the species' text.
  std::string row;
  for (std::size_t at = csv.find('\n') + 1; at < csv.size(); at = csv.find('\n', at) + 1)
    if (csv.compare(at, 6, "320,4,") == 0) row = csv.substr(at, csv.find('\n', at) - at);
  ASSERT_FALSE(row.empty()) << csv;
  const Result one =
      run("run --model steering --species prey:150 --species hawk:2:role=predator,catch_radius=14,max_speed=320 "
          "--steps 200 --seed 4 --json");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(csvFields(row)[column], std::to_string(nlohmann::json::parse(one.out).at("end").at("catches").get<int>()));
  EXPECT_NE(slurp(dir_ / "s.svg").find("against hawk.max_speed"), std::string::npos);
}

TEST_F(Species, BadSpeciesAndFoodAreOneLineNamingTheSpeciesAndTheKey) {
  const std::string s = "run --model steering --steps 5 ";
  expectUsageError(s + "--species prey:100 --species hawk:2:role=predator,max_speed=-1",
                   "species hawk: max_speed must be a finite number in (0, 1e100] (got -1)");
  expectUsageError(s + "--species prey:100:vison=3", "prey: unknown key vison");
  expectUsageError(s + "--species prey:100:role=wolf", "species prey: role must be prey or predator (got wolf)");
  expectUsageError(s + "--species prey:100:colour=red", "species prey: colour must look like #rrggbb (got red)");
  expectUsageError(s + "--species prey:lots", "species prey: count must be a whole number >= 0 (got lots)");
  expectUsageError(s + "--species Prey:10", "species name must be a lower-case word");
  expectUsageError(s + "--species prey:10 --species prey:20", "species prey is given twice");
  expectUsageError(s + "--species prey:10:flocks_with=crow",
                   "species prey: flocks_with names crow, which is not a species here");
  expectUsageError(s + "--species prey:10 --count 11", "--count 11 differs from the species' total of 10");
  expectUsageError(s + "--species prey:10 --density 0.001", "--density is not taken with --species");
  expectUsageError(s + "--species prey:0", "the species add up to no boids");
  expectUsageError(s + "--food 100,100", "food must look like X,Y:AMOUNT");
  expectUsageError(s + "--food 100,100:0", "food (100,100:0): the amount must be a finite number > 0");
  expectUsageError(s + "--food 2000,100:5", "food (2000,100:5) is off the world");
  expectUsageError(s + "--dims 3 --food 100,100:5", "needs a depth in 3D: X,Y,Z:AMOUNT");
  expectUsageError(s + "--species a:10 --species h:1:role=predator --catches remove --trajectory t.npy",
                   "--trajectory needs a fixed number of boids");
  expectUsageError("sweep --model steering --species prey:10 --param hawk.max_speed=1,2 --out s.csv",
                   "there is no species hawk for hawk.max_speed (species: prey)");
  expectUsageError("sweep --model steering --species prey:10 --param prey.max_speed=-1,2 --out s.csv",
                   "species prey: max_speed must be a finite number in (0, 1e100] (got -1)");
}

TEST_F(Species, PicturesDrawEachSpeciesInItsColourWithALegend) {
  const Result r = run(kFlock + " --picture p.svg");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string svg = slurp(dir_ / "p.svg");
  for (const char* text : {"sparrow (200)", "starling (100)", "hawk (predator, 3)", "food"})
    EXPECT_NE(svg.find(text), std::string::npos) << text;
  EXPECT_NE(svg.find("fill=\"#d62728\" stroke=\"#111\""), std::string::npos) << "predators outlined in red";
  EXPECT_NE(svg.find("class=\"food\""), std::string::npos);
  EXPECT_EQ(svg.find("heading</text>"), std::string::npos) << "species replace the heading colours";
}

// Issue 9: sizes of 1e-300 and 1e6 made the size ratio 1e306, the separation sum overflowed and
// the saved state held NaN (mean_nn_distance null, --init refused the file). Sizes now lie in
// [0.001, 1000] and every weight in [0, 1e6]; the extremes allowed run finite and save a file
// that --init reads back.
TEST_F(Species, ExtremeSizesAndWeightsAreRefusedBeforeTheyOverflow) {
  const std::string s = "run --model steering --steps 300 ";
  expectUsageError(s + "--species a:200:size=1e-300 --species b:200:size=1000000",
                   "species a: size must be a finite number in [0.001, 1000] (got 1e-300)");
  expectUsageError(s + "--species a:200:size=1000000", "species a: size must be a finite number in [0.001, 1000]");
  expectUsageError(s + "--separation 1e308", "--separation must be a finite number in [0, 1000000] (got 1e308)");
  expectUsageError(s + "--species a:20:flee_weight=1e7",
                   "species a: flee_weight must be a finite number in [0, 1000000]");
  expectUsageError(s + "--species h:2:role=predator,chase_weight=1e300",
                   "chase_weight must be a finite number in [0, 1000000]");
  const std::string extreme = s + "--species a:200:size=0.001,separation=1e6 --species b:200:size=1000,alignment=1e6 "
                                  "--wall-weight 1e6 --edges walls --obstacle 450,280,60 --obstacle-weight 1e6 --json";
  const Result r = run(extreme + " --save end.csv");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(nlohmann::json::parse(r.out).at("end").at("mean_nn_distance").is_null()) << r.out;
  const std::string csv = slurp(dir_ / "end.csv");
  EXPECT_EQ(csv.find("nan"), std::string::npos);
  EXPECT_EQ(csv.find("inf"), std::string::npos);
  const Result again =
      run("run --model steering --species a:200:size=0.001 --species b:200:size=1000 --init end.csv --steps 5");
  EXPECT_EQ(again.status, 0) << again.err;
}

TEST_F(Species, AKeyGivenTwiceIsRefused) {
  const std::string s = "run --model steering --steps 5 ";
  expectUsageError(s + "--species a:20:alignment=1,alignment=2", "species a: key alignment is given twice");
  expectUsageError(s + "--species a:20:role=prey,size=2,role=predator", "species a: key role is given twice");
  expectUsageError(s + "--species a:20:colour=#ffffff,color=#000000", "species a: key colour is given twice");
  expectUsageError(s + "--species a:20:flocks_with=b,flocks_with=b --species b:3",
                   "species a: key flocks_with is given twice");
  write("run.json", R"({"model": "steering", "steps": 5, "species": ["a:20:cohesion=1,cohesion=1"]})");
  expectUsageError("run --config run.json", "species a: key cohesion is given twice");
}

// The numbers inside texts take the options' grammar: `--radius 0x10` was refused while
// `--food 1,1:0x10` ran with 16.
TEST_F(Species, NumbersInTextsAreDecimalOnly) {
  const std::string s = "run --model steering --steps 5 ";
  expectUsageError(s + "--food 1,1:0x10", "--food must look like X,Y:AMOUNT (X,Y,Z:AMOUNT in 3D) (got 1,1:0x10)");
  expectUsageError(s + "--food 0x1p4,1:5", "--food must look like X,Y:AMOUNT");
  expectUsageError(s + "--food 1,1:+5", "--food must look like X,Y:AMOUNT");
  expectUsageError(s + "--food ' 1,1:5'", "--food must look like X,Y:AMOUNT");
  expectUsageError(s + "--food 1,1:inf", "--food must look like X,Y:AMOUNT");
  expectUsageError(s + "--obstacle 0x10,10,5", "--obstacle must look like X,Y,R (X,Y,Z,R in 3D) (got 0x10,10,5)");
  expectUsageError(s + "--obstacle 100,100,+5", "--obstacle must look like X,Y,R");
  expectUsageError(s + "--pointer food:0x10,5", "--pointer must look like food:X,Y");
  expectUsageError(s + "--pointer 'predator:10, 5'", "--pointer must look like food:X,Y");
  expectUsageError(s + "--species a:20:alignment=0x1", "species a: alignment must be a finite number (got 0x1)");
  expectUsageError(s + "--species a:20:size=+2", "species a: size must be a finite number (got +2)");
  expectUsageError(s + "--species a:20:cohesion=nan", "species a: cohesion must be a finite number (got nan)");
  expectUsageError(s + "--alignment 0x10", "--alignment takes a number (got 0x10)");
  // The decimal forms the options take, the texts take too.
  EXPECT_EQ(hashOf(s + "--food 100.,.5e2:1E1 --obstacle 300,3e2,25. --species a:20:size=.5"),
            hashOf(s + "--food 100,50:10 --obstacle 300,300,25 --species a:20:size=0.5"));
}

// Food no boid can reach is run, with one warning line on stderr (once, even in a sweep's many runs).
TEST_F(Species, FoodInsideAnObstacleIsRunWithAWarning) {
  const std::string s = "run --model steering --steps 5 --quiet --obstacle 500,300,50 ";
  const Result r = run(s + "--food 500,300:5 --food 520,300:2 --food 10,10:3");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "flocklab: warning: food at 500,300 lies inside an obstacle and cannot be reached\n"
                   "flocklab: warning: food at 520,300 lies inside an obstacle and cannot be reached\n");
  EXPECT_EQ(run(s + "--food 10,10:3").err, "");
  EXPECT_EQ(run(s + "--food 551,300:3").err, "");
  const Result sphere =
      run("run --model steering --steps 5 --quiet --dims 3 --obstacle 500,300,280,50 --food 500,300,290:5");
  EXPECT_EQ(sphere.err, "flocklab: warning: food at 500,300,290 lies inside an obstacle and cannot be reached\n");
  const Result sweep =
      run("sweep --model steering --count 50 --steps 20 --seeds 2 --obstacle 500,300,50 --food 500,300:5 "
          "--param alignment=1,2 --out s.csv");
  EXPECT_EQ(sweep.status, 0) << sweep.err;
  EXPECT_EQ(sweep.err, "flocklab: warning: food at 500,300 lies inside an obstacle and cannot be reached\n");
}

// A start file at rest is read, not refused (docs/model-steering.md, "A start at rest"): the
// clamp leaves a zero velocity alone, so a boid that nothing steers stays where it is, while a
// dense group is pushed off by separation and cohesion. The same in the lab model.
TEST_F(Species, AFlockAtRestMovesOnlyWhereSomethingSteersIt) {
  std::string csv = "x,y,vx,vy\n10,10,0,0\n90,10,0,0\n";  // two boids far from everything
  for (int i = 0; i < 8; ++i)
    csv += std::to_string(50 + i % 3) + "." + std::to_string(i) + "," + std::to_string(70 + i / 3) + ",0,0\n";
  write("rest.csv", csv);
  for (const std::string model : {"steering --width 100 --height 100 --vision 10", "lab --world 100 --radius 5"}) {
    const Result r = run("run --quiet --model " + model + " --init rest.csv --steps 20 --save end.csv");
    ASSERT_EQ(r.status, 0) << model << ": " << r.err;
    const std::string end = slurp(dir_ / "end.csv");
    std::vector<std::string> rows;
    for (std::size_t at = 0; at < end.size(); at = end.find('\n', at) + 1)
      rows.push_back(end.substr(at, end.find('\n', at) - at));
    ASSERT_GE(rows.size(), 11u) << end;
    EXPECT_EQ(rows[1], "10,10,0,0") << model;
    EXPECT_EQ(rows[2], "90,10,0,0") << model;
    for (std::size_t i = 3; i < 11; ++i)
      EXPECT_EQ(csvFields(rows[i])[2] == "0" && csvFields(rows[i])[3] == "0", false) << model << " " << rows[i];
  }
}

}  // namespace
}  // namespace flocklab_test
