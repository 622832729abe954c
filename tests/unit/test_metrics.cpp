// measure() against the slow way: every pair visited, wrapped distances on a torus and plain
// ones in a box, groups by a breadth-first search over the pairs closer than the link radius.
// Counts must agree exactly; the nearest-neighbour mean too (the same minimum and square root
// per boid, summed in boid index order), the polarization to 1e-12. Flocks of every model,
// below and above the engine's scan-all limit (256), sparse enough that the nearest boid lies
// several grid cells away, long thin worlds (the nearest boid thousands of cells away along
// one axis), and pairs exactly the link radius apart (not linked).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "engine/cosine.hpp"
#include "flocklab/flocklab.hpp"

namespace flocklab {
namespace {

// Whether boid i sees boid j at offset (dx, dy), as the model's Sight says (the field of view's
// cone as docs/model-steering.md writes it).
bool sees(const Sight& s, const Flock& f, std::size_t i, double dx, double dy, double d2) {
  if (!(s.inclusive ? d2 <= s.radius * s.radius : d2 < s.radius * s.radius) || (s.apartOnly && d2 == 0)) return false;
  if (!s.fovLimited) return true;
  const double speed = std::sqrt(f.vx[i] * f.vx[i] + f.vy[i] * f.vy[i]);
  return f.vx[i] * dx + f.vy[i] * dy >= (speed * std::sqrt(d2)) * s.cosHalfFov;
}

Metrics slowMetrics(const Flock& f, const Space& space, const MetricRules& rules) {
  Metrics m;
  const std::size_t n = f.size();
  if (n == 0) return m;
  const Offsets o(space);
  const double r2 = rules.linkRadius * rules.linkRadius;
  std::vector<std::vector<std::size_t>> links(n);
  double ux = 0, uy = 0, nearestSum = 0;
  std::size_t neighborSum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double speed = std::sqrt(f.vx[i] * f.vx[i] + f.vy[i] * f.vy[i]);
    if (speed > 0) ux += f.vx[i] / speed, uy += f.vy[i] / speed;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      const double dx = o.dx(f.x[i], f.x[j]), dy = o.dy(f.y[i], f.y[j]);
      const double d2 = dx * dx + dy * dy;
      best = std::min(best, d2);
      if (d2 < r2) links[i].push_back(j);
      neighborSum += sees(rules.sight, f, i, dx, dy, d2);
    }
    nearestSum += n > 1 ? std::sqrt(best) : 0.0;
  }
  const double count = static_cast<double>(n);
  m.polarization = std::sqrt((ux / count) * (ux / count) + (uy / count) * (uy / count));
  m.meanNearestDistance = nearestSum / count;
  m.meanNeighbors = static_cast<double>(neighborSum) / count;
  std::vector<bool> seen(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    if (seen[i]) continue;
    ++m.flocks;
    std::vector<std::size_t> queue{i};
    seen[i] = true;
    for (std::size_t q = 0; q < queue.size(); ++q)
      for (std::size_t j : links[queue[q]])
        if (!seen[j]) seen[j] = true, queue.push_back(j);
    m.largestFlock = std::max(m.largestFlock, queue.size());
  }
  m.largestShare = static_cast<double>(m.largestFlock) / count;
  return m;
}

void expectSameMetrics(const Metrics& got, const Metrics& want, const std::string& what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(got.flocks, want.flocks);
  EXPECT_EQ(got.largestFlock, want.largestFlock);
  EXPECT_EQ(got.largestShare, want.largestShare);
  EXPECT_EQ(got.meanNeighbors, want.meanNeighbors);
  EXPECT_EQ(got.meanNearestDistance, want.meanNearestDistance);
  EXPECT_NEAR(got.polarization, want.polarization, 1e-12 * std::max(1.0, want.polarization));
}

// The simulation's own metrics() and measure() for 1, 2 and 3 threads against the slow way.
void expectMeasuredRight(const Simulation& sim, const std::string& name) {
  const Metrics want = slowMetrics(sim.flock(), sim.space(), sim.metricRules());
  const std::string what = name + " (" + std::to_string(sim.flock().size()) + " boids, " + sim.model() + ", step " +
                           std::to_string(sim.stepCount()) + ")";
  expectSameMetrics(sim.metrics(), want, what + ", metrics()");
  for (unsigned threads : {1u, 2u, 3u})
    expectSameMetrics(measure(sim.flock(), sim.space(), sim.metricRules(), {NeighborSearch::Grid, threads}), want,
                      what + ", " + std::to_string(threads) + " threads");
}

LabParams lab(double radius, double world) {
  LabParams p;
  p.radius = radius;
  p.world = world;
  return p;
}

}  // namespace

TEST(Metrics, LabFlocksMatchTheSlowWay) {
  struct Case {
    const char* name;
    std::size_t count;
    LabParams params;
    int steps;
  };
  const Case cases[] = {
      {"defaults, random start", 120, LabParams{}, 0},
      {"defaults after 200 steps", 120, LabParams{}, 200},
      {"dense, after 100 steps", 600, LabParams{}, 100},
      {"radius 7 in world 61.3, after 50 steps", 900, lab(7, 61.3), 50},
      {"sparse: nearest boids several cells away", 300, lab(10, 1000), 0},
      {"sparse, small flock", 40, lab(5, 400), 0},
      {"radius above half the world", 300, lab(30, 50), 20},
      {"two boids", 2, LabParams{}, 0},
  };
  for (const Case& c : cases) {
    LabSimulation sim(c.params, randomLabStart(c.count, c.params, 11), {NeighborSearch::Grid, 2});
    sim.step(c.steps);
    expectMeasuredRight(sim, c.name);
  }
}

TEST(Metrics, SteeringFlocksWrapAndWallsMatchTheSlowWay) {
  for (Edges edges : {Edges::Wrap, Edges::Walls})
    for (std::size_t count : {200u, 1500u}) {
      SteeringParams p;
      p.edges = edges;
      SteeringSimulation sim(p, randomSteeringStart(count, p, 12), {NeighborSearch::Grid, 2});
      const std::string name = edges == Edges::Wrap ? "steering, wrap" : "steering, walls";
      expectMeasuredRight(sim, name);
      sim.step(120);
      expectMeasuredRight(sim, name);
    }
  // A field of view below 360 degrees (neighbours per boid counts only those ahead) and a vision
  // below the separation radius (groups link within the vision).
  for (double fov : {270.0, 120.0}) {
    SteeringParams p;
    p.fov = fov;
    p.vision = 15;
    SteeringSimulation sim(p, randomSteeringStart(1000, p, 14), {NeighborSearch::Grid, 2});
    sim.step(60);
    EXPECT_EQ(sim.metricRules().linkRadius, 15);
    expectMeasuredRight(sim, "steering, fov " + std::to_string(fov) + ", vision 15");
  }
  // Sparse in a box: the nearest boid lies beyond the first rings of cells.
  SteeringParams sparse;
  sparse.edges = Edges::Walls;
  sparse.separationRadius = 5;
  SteeringSimulation sim(sparse, randomSteeringStart(300, sparse, 13), {NeighborSearch::Grid, 1});
  expectMeasuredRight(sim, "steering, sparse, walls");
}

TEST(Metrics, LongThinWorldsMatchTheSlowWay) {
  // 1e8 x 10 px took 15 s to measure (the nearest-boid search stopped only at bounds of the
  // short axis's cell side, 10 px, and went through every column), 1e15 x 10 never ended.
  for (double width : {1e8, 1e15})
    for (Edges edges : {Edges::Wrap, Edges::Walls}) {
      SteeringParams p;
      p.width = width;
      p.height = 10;
      p.edges = edges;
      SteeringSimulation sim(p, randomSteeringStart(1500, p, 15), {NeighborSearch::Grid, 2});
      expectMeasuredRight(
          sim, "steering " + std::to_string(width) + " x 10" + (edges == Edges::Wrap ? ", wrap" : ", walls"));
    }
  LabParams tall = lab(10, 1e9);  // square, but sparse: the nearest boid far away in both axes
  LabSimulation sim(tall, randomLabStart(500, tall, 16), {NeighborSearch::Grid, 2});
  expectMeasuredRight(sim, "lab, 500 boids in 1e9 x 1e9");
}

TEST(Metrics, AbmFlocksMatchTheSlowWay) {
  for (bool sync : {false, true})
    for (std::size_t count : {100u, 800u}) {
      AbmParams p;
      p.sync = sync;
      AbmSimulation sim(p, randomAbmStart(count, p, 14), 14, {NeighborSearch::Grid, 2});
      sim.step(50);
      expectMeasuredRight(sim, sync ? "abm, sync" : "abm, sequential");
    }
}

// Pairs exactly the link radius apart (offsets 6 and 8, radius 10) are not linked, in a torus
// (also across its edges) and in a box, with few boids and with over 256.
TEST(Metrics, ExactlyTheLinkRadiusApartIsNotLinked) {
  for (bool periodic : {true, false})
    for (std::size_t fillers : {0u, 400u}) {
      const Space space{100, 100, periodic};
      Flock f;
      auto add = [&f](double x, double y) { f.x.push_back(x), f.y.push_back(y), f.vx.push_back(1), f.vy.push_back(0); };
      add(20, 30), add(26, 38), add(50, 20), add(56, 28), add(80, 70), add(86, 78);
      if (periodic) add(97, 50), add(3, 58);
      const std::size_t pairs = f.size() / 2;
      // Fillers on a lattice in the strip y in [92, 92.1), beyond the link radius of every pair.
      for (std::size_t k = 0; k < fillers; ++k)
        add(0.25 * static_cast<double>(k), 92 + 0.01 * static_cast<double>(k % 7));
      const Metrics want = slowMetrics(f, space, MetricRules::within(10));
      if (fillers == 0) {
        ASSERT_EQ(want.flocks, 2 * pairs);  // the slow way itself: nobody linked
      }
      for (unsigned threads : {1u, 3u})
        expectSameMetrics(measure(f, space, 10, {NeighborSearch::Grid, threads}), want,
                          std::string(periodic ? "torus" : "box") + ", " + std::to_string(f.size()) + " boids");
    }
}

}  // namespace flocklab

namespace flocklab {
namespace {

// n boids on a circle of radius `r` around (cx, cy) (a plane tilted about x by `tilt` in 3D),
// each moving along the circle: anticlockwise, or every second one clockwise when `counter`.
Flock ring(std::size_t n, double cx, double cy, double r, bool counter = false, int dims = 2, double tilt = 0) {
  Flock f;
  f.dimensions = dims;
  f.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double a = 2 * kPi * static_cast<double>(i) / static_cast<double>(n);
    const double sign = counter && i % 2 ? -1 : 1;
    const double px = r * std::cos(a), py = r * std::sin(a), vx = -sign * std::sin(a), vy = sign * std::cos(a);
    f.x[i] = cx + px;
    f.y[i] = cy + py * std::cos(tilt);
    f.vx[i] = vx;
    f.vy[i] = vy * std::cos(tilt);
    if (dims == 3) f.z[i] = 50 + py * std::sin(tilt), f.vz[i] = vy * std::sin(tilt);
  }
  return f;
}

// Wraps every position of `f` into [0, side).
Flock wrapped(Flock f, double side) {
  for (auto* axis : {&f.x, &f.y})
    for (double& v : *axis) v = v < 0 ? v + side : (v >= side ? v - side : v);
  return f;
}

TEST(Milling, AMillIsOneCounterRotatingHalvesAndAParallelGroupAreZero) {
  const Space box{100, 100, false};
  EXPECT_NEAR(measure(ring(60, 50, 50, 20), box, 5).milling, 1.0, 1e-12);
  EXPECT_NEAR(measure(ring(60, 50, 50, 20), box, 5).polarization, 0.0, 1e-12);
  EXPECT_NEAR(measure(ring(60, 50, 50, 20, true), box, 5).milling, 0.0, 1e-12);
  Flock line = ring(30, 50, 50, 20);
  for (std::size_t i = 0; i < line.size(); ++i) line.vx[i] = 1, line.vy[i] = 0.5;
  EXPECT_NEAR(measure(line, box, 5).milling, 0.0, 1e-12) << "a parallel group does not turn";
  Flock row;
  for (int i = 0; i < 20; ++i) row.x.push_back(10 + i), row.y.push_back(40), row.vx.push_back(1), row.vy.push_back(0);
  EXPECT_EQ(measure(row, box, 5).milling, 0.0) << "a file moving along itself has no angular momentum";
  // In 3D, a ring in a plane tilted 40 degrees.
  EXPECT_NEAR(measure(ring(60, 50, 50, 20, false, 3, 0.7), Space::cube(100), 5).milling, 1.0, 1e-12);
}

TEST(Milling, OnATorusAGroupAcrossTheSeamMillsAsInTheMiddle) {
  // The centre is the mean of the images nearest boid 0: a mill centred on the corner (0, 0)
  // of the torus, a quarter of it in each corner, measures as the same mill in the middle.
  const Space torus = Space::square(100);
  const double middle = measure(ring(60, 50, 50, 20), torus, 5).milling;
  EXPECT_NEAR(middle, 1.0, 1e-12);
  EXPECT_NEAR(measure(wrapped(ring(60, 0, 0, 20), 100), torus, 5).milling, middle, 1e-12);
  EXPECT_NEAR(measure(wrapped(ring(60, 95, 10, 20), 100), torus, 5).milling, middle, 1e-12);
}

TEST(Metrics, CouzinInOpenSpaceMatchesTheSlowWay) {
  // 300 agents in 2D with a 270-degree field, after the group has left the start's square.
  CouzinParams p;
  p.dims = 2;
  p.dro = 6;
  CouzinSimulation sim(p, randomCouzinStart(300, p, 2), {}, 2);
  sim.step(600);
  expectMeasuredRight(sim, "couzin, open space");
}

TEST(Milling, OpenSpaceMeasuresAGroupFarFromTheStartsBox) {
  const Space open = Space::open(10, 2);
  const Flock far = ring(400, -5000, 7000, 20);
  const Metrics m = measure(far, open, MetricRules::within(1), {NeighborSearch::Grid, 2});
  EXPECT_NEAR(m.milling, 1.0, 1e-12);
  expectSameMetrics(m, slowMetrics(far, open, MetricRules::within(1)), "a ring far off in open space");
}

// A ring 1e-160 across whose agents move at 1e-170: the squares of their offsets and speeds lose
// their digits (1e-320) or underflow to 0, which made headings longer than one (polarization
// above 1) or left the agents out; measured as the same ring at scale 1.
TEST(Milling, TinyRingsAndSpeedsMeasureAsLargeOnes) {
  const Space open = Space::open(10, 2);
  Flock tiny = ring(60, 0, 0, 1);
  for (auto* field : {&tiny.x, &tiny.y})
    for (double& v : *field) v *= 1e-160;
  for (auto* field : {&tiny.vx, &tiny.vy})
    for (double& v : *field) v *= 1e-170;
  const Metrics m = measure(tiny, open, MetricRules::within(1e-150), {NeighborSearch::Grid, 1});
  EXPECT_NEAR(m.milling, 1.0, 1e-12);
  EXPECT_NEAR(m.polarization, 0.0, 1e-12);
  for (double& v : tiny.vx) v = 1e-170;
  for (double& v : tiny.vy) v = 5e-324;
  EXPECT_NEAR(measure(tiny, open, MetricRules::within(1e-150), {NeighborSearch::Grid, 1}).polarization, 1.0, 1e-15);
}

}  // namespace
}  // namespace flocklab
