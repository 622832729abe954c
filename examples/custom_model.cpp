// A rule of one's own: cohesion and alignment (no separation, no noise), in 3D, run by
// RuleSimulation on one thread pool shared by two runs. The rule contract and RuleSimulation are
// the engine's internals (src/engine, beside their sources, not the public include/): a rule is
// written against the engine of the same source tree, as the shipped models are, so this
// program builds with src/ on its include path (examples/CMakeLists.txt).
// The engine supplies the neighbour search, the executor and the determinism: grid and brute
// force give the same bits, whatever the pool.
//
// The rule contract (engine/rule.hpp): Sums; start() for a boid; add() for each neighbour in
// ascending index with its offset, d2 and velocity; finish() updates position and velocity in
// place. Only + - * / sqrt and comparisons keep it reproducible everywhere.
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "engine/rule_simulation.hpp"
#include "flocklab/flocklab.hpp"

namespace {

// Steers towards the neighbours' centre and their mean velocity; keeps the speed in
// [minSpeed, maxSpeed]; wraps on the cubic torus of side `side`.
struct GatherRule {
  static constexpr int kDimensions = 3;  // a 3D rule; 2D rules leave this out
  struct Sums {
    std::uint32_t count = 0;
    double cx = 0, cy = 0, cz = 0, vx = 0, vy = 0, vz = 0;
  };

  double side, cohesion = 0.01, alignment = 0.1, minSpeed = 0.5, maxSpeed = 1;

  Sums start(double, double, double, double, double, double) const { return {}; }

  void add(Sums& s, double dx, double dy, double dz, double /*d2*/, double vxj, double vyj, double vzj) const {
    ++s.count;
    s.cx += dx, s.cy += dy, s.cz += dz;
    s.vx += vxj, s.vy += vyj, s.vz += vzj;
  }

  void finish(const Sums& s, double& x, double& y, double& z, double& vx, double& vy, double& vz) const {
    if (s.count > 0) {
      const double n = static_cast<double>(s.count);
      vx += cohesion * (s.cx / n) + alignment * (s.vx / n - vx);
      vy += cohesion * (s.cy / n) + alignment * (s.vy / n - vy);
      vz += cohesion * (s.cz / n) + alignment * (s.vz / n - vz);
    }
    const double speed = std::sqrt(vx * vx + vy * vy + vz * vz);
    const double limit = speed > maxSpeed ? maxSpeed : (speed < minSpeed && speed > 0 ? minSpeed : speed);
    if (limit != speed) vx = (vx / speed) * limit, vy = (vy / speed) * limit, vz = (vz / speed) * limit;
    x = wrap(x + vx), y = wrap(y + vy), z = wrap(z + vz);
  }

  double wrap(double p) const { return p < 0 ? p + side : (p >= side ? p - side : p); }
};
static_assert(flocklab::Rule<GatherRule>);

// n boids at uniform positions with velocities in [-0.5, 0.5) per axis.
flocklab::Flock randomFlock(std::size_t n, double side, std::uint64_t seed) {
  flocklab::Xoshiro256ss rng(seed);
  flocklab::Flock f;
  f.dimensions = 3;
  f.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    f.x[i] = side * rng.uniform(), f.y[i] = side * rng.uniform(), f.z[i] = side * rng.uniform();
    f.vx[i] = rng.uniform() - 0.5, f.vy[i] = rng.uniform() - 0.5, f.vz[i] = rng.uniform() - 0.5;
  }
  return f;
}

}  // namespace

int main() {
  const double side = 60, radius = 6;
  const flocklab::Space world = flocklab::Space::cube(side);
  const flocklab::Flock start = randomFlock(2000, side, 7);
  // One pool for both runs (a sweep would share it between all its runs the same way).
  const auto pool = flocklab::makeThreadPool();
  using Sim = flocklab::RuleSimulation<GatherRule>;
  Sim grid(GatherRule{side}, world, radius, start, {flocklab::NeighborSearch::Grid, 0, pool}, "gather");
  Sim brute(GatherRule{side}, world, radius, start, {flocklab::NeighborSearch::Brute, 0, pool}, "gather");
  std::printf("%s model, %zu boids in 3D, %u threads\n", grid.model(), start.size(), grid.options().threads);
  std::printf("order at start: %.3f\n", grid.metrics().polarization);
  grid.step(200);
  brute.step(200);
  const flocklab::Metrics end = grid.metrics();
  std::printf("order after %llu steps: %.3f in %zu group(s)\n", static_cast<unsigned long long>(grid.stepCount()),
              end.polarization, end.flocks);
  const std::uint64_t a = flocklab::stateHash(grid.flock()), b = flocklab::stateHash(brute.flock());
  std::printf("state hash: %s (grid) %s (brute force)\n", flocklab::hashHex(a).c_str(), flocklab::hashHex(b).c_str());
  return a == b ? 0 : 1;
}
