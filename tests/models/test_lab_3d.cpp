// The lab model in 3D (--dims 3, docs/model-lab.md "Three dimensions"): the start is that
// page's (checked against the tests' own 3D start), a flat 3D flock flies the 2D model's
// bits, grid = brute force = any thread count with and without noise, and the noise turns a
// heading within its cone, uniformly on the cap, keeping the speed.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/cosine.hpp"
#include "flocklab/flocklab.hpp"
#include "support/lab3d.hpp"
#include "support/lab_params_builder.hpp"
#include "support/state_compare.hpp"

using namespace flocklab;

namespace {

LabParams in3d(double radius, double world) {
  LabParams p = with(radius, world);
  p.dims = 3;
  return p;
}

TEST(Lab3d, TheStartIsSpecSixs) {
  const LabParams p = in3d(10, 80);
  const Flock product = randomLabStart(500, p, 7);
  const Flock spec = test::randomStart3d(500, Space::cube(80), 7);
  ASSERT_TRUE(product.is3d());
  EXPECT_EQ(firstDifference(product, spec), -1);
}

// Every z equal, every vz 0, no noise: the 2D model's bits in x, y, vx, vy; z and vz unchanged.
TEST(Lab3d, AFlatFlockFliesTheTwoDimensionalModel) {
  const LabParams flat = with(10, 60);
  const Flock start2 = randomLabStart(400, flat, 11);
  Flock start3 = start2;
  start3.dimensions = 3;
  start3.z.assign(start2.size(), 30.0);
  start3.vz.assign(start2.size(), 0.0);
  LabSimulation two(flat, start2, {NeighborSearch::Grid, 2});
  LabSimulation three(in3d(10, 60), start3, {NeighborSearch::Grid, 2});
  two.step(200);
  three.step(200);
  for (std::size_t i = 0; i < start2.size(); ++i) {
    ASSERT_EQ(three.flock().x[i], two.flock().x[i]) << i;
    ASSERT_EQ(three.flock().y[i], two.flock().y[i]) << i;
    ASSERT_EQ(three.flock().vx[i], two.flock().vx[i]) << i;
    ASSERT_EQ(three.flock().vy[i], two.flock().vy[i]) << i;
    ASSERT_EQ(three.flock().z[i], 30.0) << i;
    ASSERT_EQ(three.flock().vz[i], 0.0) << i;
  }
}

// 2000 boids (the grid does the work: 27 cells a boid), with and without noise.
TEST(Lab3d, GridBruteAndThreadCountsAgree) {
  for (const double noise : {0.0, 0.8}) {
    LabParams p = in3d(8, 50);
    p.noise = noise;
    const Flock start = randomLabStart(2000, p, 3);
    LabSimulation reference(p, start, {NeighborSearch::Brute, 1}, 5);
    reference.step(40);
    for (const EngineOptions options : {EngineOptions{NeighborSearch::Grid, 1}, EngineOptions{NeighborSearch::Grid, 3},
                                        EngineOptions{NeighborSearch::Brute, 4}}) {
      LabSimulation other(p, start, options, 5);
      other.step(40);
      EXPECT_EQ(firstDifference(reference.flock(), other.flock()), -1)
          << "noise " << noise << ", " << options.threads << " threads";
    }
  }
}

// Lone boids (none sees another) with noise eta: each step's new heading lies within eta/2 of
// the old one, the speed is kept, and the cosine of the turn is uniform on [cos(eta/2), 1]
// (uniform on the cap): mean (1 + cos(eta/2)) / 2, and the azimuths show no preferred side.
TEST(Lab3d, NoiseTurnsWithinTheConeUniformlyOnTheCap) {
  LabParams p = in3d(0.001, 1000);
  p.noise = 1.2;
  p.separation = p.alignment = p.cohesion = 0;
  const Flock start = randomLabStart(4000, p, 21);
  LabSimulation sim(p, start, {}, 99);
  sim.step();
  const Flock& f = sim.flock();
  double cosines = 0, spreadX = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const double s0 = std::sqrt(start.vx[i] * start.vx[i] + start.vy[i] * start.vy[i] + start.vz[i] * start.vz[i]);
    const double s1 = std::sqrt(f.vx[i] * f.vx[i] + f.vy[i] * f.vy[i] + f.vz[i] * f.vz[i]);
    ASSERT_NEAR(s1, s0, 1e-15 * s0) << i;
    const double c = (start.vx[i] * f.vx[i] + start.vy[i] * f.vy[i] + start.vz[i] * f.vz[i]) / (s0 * s1);
    ASSERT_GE(c, std::cos(0.6) - 1e-12) << i;
    cosines += c;
    spreadX += f.vx[i] / s1 - start.vx[i] / s0;
  }
  const double n = static_cast<double>(f.size());
  // The mean of a uniform on [cos 0.6, 1] is 0.9127; 4000 draws: standard error 0.0007.
  EXPECT_NEAR(cosines / n, (1 + std::cos(0.6)) / 2, 0.004);
  EXPECT_NEAR(spreadX / n, 0, 0.01);
}

// At eta = 2 pi the cap is the whole sphere: new headings are uniform, their mean near 0.
TEST(Lab3d, FullNoiseForgetsTheHeading) {
  LabParams p = in3d(0.001, 1000);
  p.noise = 2 * kPi;
  p.separation = p.alignment = p.cohesion = 0;
  Flock start = randomLabStart(4000, p, 2);
  for (std::size_t i = 0; i < start.size(); ++i) start.vx[i] = 1, start.vy[i] = 0, start.vz[i] = 0;
  LabSimulation sim(p, start, {}, 3);
  sim.step();
  // Polarization of 4000 uniform headings: about 0.89 / sqrt(4000) = 0.014.
  EXPECT_LT(sim.metrics().polarization, 0.05);
}

}  // namespace
