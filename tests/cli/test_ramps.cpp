// Parameter ramps (docs/ramps.md) on the command line: a ramped run equals the same run stepped
// by hand through the registry with the documented value set before each step; ramps are part
// of the run's definition (run files, checkpoints, sweeps); bad ramps get one line each.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "flocklab/io/state_hash.hpp"
#include "flocklab/registry.hpp"
#include "support/cli_fixture.hpp"

namespace flocklab_test {
namespace {

class Ramps : public Cli {};

// vicsek, 100 particles, seed 7, 30 steps, stepped by hand: the noise is its default (2) before
// step 10, then 0.5 + 4 (k - 10) / 10 for the step from k, and 4.5 from step 20 on.
std::string handRampedHash() {
  const flocklab::ModelDescription& model = flocklab::model("vicsek");
  flocklab::ParamSet params = model.defaults();
  auto sim = model.create(params, model.randomStart(params, 100, 7), 7);
  for (std::uint64_t k = 0; k < 30; ++k) {
    if (k >= 10) {
      params.set("noise", k >= 20 ? 4.5 : 0.5 + 4.0 * (static_cast<double>(k - 10) / 10.0));
      model.change(*sim, params);
    }
    sim->step(1);
  }
  return flocklab::hashHex(flocklab::stateHash(sim->flock()));
}

constexpr const char* kRamped = "run --model vicsek --count 100 --seed 7 --steps 30 --ramp noise=0.5:4.5@10-20";

TEST_F(Ramps, ARampSetsTheValueBeforeEachStep) {
  const std::string hash = hashOf(kRamped);
  EXPECT_EQ(hash, handRampedHash());
  EXPECT_NE(hash, hashOf("run --model vicsek --count 100 --seed 7 --steps 30"));
  // Steps before A keep the parameter's own value: a ramp begun at the last step changes nothing before it.
  EXPECT_EQ(hashOf("run --model vicsek --count 100 --seed 7 --steps 30 --ramp noise=0:1@30-40"),
            hashOf("run --model vicsek --count 100 --seed 7 --steps 30"));
}

TEST_F(Ramps, OfOneParametersRampsTheOneBegunLastSetsIt) {
  // Up then down, given in either order: the same run.
  const std::string upDown =
      hashOf("run --model lab --steps 40 --ramp alignment=0:2@0-20 --ramp alignment=2:0.5@20-40");
  EXPECT_EQ(hashOf("run --model lab --steps 40 --ramp alignment=2:0.5@20-40 --ramp alignment=0:2@0-20"), upDown);
  EXPECT_NE(hashOf("run --model lab --steps 40 --ramp alignment=0:2@0-20"), upDown);
}

TEST_F(Ramps, ARampIsPartOfTheRunFileAndTheCheckpoint) {
  const std::string hash = hashOf(std::string(kRamped) + " --write-config ramped.json");
  const nlohmann::json file = nlohmann::json::parse(slurp(dir_ / "ramped.json"));
  EXPECT_EQ(file.at("ramp"), nlohmann::json::array({"noise=0.5:4.5@10-20"}));
  EXPECT_EQ(file.at("noise"), 2) << "the run file holds the value the run began with";
  EXPECT_EQ(hashOf("run --config ramped.json"), hash);
  // Checkpointed mid-ramp (step 15) and resumed: the bits of the whole run.
  ASSERT_EQ(run("run --model vicsek --count 100 --seed 7 --steps 15 --ramp noise=0.5:4.5@10-20 "
                "--checkpoint-every 15 ckpt -q")
                .status,
            0);
  EXPECT_EQ(hashOf("run --resume ckpt --steps 30"), hash);
  expectUsageError("run --resume ckpt --ramp noise=0:1@0-5", "--ramp cannot change them");
}

TEST_F(Ramps, ASweepRampsEachRun) {
  const Result sweep =
      run("sweep --model vicsek --count 100 --steps 30 --ramp noise=0.5:4.5@10-20 --param radius=1 --seed 7 --seeds 1 "
          "--out rows.csv -q");
  ASSERT_EQ(sweep.status, 0) << sweep.err;
  std::istringstream rows(slurp(dir_ / "rows.csv"));
  std::string header, row;
  std::getline(rows, header);
  std::getline(rows, row);
  // radius,seed,polarization,...: the final order equals the ramped run's.
  const std::string polarization = row.substr(row.find(',', row.find(',') + 1) + 1);
  const Result single = run(std::string(kRamped) + " --json");
  ASSERT_EQ(single.status, 0) << single.err;
  const double end = nlohmann::json::parse(single.out).at("end").at("polarization").get<double>();
  EXPECT_EQ(std::stod(polarization.substr(0, polarization.find(','))), end) << row;
}

TEST_F(Ramps, BadRampsGetOneLine) {
  expectUsageError("run --model vicsek --ramp noise=0:4", "--ramp noise=0:4: give KEY=FROM:TO@A-B");
  expectUsageError("run --model vicsek --ramp nois=0:4@0-5",
                   "model vicsek has no parameter 'nois' (did you mean noise?)");
  expectUsageError("run --model vicsek --ramp world=1:2@0-5", "world cannot change during a run");
  expectUsageError("run --model steering --ramp edges=0:1@0-5", "edges is not a number, so it cannot ramp");
  expectUsageError("run --model vicsek --ramp noise=0:9@0-5", "noise must be a finite number in [0, 2 pi]");
  expectUsageError("run --model vicsek --ramp noise=0:1@5-5", "its steps A-B must rise (got 5-5)");
  expectUsageError("run --model vicsek --ramp noise=0:1@0-5 --ramp noise=1:0@4-9",
                   "--ramp noise=1:0@4-9: overlaps --ramp noise=0:1@0-5");
  std::string many;
  for (int k = 0; k < 65; ++k) many += " --ramp noise=0:1@" + std::to_string(2 * k) + "-" + std::to_string(2 * k + 1);
  expectUsageError("run --model vicsek" + many, "--ramp takes at most 64 ramps (got 65)");
  write("bad.json", R"({"model": "vicsek", "ramp": "noise=0:1@0-5"})");
  expectUsageError("run --config bad.json", "key 'ramp' must be a list of texts KEY=FROM:TO@A-B");
}

// Every value a ramp will set is checked before step 0, alone and beside the run's other
// parameters and ramps, so a run never stops midway (and a checkpoint never resumes into it).
TEST_F(Ramps, EveryRampedStepIsCheckedBeforeTheFirst) {
  // Whole at both ends, 3.2 at step 1: refused by run and by --dry-run alike.
  for (const char* dry : {"", " --dry-run"})
    expectUsageError(std::string("run --model couzin --steps 20 --ramp nearest=0:32@0-10 --metrics-out m.csv") + dry,
                     "--ramp nearest=0:32@0-10: at step 1, --nearest must be a whole number (got 3.2)");
  // Each valid alone, together max_speed * dt exceeds the world from some step after 2000 on.
  expectUsageError("run --model steering --count 100 --steps 3000 --ramp dt=0.01:3@2000-3000 "
                   "--ramp max_speed=180:3000@2000-3000 --checkpoint-every 500 ck --metrics-out cm.csv",
                   "--ramp max_speed=180:3000@2000-3000: at step 2226, --max-speed * --dt (560.4690168000002 px) "
                   "must not exceed the world's smaller side (560 px)");  // as docs/ramps.md shows it
  expectUsageError("sweep --model steering --count 50 --steps 30 --param alignment=1,2 --ramp dt=0.01:3@0-20 "
                   "--ramp max_speed=180:3000@0-20 --out s.csv",
                   "must not exceed the world's smaller side");
  // A whole number's ramp that stays whole at every step runs.
  EXPECT_EQ(run("run --model couzin --count 30 --steps 40 --ramp nearest=0:32@0-32").status, 0);
}

TEST_F(Ramps, ASweepOfAValueARampSetsFromTheStartIsRefused) {
  expectUsageError("sweep --model vicsek --count 50 --steps 20 --param noise=1,2 --ramp noise=0:1@0-10 --out s.csv",
                   "--param noise=1,2 sweeps noise, but --ramp noise=0:1@0-10 sets it from step 0");
  // A ramp begun later leaves the swept value its steps before A.
  EXPECT_EQ(
      run("sweep --model vicsek --count 50 --steps 20 --param noise=1,2 --ramp noise=0:1@10-20 --out s.csv").status, 0);
}

TEST_F(Ramps, AnUnknownKeyIsQuotedShortAndEscaped) {
  write("escape.json", "{\"model\": \"vicsek\", \"ramp\": [\"no\\u001b[31mise\\nx=0:1@0-5\"]}");
  const Result escaped = run("run --config escape.json");
  EXPECT_EQ(escaped.status, 2);
  EXPECT_EQ(std::count(escaped.err.begin(), escaped.err.end(), '\n'), 1) << escaped.err;
  EXPECT_EQ(escaped.err.find('\x1b'), std::string::npos) << escaped.err;
  const Result longKey = run("run --model vicsek --ramp " + std::string(5000, 'k') + "=0:1@0-5");
  EXPECT_EQ(longKey.status, 2);
  EXPECT_LT(longKey.err.size(), 200u) << longKey.err;
}

}  // namespace
}  // namespace flocklab_test
