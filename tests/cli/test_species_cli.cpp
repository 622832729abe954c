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
const std::string kFlock =
    "run --model steering --species sparrow:200 --species starling:100:alignment=2,size=1.5 "
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
  const Result one = run("run --model steering --species prey:150 --species hawk:2:role=predator,catch_radius=14,max_speed=320 "
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
  expectUsageError(s + "--species prey:10:flocks_with=crow", "species prey: flocks_with names crow, which is not a species here");
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

}  // namespace
}  // namespace flocklab_test
