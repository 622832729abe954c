// `flocklab analyze` as a user runs it (docs/analyze.md): a saved state gives the engine's own
// measures of it; tracked animals give velocities by finite differences (across a torus's edge
// too), with the animals that have no neighbouring frame left out and counted; bad files and
// options get one line and status 2, and no file is written.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "flocklab/anisotropy.hpp"
#include "flocklab/executor.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/velocity_correlation.hpp"
#include "support/cli_fixture.hpp"

namespace flocklab_test {
namespace {

class Analyze : public Cli {};

TEST_F(Analyze, AStateGivesTheEnginesMeasuresOfIt) {
  ASSERT_EQ(run("run --model steering --count 300 --steps 200 -q --save s.csv").status, 0);
  const Result r = run("analyze s.csv --world 900,560 --bin 5 --nearest-max 12 --json --correlation-out c.csv "
                       "--anisotropy-out g.csv");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const flocklab::Space world{900, 560, true};
  const flocklab::Flock flock = flocklab::readStateCsv((dir_ / "s.csv").string(), world);
  flocklab::ThreadPool pool(1);
  const auto c = flocklab::velocityCorrelation(flock, world, 5, pool);
  const auto g = flocklab::anisotropy(flock, world, 12, pool);
  EXPECT_EQ(j["agents"], 300);
  EXPECT_EQ(j["size"].get<double>(), c.extent);
  EXPECT_EQ(j["correlation_length"].get<double>(), c.zeroCrossing);
  ASSERT_EQ(j["gamma"].size(), 12u);
  for (std::size_t k = 0; k < 12; ++k) EXPECT_EQ(j["gamma"][k].get<double>(), g.gamma[k]);
  ASSERT_EQ(j["correlation"].size(), c.r.size());
  EXPECT_EQ(j["correlation"][0]["pairs"].get<std::uint64_t>(), c.pairs[0]);
  // The curves' files: a header, then one row a bin (a rank).
  const std::string curve = slurp(dir_ / "c.csv"), ranks = slurp(dir_ / "g.csv");
  EXPECT_EQ(curve.substr(0, curve.find('\n')), "r,correlation,pairs");
  EXPECT_EQ(std::count(curve.begin(), curve.end(), '\n'), static_cast<long>(c.r.size() + 1));
  EXPECT_EQ(ranks.substr(0, ranks.find('\n', ranks.find('\n') + 1)),
            "n,gamma\n1," + flocklab::writeDecimal(g.gamma[0]));
  // Without --world, open space: the same pairs, none wrapped, so the size can only grow.
  const auto open = nlohmann::json::parse(run("analyze s.csv --json").out);
  EXPECT_GE(open["size"].get<double>(), c.extent);
}

TEST_F(Analyze, ATrajectoryGivesARowAFrameTheLastOfWhichIsTheSavedState) {
  ASSERT_EQ(run("run --model vicsek --count 200 --steps 100 --every 50 -q --trajectory t.npy --save s.csv").status, 0);
  const auto frames = nlohmann::json::parse(run("analyze t.npy --world 10,10 --bin 0.5 --json").out);
  const auto last = nlohmann::json::parse(run("analyze s.csv --world 10,10 --bin 0.5 --json").out);
  ASSERT_EQ(frames["frames"].size(), 3u);
  EXPECT_EQ(frames["frames"][2]["frame"], 2);
  EXPECT_EQ(frames["frames"][2]["analysis"], last);
  write("short.npy", slurp(dir_ / "t.npy").substr(0, 500));
  expectUsageError("analyze short.npy", "short.npy: it holds ");
}

TEST_F(Analyze, TrackedAnimalsGetVelocitiesFromTheFramesAround) {
  // a flies +x, b flies +y, and b crosses the torus's edge (99 -> 1 is +2, not -98); c is seen
  // in frame 1 alone, so it has no velocity and is left out.
  write("tracks.csv", "frame,id,x,y,note\n"
                      "0,a,10,10,-\n0,b,50,97,-\n"
                      "1,a,12,10,-\n1,b,50,99,-\n1,c,70,70,-\n"
                      "2,a,14,10,-\n2,b,50,1,-\n");
  const Result r = run("analyze tracks.csv --world 100,100 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["frames"].size(), 3u);
  EXPECT_EQ(j["left_out"], 1);
  for (const auto& frame : j["frames"]) {
    EXPECT_EQ(frame["analysis"]["agents"], 2) << frame["frame"];
    // Unit headings (1, 0) and (0, 1): |mean| = sqrt(2) / 2.
    EXPECT_NEAR(frame["analysis"]["metrics"]["polarization"].get<double>(), std::sqrt(0.5), 1e-12) << frame["frame"];
  }
  // As a table: a row a frame, the run's metric columns with r0, L and gamma(1) after them.
  const Result table = run("analyze tracks.csv --world 100,100");
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_EQ(table.out.substr(0, table.out.find('\n')),
            "frame,agents,analysed,polarization,milling,flocks,largest_flock,largest_share,mean_nn_distance,"
            "mean_neighbors,correlation_length,size,gamma_1");
  EXPECT_EQ(std::count(table.out.begin(), table.out.end(), '\n'), 4);
  EXPECT_NE(table.err.find("1 animal-frames had no neighbouring frame"), std::string::npos) << table.err;
}

TEST_F(Analyze, BadFilesAndOptionsGetOneLine) {
  write("no_id.csv", "frame,x,y\n0,1,1\n");
  expectUsageError("analyze no_id.csv", "the header has no column 'id'");
  write("order.csv", "frame,id,x,y\n1,a,1,1\n0,a,2,2\n");
  expectUsageError("analyze order.csv", "row 3: frame 0 comes after frame 1: the rows must be in frame order");
  write("nan.csv", "frame,id,x,y\n0,a,nan,1\n");
  expectUsageError("analyze nan.csv", "row 2: x is not finite");
  write("twice.csv", "frame,id,x,y\n0,a,1,1\n0,a,2,2\n");
  expectUsageError("analyze twice.csv", "row 3: id 'a' appears twice in frame 0");
  write("outside.csv", "frame,id,x,y\n0,a,150,1\n1,a,2,2\n");
  expectUsageError("analyze outside.csv --world 100,100", "row 2: the place lies outside the world");
  write("other.csv", "a,b\n1,2\n");
  expectUsageError("analyze other.csv", "the header names neither a state");
  write("s.csv", "x,y,vx,vy\n1,1,1,0\n2,2,0,1\n");
  expectUsageError("analyze s.csv --bin 0", "--bin must be a finite number > 0 (got 0)");
  expectUsageError("analyze s.csv --nearest-max 0", "--nearest-max must be 1 to 100 (got 0)");
  expectUsageError("analyze s.csv --world 100,100,100", "the state is 2D but --world gives 3 sides");
  expectUsageError("analyze missing.csv", "cannot read missing.csv");
  // A file larger than a quarter of the memory is refused before it is read (a billion rows would be).
  const Result big = shell("FLOCKLAB_MEMORY_BYTES=100 '" FLOCKLAB_BINARY_DIR "/flocklab' analyze s.csv");
  EXPECT_EQ(big.status, 2);
  EXPECT_NE(big.err.find("cannot read s.csv: its 26 bytes are more than"), std::string::npos) << big.err;
}

}  // namespace
}  // namespace flocklab_test
