// The heading noise of --noise (src/models/heading_noise.hpp) in the lab and steering models:
// the documented turn, nothing drawn at noise 0, and the same bits for any search and thread
// count when it is on.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/cosine.hpp"
#include "flocklab/flocklab.hpp"
#include "support/lab_params_builder.hpp"
#include "support/state_compare.hpp"

using namespace flocklab;

namespace {

// A lone boid sees no one: its velocity is only clamped (already in range) and turned by
// eta * (u - 1/2), u the first uniform of its Noise block for step 0, then it moves.
TEST(Noise, ALoneBoidTurnsByTheDocumentedAngle) {
  LabParams p = with(10, 100);
  p.noise = 2.5;
  Flock start;
  start.x = {50}, start.y = {50}, start.vx = {0.6}, start.vy = {0.3};
  LabSimulation sim(p, start, {NeighborSearch::Brute, 1}, 1234);
  sim.step();
  const double angle = 2.5 * (counterUniforms(1234, 0, 0, Purpose::Noise)[0] - 0.5);
  const double vx = cosine(std::abs(angle)) * 0.6 - sine(angle) * 0.3;
  const double vy = sine(angle) * 0.6 + cosine(std::abs(angle)) * 0.3;
  EXPECT_EQ(sim.flock().vx[0], vx);
  EXPECT_EQ(sim.flock().vy[0], vy);
  EXPECT_NEAR(vx, std::cos(angle) * 0.6 - std::sin(angle) * 0.3, 1e-15);
  EXPECT_EQ(sim.flock().x[0], 50 + vx);
  EXPECT_EQ(sim.flock().y[0], 50 + vy);
  // The second step draws step 1's number.
  sim.step();
  const double second = 2.5 * (counterUniforms(1234, 1, 0, Purpose::Noise)[0] - 0.5);
  EXPECT_EQ(sim.flock().vx[0], cosine(std::abs(second)) * vx - sine(second) * vy);
}

// Noise 0 draws nothing: the seed does not matter. Noise on: it does.
TEST(Noise, ZeroNoiseIgnoresTheSeed) {
  LabParams lab = with(10, 100);
  const Flock start = randomLabStart(300, lab, 3);
  LabSimulation a(lab, start, {}, 1), b(lab, start, {}, 2);
  a.step(50), b.step(50);
  EXPECT_EQ(firstDifference(a.flock(), b.flock()), -1);
  lab.noise = 0.3;
  LabSimulation c(lab, start, {}, 1), d(lab, start, {}, 2);
  c.step(50), d.step(50);
  EXPECT_NE(firstDifference(c.flock(), d.flock()), -1);

  SteeringParams steering;
  const Flock flock = randomSteeringStart(400, steering, 3);
  SteeringSimulation e(steering, flock, {}, 1), f(steering, flock, {}, 2);
  e.step(30), f.step(30);
  EXPECT_EQ(firstDifference(e.flock(), f.flock()), -1);
}

// With noise the bits are the same for grid and brute search and any thread count.
TEST(Noise, NoisyRunsAreTheSameForAnySearchAndThreadCount) {
  LabParams lab = with(10, 150);
  lab.noise = 1.0;
  const Flock start = randomLabStart(3000, lab, 8);
  LabSimulation reference(lab, start, {NeighborSearch::Brute, 1}, 77);
  reference.step(10);
  for (const EngineOptions options :
       {EngineOptions{NeighborSearch::Grid, 1}, EngineOptions{NeighborSearch::Grid, 3},
        EngineOptions{NeighborSearch::Grid, 8}, EngineOptions{NeighborSearch::Brute, 4}}) {
    LabSimulation other(lab, start, options, 77);
    other.step(10);
    EXPECT_EQ(firstDifference(reference.flock(), other.flock()), -1) << options.threads << " threads";
  }
  SteeringParams steering;
  steering.noise = 0.2;
  steering.fov = 300;
  const Flock flock = randomSteeringStart(1500, steering, 9);
  SteeringSimulation one(steering, flock, {NeighborSearch::Brute, 1}, 5),
      many(steering, flock, {NeighborSearch::Grid, 4}, 5);
  one.step(20), many.step(20);
  EXPECT_EQ(firstDifference(one.flock(), many.flock()), -1);
}

}  // namespace
