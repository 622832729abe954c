// The world's cut over MPI ranks (apps/mpi/space_cut.hpp), without MPI: counts summed over
// simulated processes, balance, ownership that agrees with the boxes, distances to boxes
// (wrapped on a torus) against a brute-force minimum over the box's points.
#include <gtest/gtest.h>

#include <algorithm>
#include <barrier>
#include <cmath>
#include <thread>
#include <vector>

#include "flocklab/rng.hpp"
#include "space_cut.hpp"

namespace flocklab::mpi {
namespace {

struct Cloud {
  std::vector<double> x, y, z;
  Points points() const { return {x.data(), y.data(), z.empty() ? nullptr : z.data(), x.size()}; }
};

// n points, half of them in a small clump (flocks gather), in `space`.
Cloud cloud(std::size_t n, const Space& space, std::uint64_t seed) {
  Xoshiro256ss rng(seed);
  Cloud c;
  for (std::size_t i = 0; i < n; ++i) {
    const bool clump = i % 2 == 0;
    c.x.push_back(clump ? 0.7 * space.width + 0.05 * space.width * rng.uniform() : space.width * rng.uniform());
    c.y.push_back(clump ? 0.2 * space.height + 0.05 * space.height * rng.uniform() : space.height * rng.uniform());
    if (space.is3d()) c.z.push_back(space.depth * rng.uniform());
  }
  return c;
}

SumOverProcesses alone() {
  return [](std::vector<std::uint64_t>&) {};
}

TEST(SpaceCut, BalancesTheCountsOfAClumpedFlock) {
  const Space space{900, 560, true};
  const Cloud c = cloud(10000, space, 1);
  for (int parts : {2, 3, 4, 7, 16}) {
    const SpaceCut cut = SpaceCut::byCounts(space, parts, c.points(), alone());
    ASSERT_EQ(cut.parts(), parts);
    std::vector<std::size_t> owned(parts);
    for (std::size_t k = 0; k < c.x.size(); ++k) ++owned[cut.owner(c.x[k], c.y[k])];
    for (int p = 0; p < parts; ++p) {
      const double share = static_cast<double>(owned[p]) * parts / static_cast<double>(c.x.size());
      EXPECT_NEAR(share, 1.0, 0.02) << parts << " parts, part " << p;
    }
  }
}

TEST(SpaceCut, ProcessesThatEachHoldSomeBoidsBuildTheCutOfAllOfThem) {
  const Space space{300, 300, false, 200};
  const Cloud all = cloud(3000, space, 2);
  const SpaceCut whole = SpaceCut::byCounts(space, 5, all.points(), alone());
  // Three processes holding every third boid: each sum adds the other two's counts, which a
  // cut of all the boids alone makes at once; the cuts agree.
  std::vector<Cloud> shares(3);
  for (std::size_t k = 0; k < all.x.size(); ++k) {
    shares[k % 3].x.push_back(all.x[k]), shares[k % 3].y.push_back(all.y[k]), shares[k % 3].z.push_back(all.z[k]);
  }
  // Three processes as three threads: each sum leaves its counts in its slot, waits for the
  // others, and adds the three slots.
  std::vector<std::vector<std::uint64_t>> slots(3);
  std::barrier sync(3);
  std::vector<SpaceCut> cuts(3, SpaceCut(space));
  std::vector<std::thread> processes;
  for (int t = 0; t < 3; ++t)
    processes.emplace_back([&, t] {
      cuts[t] = SpaceCut::byCounts(space, 5, shares[t].points(), [&, t](std::vector<std::uint64_t>& counts) {
        slots[t] = counts;
        sync.arrive_and_wait();
        std::vector<std::uint64_t> total(counts.size(), 0);
        for (const auto& slot : slots)
          for (std::size_t i = 0; i < total.size(); ++i) total[i] += slot[i];
        sync.arrive_and_wait();
        counts = total;
      });
    });
  for (std::thread& p : processes) p.join();
  for (const SpaceCut& shared : cuts)
    for (std::size_t k = 0; k < all.x.size(); ++k)
      ASSERT_EQ(shared.owner(all.x[k], all.y[k], all.z[k]), whole.owner(all.x[k], all.y[k], all.z[k])) << k;
}
TEST(SpaceCut, OwnersLieInTheirBoxesAndEveryPointHasOne) {
  for (const Space& space : {Space{900, 560, true}, Space{100, 100, false}, Space{50, 60, true, 70}}) {
    const Cloud c = cloud(2000, space, 3);
    const SpaceCut cut = SpaceCut::byCounts(space, 6, c.points(), alone());
    for (std::size_t k = 0; k < c.x.size(); ++k) {
      const double z = space.is3d() ? c.z[k] : 0;
      const int p = cut.owner(c.x[k], c.y[k], z);
      EXPECT_EQ(cut.distance2(p, c.x[k], c.y[k], z), 0.0);
      for (int a = 0; a < space.dimensions(); ++a) {
        const double v = a == 0 ? c.x[k] : (a == 1 ? c.y[k] : z);
        EXPECT_GE(v, cut.lower(p)[a]);
        EXPECT_LE(v, cut.upper(p)[a]);
      }
    }
    // The world's far faces (a box world's walls, a position rounded onto W) are owned too.
    EXPECT_GE(cut.owner(space.width, space.height, space.is3d() ? space.depth : 0), 0);
  }
}

TEST(SpaceCut, DistanceToABoxIsTheShortestWayRoundOnATorus) {
  const Space space{100, 80, true};
  const Cloud c = cloud(3000, space, 4);
  const SpaceCut cut = SpaceCut::byCounts(space, 5, c.points(), alone());
  const Offsets offsets(space);
  Xoshiro256ss rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    const double x = space.width * rng.uniform(), y = space.height * rng.uniform();
    for (int p = 0; p < cut.parts(); ++p) {
      // Brute force: the nearest of a fine lattice of the box's points.
      double best = 1e300;
      const auto& lo = cut.lower(p);
      const auto& hi = cut.upper(p);
      for (int i = 0; i <= 200; ++i)
        for (int j = 0; j <= 200; ++j) {
          const double px = lo[0] + (hi[0] - lo[0]) * i / 200, py = lo[1] + (hi[1] - lo[1]) * j / 200;
          const double dx = offsets.dx(x, px), dy = offsets.dy(y, py);
          best = std::min(best, dx * dx + dy * dy);
        }
      const double d2 = cut.distance2(p, x, y);
      EXPECT_LE(d2, best + 1e-9);
      EXPECT_GE(std::sqrt(d2), std::sqrt(best) - 0.6) << "the lattice's spacing bounds the error";
    }
  }
}

TEST(SpaceCut, NoBoidsCutsInTheMiddleAndOnePartIsTheWorld) {
  const Space space{100, 50, true};
  const SpaceCut empty = SpaceCut::byCounts(space, 2, Points{}, alone());
  EXPECT_EQ(empty.upper(0)[0], 50.0);
  const SpaceCut one = SpaceCut::byCounts(space, 1, Points{}, alone());
  EXPECT_EQ(one.parts(), 1);
  EXPECT_EQ(one.owner(99, 49), 0);
}

}  // namespace
}  // namespace flocklab::mpi
