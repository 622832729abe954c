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

TEST_F(ExtraModel, TheShippedModelsKeepTheirBits) {
  for (const flocklab::ModelDescription* m : flocklab::models()) {
    const std::string args = "run --model " + m->name + " --count 150 --steps 20 --seed 9";
    EXPECT_EQ(hashWith(true, args), hashWith(false, args)) << m->name;
  }
}

}  // namespace
