// The steering model (docs/model-steering.md; docs/architecture.md, "The determinism rules"): the
// engine's cosine against std::cos; bit-identity of grid and brute search and of every thread
// count; the field of view's neighbour sets, in hand-made scenes and in random flocks; walls,
// obstacles and the speed band as invariants of long runs; validation of parameters and starts; the
// random start.
// The rule's sums are private, so neighbour sets are observed through behaviour: a boid's
// next state is a pure function of its visible neighbours, so removing an unseen boid must
// leave it bit for bit unchanged, and removing a seen one must change it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/cosine.hpp"
#include "flocklab/flocklab.hpp"

using namespace flocklab;

namespace {

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Index of the first boid whose bits differ, or -1 when the states are bit-identical.
long firstDifference(const Flock& a, const Flock& b) {
  if (a.size() != b.size()) return 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!sameBits(a.x[i], b.x[i]) || !sameBits(a.y[i], b.y[i]) || !sameBits(a.vx[i], b.vx[i]) ||
        !sameBits(a.vy[i], b.vy[i]))
      return static_cast<long>(i);
  return -1;
}

std::string describe(const EngineOptions& o) {
  return std::string(toString(o.search)) + ", " + std::to_string(o.threads) + " threads";
}

// Steps a one-thread brute reference and the candidate side by side; stops at the first
// divergence and names its step and boid.
void expectSameFlight(const SteeringParams& p, const Flock& start, EngineOptions candidate, int steps,
                      const std::string& what) {
  SteeringSimulation reference(p, start, {NeighborSearch::Brute, 1});
  SteeringSimulation other(p, start, candidate);
  for (int s = 1; s <= steps; ++s) {
    reference.step();
    other.step();
    const long boid = firstDifference(reference.flock(), other.flock());
    ASSERT_EQ(boid, -1) << what << ": first difference at step " << s << ", boid " << boid << " ("
                        << describe(candidate) << ")";
  }
  const Metrics a = reference.metrics(), b = other.metrics();
  EXPECT_EQ(a.polarization, b.polarization) << what;
  EXPECT_EQ(a.flocks, b.flocks) << what;
  EXPECT_EQ(a.meanNearestDistance, b.meanNearestDistance) << what;
}

Flock oneBoid(double x, double y, double vx, double vy) {
  Flock f;
  f.x = {x}, f.y = {y}, f.vx = {vx}, f.vy = {vy};
  return f;
}

void push(Flock& f, double x, double y, double vx, double vy) {
  f.x.push_back(x), f.y.push_back(y), f.vx.push_back(vx), f.vy.push_back(vy);
}

// Boid `i` of `start` after one step (brute search, one thread).
struct Boid {
  double x, y, vx, vy;
};
Boid afterOneStep(const SteeringParams& p, const Flock& start, std::size_t i,
                  NeighborSearch search = NeighborSearch::Brute) {
  SteeringSimulation sim(p, start, {search, 1});
  sim.step();
  const Flock& f = sim.flock();
  return {f.x[i], f.y[i], f.vx[i], f.vy[i]};
}
bool sameBoid(const Boid& a, const Boid& b) {
  return sameBits(a.x, b.x) && sameBits(a.y, b.y) && sameBits(a.vx, b.vx) && sameBits(a.vy, b.vy);
}

// `f` without the boids whose flag is set; `keep` becomes the new index of boid `keep`.
Flock without(const Flock& f, const std::vector<char>& drop, std::size_t& keep) {
  Flock out;
  std::size_t newKeep = 0;
  for (std::size_t j = 0; j < f.size(); ++j) {
    if (drop[j]) continue;
    if (j == keep) newKeep = out.size();
    push(out, f.x[j], f.y[j], f.vx[j], f.vy[j]);
  }
  keep = newKeep;
  return out;
}

}  // namespace

// 1. flocklab::cosine is within 1e-15 of std::cos on [0, pi] (dense grid, the branch points
//    of its range reduction and their neighbouring doubles) and clamps its argument into
//    [0, pi] (NaN counts as 0).
TEST(SteeringCosine, MatchesStdCosWithin1e15AndClamps) {
  constexpr int kPoints = 1000000;
  double worst = 0, worstAt = 0;
  for (int k = 0; k <= kPoints; ++k) {
    const double x = kPi * k / kPoints;
    const double error = std::abs(cosine(x) - std::cos(x));
    if (error > worst) worst = error, worstAt = x;
  }
  EXPECT_LE(worst, 1e-15) << "worst at x = " << worstAt;

  const double specials[] = {0, kPi / 4, kPi / 2, 3 * kPi / 4, kPi, kPi / 3, 2 * kPi / 3, kPi / 6};
  for (double s : specials) {
    double below = s, above = s;
    for (int step = 0; step < 4; ++step) {
      for (double x : {below, s, above})
        if (x >= 0 && x <= kPi) EXPECT_NEAR(cosine(x), std::cos(x), 1e-15) << "x = " << x << " (near " << s << ")";
      below = std::nextafter(below, -1.0);
      above = std::nextafter(above, 4.0);
    }
  }
  EXPECT_EQ(cosine(0), 1.0);
  EXPECT_EQ(cosine(kPi), -1.0);
  EXPECT_NEAR(cosine(kPi / 2), 0.0, 1e-16);

  // Clamping: below 0 (and NaN) acts as 0, above pi as pi.
  for (double x : {-0.0, -1e-300, -1e-9, -1.0, -4.0, -1e300, -std::numeric_limits<double>::infinity(),
                   std::numeric_limits<double>::quiet_NaN()})
    EXPECT_TRUE(sameBits(cosine(x), cosine(0.0))) << "x = " << x << " gives " << cosine(x);
  for (double x : {std::nextafter(kPi, 4.0), 3.5, 2 * kPi, 7.0, 1e300, std::numeric_limits<double>::infinity()})
    EXPECT_TRUE(sameBits(cosine(x), cosine(kPi))) << "x = " << x << " gives " << cosine(x);
}

// 2a. Grid search gives the bits of brute force, step by step, over seeds, counts (1, 2, 300,
//     1500), both edges, fields of view 360/270/180/90, separation beyond vision, obstacles, food,
//     a predator active over a step range, a non-square world, zero weights, degenerate grids
//     and the presets.
TEST(SteeringDeterminism, GridEqualsBruteForManyCases) {
  struct Case {
    std::size_t count;
    std::uint64_t seed;
    SteeringParams params;
    int steps;
    std::string name;
  };
  std::vector<Case> cases;
  const auto add = [&](std::size_t count, std::uint64_t seed, SteeringParams p, int steps, std::string name) {
    cases.push_back({count, seed, p, steps, std::move(name)});
  };
  const SteeringParams defaults;
  add(1, 1, defaults, 60, "one boid");
  {
    SteeringParams p;  // two boids that meet: a world smaller than the vision radius
    p.width = 60, p.height = 40;
    add(2, 2, p, 100, "two boids in a 60x40 world");
  }
  add(300, 3, defaults, 60, "300 defaults");
  for (double fov : {270.0, 90.0, 180.0}) {
    SteeringParams p;
    p.fov = fov;
    add(300, 4 + static_cast<std::uint64_t>(fov), p, 60, "fov " + std::to_string(fov));
  }
  {
    SteeringParams p;
    p.separationRadius = 70;
    add(300, 5, p, 60, "separation radius 70 above vision 50");
    p.fov = 270;
    add(300, 6, p, 60, "separation radius 70, fov 270");
  }
  SteeringParams withObstacles;
  withObstacles.obstacles = {{200, 150, 60}, {600, 300, 90}, {450, 470, 40}, {780, 110, 50}};
  add(300, 7, withObstacles, 100, "obstacles");
  {
    SteeringParams p;
    p.pointer = {PointerMode::Food, 450, 280};
    p.foodWeight = 2;
    add(300, 8, p, 80, "food");
    p.pointer = {PointerMode::Predator, 300, 200, 20, 50};
    add(300, 9, p, 60, "predator over steps [20, 50)");
    p.pointer = {PointerMode::Predator, 0, 0};  // on the corner: wraps to all four corners
    add(300, 10, p, 60, "predator at the corner");
  }
  {
    SteeringParams p;
    p.width = 1300, p.height = 250;
    add(300, 11, p, 60, "non-square world 1300x250");
  }
  {
    SteeringParams p;
    p.separation = 0;
    add(300, 12, p, 60, "separation 0");
    p.separation = 1, p.alignment = 0, p.cohesion = 0;
    add(300, 13, p, 60, "alignment and cohesion 0");
    p.separation = 0;
    add(300, 14, p, 60, "all weights 0");
  }
  for (double vision : {10.0, 299.0, 300.0, 600.0}) {
    SteeringParams p;
    p.vision = vision;
    add(200, 15 + static_cast<std::uint64_t>(vision), p, 40, "vision " + std::to_string(vision));
  }
  for (SteeringPreset preset : {SteeringPreset::School, SteeringPreset::Swarm, SteeringPreset::Chaos})
    add(300, 20, steeringPreset(preset), 50, toString(preset));
  {
    SteeringParams p = withObstacles;  // default count, everything on at once
    p.fov = 270;
    p.pointer = {PointerMode::Predator, 450, 280, 8, 18};
    add(1500, 21, p, 25, "1500 default count, fov 270, obstacles, predator");
  }

  for (const Edges edges : {Edges::Wrap, Edges::Walls}) {
    for (Case c : cases) {
      c.params.edges = edges;
      const std::string name = c.name + (edges == Edges::Wrap ? " (wrap)" : " (walls)");
      ASSERT_EQ(validate(c.params), "") << name;
      const Flock start = randomSteeringStart(c.count, c.params, c.seed);
      expectSameFlight(c.params, start, {NeighborSearch::Grid, 1}, c.steps, name);
    }
  }
}

// 2b. Boids exactly on cell borders, at 0, at W and H themselves and a hair below them: the
//     grid must place them so that grid and brute force still agree.
TEST(SteeringDeterminism, BoidsOnCellBordersAndOnTheWorldsEdges) {
  for (const Edges edges : {Edges::Wrap, Edges::Walls}) {
    SteeringParams p;
    p.edges = edges;
    p.vision = 30;  // 900/30 = 30 columns of side 30 (floor with the grid's margin gives 29)
    const double xs[] = {
        0.0, 30.0, 31.03448275862069, 450.0, std::nextafter(900.0, 0.0), 900.0, std::nextafter(30.0, 0.0), 15.0, 885.0};
    const double ys[] = {0.0, 30.0, 280.0, std::nextafter(560.0, 0.0), 560.0, 545.0, 10.0};
    Flock f;
    std::size_t k = 0;
    for (double x : xs)
      for (double y : ys) {
        const double angle = 0.7 * static_cast<double>(k++);
        push(f, x, y, 100 * std::cos(angle), 100 * std::sin(angle));
      }
    const std::string name = edges == Edges::Wrap ? "borders (wrap)" : "borders (walls)";
    expectSameFlight(p, f, {NeighborSearch::Grid, 1}, 80, name);
    p.fov = 270;
    expectSameFlight(p, f, {NeighborSearch::Grid, 2}, 80, name + ", fov 270");
  }
}

// 2c. Thread counts 1, 2, 3 and 8 give the same bits, with enough boids that the step splits
//     into several tasks (a task per 2048 boids at least: 12000 boids give 4 tasks on one
//     thread and 5 on more), in wrap and walls, and the metrics agree too; a 4500-boid run (two
//     tasks) checks grid and brute force on 3 threads against brute force on one.
TEST(SteeringDeterminism, ThreadCountsGiveTheSameBits) {
  for (const Edges edges : {Edges::Wrap, Edges::Walls}) {
    const std::string name = edges == Edges::Wrap ? "wrap" : "walls";
    SteeringParams p;  // the default density (1500 boids in 900 x 560) in a larger world
    p.edges = edges;
    p.width = 900 * std::sqrt(3.0), p.height = 560 * std::sqrt(3.0);
    p.fov = 270;
    p.obstacles = {{500, 400, 80}, {1300, 700, 60}};
    p.pointer = {PointerMode::Predator, 800, 500, 1, 12};
    const Flock start4k = randomSteeringStart(4500, p, 31);
    SteeringSimulation bruteOne(p, start4k, {NeighborSearch::Brute, 1});
    SteeringSimulation bruteThree(p, start4k, {NeighborSearch::Brute, 3});
    SteeringSimulation gridThree(p, start4k, {NeighborSearch::Grid, 3});
    for (int s = 1; s <= 2; ++s) {
      bruteOne.step();
      bruteThree.step();
      gridThree.step();
      EXPECT_EQ(firstDifference(bruteOne.flock(), bruteThree.flock()), -1)
          << name << ", brute on 3 threads, step " << s;
      EXPECT_EQ(firstDifference(bruteOne.flock(), gridThree.flock()), -1) << name << ", grid on 3 threads, step " << s;
    }

    p.width = 900 * std::sqrt(8.0), p.height = 560 * std::sqrt(8.0);
    p.pointer.x = 1260, p.pointer.y = 784;
    const Flock start = randomSteeringStart(12000, p, 32);
    SteeringSimulation one(p, start, {NeighborSearch::Grid, 1});
    one.step(8);
    const Metrics a = one.metrics();
    for (unsigned threads : {2u, 3u, 8u}) {
      SteeringSimulation many(p, start, {NeighborSearch::Grid, threads});
      ASSERT_EQ(many.options().threads, threads);
      many.step(8);
      EXPECT_EQ(firstDifference(one.flock(), many.flock()), -1) << name << ", " << threads << " threads";
      const Metrics b = many.metrics();
      EXPECT_EQ(a.polarization, b.polarization) << threads;
      EXPECT_EQ(a.meanNearestDistance, b.meanNearestDistance) << threads;
      EXPECT_EQ(a.meanNeighbors, b.meanNeighbors) << threads;
      EXPECT_EQ(a.flocks, b.flocks) << threads;
      EXPECT_EQ(a.largestFlock, b.largestFlock) << threads;
    }
  }
}

// 3a. Field of view in hand-made scenes: boid 0 and one other boid; the other is seen iff
//     boid 0's next state differs from its next state when alone. Again with a second, always
//     visible neighbour ahead (so that the sums are used even when the test boid is unseen):
//     the test boid is seen iff removing it changes boid 0. Angles all around the heading, a
//     hair (1e-6 degrees) inside and outside the wedge's edges, for several headings,
//     distances (inside and outside the separation radius) and fields of view.
TEST(SteeringFieldOfView, HandMadeScenesAroundTheWedgesEdges) {
  const double deg = kPi / 180;
  const double hair = 1e-6;
  for (double fov : {270.0, 90.0, 300.0}) {
    SteeringParams p;
    p.fov = fov;
    const double edge = fov / 2;
    const double angles[] = {0,         30,    60,         edge - 10,    edge - hair,  edge + hair,
                             edge + 10, 180,   -edge - 10, -edge - hair, -edge + hair, -edge + 10,
                             -30,       179.9, -179.9};
    for (double heading : {0.0, 37.0, 90.0, 200.0, 271.3}) {
      const double vx = 100 * std::cos(heading * deg), vy = 100 * std::sin(heading * deg);
      const Flock alone = oneBoid(450, 280, vx, vy);
      Flock withAhead = alone;
      push(withAhead, 450 + 25 * std::cos((heading + 10) * deg), 280 + 25 * std::sin((heading + 10) * deg), 70, -20);
      const Boid reference = afterOneStep(p, alone, 0), referenceAhead = afterOneStep(p, withAhead, 0);
      ASSERT_FALSE(sameBoid(reference, referenceAhead)) << "the boid ahead must be seen";
      for (double angle : angles)
        for (double distance : {8.0, 30.0, 49.9}) {
          const double a = (heading + angle) * deg;
          const double x = 450 + distance * std::cos(a), y = 280 + distance * std::sin(a);
          Flock f = alone, g = withAhead;
          push(f, x, y, -40, 90);
          push(g, x, y, -40, 90);
          const bool expectSeen = std::abs(angle) < edge;
          EXPECT_EQ(!sameBoid(afterOneStep(p, f, 0), reference), expectSeen)
              << "fov " << fov << ", heading " << heading << ", neighbour at " << angle
              << " degrees off the heading, distance " << distance;
          EXPECT_EQ(!sameBoid(afterOneStep(p, g, 0), referenceAhead), expectSeen)
              << "fov " << fov << ", heading " << heading << ", neighbour at " << angle
              << " degrees off the heading, distance " << distance << ", with a boid ahead";
        }
    }
  }
  // With fov 360 nothing is hidden, not even straight behind.
  SteeringParams full;
  const Flock alone = oneBoid(450, 280, 100, 0);
  Flock behind = alone;
  push(behind, 420, 280, -40, 90);
  EXPECT_FALSE(sameBoid(afterOneStep(full, behind, 0), afterOneStep(full, alone, 0)));
}

// 3b. Exact edges, where the arithmetic is exact: heading +x at speed 64 (|v| = 64 exactly).
//     Field of view 180: cos(90 deg) is exactly 0, so a neighbour straight beside (dx = 0) is
//     on the edge and counted (>=), one a double behind is not, one a double ahead is. The
//     vision radius is strict: exactly 50 ahead is unseen, a double closer is seen. A boid on
//     the same spot is never a neighbour. Field of view 270 at exactly 135 degrees: the result
//     is decided by rounding, so it must follow the model's predicate evaluated as written
//     (docs/model-steering.md, "One step"), dot(v, d) >= (|v| |d|) cos(FOV/2) with the engine's
//     cosine; 1e-9 px either way is clear.
TEST(SteeringFieldOfView, ExactEdgesOfTheWedgeAndOfVision) {
  const Flock alone = oneBoid(450, 280, 64, 0);
  const auto seen = [&](const SteeringParams& p, double x, double y) {
    Flock f = alone;
    push(f, x, y, -40, 90);
    return !sameBoid(afterOneStep(p, f, 0), afterOneStep(p, alone, 0));
  };
  SteeringParams half;
  half.fov = 180;
  ASSERT_EQ(cosine(90 * (kPi / 180)), 0.0);
  for (double y : {300.0, 260.0, 275.0, 285.0}) {
    EXPECT_TRUE(seen(half, 450, y)) << "dx = 0, y = " << y << ": exactly on the edge counts";
    EXPECT_FALSE(seen(half, std::nextafter(450.0, 0.0), y)) << "a double behind the edge, y = " << y;
    EXPECT_TRUE(seen(half, std::nextafter(450.0, 900.0), y)) << "a double ahead of the edge, y = " << y;
  }

  for (double fov : {360.0, 270.0, 180.0}) {
    SteeringParams p;
    p.fov = fov;
    EXPECT_FALSE(seen(p, 500, 280)) << "exactly at the vision radius, fov " << fov;
    EXPECT_TRUE(seen(p, std::nextafter(500.0, 0.0), 280)) << "a double inside the vision radius, fov " << fov;
    EXPECT_FALSE(seen(p, 450, 280)) << "on the same spot, fov " << fov;
  }
  {
    SteeringParams p;
    p.fov = 360;  // separation radius above vision: a neighbour at 49.99 still counts
    p.separationRadius = 80;
    EXPECT_TRUE(seen(p, 450, 280 + 49.99));
    EXPECT_FALSE(seen(p, 450, 280 + 50));
  }

  SteeringParams wide;
  wide.fov = 270;
  const double c = cosine(135 * (kPi / 180));
  EXPECT_NEAR(c, -std::sqrt(0.5), 1e-15);
  for (double dy : {20.0, -20.0, 7.0, -33.0}) {
    const double dx = -std::abs(dy);  // exactly 135 degrees off +x
    const double expected = 64 * dx >= (64 * std::sqrt(dx * dx + dy * dy)) * c;
    EXPECT_EQ(seen(wide, 450 + dx, 280 + dy), expected) << "exactly 135 degrees, d = (" << dx << ", " << dy << ")";
    EXPECT_TRUE(seen(wide, 450 + dx + 1e-9, 280 + dy)) << "a hair inside, dy = " << dy;
    EXPECT_FALSE(seen(wide, 450 + dx - 1e-9, 280 + dy)) << "a hair outside, dy = " << dy;
  }
}

// 3c. Field of view 270 in random flocks (wrap and walls): at a few steps, for a sample of
//     boids, the boids within vision in the rear 90-degree wedge (found by plain loops, with a
//     margin of 1e-9 in the cosine) are removed from the state; the boid's next state must stay
//     bit for bit the same. Removing the clearly visible neighbours instead must change it.
TEST(SteeringFieldOfView, RearWedgeIsNeverSeenInRandomFlocks) {
  for (const Edges edges : {Edges::Wrap, Edges::Walls}) {
    SteeringParams p;  // the default density: 1000 boids in 2/3 of the default area
    p.fov = 270;
    p.edges = edges;
    p.width = 900 * std::sqrt(2.0 / 3), p.height = 560 * std::sqrt(2.0 / 3);
    const Offsets offsets(p.space());
    const double cosEdge = -std::sqrt(0.5);
    SteeringSimulation run(p, randomSteeringStart(1000, p, 77), {NeighborSearch::Grid, 1});
    std::size_t hiddenRemoved = 0, boidsWithHidden = 0, visibleChecks = 0;
    for (int checkpoint : {0, 40, 150}) {
      run.step(static_cast<std::uint64_t>(checkpoint) - run.stepCount());
      const Flock now = run.flock();
      SteeringSimulation full(p, now, {NeighborSearch::Brute, 1});
      full.step();
      for (std::size_t i = static_cast<std::size_t>(checkpoint) % 7; i < now.size(); i += 23) {
        std::vector<char> hidden(now.size(), 0), visible(now.size(), 0);
        bool anyHidden = false, anyVisible = false;
        const double speed = std::sqrt(now.vx[i] * now.vx[i] + now.vy[i] * now.vy[i]);
        for (std::size_t j = 0; j < now.size(); ++j) {
          if (j == i) continue;
          const double dx = offsets.dx(now.x[i], now.x[j]), dy = offsets.dy(now.y[i], now.y[j]);
          const double d = std::sqrt(dx * dx + dy * dy);
          if (!(d < p.vision) || d == 0) continue;
          const double cosAngle = (now.vx[i] * dx + now.vy[i] * dy) / (speed * d);
          if (cosAngle < cosEdge - 1e-9) hidden[j] = 1, anyHidden = true, ++hiddenRemoved;
          if (cosAngle > cosEdge + 1e-9) visible[j] = 1, anyVisible = true;
        }
        const Boid expected{full.flock().x[i], full.flock().y[i], full.flock().vx[i], full.flock().vy[i]};
        if (anyHidden) {
          ++boidsWithHidden;
          std::size_t k = i;
          const Flock reduced = without(now, hidden, k);
          EXPECT_TRUE(sameBoid(afterOneStep(p, reduced, k, NeighborSearch::Grid), expected))
              << "boid " << i << " at step " << checkpoint << " sees a boid in its rear wedge";
        }
        if (anyVisible && i % 2 == 0) {
          ++visibleChecks;
          std::size_t k = i;
          const Flock reduced = without(now, visible, k);
          EXPECT_FALSE(sameBoid(afterOneStep(p, reduced, k, NeighborSearch::Grid), expected))
              << "boid " << i << " at step " << checkpoint << " ignores its visible neighbours";
        }
      }
    }
    // The check must have had something to check.
    EXPECT_GT(boidsWithHidden, 80u);
    EXPECT_GT(hiddenRemoved, 500u);
    EXPECT_GT(visibleChecks, 40u);
  }
}

namespace {

// Runs `p` from a random start for `steps` steps and checks after every step: every boid in
// [0, W] x [0, H]; at or outside every obstacle's rim; speed in [V/3, V] up to 1e-12 relative.
void expectInvariants(const SteeringParams& p, std::size_t count, std::uint64_t seed, int steps,
                      const std::string& what) {
  ASSERT_EQ(validate(p), "") << what;
  const Offsets offsets(p.space());
  SteeringSimulation sim(p, randomSteeringStart(count, p, seed), {NeighborSearch::Grid, 1});
  const double vmin = p.maxSpeed / 3 * (1 - 1e-12), vmax = p.maxSpeed * (1 + 1e-12);
  std::size_t wallContacts = 0;
  for (int s = 1; s <= steps; ++s) {
    sim.step();
    const Flock& f = sim.flock();
    for (std::size_t i = 0; i < f.size(); ++i) {
      ASSERT_TRUE(f.x[i] >= 0 && f.x[i] <= p.width && f.y[i] >= 0 && f.y[i] <= p.height)
          << what << ": boid " << i << " at (" << f.x[i] << ", " << f.y[i] << ") after step " << s;
      wallContacts += f.x[i] == 0 || f.x[i] == p.width || f.y[i] == 0 || f.y[i] == p.height;
      for (const Obstacle& o : p.obstacles) {
        const double dx = offsets.dx(o.x, f.x[i]), dy = offsets.dy(o.y, f.y[i]);
        ASSERT_GE(std::sqrt(dx * dx + dy * dy), o.radius)
            << what << ": boid " << i << " inside obstacle (" << o.x << ", " << o.y << ", " << o.radius << ") at ("
            << f.x[i] << ", " << f.y[i] << ") after step " << s;
      }
      const double speed = std::sqrt(f.vx[i] * f.vx[i] + f.vy[i] * f.vy[i]);
      ASSERT_TRUE(speed >= vmin && speed <= vmax)
          << what << ": boid " << i << " has speed " << speed << " after step " << s;
    }
  }
  if (p.edges == Edges::Walls && p.pointer.mode != PointerMode::Off)
    EXPECT_GT(wallContacts, 0u) << what << ": the scene never pushed a boid onto a wall";
}

}  // namespace

// 4a. Walls: over thousands of steps no boid leaves the box, also when a predator near a wall
//     or food in a corner drives the flock into it at high speed.
TEST(SteeringInvariants, WallsKeepEveryBoidInside) {
  SteeringParams p;
  p.edges = Edges::Walls;
  expectInvariants(p, 300, 41, 2000, "walls, defaults");
  p.maxSpeed = 1200;  // 20 px a step
  p.predatorWeight = 12;
  p.pointer = {PointerMode::Predator, 60, 280};
  expectInvariants(p, 150, 42, 1500, "walls, predator near the left wall, max speed 1200");
  p.maxSpeed = 3000;  // 50 px a step: as far as the wall margin
  p.pointer = {PointerMode::Predator, 880, 20};
  expectInvariants(p, 150, 43, 1500, "walls, predator in a corner, max speed 3000");
  p.pointer = {PointerMode::Food, 0, 560};
  p.foodWeight = 8;
  p.maxSpeed = 900;
  expectInvariants(p, 150, 44, 1500, "walls, food on the corner (0, H), max speed 900");
}

// 4b. Obstacles: no boid is ever strictly inside one (distance >= radius), in wrap and walls,
//     with several obstacles away from the walls, also with food placed in an obstacle's
//     centre and a predator herding boids onto them; speeds stay in [V/3, V] throughout.
TEST(SteeringInvariants, ObstaclesAreNeverEnteredAndSpeedsStayInBand) {
  for (const Edges edges : {Edges::Wrap, Edges::Walls}) {
    const std::string name = edges == Edges::Wrap ? "wrap" : "walls";
    SteeringParams p;
    p.edges = edges;
    p.obstacles = {{200, 150, 60}, {600, 300, 90}, {450, 470, 40}, {780, 110, 50}, {320, 330, 25}};
    expectInvariants(p, 300, 51, 1500, name + ", obstacles");
    p.pointer = {PointerMode::Food, 600, 300};
    p.foodWeight = 6;
    p.maxSpeed = 600;
    expectInvariants(p, 150, 52, 1000, name + ", food at an obstacle's centre, max speed 600");
    p.pointer = {PointerMode::Predator, 450, 120};
    p.predatorWeight = 10;
    p.fov = 270;
    expectInvariants(p, 150, 53, 1000, name + ", predator herding onto obstacles, fov 270");
  }
}

// 5. Validation: every listed bad parameter is rejected with a message; the presets, the
//    defaults and edge values in range are accepted. The constructor throws
//    std::invalid_argument on bad parameters and on a start outside the world.
TEST(SteeringValidation, RejectsBadParametersAndStarts) {
  const SteeringParams good;
  const auto construct = [](const SteeringParams& p, const Flock& f) { SteeringSimulation sim(p, f); };
  EXPECT_EQ(validate(good), "");
  for (SteeringPreset preset :
       {SteeringPreset::Flock, SteeringPreset::School, SteeringPreset::Swarm, SteeringPreset::Chaos})
    EXPECT_EQ(validate(steeringPreset(preset)), "") << toString(preset);
  const auto accepted = [&](auto change, const char* what) {
    SteeringParams p = good;
    change(p);
    EXPECT_EQ(validate(p), "") << what;
  };
  const auto rejected = [&](auto change, const char* what) {
    SteeringParams p = good;
    change(p);
    EXPECT_NE(validate(p), "") << what;
    EXPECT_THROW(construct(p, oneBoid(10, 10, 60, 0)), std::invalid_argument) << what;
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();

  rejected([](SteeringParams& p) { p.fov = 0; }, "fov 0");
  rejected([](SteeringParams& p) { p.fov = -10; }, "fov -10");
  rejected([](SteeringParams& p) { p.fov = 361; }, "fov 361");
  rejected([](SteeringParams& p) { p.fov = std::nextafter(360.0, 400.0); }, "fov a hair above 360");
  rejected([&](SteeringParams& p) { p.fov = nan; }, "fov NaN");
  accepted([](SteeringParams& p) { p.fov = 360; }, "fov 360");
  accepted([](SteeringParams& p) { p.fov = 0.5; }, "fov 0.5");
  rejected([](SteeringParams& p) { p.vision = -1; }, "vision -1");
  rejected([](SteeringParams& p) { p.vision = 0; }, "vision 0");
  rejected([&](SteeringParams& p) { p.vision = nan; }, "vision NaN");
  rejected([](SteeringParams& p) { p.separationRadius = -5; }, "separation radius -5");
  rejected([](SteeringParams& p) { p.separationRadius = 0; }, "separation radius 0");
  accepted([](SteeringParams& p) { p.separationRadius = 80; }, "separation radius above vision");
  rejected([](SteeringParams& p) { p.dt = 0; }, "dt 0");
  rejected([](SteeringParams& p) { p.dt = -1.0 / 60; }, "dt negative");
  rejected([&](SteeringParams& p) { p.dt = nan; }, "dt NaN");
  rejected([](SteeringParams& p) { p.pointer = {PointerMode::Food, -1, 100}; }, "food left of the world");
  rejected([](SteeringParams& p) { p.pointer = {PointerMode::Predator, 100, 560.5}; }, "predator below the world");
  rejected([](SteeringParams& p) { p.pointer = {PointerMode::Food, 901, 100}; }, "food right of the world");
  accepted([](SteeringParams& p) { p.pointer = {PointerMode::Predator, 900, 560}; }, "predator on the corner");
  rejected([](SteeringParams& p) { p.obstacles = {{-10, 100, 20}}; }, "obstacle centre left of the world");
  rejected([](SteeringParams& p) { p.obstacles = {{100, 600, 20}}; }, "obstacle centre below the world");
  rejected([](SteeringParams& p) { p.obstacles = {{100, 100, 20}, {950, 100, 20}}; }, "second obstacle outside");
  rejected([](SteeringParams& p) { p.obstacles = {{100, 100, 0}}; }, "obstacle radius 0");
  rejected([](SteeringParams& p) { p.obstacles = {{100, 100, -3}}; }, "obstacle radius -3");
  rejected([](SteeringParams& p) { p.obstacles = {{450, 280, 600}}; }, "one obstacle covering the world");
  rejected([](SteeringParams& p) { p.obstacles = {{0, 0, 700}, {900, 560, 700}}; }, "two obstacles covering the world");
  accepted([](SteeringParams& p) { p.obstacles = {{450, 280, 400}}; }, "a large obstacle that leaves the corners free");
  accepted([](SteeringParams& p) { p.obstacles = {{20, 280, 60}}; }, "an obstacle across the torus edge");
  rejected(
      [](SteeringParams& p) {
        p.edges = Edges::Walls, p.obstacles = {{20, 280, 60}};
      },
      "an obstacle across a wall");
  accepted(
      [](SteeringParams& p) {
        p.edges = Edges::Walls, p.obstacles = {{60, 280, 60}};
      },
      "an obstacle touching a wall");
  rejected([](SteeringParams& p) { p.maxSpeed = 180, p.dt = 10; }, "max speed * dt = 1800 px");
  rejected([](SteeringParams& p) { p.maxSpeed = 60000; }, "max speed * dt = 1000 px");
  rejected([](SteeringParams& p) { p.maxSpeed = 36000; }, "max speed * dt = 600 px, above the height 560");
  accepted([](SteeringParams& p) { p.maxSpeed = 30000; }, "max speed * dt = 500 px, inside the world");
  rejected([](SteeringParams& p) { p.maxSpeed = 0; }, "max speed 0");
  rejected([](SteeringParams& p) { p.width = 0; }, "width 0");
  rejected([](SteeringParams& p) { p.alignment = -1; }, "negative alignment");
  accepted([](SteeringParams& p) { p.separation = p.alignment = p.cohesion = 0; }, "weights 0");

  // Starts outside the world, or not finite, are refused; a start on the border is fine.
  const double outside[][2] = {{-1, 10},  {std::nextafter(900.0, 1000.0), 10},          {10, 561}, {10, -1e-9},
                               {nan, 10}, {10, std::numeric_limits<double>::infinity()}};
  for (const auto& at : outside) {
    for (const Edges edges : {Edges::Wrap, Edges::Walls}) {
      SteeringParams p;
      p.edges = edges;
      Flock f = randomSteeringStart(5, p, 1);
      f.x[3] = at[0], f.y[3] = at[1];
      EXPECT_THROW(construct(p, f), std::invalid_argument) << "boid at (" << at[0] << ", " << at[1] << ")";
    }
  }
  Flock border = randomSteeringStart(4, good, 1);
  border.x[0] = 0, border.y[0] = 0, border.x[1] = 900, border.y[1] = 560;
  EXPECT_NO_THROW(construct(good, border));
  Flock uneven = randomSteeringStart(4, good, 1);
  uneven.vy.pop_back();
  EXPECT_THROW(construct(good, uneven), std::invalid_argument);
}

// 6. randomSteeringStart: every position in the world and outside every obstacle, every speed in
//    [V/3, V]; the first boids equal the recipe of docs/model-steering.md, "Random start", computed
//    here from the raw generator (x = W*U, y = H*U redrawn while inside an obstacle; heading by
//    rejection in the unit disc; speed V/3 + (V - V/3)*U; v = u * (speed / sqrt(m))).
TEST(SteeringRandomStart, InTheWorldOutsideObstaclesAndFollowsTheRecipe) {
  const auto byHand = [](const SteeringParams& p, std::uint64_t seed, std::size_t count) {
    const Offsets offsets(p.space());  // inside an obstacle: by the wrapped distance on a torus
    Xoshiro256ss rng(seed);
    const auto uniform = [&rng] { return static_cast<double>(rng.next() >> 11) * std::ldexp(1.0, -53); };
    Flock f;
    for (std::size_t i = 0; i < count; ++i) {
      double x, y;
      bool blocked;
      do {
        x = p.width * uniform();
        y = p.height * uniform();
        blocked = false;
        for (const Obstacle& o : p.obstacles) {
          const double dx = offsets.dx(o.x, x), dy = offsets.dy(o.y, y);
          blocked |= dx * dx + dy * dy < o.radius * o.radius;
        }
      } while (blocked);
      double ux, uy, m;
      do {
        ux = 2 * uniform() - 1;
        uy = 2 * uniform() - 1;
        m = ux * ux + uy * uy;
      } while (m > 1 || m == 0);
      const double vmax = p.maxSpeed, vmin = p.maxSpeed / 3;
      const double speed = vmin + (vmax - vmin) * uniform();
      push(f, x, y, ux * (speed / std::sqrt(m)), uy * (speed / std::sqrt(m)));
    }
    return f;
  };

  for (std::uint64_t seed : {0ULL, 1ULL, 12345ULL, 0xdeadbeefULL}) {
    SteeringParams p;
    p.width = 700, p.height = 430, p.maxSpeed = 150;
    const Flock expected = byHand(p, seed, 3);
    const Flock actual = randomSteeringStart(3, p, seed);
    EXPECT_EQ(firstDifference(expected, actual), -1) << "seed " << seed << ", no obstacles";

    // An obstacle over the first drawn position forces a redraw of the first boid.
    p.obstacles = {{expected.x[0], expected.y[0], 40}, {100, 100, 80}};
    ASSERT_EQ(validate(p), "");
    const Flock redrawn = byHand(p, seed, 3);
    EXPECT_FALSE(sameBits(redrawn.x[0], expected.x[0])) << "seed " << seed;
    EXPECT_EQ(firstDifference(redrawn, randomSteeringStart(3, p, seed)), -1) << "seed " << seed << ", obstacles";
  }

  for (const Edges edges : {Edges::Wrap, Edges::Walls}) {
    SteeringParams p;
    p.edges = edges;
    // On a torus the last obstacle reaches across the corner; with walls it must stay inside.
    const Obstacle corner = edges == Edges::Wrap ? Obstacle{880, 20, 60} : Obstacle{830, 70, 60};
    p.obstacles = {{200, 150, 120}, {600, 300, 150}, {450, 490, 40}, corner};
    ASSERT_EQ(validate(p), "");
    const Offsets offsets(p.space());
    const Flock f = randomSteeringStart(5000, p, 99);
    ASSERT_EQ(f.size(), 5000u);
    ASSERT_TRUE(f.consistent());
    for (std::size_t i = 0; i < f.size(); ++i) {
      EXPECT_TRUE(f.x[i] >= 0 && f.x[i] <= p.width && f.y[i] >= 0 && f.y[i] <= p.height) << "boid " << i;
      for (const Obstacle& o : p.obstacles) {
        const double dx = offsets.dx(o.x, f.x[i]), dy = offsets.dy(o.y, f.y[i]);
        ASSERT_GE(std::sqrt(dx * dx + dy * dy), o.radius) << "boid " << i << " inside an obstacle";
      }
      const double speed = std::sqrt(f.vx[i] * f.vx[i] + f.vy[i] * f.vy[i]);
      ASSERT_TRUE(speed >= p.maxSpeed / 3 * (1 - 1e-12) && speed <= p.maxSpeed * (1 + 1e-12))
          << "boid " << i << " speed " << speed;
    }
  }
}
