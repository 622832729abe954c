// Bit-identity of the lab step: grid against brute force, and every thread count against one
// thread, over seeds, counts (1 and 2 included), awkward radii and worlds, weights of 0, and
// boids placed exactly on cell borders and just below L.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "engine/grid.hpp"
#include "flocklab/flocklab.hpp"
#include "support/lab_params_builder.hpp"
#include "support/state_compare.hpp"

using namespace flocklab;

namespace {

// Steps a brute reference and the candidate side by side and reports the first divergence.
void expectSameFlight(const LabParams& p, const Flock& start, EngineOptions candidate, int steps,
                      const std::string& what) {
  LabSimulation reference(p, start, {NeighborSearch::Brute, 1});
  LabSimulation other(p, start, candidate);
  for (int s = 1; s <= steps; ++s) {
    reference.step();
    other.step();
    const long boid = firstDifference(reference.flock(), other.flock());
    ASSERT_EQ(boid, -1) << what << ": first difference at step " << s << ", boid " << boid << " ("
                        << toString(candidate.search) << ", " << candidate.threads << " threads)";
  }
  EXPECT_EQ(reference.metrics().polarization, other.metrics().polarization) << what;
}

struct Case {
  std::size_t count;
  std::uint64_t seed;
  LabParams params;
  const char* name;
};

}  // namespace

TEST(Determinism, GridEqualsBruteForManyCases) {
  const Case cases[] = {
      {1, 1, with(10, 100), "one boid"},
      {2, 2, with(10, 5), "two boids in a small world"},
      {120, 42, with(10, 100), "defaults (small flocks scan all boids)"},
      // From here on more boids than the scan-all limit, so the grid and its tiles do the work.
      {300, 7, with(7, 100), "radius that does not divide L"},
      {350, 9, with(13.7, 61.3), "L not a multiple of r"},
      {400, 11, with(10, 100, 0, 1, 1), "separation 0"},
      {400, 12, with(10, 100, 1.5, 0, 0), "alignment and cohesion 0"},
      {300, 13, with(50, 100), "r = L/2: two cells per axis"},
      {300, 14, with(60, 100), "r > L/2: one cell per axis"},
      {300, 15, with(40, 100), "r = 0.4 L: two cells per axis"},
      {300, 16, with(33.34, 100), "just under three cells per axis"},
      {300, 18, with(20, 100), "five cells per axis: tiles of 2 with an odd one"},
      {400, 17, with(3, 100), "small radius, many cells"},
      {3000, 19, with(2, 150), "75 cells per axis: inner tiles skip the wrap"},
  };
  for (const Case& c : cases) {
    const Flock start = randomLabStart(c.count, c.params, c.seed);
    expectSameFlight(c.params, start, {NeighborSearch::Grid, 1}, 150, c.name);
  }
}

TEST(Determinism, ThreadCountsGiveTheSameBits) {
  // Enough boids that the step really splits into tasks on several workers.
  LabParams p = with(10, 300);
  const Flock start = randomLabStart(9000, p, 5);
  expectSameFlight(p, start, {NeighborSearch::Grid, 3}, 2, "grid on 3 threads against brute");
  for (unsigned threads : {2u, 3u, 8u}) {
    LabSimulation one(p, start, {NeighborSearch::Grid, 1});
    LabSimulation many(p, start, {NeighborSearch::Grid, threads});
    one.step(20);
    many.step(20);
    EXPECT_EQ(firstDifference(one.flock(), many.flock()), -1) << threads << " threads";
    const Metrics a = measure(one.flock(), Space::square(p.world), p.radius, {NeighborSearch::Grid, 1});
    const Metrics b = measure(many.flock(), Space::square(p.world), p.radius, {NeighborSearch::Grid, threads});
    EXPECT_EQ(a.polarization, b.polarization);
    EXPECT_EQ(a.meanNearestDistance, b.meanNearestDistance);
    EXPECT_EQ(a.meanNeighbors, b.meanNeighbors);
    EXPECT_EQ(a.flocks, b.flocks);
    EXPECT_EQ(a.largestFlock, b.largestFlock);
  }
}

TEST(Determinism, BruteSearchIsThreadIndependentToo) {
  LabParams p = with(10, 200);
  const Flock start = randomLabStart(4500, p, 21);
  LabSimulation one(p, start, {NeighborSearch::Brute, 1});
  LabSimulation three(p, start, {NeighborSearch::Brute, 3});
  one.step(2);
  three.step(2);
  EXPECT_EQ(firstDifference(one.flock(), three.flock()), -1);
}

TEST(Determinism, BoidsOnCellBordersAndAtTheWorldsEdge) {
  // r = 7 in a world of 100: 14 cells of side 100/14. Put boids exactly on cell borders, at 0,
  // at L itself and just below L, in small clusters so that they are neighbours across borders.
  LabParams p = with(7, 100);
  const Flock crowd = randomLabStart(1000, p, 3);
  Grid grid;
  grid.build(crowd.x.data(), crowd.y.data(), nullptr, nullptr, nullptr, crowd.size(), Space::square(p.world), p.radius);
  ASSERT_EQ(grid.columns(), 14);
  ASSERT_EQ(grid.rows(), 14);
  const double side = grid.cellWidth();
  Flock f;
  const double below = std::nextafter(p.world, 0.0);
  const double spots[] = {
      0.0, side, 2 * side, 7 * side, 13 * side, below, p.world, std::nextafter(side, 0.0), std::nextafter(side, 100.0)};
  // Random boids too, so that the flock is past the scan-all limit and the grid is used.
  f = randomLabStart(300, p, 4);
  std::size_t k = 0;
  for (double sx : spots)
    for (double sy : spots) {
      f.x.push_back(sx);
      f.y.push_back(sy);
      f.vx.push_back(0.3 + 0.01 * static_cast<double>(k % 7));
      f.vy.push_back(-0.4 + 0.02 * static_cast<double>(k % 5));
      ++k;
    }
  expectSameFlight(p, f, {NeighborSearch::Grid, 1}, 60, "cell borders");
  expectSameFlight(p, f, {NeighborSearch::Grid, 3}, 60, "cell borders, 3 threads");
}

TEST(Determinism, SmallWorldsWhereTheGridDegenerates) {
  // One and two cells per axis: the 3x3 block must not visit a cell twice.
  for (double radius : {10.0, 12.5, 20.0, 24.999, 25.0, 26.0, 49.0, 50.0, 70.0, 1000.0}) {
    LabParams p = with(radius, 50);
    const Flock start = randomLabStart(300, p, static_cast<std::uint64_t>(radius * 10));
    expectSameFlight(p, start, {NeighborSearch::Grid, 2}, 40, "radius " + std::to_string(radius));
    const Metrics m = measure(start, Space::square(p.world), p.radius);
    // Count neighbours the slow way and compare.
    std::uint64_t pairs = 0;
    for (std::size_t i = 0; i < start.size(); ++i)
      for (std::size_t j = 0; j < start.size(); ++j) {
        if (i == j) continue;
        const Offsets offsets(Space::square(p.world));
        const double dx = offsets.dx(start.x[i], start.x[j]), dy = offsets.dy(start.y[i], start.y[j]);
        pairs += dx * dx + dy * dy < radius * radius;
      }
    EXPECT_EQ(m.meanNeighbors, static_cast<double>(pairs) / 300.0) << "radius " << radius;
  }
}
