// libFuzzer target for open space (the couzin model, Space::unbounded): any parameters and any
// start a user can give, stepped and measured.
//
// Contract under test (docs/reliability.md, section 10): a start is either refused with
// std::invalid_argument (a value beyond the bounds: speeds and lengths up to 1e100, positions up
// to 1e120 along an axis), or every step and every measure of it stays finite: positions and
// velocities after each step, and polarization and milling in [0, 1], a finite nearest-neighbour
// distance and neighbour count. Parameters a model refuses are left at their defaults.
//
// Input: byte 0 chooses 2D or 3D and how many steps (1 to 4); then 8 doubles (raw bits) for
// speed, tau, repulsion, dro, dra, turn_rate, noise and nearest, then the agents, 2D (x, y, vx,
// vy) or 3D (x, y, z, vx, vy, vz) doubles each, at most 32 agents.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "flocklab/registry.hpp"
#include "fuzz_message.hpp"

namespace {

using flocklab::fuzz::check;

double readDouble(const std::uint8_t* data) {
  double v;
  std::memcpy(&v, data, sizeof v);
  return v;
}

bool finite(const flocklab::Flock& f) {
  for (const auto* field : {&f.x, &f.y, &f.z, &f.vx, &f.vy, &f.vz})
    for (double v : *field)
      if (!std::isfinite(v)) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::size_t kParams = 8;
  if (size < 1 + 8 * kParams) return 0;
  const int dims = data[0] % 2 ? 3 : 2;
  const int steps = 1 + (data[0] / 2) % 4;
  const flocklab::ModelDescription& model = flocklab::model("couzin");
  flocklab::ParamSet params = model.defaults();
  params.set("dims", static_cast<double>(dims));
  const char* keys[kParams] = {"speed", "tau", "repulsion", "dro", "dra", "turn_rate", "noise", "nearest"};
  for (std::size_t k = 0; k < kParams; ++k) {
    flocklab::ParamSet tried = params;
    try {
      tried.set(keys[k], readDouble(data + 1 + 8 * k));
    } catch (const std::invalid_argument&) {
      continue;
    }
    if (tried.problem().empty()) params = tried;
  }
  const std::size_t fields = dims == 3 ? 6 : 4;
  const std::uint8_t* agents = data + 1 + 8 * kParams;
  const std::size_t count = std::min<std::size_t>((size - 1 - 8 * kParams) / (8 * fields), 32);
  if (count == 0) return 0;
  flocklab::Flock start;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* a = agents + i * 8 * fields;
    start.x.push_back(readDouble(a));
    start.y.push_back(readDouble(a + 8));
    if (dims == 3) start.z.push_back(readDouble(a + 16));
    start.vx.push_back(readDouble(a + 8 * (dims == 3 ? 3 : 2)));
    start.vy.push_back(readDouble(a + 8 * (dims == 3 ? 4 : 3)));
    if (dims == 3) start.vz.push_back(readDouble(a + 40));
  }
  std::unique_ptr<flocklab::Simulation> sim;
  try {
    sim = model.create(params, std::move(start), 1);
  } catch (const std::invalid_argument& e) {
    flocklab::fuzz::checkMessage(e.what());
    return 0;
  }
  for (int s = 0; s <= steps; ++s) {
    check(finite(sim->flock()));
    const flocklab::Metrics m = sim->metrics();
    check(m.polarization >= 0 && m.polarization <= 1 + 1e-12);
    check(m.milling >= 0 && m.milling <= 1 + 1e-12);
    check(std::isfinite(m.meanNearestDistance) && std::isfinite(m.meanNeighbors));
    if (s < steps) sim->step(1);
  }
  return 0;
}
