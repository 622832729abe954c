// Three dimensions through the public API: a 3D lab rule (tests/support/lab3d.hpp) run by
// RuleSimulation gives the same bits for grid and brute force and every executor, on a torus
// and in a box; with all z equal it reproduces the 2D lab model; metrics match a slow pair
// loop; CSV and hashes carry the third axis.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "engine/rule_simulation.hpp"
#include "flocklab/flocklab.hpp"
#include "support/lab3d.hpp"
#include "support/lab_params_builder.hpp"
#include "support/state_compare.hpp"

using namespace flocklab;
using flocklab::test::Lab3dRule;
using flocklab::test::randomStart3d;

namespace {

using Sim3 = RuleSimulation<Lab3dRule>;

void expectSameFlight3d(const Space& space, double radius, std::size_t n, std::uint64_t seed, int steps,
                        const std::string& what) {
  const Flock start = randomStart3d(n, space, seed);
  const Lab3dRule rule(space, radius);
  Sim3 reference(rule, space, radius, start, {NeighborSearch::Brute, 1});
  std::vector<std::unique_ptr<Sim3>> others;
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    others.push_back(std::make_unique<Sim3>(rule, space, radius, start, EngineOptions{NeighborSearch::Grid, threads}));
    others.push_back(std::make_unique<Sim3>(rule, space, radius, start, EngineOptions{NeighborSearch::Brute, threads}));
  }
  others.push_back(std::make_unique<Sim3>(rule, space, radius, start,
                                          EngineOptions{NeighborSearch::Grid, 0, std::make_shared<InlineExecutor>()}));
  for (int s = 1; s <= steps; ++s) {
    reference.step();
    for (auto& other : others) {
      other->step();
      const long boid = firstDifference(reference.flock(), other->flock());
      ASSERT_EQ(boid, -1) << what << ": first difference at step " << s << ", boid " << boid << " ("
                          << toString(other->options().search) << ", " << other->options().threads << " threads)";
    }
  }
  EXPECT_EQ(stateHash(reference.flock()), stateHash(others.front()->flock())) << what;
}

}  // namespace

TEST(ThreeD, GridEqualsBruteOnATorusForAnyThreadCount) {
  expectSameFlight3d(Space::cube(40), 5, 700, 1, 25, "8 cells per axis");
  expectSameFlight3d(Space::cube(30), 3.3, 1200, 2, 15, "9 cells per axis, r not dividing L");
  expectSameFlight3d(Space{40, 25, true, 18}, 6, 500, 3, 15, "a flat box of 6 x 4 x 3 cells");
  expectSameFlight3d(Space::cube(20), 8, 400, 4, 15, "two cells per axis");
  expectSameFlight3d(Space::cube(20), 11, 300, 5, 10, "one cell per axis");
}

TEST(ThreeD, GridEqualsBruteInABoxForAnyThreadCount) {
  expectSameFlight3d(Space{40, 40, false, 40}, 5, 700, 6, 25, "8 cells per axis");
  expectSameFlight3d(Space{33, 27, false, 21}, 4.1, 900, 7, 15, "uneven sides");
  expectSameFlight3d(Space{20, 20, false, 20}, 9, 300, 8, 10, "two cells per axis");
}

TEST(ThreeD, AFlatFlockReproducesTheTwoDimensionalLabModel) {
  // docs/model-lab.md, "Three dimensions": with all z equal and vz = 0 the 3D lab model is the
  // 2D one, bit for bit.
  const LabParams p = with(10, 100);
  const Flock flat = randomLabStart(600, p, 11);
  Flock deep = flat;
  deep.dimensions = 3;
  deep.z.assign(flat.size(), 37.5);
  deep.vz.assign(flat.size(), 0.0);
  const Space cube = Space::cube(p.world);
  LabSimulation two(p, flat, {NeighborSearch::Grid, 2});
  Sim3 three(Lab3dRule(cube, p.radius, p.separation, p.alignment, p.cohesion, p.maxSpeed), cube, p.radius, deep,
             {NeighborSearch::Grid, 3});
  two.step(40);
  three.step(40);
  Flock projected = three.flock();
  for (std::size_t i = 0; i < projected.size(); ++i) {
    ASSERT_EQ(projected.z[i], 37.5);
    ASSERT_EQ(projected.vz[i], 0.0);
  }
  projected.dimensions = 2;
  projected.resize(projected.size());
  EXPECT_EQ(firstDifference(two.flock(), projected), -1);
  EXPECT_EQ(stateHash(two.flock()), stateHash(projected));
}

namespace {

// The metrics the slow way: every pair, serial sums in index order, groups by flooding.
Metrics slowMetrics(const Flock& f, const Space& space, double radius) {
  const Offsets o(space);
  const std::size_t n = f.size();
  const auto d2 = [&](std::size_t i, std::size_t j) {
    const double dx = o.dx(f.x[i], f.x[j]), dy = o.dy(f.y[i], f.y[j]);
    if (!f.is3d()) return dx * dx + dy * dy;
    const double dz = o.dz(f.z[i], f.z[j]);
    return dx * dx + dy * dy + dz * dz;
  };
  Metrics m;
  double ux = 0, uy = 0, uz = 0, nearestSum = 0;
  std::uint64_t neighbors = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double vz = f.is3d() ? f.vz[i] : 0.0;
    const double speed = f.is3d() ? std::sqrt(f.vx[i] * f.vx[i] + f.vy[i] * f.vy[i] + vz * vz)
                                  : std::sqrt(f.vx[i] * f.vx[i] + f.vy[i] * f.vy[i]);
    if (speed > 0) ux += f.vx[i] / speed, uy += f.vy[i] / speed, uz += vz / speed;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < n; ++j)
      if (j != i) {
        best = std::min(best, d2(i, j));
        neighbors += d2(i, j) < radius * radius;
      }
    nearestSum += n > 1 ? std::sqrt(best) : 0.0;
  }
  const double c = static_cast<double>(n);
  m.polarization = f.is3d() ? std::sqrt((ux / c) * (ux / c) + (uy / c) * (uy / c) + (uz / c) * (uz / c))
                            : std::sqrt((ux / c) * (ux / c) + (uy / c) * (uy / c));
  m.meanNearestDistance = nearestSum / c;
  m.meanNeighbors = static_cast<double>(neighbors) / c;
  std::vector<int> group(n, -1);
  for (std::size_t seed = 0; seed < n; ++seed) {
    if (group[seed] >= 0) continue;
    std::vector<std::size_t> todo{seed};
    group[seed] = static_cast<int>(m.flocks);
    std::size_t size = 0;
    while (!todo.empty()) {
      const std::size_t i = todo.back();
      todo.pop_back();
      ++size;
      for (std::size_t j = 0; j < n; ++j)
        if (group[j] < 0 && d2(i, j) < radius * radius) group[j] = static_cast<int>(m.flocks), todo.push_back(j);
    }
    ++m.flocks;
    m.largestFlock = std::max(m.largestFlock, size);
  }
  m.largestShare = static_cast<double>(m.largestFlock) / c;
  return m;
}

void expectSameMetrics(const Metrics& a, const Metrics& b, const std::string& what) {
  EXPECT_EQ(a.polarization, b.polarization) << what;
  EXPECT_EQ(a.flocks, b.flocks) << what;
  EXPECT_EQ(a.largestFlock, b.largestFlock) << what;
  EXPECT_EQ(a.largestShare, b.largestShare) << what;
  EXPECT_EQ(a.meanNearestDistance, b.meanNearestDistance) << what;
  EXPECT_EQ(a.meanNeighbors, b.meanNeighbors) << what;
}

}  // namespace

TEST(ThreeD, MetricsMatchASlowPairLoop) {
  const auto pool = makeThreadPool(3);
  for (const Space space : {Space::cube(30), Space{30, 20, false, 25}, Space::cube(10)})
    for (double radius : {2.5, 4.0, 12.0})
      for (std::size_t n : {1u, 2u, 50u, 700u}) {
        const Flock f = randomStart3d(n, space, n * 7 + 1);
        const std::string what = std::to_string(n) + " boids, r = " + std::to_string(radius);
        const Metrics slow = slowMetrics(f, space, radius);
        expectSameMetrics(measure(f, space, radius, {NeighborSearch::Grid, 1}), slow, what);
        expectSameMetrics(measure(f, space, radius, {NeighborSearch::Grid, 0, pool}), slow, what + ", shared pool");
      }
}

TEST(ThreeD, TwoDimensionalMetricsMatchASlowPairLoop) {
  for (const Space space : {Space::square(40), Space{30, 20, false}})
    for (std::size_t n : {2u, 300u, 900u}) {
      LabParams p = with(4, space.width);
      Flock f = randomLabStart(n, p, n);
      for (std::size_t i = 0; i < n; ++i) f.y[i] = std::fmod(f.y[i], space.height);
      expectSameMetrics(measure(f, space, 4, {NeighborSearch::Grid, 2}), slowMetrics(f, space, 4), std::to_string(n));
    }
}

TEST(ThreeD, StateCsvRoundTripsBitForBit) {
  const Space space{30, 20, true, 25};
  const Flock f = randomStart3d(200, space, 5);
  const std::string text = formatStateCsv(f);
  EXPECT_EQ(text.substr(0, text.find('\n')), "x,y,z,vx,vy,vz");
  const Flock back = parseStateCsv(text, space);
  EXPECT_EQ(back.dimensions, 3);
  EXPECT_EQ(firstDifference(f, back), -1);
  EXPECT_EQ(stateHash(f), stateHash(back));
  // A 2D reader rejects the 3D header, and a 3D reader the 2D one; z is checked against depth.
  EXPECT_THROW(parseStateCsv(text, Space{30, 20, true}), CsvError);
  EXPECT_THROW(parseStateCsv("x,y,vx,vy\n1,2,3,4\n", space), CsvError);
  EXPECT_THROW(parseStateCsv("x,y,z,vx,vy,vz\n1,2,26,0,0,0\n", space), CsvError);
  EXPECT_THROW(parseStateCsv("x,y,z,vx,vy,vz\n1,2,3,0,0\n", space), CsvError);
  EXPECT_NO_THROW(parseStateCsv("x,y,z,vx,vy,vz\n30,20,25,0,0,-1\n", space));
}

TEST(ThreeD, TheHashCoversEveryAxisInOrder) {
  const Flock f = randomStart3d(3, Space::cube(10), 9);
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i < f.size(); ++i)
    for (double v : {f.x[i], f.y[i], f.z[i], f.vx[i], f.vy[i], f.vz[i]}) {
      std::uint64_t bits;
      std::memcpy(&bits, &v, 8);
      for (int b = 0; b < 8; ++b) h = (h ^ ((bits >> (8 * b)) & 0xff)) * 0x100000001b3ULL;
    }
  EXPECT_EQ(stateHash(f), h);
  Flock moved = f;
  moved.z[1] = std::nextafter(moved.z[1], 0.0);
  EXPECT_NE(stateHash(moved), stateHash(f));
}

TEST(ThreeD, DimensionsMustAgree) {
  const Flock deep = randomStart3d(10, Space::cube(10), 1);
  const Lab3dRule rule(Space::cube(10), 2);
  EXPECT_THROW(Sim3(rule, Space::square(10), 2, deep), std::invalid_argument);
  Flock flat = deep;
  flat.dimensions = 2;
  flat.resize(flat.size());
  EXPECT_THROW(Sim3(rule, Space::cube(10), 2, flat), std::invalid_argument);
  EXPECT_THROW(measure(deep, Space::square(10), 2), std::invalid_argument);
  EXPECT_THROW(LabSimulation(LabParams{}, deep), std::invalid_argument);
}
