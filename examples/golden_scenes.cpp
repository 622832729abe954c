// Replays every golden scene of flocklab's scene library (scenes/scenes.json) and prints its
// state hash next to the pinned one: a quick check that a build, a compiler or a platform gives
// flocklab's bits. Exits 1 when any hash differs.
#include <cstdio>

#include <flocklab/flocklab.hpp>

#include "scenes.hpp"

int main() {
  int wrong = 0;
  for (const flocklab::scenes::Scene& scene : flocklab::scenes::golden()) {
    const auto sim = flocklab::scenes::simulate(scene, flocklab::scenes::start(scene));
    sim->step(scene.steps);
    const std::string hash = flocklab::hashHex(flocklab::stateHash(sim->flock()));
    wrong += hash != scene.hash;
    std::printf("%s  %s  %s\n", hash.c_str(), hash == scene.hash ? "ok   " : "WRONG", scene.name.c_str());
  }
  return wrong == 0 ? 0 : 1;
}
