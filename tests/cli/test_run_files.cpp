// Run files against the command line: every parameter a run file records is a flag of
// `flocklab run`, and the flags rebuilt from a file repeat its run to the bit; run files of
// flocklab 0.1.0 (dashed keys, abm's "radius") still read.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "flocklab/registry.hpp"
#include "support/cli_fixture.hpp"

namespace flocklab_test {
namespace {

// The run file's keys as flags: "max_speed": 2 -> --max-speed 2, lists repeat the flag, a true
// switch is the bare flag. The version key is the file's own.
std::string flagsOf(const nlohmann::json& file) {
  std::string args;
  for (const auto& [key, value] : file.items()) {
    if (key == "flocklab") continue;
    std::string flag = "--" + key;
    for (char& c : flag)
      if (c == '_') c = '-';
    if (value.is_boolean()) {
      if (value.get<bool>()) args += " " + flag;
    } else if (value.is_array()) {
      for (const auto& item : value) args += " " + flag + " '" + item.get<std::string>() + "'";
    } else if (value.is_string()) {
      args += " " + flag + " '" + value.get<std::string>() + "'";
    } else {
      args += " " + flag + " " + value.dump();
    }
  }
  return args;
}

class RunFiles : public Cli {};

TEST_F(RunFiles, EveryRecordedParameterIsAFlagAndRepeatsTheRun) {
  const char* runs[] = {
      "--count 300 --steps 40 --seed 5 --radius 7 --max-speed 1.5 --world 80",
      "--model steering --preset school --count 400 --steps 40 --edges walls --obstacle 300,200,40 "
      "--pointer predator:450,280@10-30 --fov 270",
      "--model abm --preset large --steps 30 --visual-distance 9 --speed 0.8 --separation-distance 1.5 "
      "--cohere-factor 0.02 --separate-factor 0.01 --match-factor 0.07",
      "--model abm --sync --steps 20 --world 60",
  };
  for (const char* args : runs) {
    const std::string hash = hashOf(std::string("run ") + args + " --write-config run.json");
    const nlohmann::json file = nlohmann::json::parse(std::ifstream(dir_ / "run.json"));
    const flocklab::ModelDescription& model = flocklab::model(file.at("model").get<std::string>());
    for (const flocklab::ParamSpec& p : model.params) {
      EXPECT_TRUE(file.contains(p.key)) << args << ": " << p.key;
      // A whole number (dims) is written as one: "dims": 2, not 2.0.
      if (p.whole) EXPECT_TRUE(file.at(p.key).is_number_integer()) << args << ": " << p.key << " " << file.at(p.key);
    }
    EXPECT_EQ(hashOf("run" + flagsOf(file)), hash) << args << "\nflags:" << flagsOf(file);
    EXPECT_EQ(hashOf("run --config run.json"), hash) << args;
  }
}

TEST_F(RunFiles, RunFilesOfVersion010StillRead) {
  write("lab.json", R"({"flocklab": "0.1.0", "model": "lab", "count": 200, "steps": 30, "seed": 3,
                        "separation": 2, "alignment": 1, "cohesion": 1, "max-speed": 1.2, "radius": 9, "world": 90})");
  EXPECT_EQ(hashOf("run --config lab.json"),
            hashOf("run --count 200 --steps 30 --seed 3 --separation 2 --max-speed 1.2 --radius 9 --world 90"));
  write("steering.json", R"({"flocklab": "0.1.0", "model": "steering", "count": 300, "steps": 20, "seed": 4,
                             "preset": "flock", "separation-radius": 15, "obstacle": ["450,280,60"],
                             "food-weight": 2, "pointer": "food:100,100"})");
  EXPECT_EQ(hashOf("run --config steering.json"),
            hashOf("run --model steering --count 300 --steps 20 --seed 4 --separation-radius 15 "
                   "--obstacle 450,280,60 --food-weight 2 --pointer food:100,100"));
  write("abm.json", R"({"flocklab": "0.1.0", "model": "abm", "count": 150, "steps": 20, "seed": 2,
                        "preset": "small", "radius": 7, "world": 80, "sync": false})");
  EXPECT_EQ(hashOf("run --config abm.json"),
            hashOf("run --model abm --count 150 --steps 20 --seed 2 --visual-distance 7 --world 80"));
}

// A seed only draws the random start, except where the steps draw from it (abm's sequential
// order): beside --init it is refused where it could change nothing, and neither the summary
// nor the run file claims it.
TEST_F(RunFiles, ASeedWithoutEffectBesideInitIsRefusedAndNotRecorded) {
  ASSERT_EQ(run("run --steps 20 --save lab.csv").status, 0);
  expectUsageError("run --init lab.csv --seed 7",
                   "--seed has no effect with --init: the start comes from lab.csv and the lab model draws nothing "
                   "at random after it; drop --seed");
  ASSERT_EQ(run("run --model steering --count 50 --steps 5 --save steering.csv").status, 0);
  expectUsageError("run --model steering --init steering.csv --seed 7", "--seed has no effect with --init");
  ASSERT_EQ(run("run --model abm --steps 5 --save abm.csv").status, 0);
  expectUsageError("run --model abm --sync --init abm.csv --seed 7",
                   "the abm model in its sync form draws nothing at random after it; drop --seed");
  // A run file's "init" with --seed on the command line: the same refusal.
  write("from-init.json", R"({"model": "lab", "init": "lab.csv", "steps": 10})");
  expectUsageError("run --config from-init.json --seed 7", "--seed has no effect with --init");

  // Without --seed: the summary names the file and no seed, the run file records none, and the
  // file replays to the bit.
  Result r = run("run --init lab.csv --steps 10 --json --hash --write-config lab.json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto summary = nlohmann::json::parse(r.out);
  EXPECT_EQ(summary.at("init"), "lab.csv");
  EXPECT_FALSE(summary.contains("seed")) << r.out;
  const auto file = nlohmann::json::parse(std::ifstream(dir_ / "lab.json"));
  EXPECT_EQ(file.at("init"), "lab.csv");
  EXPECT_FALSE(file.contains("seed")) << file.dump();
  EXPECT_EQ(hashOf("run --config lab.json"), summary.at("hash").get<std::string>());
  r = run("run --init lab.csv --steps 1");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(" - 1 step - start lab.csv\n"), std::string::npos) << r.out;
  // A run file written by flocklab 0.1.0, which recorded every seed: it still replays (its seed
  // changed nothing). Any other file asking for a seed beside "init" is refused like --seed.
  write("old.json", R"({"flocklab": "0.1.0", "model": "lab", "init": "lab.csv", "steps": 10, "seed": 42})");
  EXPECT_EQ(hashOf("run --config old.json"), summary.at("hash").get<std::string>());
  write("both.json", R"({"flocklab": "0.2.0", "model": "lab", "init": "lab.csv", "steps": 10, "seed": 7})");
  expectUsageError("run --config both.json",
                   "\"seed\" in both.json has no effect with --init: the start comes from "
                   "lab.csv and the lab model draws nothing at random after it; drop the seed");
  // A start file that cannot be read is named before the seed.
  expectUsageError("run --init missing.csv --seed 3", "cannot read missing.csv");

  // The sequential abm draws its order from the seed: --seed beside --init is taken, changes
  // the run, and is reported and recorded.
  const std::string seven = hashOf("run --model abm --init abm.csv --steps 10 --seed 7");
  EXPECT_NE(hashOf("run --model abm --init abm.csv --steps 10 --seed 8"), seven);
  r = run("run --model abm --init abm.csv --steps 10 --seed 7 --json --write-config abm.json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("seed"), 7);
  EXPECT_EQ(nlohmann::json::parse(std::ifstream(dir_ / "abm.json")).at("seed"), 7);
  EXPECT_EQ(hashOf("run --config abm.json"), seven);
  r = run("run --model abm --init abm.csv --steps 1 --seed 7");
  EXPECT_NE(r.out.find(" - start abm.csv, seed 7\n"), std::string::npos) << r.out;
}

TEST_F(RunFiles, AParameterOfAnotherModelIsRefusedByName) {
  write("mixed.json", R"({"model": "lab", "vision": 30})");
  expectUsageError("run --config mixed.json", "key 'vision' belongs to --model steering, not --model lab");
  expectUsageError("run --model abm --radius 5 --visual-distance 6",
                   "--radius and --visual-distance name the same parameter; give it once");
}

}  // namespace
}  // namespace flocklab_test
