// The vicsek model (docs/model-vicsek.md): a plain reference implementation of its step, written
// from the page, reproduces the engine's states bit for bit; grid, brute force and thread counts
// agree; and the order-disorder shape of Vicsek et al.'s Fig. 2a holds at small N over 20 seeds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "engine/cosine.hpp"
#include "flocklab/flocklab.hpp"
#include "scenes.hpp"
#include "support/state_compare.hpp"

using namespace flocklab;

namespace {

// One step as docs/model-vicsek.md states it, by a double loop over every pair.
Flock referenceStep(const Flock& f, const VicsekParams& p, std::uint64_t seed, std::uint64_t step) {
  const double L = p.world, half = L / 2;
  const auto image = [&](double d) { return d > half ? d - L : (d < -half ? d + L : d); };
  Flock next = f;
  for (std::size_t i = 0; i < f.size(); ++i) {
    double sx = f.vx[i], sy = f.vy[i];
    for (std::size_t j = 0; j < f.size(); ++j) {
      if (j == i) continue;
      const double dx = image(f.x[j] - f.x[i]), dy = image(f.y[j] - f.y[i]);
      if (dx * dx + dy * dy < p.radius * p.radius) sx += f.vx[j], sy += f.vy[j];
    }
    double length = std::sqrt(sx * sx + sy * sy);
    if (length == 0) sx = f.vx[i], sy = f.vy[i], length = std::sqrt(sx * sx + sy * sy);
    if (length == 0) sx = 1, sy = 0, length = 1;
    double ux = sx / length, uy = sy / length;
    if (p.noise > 0) {
      const double angle = p.noise * (counterUniforms(seed, step, i, Purpose::Noise)[0] - 0.5);
      const double c = cosine(std::abs(angle)), s = sine(angle);
      const double tx = c * ux - s * uy, ty = s * ux + c * uy;
      ux = tx, uy = ty;
    }
    next.vx[i] = p.speed * ux;
    next.vy[i] = p.speed * uy;
    double x = f.x[i] + next.vx[i], y = f.y[i] + next.vy[i];
    if (x < 0) x += L;
    else if (x >= L) x -= L;
    if (y < 0) y += L;
    else if (y >= L) y -= L;
    next.x[i] = x, next.y[i] = y;
  }
  return next;
}

TEST(Vicsek, TheReferenceStepReproducesTheEngineBitForBit) {
  for (const double noise : {0.0, 0.5, 2.0, 6.0}) {
    VicsekParams p;
    p.noise = noise;
    p.world = 10;  // 400 particles at density 4: more than the step driver scans without its grid
    const Flock start = randomVicsekStart(400, p, 11);
    VicsekSimulation sim(p, start, {NeighborSearch::Grid, 2}, 99);
    Flock expected = start;
    for (std::uint64_t step = 0; step < 60; ++step) {
      expected = referenceStep(expected, p, 99, step);
      sim.step();
      ASSERT_EQ(firstDifference(expected, sim.flock()), -1) << "noise " << noise << ", step " << step + 1;
    }
  }
}

// The golden vicsek scenes of scenes/scenes.json: the reference step reaches their hashes.
TEST(Vicsek, GoldenVicsekScenesAreTheReferences) {
  int checked = 0;
  for (const scenes::Scene& s : scenes::golden()) {
    if (s.model != "vicsek") continue;
    const VicsekParams p = scenes::params(s).as<VicsekParams>();
    Flock state = scenes::start(s);
    for (std::uint64_t step = 0; step < s.steps; ++step) state = referenceStep(state, p, s.seed, step);
    EXPECT_EQ(hashHex(stateHash(state)), s.hash) << s.name;
    ++checked;
  }
  EXPECT_GE(checked, 2);
}

TEST(Vicsek, GridBruteAndThreadCountsAgree) {
  VicsekParams p;
  p.world = 20;  // 1600 particles: the grid does the work
  const Flock start = randomVicsekStart(1600, p, 3);
  VicsekSimulation reference(p, start, {NeighborSearch::Brute, 1}, 5);
  reference.step(30);
  for (const EngineOptions options : {EngineOptions{NeighborSearch::Grid, 1}, EngineOptions{NeighborSearch::Grid, 4}}) {
    VicsekSimulation other(p, start, options, 5);
    other.step(30);
    EXPECT_EQ(firstDifference(reference.flock(), other.flock()), -1) << options.threads << " threads";
  }
}

// Every particle keeps speed v0 (to rounding) and the start draws speed v0 exactly.
TEST(Vicsek, SpeedStaysV0) {
  VicsekParams p;
  const Flock start = randomVicsekStart(400, p, 1);
  VicsekSimulation sim(p, start, {}, 1);
  sim.step(100);
  for (std::size_t i = 0; i < sim.flock().size(); ++i)
    EXPECT_NEAR(std::hypot(sim.flock().vx[i], sim.flock().vy[i]), p.speed, 1e-15);
}

// Fig. 2a's shape at N = 40 (L = sqrt(10), density 4), 20 seeds, order va averaged over steps
// 1500 to 2000: near 1 at low noise, near the random value sqrt(pi / 4N) = 0.14 at eta = 5.
TEST(Vicsek, OrderFallsFromOneToRandomAsNoiseGrows) {
  const auto meanOrder = [](double noise) {
    VicsekParams p;
    p.noise = noise;
    p.world = std::sqrt(10.0);
    double sum = 0;
    int samples = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      VicsekSimulation sim(p, randomVicsekStart(40, p, seed), {NeighborSearch::Grid, 1}, seed);
      sim.step(1500);
      for (int k = 0; k < 5; ++k, sim.step(100)) sum += sim.metrics().polarization, ++samples;
    }
    return sum / samples;
  };
  const double low = meanOrder(0.1), high = meanOrder(5.0);
  EXPECT_GT(low, 0.95);
  EXPECT_LT(high, 0.3);
  EXPECT_GT(high, 0.05);
}

}  // namespace

// A start file may hold a particle at rest: alone it has no mean heading and no heading of its
// own, so it sets off along x at v0 (docs/model-vicsek.md), never NaN.
TEST(Vicsek, AParticleAtRestSetsOffAlongX) {
  VicsekParams p;
  p.noise = 0;
  Flock start;
  start.x = {1, 5};
  start.y = {1, 5};
  start.vx = {0, 0.03};
  start.vy = {0, 0};
  VicsekSimulation sim(p, start, {}, 1);
  sim.step(3);
  EXPECT_EQ(sim.flock().vx[0], p.speed);
  EXPECT_EQ(sim.flock().vy[0], 0.0);
  EXPECT_EQ(sim.flock().x[0], 1 + p.speed + p.speed + p.speed);
}
