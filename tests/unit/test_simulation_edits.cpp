// Edits between steps (include/flocklab/simulation.hpp, docs/embedding.md): a run that moves,
// pushes, removes and adds boids between steps goes on exactly as a run resumed from the edited
// state at that step. The reference edits a copy of the flock and of the model's saved state by
// hand, as the docs say an edit does (the species and rest follow the boid, a new boid joins the
// end of its species, abm's order drops a removed agent and renumbers the later ones, a new
// one goes last), and resumes a fresh simulation from them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "flocklab/io/state_hash.hpp"
#include "flocklab/model.hpp"
#include "flocklab/models/couzin_params.hpp"
#include "flocklab/models/lab_params.hpp"
#include "flocklab/models/steering_params.hpp"
#include "flocklab/registry.hpp"

namespace flocklab_test {
namespace {

using flocklab::AgentState;
using flocklab::Flock;
using flocklab::ModelState;
using flocklab::ParamSet;
using flocklab::Simulation;

struct Case {
  const char* model;
  std::vector<std::pair<const char*, flocklab::ParamValue>> set;
  std::uint32_t newKind = 0;
};

ParamSet paramsOf(const Case& c) {
  ParamSet p = flocklab::model(c.model).defaults();
  for (const auto& [key, value] : c.set) p.set(key, value);
  return p;
}

std::unique_ptr<Simulation> start(const ParamSet& p, unsigned threads = 1) {
  const auto& m = p.model();
  const std::size_t n = m.fixedCount(p).value_or(90);
  return m.create(p, m.randomStart(p, n, 7), 11, {.threads = threads});
}

// The edits the test makes, on a simulation and, by hand, on a copy of its state.
AgentState moved(const Simulation& sim) {
  AgentState a = sim.agent(3);
  a.x = sim.agent(10).x, a.y = sim.agent(10).y, a.z = sim.agent(10).z;
  a.vx = -a.vx;
  return a;
}
AgentState pushed(const Simulation& sim) {
  AgentState a = sim.agent(5);
  a.vx += 0.25, a.vy -= 0.5, a.vz += sim.flock().is3d() ? 0.125 : 0.0;
  return a;
}
AgentState newcomer(const Simulation& sim) { return sim.agent(20); }

void editLive(Simulation& sim, std::uint32_t kind) {
  const AgentState m = moved(sim), p = pushed(sim), n = newcomer(sim);
  sim.setAgent(3, m);
  sim.push(5, p.vx - sim.agent(5).vx, p.vy - sim.agent(5).vy, p.vz - sim.agent(5).vz);
  sim.removeAgent(7);
  sim.addAgent(n, kind);
}

template <class T>
void insertAt(std::vector<T>& v, std::size_t at, T value) {
  v.insert(v.begin() + static_cast<std::ptrdiff_t>(at), value);
}
template <class T>
void eraseAt(std::vector<T>& v, std::size_t at) {
  v.erase(v.begin() + static_cast<std::ptrdiff_t>(at));
}

std::string resumedByHand(const Case& c, std::uint64_t steps) {
  const ParamSet p = paramsOf(c);
  auto before = start(p);
  before->step(steps);
  Flock f = before->flock();
  ModelState s = before->modelState();
  const AgentState m = moved(*before), q = pushed(*before), n = newcomer(*before);
  f.setAgent(3, m), f.setAgent(5, q);
  f.eraseAgent(7);
  if (auto it = s.wholes.find("species_of"); it != s.wholes.end()) eraseAt(it->second, 7);
  if (auto it = s.wholes.find("rest"); it != s.wholes.end() && !it->second.empty()) eraseAt(it->second, 7);
  if (auto it = s.wholes.find("order"); it != s.wholes.end()) {
    std::vector<std::uint64_t>& order = it->second;  // the generator's 4 words, then the order
    order.erase(std::find(order.begin() + 4, order.end(), 7));
    for (auto k = order.begin() + 4; k != order.end(); ++k) *k -= *k > 7 ? 1 : 0;
    order.push_back(f.size());
  }
  std::size_t at = f.size();
  ParamSet after = p;
  if (auto it = s.wholes.find("species_of"); it != s.wholes.end()) {
    std::vector<std::uint64_t>& species = it->second;
    at = static_cast<std::size_t>(std::upper_bound(species.begin(), species.end(), c.newKind) - species.begin());
    insertAt<std::uint64_t>(species, at, c.newKind);
    if (auto r = s.wholes.find("rest"); r != s.wholes.end() && !r->second.empty())
      insertAt<std::uint64_t>(r->second, at, 0);
    after = before->model() == std::string("steering") ? p.model().current(*before) : p;
  }
  f.insertAgent(at, n);
  if (c.set.size() > 0 && std::string(c.model) == "steering") {
    // The new boid's species counts one more in the parameters a run file of the run keeps.
    auto list = std::get<std::vector<std::string>>(after.get("species"));
    const std::string& entry = list[c.newKind];
    const auto colon = entry.find(':'), next = entry.find(':', colon + 1);
    const int count = std::stoi(entry.substr(colon + 1, next - colon - 1));
    list[c.newKind] =
        entry.substr(0, colon + 1) + std::to_string(count + 1) + (next == std::string::npos ? "" : entry.substr(next));
    after.set("species", list);
  }
  auto resumed = start(after);
  resumed->resume(f, steps, s);
  resumed->step(steps);
  return flocklab::hashHex(flocklab::stateHash(resumed->flock()));
}

std::string editedLive(const Case& c, std::uint64_t steps, unsigned threads) {
  auto sim = start(paramsOf(c), threads);
  sim->step(steps);
  editLive(*sim, c.newKind);
  sim->step(steps);
  return flocklab::hashHex(flocklab::stateHash(sim->flock()));
}

std::vector<Case> cases() {
  using List = std::vector<std::string>;
  return {
      {"lab", {}},
      {"lab", {{"dims", 3.0}}},
      {"steering", {}},
      {"steering", {{"species", List{"boids:60", "hawk:3:role=predator"}}, {"noise", 0.2}}, 0},
      {"steering", {{"species", List{"boids:60", "hawk:3:role=predator"}}, {"dims", 3.0}}, 1},
      {"abm", {}},
      {"abm", {{"sync", true}}},
      {"vicsek", {}},
      {"couzin", {}},
  };
}

TEST(SimulationEdits, GoOnAsARunResumedFromTheEditedState) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(std::string(c.model) + " case with " + std::to_string(c.set.size()) + " settings");
    const std::string live = editedLive(c, 15, 1);
    EXPECT_EQ(live, resumedByHand(c, 15));
    EXPECT_EQ(live, editedLive(c, 15, 2));
    auto plain = start(paramsOf(c));
    plain->step(30);
    EXPECT_NE(live, flocklab::hashHex(flocklab::stateHash(plain->flock())));
  }
}

TEST(SimulationEdits, AnEditThatDoesNotFitIsRefusedAndChangesNothing) {
  auto sim = start(paramsOf({"lab", {}}));
  sim->step(3);
  const std::string before = flocklab::hashHex(flocklab::stateHash(sim->flock()));
  const auto refused = [&](auto edit, const std::string& message) {
    try {
      edit();
      ADD_FAILURE() << "no error, expected: " << message;
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(e.what(), message);
    }
    EXPECT_EQ(flocklab::hashHex(flocklab::stateHash(sim->flock())), before);
  };
  AgentState off = sim->agent(0);
  off.x = -1;
  refused([&] { sim->setAgent(0, off); }, "boid 0 is outside the world");
  refused([&] { sim->setAgent(90, sim->agent(0)); }, "there is no boid 90 (the flock has 90)");
  refused([&] { sim->removeAgent(90); }, "there is no boid 90 (the flock has 90)");
  refused([&] { sim->addAgent(off); }, "the new boid is outside the world");
  refused([&] { sim->addAgent(sim->agent(0), 1); }, "the lab model has one kind of boid, kind 0 (not 1)");
  refused([&] { sim->push(2, std::nan(""), 0); }, "boid 2 pushed has a non-finite value");
  refused([&] { sim->push(2, 1e101, 0); },
          "boid 2 pushed has a velocity component beyond 1e100 (1e101), the largest length flocklab computes with");
  std::vector<float> small(179);
  refused([&] { sim->copyPositions(small); }, "the buffer holds 179 floats; 90 boids need 180");

  auto species =
      start(paramsOf({"steering", {{"species", std::vector<std::string>{"boids:20", "hawk:1:role=predator"}}}}));
  EXPECT_THROW(species->addAgent(species->agent(0), 2), std::invalid_argument);
}

TEST(SimulationEdits, FloatCopiesHoldEachBoidsFieldsInTurn) {
  for (const Case& c : {Case{"lab", {}}, Case{"couzin", {}}}) {
    auto sim = start(paramsOf(c));
    sim->step(2);
    const Flock& f = sim->flock();
    const std::size_t dims = f.is3d() ? 3 : 2;
    std::vector<float> at(f.size() * dims + 5, -7.0f), v(f.size() * dims);
    EXPECT_EQ(sim->copyPositions(at), f.size() * dims);
    EXPECT_EQ(sim->copyVelocities(v), f.size() * dims);
    for (std::size_t i = 0; i < f.size(); ++i) {
      EXPECT_EQ(at[i * dims], static_cast<float>(f.x[i]));
      EXPECT_EQ(at[i * dims + 1], static_cast<float>(f.y[i]));
      EXPECT_EQ(v[i * dims + 1], static_cast<float>(f.vy[i]));
      if (dims == 3) EXPECT_EQ(at[i * dims + 2], static_cast<float>(f.z[i]));
      if (dims == 3) EXPECT_EQ(v[i * dims + 2], static_cast<float>(f.vz[i]));
    }
    EXPECT_EQ(at.back(), -7.0f);  // nothing past the flock's floats
  }
}

TEST(SimulationEdits, WholeNumberParametersAreIntegers) {
  static_assert(std::is_same_v<decltype(flocklab::LabParams::dims), int>);
  static_assert(std::is_same_v<decltype(flocklab::SteeringParams::nearest), int>);
  static_assert(std::is_same_v<decltype(flocklab::CouzinParams::dims), int>);
  ParamSet p = flocklab::model("steering").defaults();
  EXPECT_THROW(p.set("nearest", 3.5), std::invalid_argument);
  p.set("nearest", 7.0);
  EXPECT_EQ(p.as<flocklab::SteeringParams>().nearest, 7);
  EXPECT_EQ(std::get<double>(p.get("nearest")), 7.0);
}

}  // namespace
}  // namespace flocklab_test
