// The steering model in 3D (--dims 3): a flat flock at mid-depth, with walls, spheres cut
// through their centres, a pointer at that depth and a field of view, flies the 2D model's bits;
// grid = brute force = any thread count in a box and on a torus, with noise; a boid never ends
// a step inside a sphere or outside the box; the start avoids the spheres.
#include <gtest/gtest.h>

#include <cmath>

#include "flocklab/flocklab.hpp"
#include "support/state_compare.hpp"

using namespace flocklab;

namespace {

SteeringParams busy(Edges edges) {
  SteeringParams p;
  p.width = 600, p.height = 400, p.depth = 300;
  p.edges = edges;
  p.fov = 270;
  p.pointer = {PointerMode::Predator, 300, 200, 20, 200};
  p.obstacles = {{150, 100, 40}, {450, 300, 30}};
  return p;
}

SteeringParams in3d(SteeringParams p) {
  p.dims = 3;
  p.pointer.z = 150, p.pointer.axes = 3;
  for (Obstacle& o : p.obstacles) o.z = 150, o.axes = 3;
  return p;
}

TEST(Steering3d, AFlatFlockAtMidDepthFliesTheTwoDimensionalModel) {
  for (const Edges edges : {Edges::Wrap, Edges::Walls}) {
    const SteeringParams flat = busy(edges), deep = in3d(flat);
    const Flock start2 = randomSteeringStart(600, flat, 4);
    Flock start3 = start2;
    start3.dimensions = 3;
    start3.z.assign(start2.size(), 150.0);
    start3.vz.assign(start2.size(), 0.0);
    SteeringSimulation two(flat, start2, {NeighborSearch::Grid, 2});
    SteeringSimulation three(deep, start3, {NeighborSearch::Grid, 2});
    two.step(300);
    three.step(300);
    for (std::size_t i = 0; i < start2.size(); ++i) {
      ASSERT_EQ(three.flock().x[i], two.flock().x[i]) << i;
      ASSERT_EQ(three.flock().y[i], two.flock().y[i]) << i;
      ASSERT_EQ(three.flock().vx[i], two.flock().vx[i]) << i;
      ASSERT_EQ(three.flock().vy[i], two.flock().vy[i]) << i;
      ASSERT_EQ(three.flock().z[i], 150.0) << i;
      ASSERT_EQ(three.flock().vz[i], 0.0) << i;
    }
  }
}

TEST(Steering3d, GridBruteAndThreadCountsAgree) {
  for (const Edges edges : {Edges::Wrap, Edges::Walls}) {
    SteeringParams p = in3d(busy(edges));
    p.noise = 0.4;
    const Flock start = randomSteeringStart(1500, p, 8);
    ASSERT_TRUE(start.is3d());
    SteeringSimulation reference(p, start, {NeighborSearch::Brute, 1}, 3);
    reference.step(120);
    for (const EngineOptions options : {EngineOptions{NeighborSearch::Grid, 1}, EngineOptions{NeighborSearch::Grid, 3},
                                        EngineOptions{NeighborSearch::Brute, 2}}) {
      SteeringSimulation other(p, start, options, 3);
      other.step(120);
      EXPECT_EQ(firstDifference(reference.flock(), other.flock()), -1)
          << (edges == Edges::Walls ? "walls, " : "wrap, ") << options.threads << " threads";
    }
  }
}

// Spheres are kept out of in depth too, and the box's six faces hold: after every step each
// boid is inside the box and outside every sphere; the start put none inside a sphere.
TEST(Steering3d, BoidsStayInTheBoxAndOutOfTheSpheres) {
  SteeringParams p = in3d(busy(Edges::Walls));
  p.obstacles = {{.x = 300, .y = 200, .radius = 50, .z = 60, .axes = 3},
                 {.x = 300, .y = 200, .radius = 50, .z = 240, .axes = 3},
                 {.x = 150, .y = 100, .radius = 40, .z = 150, .axes = 3}};
  const auto outsideAll = [&](const Flock& f, std::size_t i) {
    for (const Obstacle& o : p.obstacles) {
      const double dx = f.x[i] - o.x, dy = f.y[i] - o.y, dz = f.z[i] - o.z;
      if (dx * dx + dy * dy + dz * dz < o.radius * o.radius) return false;
    }
    return true;
  };
  SteeringSimulation sim(p, randomSteeringStart(800, p, 5), {NeighborSearch::Grid, 2});
  for (std::size_t i = 0; i < sim.flock().size(); ++i) ASSERT_TRUE(outsideAll(sim.flock(), i)) << "start " << i;
  for (int s = 0; s < 200; ++s) {
    sim.step();
    const Flock& f = sim.flock();
    for (std::size_t i = 0; i < f.size(); ++i) {
      ASSERT_TRUE(outsideAll(f, i)) << "step " << s << ", boid " << i;
      ASSERT_TRUE(p.space().contains(f.x[i], f.y[i], f.z[i])) << "step " << s << ", boid " << i;
    }
  }
}

}  // namespace
