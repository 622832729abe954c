// The flocklab command as a user runs it: outputs, exact continuation through --save and
// --init, and every kind of bad input (exit status 2, one line on stderr, no file left).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "engine/lanes.hpp"
#include "flocklab/flocklab.hpp"
#include "flocklab/registry.hpp"

#include "support/cli_fixture.hpp"

namespace fs = std::filesystem;

namespace {

// The lab model's metrics at the start and after `steps` steps, computed by the library.
std::pair<flocklab::Metrics, flocklab::Metrics> labRun(std::size_t count, std::uint64_t steps, std::uint64_t seed) {
  const flocklab::LabParams params;
  flocklab::LabSimulation sim(params, flocklab::randomLabStart(count, params, seed),
                              {flocklab::NeighborSearch::Grid, 1});
  const flocklab::Metrics start = sim.metrics();
  sim.step(steps);
  return {start, sim.metrics()};
}

std::string printed(const char* format, double a, double b) {
  char text[128];
  std::snprintf(text, sizeof text, format, a, b);
  return text;
}

}  // namespace

TEST_F(Cli, DefaultRunPrintsAReadableSummary) {
  const Result r = run("run");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("flocklab 0.2.0 - model lab - 120 boids - 600 steps - seed 42\n", 0), 0u) << r.out;
  for (const char* label : {"polarization", "flocks (largest)", "nearest-neighbour distance", "time"})
    EXPECT_NE(r.out.find(label), std::string::npos) << label;
  EXPECT_TRUE(r.err.empty());
  // The values are the library's for the same run (120 boids, seed 42, 600 steps).
  const auto [start, end] = labRun(120, 600, 42);
  const auto lineOf = [&r](const std::string& label) {
    const std::size_t at = r.out.find("\n" + label);
    if (at == std::string::npos) return std::string("(no line " + label + ")");
    const std::size_t value = r.out.find_first_not_of(' ', at + 1 + label.size());
    return r.out.substr(value, r.out.find('\n', value) - value);
  };
  EXPECT_EQ(lineOf("polarization"), printed("%.3f -> %.3f", start.polarization, end.polarization)) << r.out;
  EXPECT_EQ(lineOf("flocks (largest)"), std::to_string(start.flocks) + " (" + std::to_string(start.largestFlock) +
                                            ") -> " + std::to_string(end.flocks) + " (" +
                                            std::to_string(end.largestFlock) + ")")
      << r.out;
  EXPECT_EQ(lineOf("nearest-neighbour distance"),
            printed("%.2f -> %.2f", start.meanNearestDistance, end.meanNearestDistance))
      << r.out;
  EXPECT_EQ(lineOf("neighbours per boid"), printed("%.1f -> %.1f", start.meanNeighbors, end.meanNeighbors)) << r.out;
  EXPECT_GT(end.polarization, start.polarization) << "the default flock orders";
}

TEST_F(Cli, JsonSummaryHasEveryKey) {
  const Result r = run("run --count 50 --steps 20 --seed 3 --threads 1 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("model"), "lab");
  EXPECT_EQ(j.at("count"), 50);
  EXPECT_EQ(j.at("steps"), 20);
  EXPECT_EQ(j.at("seed"), 3);
  EXPECT_EQ(j.at("threads"), 1);
  EXPECT_TRUE(j.at("seconds").is_number());
  EXPECT_GE(j.at("seconds").get<double>(), 0);
  // Every metric is the library's for the same run, to the last bit (JSON numbers round-trip).
  const auto [start, end] = labRun(50, 20, 3);
  for (const auto& [part, m] : {std::pair{"start", start}, std::pair{"end", end}}) {
    SCOPED_TRACE(part);
    const auto& o = j.at(part);
    EXPECT_EQ(o.size(), 7u) << o.dump();
    EXPECT_EQ(o.at("polarization").get<double>(), m.polarization);
    EXPECT_EQ(o.at("milling").get<double>(), m.milling);
    EXPECT_EQ(o.at("flocks").get<std::size_t>(), m.flocks);
    EXPECT_EQ(o.at("largest_flock").get<std::size_t>(), m.largestFlock);
    EXPECT_EQ(o.at("largest_share").get<double>(), m.largestShare);
    EXPECT_EQ(o.at("mean_nn_distance").get<double>(), m.meanNearestDistance);
    EXPECT_EQ(o.at("mean_neighbors").get<double>(), m.meanNeighbors);
  }
  EXPECT_NE(j.at("start").at("polarization").get<double>(), j.at("end").at("polarization").get<double>());
}

TEST_F(Cli, HashIsTheSameForGridBruteAndThreads) {
  // 600 boids: above the scan-all limit (256), so the grid path runs, in several tasks.
  const std::string base = "run --count 600 --steps 100 --seed 9";
  const std::string grid = hashOf(base + " --threads 1");
  EXPECT_EQ(grid.size(), 16u);
  EXPECT_EQ(hashOf(base + " --neighbors brute --threads 1"), grid);
  EXPECT_EQ(hashOf(base + " --threads 2"), grid);
  EXPECT_EQ(hashOf(base + " --threads 3"), grid);
  EXPECT_NE(hashOf("run --count 600 --steps 100 --seed 10"), grid);
}

TEST_F(Cli, SaveThenInitContinuesExactly) {
  const std::string full = hashOf("run --steps 600");
  ASSERT_EQ(run("run --steps 300 --save half.csv").status, 0);
  EXPECT_EQ(hashOf("run --init half.csv --steps 300"), full);
  // The saved file itself round-trips: starting from it with 0 steps gives its own hash.
  EXPECT_EQ(hashOf("run --init half.csv --steps 0"), hashOf("run --steps 300"));
}

TEST_F(Cli, MetricsSeriesAsCsvAndJson) {
  ASSERT_EQ(run("run --steps 100 --every 25 --metrics-out m.csv").status, 0);
  const std::string csv = slurp(dir_ / "m.csv");
  EXPECT_EQ(
      csv.rfind("step,polarization,milling,flocks,largest_flock,largest_share,mean_nn_distance,mean_neighbors\n", 0),
      0u);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 6);  // header and steps 0, 25, 50, 75, 100
  EXPECT_NE(csv.find("\n100,"), std::string::npos);
  ASSERT_EQ(run("run --steps 30 --every 7 --metrics-out m.json").status, 0);
  const auto rows = nlohmann::json::parse(slurp(dir_ / "m.json"));
  ASSERT_EQ(rows.size(), 6u);  // steps 0, 7, 14, 21, 28 and the last, 30
  EXPECT_EQ(rows[1].at("step"), 7);
  EXPECT_EQ(rows.back().at("step"), 30);
  EXPECT_TRUE(rows.back().contains("largest_share"));
}

TEST_F(Cli, HelpAndVersion) {
  Result r = run("--version");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "flocklab 0.2.0\n");
  r = run("run --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("--neighbors"), std::string::npos);
  EXPECT_EQ(run("--help").status, 0);
}

TEST_F(Cli, WriteConfigHelpSaysTheRunGoesAhead) {
  const Result r = run("run --help");
  ASSERT_EQ(r.status, 0);
  const std::size_t at = r.out.find("--write-config");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
  EXPECT_NE(line.find("Run as usual and write"), std::string::npos) << line;
}

// One of anything is singular: the summary, the sweep's last line, its plot and the bench table.
TEST_F(Cli, OneOfAnythingIsSingular) {
  Result r = run("run --count 1 --steps 1 --threads 1");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("flocklab 0.2.0 - model lab - 1 boid - 1 step - seed 42\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find(", 1 thread)"), std::string::npos) << r.out;
  r = run("run --model abm --count 1 --steps 2 --threads 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("flocklab 0.2.0 - model abm (preset small, sequential) - 1 agent - 2 steps - seed 42\n", 0), 0u)
      << r.out;
  EXPECT_NE(r.out.find(", 2 threads)"), std::string::npos) << r.out;

  r = run("sweep --count 1 --steps 1 --seeds 1 --param radius=5 --out one.csv --plot one.svg -q");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "flocklab sweep: 1 run, one.csv, plot one.svg\n");
  const std::string svg = slurp(dir_ / "one.svg");
  for (const char* singular : {"1 boid", "1 step", "seed 42"})
    EXPECT_NE(svg.find(singular), std::string::npos) << singular;
  for (const char* plural : {"1 boids", "1 steps", "1 seeds"}) EXPECT_EQ(svg.find(plural), std::string::npos) << plural;

  r = run("bench --only W2 --repeats 1 --threads 1 -q");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(" bench, 1 thread; "), std::string::npos) << r.out;
}

TEST_F(Cli, BadNumbersAreRejected) {
  expectUsageError("run --count 0", "--count");
  expectUsageError("run --count -5", "--count");
  expectUsageError("run --count abc", "--count");
  expectUsageError("run --steps -1", "--steps");
  expectUsageError("run --seed -1", "--seed");
  expectUsageError("run --every 0 --metrics-out m.csv", "--every");
  expectUsageError("run --threads -2", "--threads");
  for (const char* flag : {"--radius", "--max-speed", "--separation", "--alignment", "--cohesion", "--world"}) {
    expectUsageError(std::string("run ") + flag + " nan", flag);
    expectUsageError(std::string("run ") + flag + " inf", flag);
    expectUsageError(std::string("run ") + flag + " -1", flag);
  }
  expectUsageError("run --radius 0", "--radius");
  expectUsageError("run --max-speed 20 --world 5", "--max-speed (20) must not exceed the world's side (5)");
  expectUsageError("run --neighbors octree", "--neighbors");
  expectUsageError("run --bogus", "--bogus");
  expectUsageError("", "command");
  expectUsageError("fly", "fly");
}

TEST_F(Cli, CountsThatDoNotFitSaySoBeforeTrying) {
  expectUsageError("run --count 4000000000", "memory");
  expectUsageError("run --count 99999999999", "index");
}

TEST_F(Cli, BadStartFilesAreRejected) {
  expectUsageError("run --init missing.csv", "cannot read missing.csv");
  write("empty.csv", "");
  expectUsageError("run --init empty.csv", "empty");
  write("header.csv", "x,y,vx,vy\n");
  expectUsageError("run --init header.csv", "no boids");
  write("wrongheader.csv", "a,b,c,d\n1,2,3,4\n");
  expectUsageError("run --init wrongheader.csv", "header");
  write("words.csv", "x,y,vx,vy\n1,2,fast,4\n");
  expectUsageError("run --init words.csv", "row 2: vx is not a number");
  write("truncated.csv", "x,y,vx,vy\n1,2,0.5,0.5\n3,4,0.5");
  expectUsageError("run --init truncated.csv", "row 3");
  write("nan.csv", "x,y,vx,vy\n1,2,nan,0\n");
  expectUsageError("run --init nan.csv", "not finite");
  write("inf.csv", "x,y,vx,vy\n1,2,0,1e999\n");
  expectUsageError("run --init inf.csv", "row 2");
  write("outside.csv", "x,y,vx,vy\n1,2,0,1\n100.5,3,0,1\n");
  expectUsageError("run --init outside.csv", "row 3: x = 100.5 is outside the world");
  expectUsageError("run --init outside.csv --world 200 --radius -1", "--radius");
  fs::create_directory(dir_ / "folder.csv");
  expectUsageError("run --init folder.csv", "folder.csv");
}

// --dry-run checks what a run would do (options, the model's setup, the start file, the outputs'
// paths) and stops before the first step: the summary's first line, and no file.
TEST_F(Cli, DryRunChecksEverythingAndWritesNothing) {
  const Result real = run("run --model steering --steps 20 --seed 3");
  const Result dry = run("run --model steering --steps 20 --seed 3 --save end.csv --picture-every 5 frames --dry-run");
  ASSERT_EQ(dry.status, 0) << dry.err;
  EXPECT_EQ(dry.out.substr(0, dry.out.find('\n')), real.out.substr(0, real.out.find('\n')));
  EXPECT_NE(dry.out.find("dry run: every option checked and the start set up; no step run, no file written"),
            std::string::npos)
      << dry.out;
  for (const auto& entry : fs::directory_iterator(dir_)) {
    const std::string name = entry.path().filename().string();
    EXPECT_TRUE(name == "stdout.txt" || name == "stderr.txt") << name << " was left by a dry run";
  }
  // What the model refuses, a start file that is missing, an output that cannot be written:
  expectUsageError("run --model steering --dims 3 --food 400,300:50 --dry-run", "needs a depth in 3D");
  expectUsageError("run --init missing.csv --dry-run", "missing.csv");
  expectUsageError("run --save nowhere/state.csv --dry-run", "cannot write nowhere/state.csv");
  // A sweep plans and sets up every combination, and makes no run.
  const Result sweep = run("sweep --param radius=3,5,7 --seeds 2 --steps 10 --out rows.csv --dry-run");
  ASSERT_EQ(sweep.status, 0) << sweep.err;
  EXPECT_EQ(sweep.out,
            "flocklab sweep: dry run: 6 runs to make, every combination set up; no run made, no file written\n");
  EXPECT_FALSE(fs::exists(dir_ / "rows.csv"));
  expectUsageError("sweep --param radius=3,-5 --out rows.csv --dry-run", "radius");
}

// Issue 43, item 13: --json --dry-run printed the text line. It prints one JSON object: the
// summary's fields known before the first step, as the run's own summary has them.
TEST_F(Cli, DryRunWithJsonPrintsJson) {
  const Result real = run("run --model steering --steps 20 --seed 3 --threads 1 --json");
  const Result dry = run("run --model steering --steps 20 --seed 3 --threads 1 --json --dry-run");
  ASSERT_EQ(dry.status, 0) << dry.err;
  ASSERT_EQ(std::count(dry.out.begin(), dry.out.end(), '\n'), 1) << dry.out;
  const auto j = nlohmann::json::parse(dry.out);
  const auto whole = nlohmann::json::parse(real.out);
  EXPECT_EQ(j["dry_run"], true);
  for (const char* key : {"flocklab", "model", "preset", "count", "steps", "seed", "threads"})
    EXPECT_EQ(j[key], whole[key]) << key;
  EXPECT_FALSE(j.contains("end"));
}

TEST_F(Cli, OutputsThatCannotBeWrittenFailBeforeTheRun) {
  expectUsageError("run --save nowhere/state.csv", "cannot write nowhere/state.csv");
  expectUsageError("run --metrics-out nowhere/m.csv", "cannot write nowhere/m.csv");
  expectUsageError("run --metrics-out m.txt", ".csv or .json");
  fs::create_directory(dir_ / "taken.csv");
  expectUsageError("run --save taken.csv", "directory");
  // A good save next to a bad metrics path: neither file appears.
  expectUsageError("run --save ok.csv --metrics-out nowhere/m.csv", "nowhere/m.csv");
  EXPECT_FALSE(fs::exists(dir_ / "ok.csv"));
}

TEST_F(Cli, SteeringRunsEveryPreset) {
  for (const char* preset : {"flock", "school", "swarm", "chaos"}) {
    const Result r = run(std::string("run --model steering --count 300 --steps 30 --preset ") + preset);
    ASSERT_EQ(r.status, 0) << preset << ": " << r.err;
    EXPECT_EQ(
        r.out.rfind(std::string("flocklab 0.2.0 - model steering (preset ") + preset + ") - 300 boids - 30 steps", 0),
        0u)
        << r.out;
  }
  const Result r = run("run --model steering --count 100 --steps 10 --preset school --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("model"), "steering");
  EXPECT_EQ(j.at("preset"), "school");
}

TEST_F(Cli, SteeringWithWallsObstaclesAndAPointerIsReproducible) {
  const std::string base = "run --model steering --count 2500 --steps 40 --edges walls --obstacle 450,280,60 "
                           "--obstacle 200,150,30 --pointer predator:600,300@10-30";
  const std::string one = hashOf(base + " --fov 270 --threads 1");
  EXPECT_EQ(hashOf(base + " --fov 270 --threads 2"), one);
  EXPECT_EQ(hashOf(base + " --fov 270 --threads 1 --neighbors brute"), one);
  EXPECT_NE(hashOf(base + " --fov 300 --threads 1"), one);
}

TEST_F(Cli, SteeringSaveThenInitContinuesExactly) {
  const std::string model = "run --model steering --edges walls --width 400 --height 300 ";
  const std::string full = hashOf(model + "--count 200 --steps 200");
  ASSERT_EQ(run(model + "--count 200 --steps 120 --save half.csv").status, 0);
  // The pointer's schedule counts steps from the start of each run, so none is used here.
  EXPECT_EQ(hashOf(model + "--init half.csv --steps 80"), full);
}

TEST_F(Cli, SteeringBadValuesAreRejected) {
  const std::string s = "run --model steering ";
  expectUsageError(s + "--fov 0", "--fov");
  expectUsageError(s + "--fov 361", "--fov");
  expectUsageError(s + "--fov nan", "--fov");
  expectUsageError(s + "--vision -1", "--vision");
  expectUsageError(s + "--separation-radius -5", "--separation-radius");
  expectUsageError(s + "--dt 0", "--dt");
  expectUsageError(s + "--dt -0.1", "--dt");
  expectUsageError(s + "--edges mirror", "--edges");
  expectUsageError(s + "--preset flocky", "--preset");
  expectUsageError(s + "--obstacle 2000,100,10", "outside the world");
  expectUsageError(s + "--obstacle 450,280,5000", "cover the whole world");
  expectUsageError(s + "--obstacle 450,280,0", "radius");
  expectUsageError(s + "--obstacle 1,2", "X,Y,R");
  expectUsageError(s + "--pointer predator:2000,10", "off the world");
  expectUsageError(s + "--pointer hawk:100,100", "--pointer");
  expectUsageError(s + "--pointer food:100,100@600-300", "--pointer");
  expectUsageError(s + "--max-speed 1000000", "--max-speed * --dt");
  expectUsageError(s + "--radius 5", "--radius belongs to --model lab");
  expectUsageError("run --vision 30", "--vision belongs to --model steering");
  expectUsageError("run --model boids", "--model");
  write("wide.csv", "x,y,vx,vy\n850,500,1,1\n");
  EXPECT_EQ(run(s + "--init wide.csv --steps 1").status, 0);
  expectUsageError("run --init wide.csv", "outside the world");
}

TEST_F(Cli, AbmRunsBothPresetsAndBothForms) {
  Result r = run("run --model abm");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(
      r.out.rfind("flocklab 0.2.0 - model abm (preset small, sequential) - 200 agents - 100 steps - seed 42\n", 0), 0u)
      << r.out;
  r = run("run --model abm --preset large --steps 20 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("model"), "abm");
  EXPECT_EQ(j.at("preset"), "large");
  EXPECT_EQ(j.at("form"), "sequential");
  EXPECT_EQ(j.at("count"), 400);
  EXPECT_EQ(j.at("steps"), 20);
  r = run("run --model abm --sync --steps 20");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("flocklab 0.2.0 - model abm (preset small, sync) - 200 agents - 20 steps", 0), 0u) << r.out;
  EXPECT_EQ(nlohmann::json::parse(run("run --model abm --sync --steps 2 --json").out).at("form"), "sync");
  r = run("run --model abm --preset large --count 50 --world 60 --radius 6 --steps 10 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("count"), 50);
  r = run("run --help");
  EXPECT_NE(r.out.find("--sync"), std::string::npos);
  EXPECT_NE(r.out.find("abm"), std::string::npos);
}

TEST_F(Cli, AbmHashesAreTheLibrarysForEverySearchAndThreadCount) {
  // The golden hashes of test_abm: 200 agents, seed 42, 100 steps.
  EXPECT_EQ(hashOf("run --model abm"), "b033768499e0d0b9");
  EXPECT_EQ(hashOf("run --model abm --neighbors brute --threads 1"), "b033768499e0d0b9");
  EXPECT_EQ(hashOf("run --model abm --sync --threads 1"), "2a89e97ba167f7cd");
  EXPECT_EQ(hashOf("run --model abm --sync --threads 2 --neighbors brute"), "2a89e97ba167f7cd");
  EXPECT_NE(hashOf("run --model abm --seed 43"), "b033768499e0d0b9");
}

TEST_F(Cli, AbmSaveThenInit) {
  // The sync form draws nothing after the start: it continues bit for bit.
  const std::string full = hashOf("run --model abm --sync --steps 100");
  ASSERT_EQ(run("run --model abm --sync --steps 60 --save half.csv").status, 0);
  EXPECT_EQ(hashOf("run --model abm --sync --init half.csv --steps 40"), full);
  // The sequential form starts a fresh order from --seed: a valid run, not the same bits.
  ASSERT_EQ(run("run --model abm --steps 60 --save seq.csv").status, 0);
  const Result r = run("run --model abm --init seq.csv --steps 40 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("count"), 200);
  // Headings need not be unit length: the first step normalises them.
  write("long.csv", "x,y,vx,vy\n10,10,3,4\n12,10,0,-2\n99.5,0,0,0\n");
  EXPECT_EQ(run("run --model abm --init long.csv --steps 5").status, 0);
  write("outside.csv", "x,y,vx,vy\n10,10,1,0\n100.5,3,0,1\n");
  expectUsageError("run --model abm --init outside.csv", "outside the world");
}

// Neighbours per agent count the agents the rule sees, at most the visual distance away; groups
// link agents strictly closer. Agents 0 and 1 lie exactly 5 apart (the small preset's visual
// distance), agent 2 far from both: each of the pair counts the other (mean 2/3), yet no two are
// linked (3 groups).
TEST_F(Cli, AbmCountsNeighboursAtExactlyTheVisualDistanceButDoesNotLinkThem) {
  write("three.csv", "x,y,vx,vy\n10,10,1,0\n15,10,1,0\n50,50,1,0\n");
  const Result r = run("run --model abm --init three.csv --steps 0 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto start = nlohmann::json::parse(r.out).at("start");
  EXPECT_DOUBLE_EQ(start.at("mean_neighbors").get<double>(), 2.0 / 3.0);
  EXPECT_EQ(start.at("flocks"), 3);
  EXPECT_EQ(start.at("largest_flock"), 1);
  const Result text = run("models abm");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("groups link agents strictly closer than the visual distance (wrapped); neighbours per agent "
                          "counts the other agents at most the visual distance away"),
            std::string::npos)
      << text.out;
}

TEST_F(Cli, AbmBadOptionsAreRejected) {
  const std::string a = "run --model abm ";
  expectUsageError(a + "--preset medium", "--preset must be small or large");
  expectUsageError(a + "--preset flock", "--preset must be small or large");
  expectUsageError(a + "--vision 3", "--vision belongs to --model steering, not --model abm");
  expectUsageError(a + "--edges walls", "--edges belongs to --model steering, not --model abm");
  expectUsageError(a + "--separation 2", "--separation belongs to --model lab or steering, not --model abm");
  expectUsageError(a + "--max-speed 2", "--max-speed belongs to --model lab or steering, not --model abm");
  expectUsageError("run --sync", "--sync belongs to --model abm, not --model lab");
  expectUsageError("run --model steering --sync", "--sync belongs to --model abm, not --model steering");
  expectUsageError("run --preset large", "--preset belongs to --model steering or abm, not --model lab");
  expectUsageError("run --model steering --world 50",
                   "--world belongs to --model lab, abm or vicsek, not --model steering");
  expectUsageError(a + "--radius 0", "--radius");
  expectUsageError(a + "--radius nan", "--radius");
  expectUsageError(a + "--world -3", "--world");
  expectUsageError(a + "--world 0.5", "must not exceed the world's side");
  expectUsageError(a + "--count 0", "--count");
  // The models as the registry lists them, so a new model changes nothing here.
  expectUsageError("run --model abms", "--model must be " + flocklab::modelNames() + " (got abms)");
}

TEST_F(Cli, BenchTimesTheWorkloadsAndDrawsTheScaling) {
  const Result r = run("bench --only W1,W2 --repeats 1 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto report = nlohmann::json::parse(r.out);
  const auto& rows = report.at("rows");
  ASSERT_EQ(rows.size(), 4u) << r.out;  // W1 and its JavaScript peer, W2 small and large
  EXPECT_EQ(rows[0].at("id"), "W1");
  EXPECT_NE(rows[1].at("note").get<std::string>().find("same final state hash e2cf14bff71a4ad4"), std::string::npos);
  for (const auto& row : rows) {
    EXPECT_GT(row.at("seconds").get<double>(), 0) << row.dump();
    EXPECT_GT(row.at("boid_steps_per_second").get<double>(), 0) << row.dump();
  }
  EXPECT_GT(rows[2].at("checks_per_second").get<double>(), 0) << "abm sequential counts its candidates";
  EXPECT_EQ(rows[3].at("boids"), 400);
  // The machine beside the figures: its cores, the lanes and the load, which the targets assume idle.
  EXPECT_GE(report.at("cores").get<unsigned>(), 1u);
  using flocklab::LaneUse;
  EXPECT_EQ(report.at("lanes").at("boids"), flocklab::laneKernelName(flocklab::laneKernel(LaneUse::Boids)));
  EXPECT_EQ(report.at("lanes").at("hits"), flocklab::laneKernelName(flocklab::laneKernel(LaneUse::Hits)));
  // Each row names the kernel its steps ran: the lab's lanes of boids; none for node or W2's scan.
  EXPECT_EQ(rows[0].at("kernel"), flocklab::laneKernelName(flocklab::laneKernel(LaneUse::Boids)));
  for (std::size_t k = 1; k < 4; ++k) EXPECT_EQ(rows[k].at("kernel"), "-") << rows[k].dump();
  // --lanes runs the workloads once a kernel, side by side, and refuses a kernel it lacks.
  const Result passes = run("bench --only W8 --lanes scalar,portable --repeats 1 --json -q");
  ASSERT_EQ(passes.status, 0) << passes.err;
  const auto side = nlohmann::json::parse(passes.out).at("rows");
  ASSERT_EQ(side.size(), 2u) << passes.out;
  EXPECT_EQ(side[0].at("kernel"), "scalar");
  EXPECT_EQ(side[1].at("kernel"), "portable");
  EXPECT_EQ(side[1].at("id"), "W8");
  // `all`: a pass for each kernel this CPU runs (W2's two rows each).
  const Result every = run("bench --only W2 --lanes all --repeats 1 --json -q");
  ASSERT_EQ(every.status, 0) << every.err;
  std::size_t kernels = 0;
  for (auto k : {flocklab::LaneKernel::Scalar, flocklab::LaneKernel::Portable, flocklab::LaneKernel::Avx2,
                 flocklab::LaneKernel::Avx512})
    kernels += flocklab::laneKernelSupported(k);
  EXPECT_EQ(nlohmann::json::parse(every.out).at("rows").size(), 2 * kernels) << every.out;
  expectUsageError("bench --lanes avx3", "--lanes takes scalar, portable, avx2 and avx512");
  EXPECT_GE(report.at("load_average").at("before").get<double>(), 0.0);
  EXPECT_GE(report.at("load_average").at("after").get<double>(), 0.0);

  // Every workload asked for gets a row: W4 without --full says how to run it; W7 (the browser
  // lab in Chromium) gives its three flock sizes, or one row saying why it was not measured.
  const Result listed = run("bench --only W4,W7 --repeats 1 --json -q");
  ASSERT_EQ(listed.status, 0) << listed.err;
  const auto more = nlohmann::json::parse(listed.out).at("rows");
  ASSERT_GE(more.size(), 2u) << listed.out;
  EXPECT_EQ(more[0].at("id"), "W4");
  EXPECT_TRUE(more[0].at("seconds").is_null());
  EXPECT_NE(more[0].at("note").get<std::string>().find("--full"), std::string::npos);
  for (std::size_t k = 1; k < more.size(); ++k) EXPECT_EQ(more[k].at("id"), "W7") << listed.out;
  if (more.size() == 2) {
    EXPECT_EQ(more[1].at("result"), "not measured") << listed.out;
  } else {
    ASSERT_EQ(more.size(), 4u) << listed.out;
    EXPECT_EQ(more[2].at("boids"), 5000);
    EXPECT_GT(more[2].at("seconds").get<double>(), 0);
    EXPECT_NE(more[2].at("result").get<std::string>().find("steps/s"), std::string::npos) << listed.out;
  }

  // W5 once (its sizes are the slow part): the table, the chart, and --quiet without progress
  // lines. A chart as PNG is the same conversion run's charts use (test_run_outputs).
  const Result table = run("bench --only W5 --repeats 1 -q --plot scaling.svg");
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_TRUE(table.err.empty()) << table.err;
  EXPECT_NE(table.out.find("time per boid-step within 2x"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find(" before and "), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("the targets are for an idle 2-core machine"), std::string::npos) << table.out;
  const std::string svg = slurp(dir_ / "scaling.svg");
  EXPECT_NE(svg.find("data-name=\"grid (default)\""), std::string::npos);
  EXPECT_NE(svg.find("data-name=\"brute force\""), std::string::npos);
}

TEST_F(Cli, BenchRejectsBadOptions) {
  expectUsageError("bench --only W9", "--only takes workload ids W1 to W8");
  expectUsageError("bench --repeats 0", "--repeats must be between 1 and 1000");
  expectUsageError("bench --plot scaling.txt", "--plot must end in .svg or .png");
  expectUsageError("bench --threads -1", "--threads must be between 0");
  expectUsageError("bench --plot no/such/dir/scaling.svg", "no/such/dir");
  // --plot draws W5: without it the command stops before any workload (a progress line on
  // stderr would show one ran), whether the chart is SVG or PNG.
  expectUsageError("bench --only W2 --plot x.svg", "--plot needs W5 (it draws W5's sizes beside brute force)");
  expectUsageError("bench --only W1,W2 --plot x.png", "--plot needs W5");
}

// --density: the count is density x the world's area, rounded, for any model; the run is the
// one --count of that number would give, and a run file keeps the density as it was given.
TEST_F(Cli, DensitySetsTheCountFromTheWorldsArea) {
  EXPECT_EQ(hashOf("run --density 0.5 --world 40 --steps 20"), hashOf("run --count 800 --world 40 --steps 20"));
  EXPECT_EQ(hashOf("run --model vicsek --density 4 --world 5 --steps 20"),
            hashOf("run --model vicsek --count 100 --world 5 --steps 20"));
  // 0.3 x 25 = 7.5 rounds to 8 (halves away from zero).
  EXPECT_EQ(hashOf("run --model vicsek --density 0.3 --world 5 --steps 5"),
            hashOf("run --model vicsek --count 8 --world 5 --steps 5"));
  EXPECT_NE(run("run --model steering --density 0.0001 --steps 1").out.find("- 50 boids -"), std::string::npos)
      << "steering's 900 x 560 px world at 1e-4 boids per square px: 50.4";

  ASSERT_EQ(run("run --model vicsek --density 4 --world 5 --steps 3 --write-config d.json").status, 0);
  const auto config = nlohmann::json::parse(slurp(dir_ / "d.json"));
  EXPECT_EQ(config.at("density"), 4.0);
  EXPECT_FALSE(config.contains("count"));
  EXPECT_EQ(hashOf("run --config d.json"), hashOf("run --model vicsek --count 100 --world 5 --steps 3"));
  // The command line's --count or --density wins over the file's other one.
  EXPECT_EQ(hashOf("run --config d.json --count 7"), hashOf("run --model vicsek --count 7 --world 5 --steps 3"));
  ASSERT_EQ(run("run --model vicsek --count 9 --world 5 --steps 3 --write-config n.json").status, 0);
  EXPECT_EQ(hashOf("run --config n.json --density 4"), hashOf("run --config d.json"));

  expectUsageError("run --count 10 --density 1", "give --count or --density, not both");
  expectUsageError("run --density 0", "--density must be a finite number > 0 (got 0)");
  expectUsageError("run --density nan", "--density must be a finite number > 0 (got nan)");
  expectUsageError("run --density 0.001 --world 5", "--density 0.001 leaves no boid in a world of area 25");
  expectUsageError("run --density 1e30", "more than the 4294967295 boids flocklab can index");
  write("both.json", R"({"count": 10, "density": 1})");
  expectUsageError("run --config both.json",
                   "--config both.json: keys 'count' and 'density' both set the number of boids; give one");
  EXPECT_EQ(hashOf("run --config both.json --count 10 --steps 3"), hashOf("run --count 10 --steps 3"));
  write("bad.json", R"({"density": -1})");
  expectUsageError("run --config bad.json", "key 'density' must be a number > 0 (got -1)");
  ASSERT_EQ(run("run --steps 1 --save s.csv").status, 0);
  expectUsageError("run --init s.csv --density 1", "give --density or --init, not both");
}

// FLOCKLAB_LANES picks the step's kernel (engine/lanes.hpp): each gives the run's hash,
// and a bad name is the user's error, one line with exit status 2.
TEST_F(Cli, FlocklabLanesPicksAKernelAndABadOneIsRefused) {
  const auto hashLine = [](const std::string& out) { return out.substr(std::min(out.size(), out.find("state hash"))); };
  const Result plain = run("run --hash");
  ASSERT_EQ(plain.status, 0) << plain.err;
  ASSERT_NE(hashLine(plain.out), "");
  for (const char* kernel : {"scalar", "portable"}) {
    const Result picked =
        shell(std::string("FLOCKLAB_LANES=") + kernel + " '" FLOCKLAB_BINARY_DIR "/flocklab' run --hash");
    EXPECT_EQ(picked.status, 0) << picked.err;
    EXPECT_EQ(hashLine(picked.out), hashLine(plain.out)) << kernel;
  }
  const Result bad = shell("FLOCKLAB_LANES=sse9 '" FLOCKLAB_BINARY_DIR "/flocklab' run");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_EQ(bad.err, "flocklab: error: FLOCKLAB_LANES must be scalar, portable, avx2 or avx512 (got sse9)\n");
}

// The model is `flocklab models`'s positional argument: its error names the command, not --model.
TEST_F(Cli, ModelsNamesItsOwnArgumentWhenTheModelIsUnknown) {
  expectUsageError("models steer", "flocklab models takes lab, steering, abm, vicsek or couzin (got steer)");
  const Result r = run("models steer");
  EXPECT_EQ(r.err.find("--model"), std::string::npos) << r.err;
}
