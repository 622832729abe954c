// The smallest flocklab program: a random flock of 120 boids, 600 steps, its order before and after.
#include <cstdio>

#include <flocklab/flocklab.hpp>

int main() {
  flocklab::LabParams params;  // the lab model's defaults: weights 1.5/1/1, radius 10, world 100
  flocklab::LabSimulation sim(params, flocklab::randomLabStart(120, params, /*seed=*/42));
  std::printf("order at start: %.3f\n", sim.metrics().polarization);
  sim.step(600);
  const flocklab::Metrics end = sim.metrics();
  std::printf("order after %llu steps: %.3f in %zu flock(s)\n", static_cast<unsigned long long>(sim.stepCount()),
              end.polarization, end.flocks);
  std::printf("state hash: %s\n", flocklab::hashHex(flocklab::stateHash(sim.flock())).c_str());
}
