// The lane kernel in the WebAssembly engine (engine/lanes.hpp: the portable two lanes,
// simd128 here) against the one-boid path, run under node by ctest (wasm_lanes): the lab model
// in 2D and 3D and the abm model's sync form, from random starts dense enough that every tile
// runs its boids in lanes, and the steering model's hit lanes (2D, 3D, and species with their
// own fields of view among hawks in a box) give the same state hash after every step, on the
// grid and by brute force. The native kernels are checked by GoldenLanes (tests/models/test_golden.cpp); gtest is
// not built for wasm. Exit status 0 when all agree, 1 with the first difference printed.
#include <cstdio>
#include <string>
#include <vector>

#include "engine/lanes.hpp"
#include "flocklab/flocklab.hpp"
#include "flocklab/io/state_hash.hpp"
#include "flocklab/registry.hpp"

using namespace flocklab;

namespace {

// The hash after each of `steps` steps of `name` with `kernel`; `species`: the steering model's
// species case.
std::vector<std::uint64_t> hashes(const char* name, double dims, bool species, NeighborSearch search, LaneKernel kernel,
                                  int steps) {
  setLaneKernel(kernel);
  const ModelDescription& m = model(name);
  ParamSet params = m.defaults();
  if (dims == 3) params.set("dims", 3.0);
  if (std::string(name) == "abm") params.set("sync", true);
  if (species) {
    params.set("edges", std::string("walls"));
    params.set("species", std::vector<std::string>{"wide:900:fov=300,separation_radius=25",
                                                   "narrow:596:fov=120,size=1.5", "hawk:4:role=predator"});
  }
  const auto sim = m.create(params, m.randomStart(params, 1500, 11), 11, {search, 1});
  std::vector<std::uint64_t> out;
  for (int s = 0; s < steps; ++s) {
    sim->step();
    out.push_back(stateHash(sim->flock()));
  }
  return out;
}

}  // namespace

int main() {
  struct Case {
    const char* name;
    double dims;
    bool species;
  };
  int compared = 0;
  for (const Case& c : {Case{"lab", 2, false}, Case{"lab", 3, false}, Case{"abm", 2, false}, Case{"steering", 2, false},
                        Case{"steering", 3, false}, Case{"steering", 2, true}})
    for (NeighborSearch search : {NeighborSearch::Grid, NeighborSearch::Brute}) {
      const auto scalar = hashes(c.name, c.dims, c.species, search, LaneKernel::Scalar, 40);
      const auto lanes = hashes(c.name, c.dims, c.species, search, LaneKernel::Portable, 40);
      for (std::size_t s = 0; s < scalar.size(); ++s, ++compared)
        if (scalar[s] != lanes[s]) {
          std::printf("%s %gD%s, %s: the lanes part from the one-boid path at step %zu (%s, not %s)\n", c.name, c.dims,
                      c.species ? " with species" : "", toString(search), s + 1, hashHex(lanes[s]).c_str(),
                      hashHex(scalar[s]).c_str());
          return 1;
        }
    }
  std::printf("the portable lanes equal the one-boid path: %d states compared\n", compared);
  return 0;
}
