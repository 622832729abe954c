// A model added as docs/architecture.md's guide says ("How to add a model"): `gather`
// (tests/models/extra/) is its own files plus one flocklab_model() call, and the command built
// with it (flocklab_gather, tests/CMakeLists.txt) offers it with no line of the command changed:
// `models` lists it, `run --model gather` runs it with its parameters and checks, and the shipped
// models keep their bits beside it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "flocklab/registry.hpp"
#include "flocklab/word_list.hpp"
#include "support/cli_fixture.hpp"

namespace {

class ExtraModel : public Cli {
 protected:
  Result gather(const std::string& args) { return shell("'" FLOCKLAB_GATHER "' " + args); }
  std::string hashWith(bool extra, const std::string& args) {
    const Result r = extra ? gather(args + " --json --hash") : run(args + " --json --hash");
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    return r.status == 0 ? nlohmann::json::parse(r.out).at("hash").get<std::string>() : r.err;
  }
};

TEST_F(ExtraModel, TheCommandListsItAfterTheShippedModels) {
  const Result r = gather("models");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("gather: cohesion and alignment in 3D"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--cohesion"), std::string::npos) << r.out;
  const Result wrong = gather("run --model gathr");
  EXPECT_EQ(wrong.status, 2);
  std::vector<std::string> names;
  for (const flocklab::ModelDescription* m : flocklab::models()) names.push_back(m->name);
  names.push_back("gather");
  EXPECT_EQ(wrong.err, "flocklab: error: --model must be " + flocklab::wordList(names) + " (got gathr)\n");
}

TEST_F(ExtraModel, RunsWithTheSameBitsWhateverTheThreadsAndSearch) {
  const std::string args = "run --model gather --count 300 --steps 40 --seed 5 --cohesion 0.02";
  const std::string hash = hashWith(true, args + " --threads 1");
  EXPECT_EQ(hash, hashWith(true, args + " --threads 3"));
  EXPECT_EQ(hash, hashWith(true, args + " --threads 2 --neighbors brute"));
  // Pinned: the rule's bits (examples/custom_model.cpp's arithmetic) on this scene.
  EXPECT_EQ(hash, "60b8ae8845c63250");
}

TEST_F(ExtraModel, ItsValuesAreCheckedByItsTable) {
  Result r = gather("run --model gather --max-speed 100");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "flocklab: error: --max-speed (100) must not exceed the world's side (60)\n");
  r = gather("run --model gather --radius 0");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("radius"), std::string::npos) << r.err;
}

// The model's own schedule (its `pulse`: the gains swap every pulse steps) runs in the runner,
// which the command steps through, with no line of the command for it: 15 steps with pulse 10
// are the run whose gains a pair of ramps swaps from step 10 on, and not the run without either.
TEST_F(ExtraModel, ItsOwnScheduleRunsThroughTheRunner) {
  const std::string args = "run --model gather --count 200 --steps 15 --seed 3 --cohesion 0.02 --alignment 0.2";
  const std::string scheduled = hashWith(true, args + " --pulse 10");
  EXPECT_EQ(scheduled, hashWith(true, args + " --ramp cohesion=0.2:0.2@10-15 --ramp alignment=0.02:0.02@10-15"));
  EXPECT_NE(scheduled, hashWith(true, args));
  EXPECT_EQ(gather("run --model gather --pulse 2.5").err,
            "flocklab: error: --pulse must be a whole number (got 2.5)\n");
}

// Its open space reaches the command's pictures through the world's description: the picture
// frames the group (world_view.hpp) with no line of the command for the model.
TEST_F(ExtraModel, ItsOpenSpaceIsFramedByTheWorldsDescription) {
  const Result r = gather("run --model gather --open --count 100 --steps 30 --picture open.svg");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(hashWith(true, "run --model gather --open --count 100 --steps 30"),
            hashWith(true, "run --model gather --count 100 --steps 30"));
  EXPECT_NE(slurp(dir_ / "open.svg").find("<svg"), std::string::npos);
}

TEST_F(ExtraModel, TheShippedModelsKeepTheirBits) {
  for (const flocklab::ModelDescription* m : flocklab::models()) {
    const std::string args = "run --model " + m->name + " --count 150 --steps 20 --seed 9";
    EXPECT_EQ(hashWith(true, args), hashWith(false, args)) << m->name;
  }
}

}  // namespace
