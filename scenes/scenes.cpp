// The scene library: scenes.json read once through nlohmann-json, runs built through the
// registry (flocklab/registry.hpp) and the parameters' JSON (flocklab/io/params_json.hpp).
#include "scenes.hpp"

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "flocklab/io/params_json.hpp"
#include "flocklab/models/lab_simulation.hpp"
#include "flocklab/registry.hpp"
#include "scenes_json.hpp"

namespace flocklab::scenes {
const std::vector<Scene>& golden() {
  static const std::vector<Scene> all = [] {
    std::vector<Scene> out;
    const nlohmann::json file = nlohmann::json::parse(kScenesJson);  // kept: the loop reads into it
    for (const auto& g : file.at("golden"))
      out.push_back({g.at("name"), g.at("model"), g.value("preset", ""), g.at("params").dump(), g.at("count"),
                     g.at("seed"), g.at("steps"), g.at("hash"), g.at("checked")});
    return out;
  }();
  return all;
}

ParamSet params(const Scene& s) {
  ParamSet p = model(s.model).defaults(s.preset);
  readParamsJson(p, s.params);
  return p;
}

Flock start(const Scene& s) { return model(s.model).randomStart(params(s), s.count, s.seed); }

std::unique_ptr<Simulation> simulate(const Scene& s, Flock flock, const EngineOptions& options) {
  return model(s.model).create(params(s), std::move(flock), s.seed, options);
}

LabParams labAtSeedDensity(std::size_t n) {
  LabParams p;
  p.world = 100 * std::sqrt(static_cast<double>(n) / 120);
  return p;
}

LabParams lab3dAtFlockDensity(std::size_t n) {
  LabParams p;
  p.dims = 3;
  p.world = 50 * std::cbrt(static_cast<double>(n) / 120);
  return p;
}

const Flock& warmLabFlock(std::size_t n) {
  static std::map<std::size_t, Flock> cache;
  auto found = cache.find(n);
  if (found == cache.end()) {
    const LabParams params = labAtSeedDensity(n);
    // All cores for the warm-up: the state after k steps is the same for any thread count.
    LabSimulation sim(params, randomLabStart(n, params, 42), EngineOptions{NeighborSearch::Grid, 0});
    sim.step(50);
    found = cache.emplace(n, sim.flock()).first;
  }
  return found->second;
}

}  // namespace flocklab::scenes
