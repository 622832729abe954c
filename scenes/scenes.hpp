#pragma once
// flocklab's scene library: the golden runs shared by the tests, the WebAssembly test (which
// reads scenes.json itself) and the examples, and the benchmark flocks shared by bench/ and
// `flocklab bench`. Design: scenes are data (scenes.json, compiled in), built through the
// registry, so a scene of any model needs no code here.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "flocklab/engine_options.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/model.hpp"
#include "flocklab/models/lab_params.hpp"
#include "flocklab/simulation.hpp"

namespace flocklab::scenes {

/// A golden run: this model, preset and parameters, `count` boids from `seed`, `steps` steps,
/// and the state hash after them (16 hex digits).
struct Scene {
  std::string name, model, preset;
  std::string params;  ///< a JSON object keyed by the registry's keys
  std::size_t count = 0;
  std::uint64_t seed = 0, steps = 0;
  std::string hash;
  std::string checked;  ///< how the hash was checked independently of the engine
};

/// Every golden scene of scenes.json, in its order.
const std::vector<Scene>& golden();
/// The scene's parameters, resolved by its model's description (preset, then its params).
ParamSet params(const Scene& scene);
/// The scene's random start.
Flock start(const Scene& scene);
/// A simulation of `start` under the scene's model and parameters.
std::unique_ptr<Simulation> simulate(const Scene& scene, Flock start, const EngineOptions& options = {});

/// The benchmark flocks: the lab model at the seed's density (120 boids per 100 x 100), its
/// defaults in a world of side 100 * sqrt(n / 120).
LabParams labAtSeedDensity(std::size_t n);
/// The lab model in 3D at the density of its 3D claims (120 boids in a cube of side 50, about 4
/// neighbours a boid at the start), for `n` boids: the cube's side grows as cbrt(n).
LabParams lab3dAtFlockDensity(std::size_t n);
/// The lab flock of n boids at the seed's density, from seed 42 after 50 steps, so that it has
/// begun to clump as a real run would; built once per n (not thread-safe).
const Flock& warmLabFlock(std::size_t n);

}  // namespace flocklab::scenes
