// Edits between steps (docs/embedding.md): a game's loop moves, adds, removes and pushes agents.
// Design: every edit goes through state(), the boid-order copy, which marks the step driver
// stale, so the next step loads the edited flock exactly as resume() would; a model with state
// of its own per boid follows through edited(). Each edit is checked whole before anything
// changes, so a refused edit leaves the run as it was.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "engine/state_check.hpp"
#include "flocklab/simulation.hpp"

namespace flocklab {

namespace {

void checkIndex(std::size_t i, std::size_t size) {
  if (i >= size)
    throw std::invalid_argument("there is no boid " + std::to_string(i) + " (the flock has " + std::to_string(size) +
                                ")");
}

std::size_t copyAsFloats(const Flock& f, const std::vector<double>& x, const std::vector<double>& y,
                         const std::vector<double>& z, std::span<float> out) {
  const std::size_t dims = f.is3d() ? 3 : 2, needed = f.size() * dims;
  if (out.size() < needed)
    throw std::invalid_argument("the buffer holds " + std::to_string(out.size()) + " floats; " +
                                std::to_string(f.size()) + " boids need " + std::to_string(needed));
  for (std::size_t i = 0; i < f.size(); ++i) {
    float* at = out.data() + i * dims;
    at[0] = static_cast<float>(x[i]), at[1] = static_cast<float>(y[i]);
    if (dims == 3) at[2] = static_cast<float>(z[i]);
  }
  return needed;
}

}  // namespace

AgentState Simulation::agent(std::size_t i) const {
  checkIndex(i, flock().size());
  return flock().agent(i);
}

void Simulation::setAgent(std::size_t i, const AgentState& a) {
  checkIndex(i, flock().size());
  if (const std::string problem = agentProblem(a, space()); !problem.empty())
    throw std::invalid_argument("boid " + std::to_string(i) + " " + problem);
  state().setAgent(i, a);
  edited(Edit::Changed, i, 0);
}

std::size_t Simulation::addAgent(const AgentState& a, std::uint32_t kind) {
  // Boids are indexed with 32 bits in the grid and in the models' own lists.
  if (flock().size() >= 0xffffffffu) throw std::invalid_argument("the flock already holds 2^32 - 1 boids");
  if (const std::string problem = agentProblem(a, space()); !problem.empty())
    throw std::invalid_argument("the new boid " + problem);
  const std::size_t at = placeForNew(kind);
  state().insertAgent(at, a);
  edited(Edit::Added, at, kind);
  return at;
}

void Simulation::removeAgent(std::size_t i) {
  checkIndex(i, flock().size());
  state().eraseAgent(i);
  edited(Edit::Removed, i, 0);
}

void Simulation::push(std::size_t i, double dvx, double dvy, double dvz) {
  AgentState a = agent(i);
  a.vx += dvx, a.vy += dvy;
  if (flock().is3d()) a.vz += dvz;
  if (const std::string problem = agentProblem(a, space()); !problem.empty())
    throw std::invalid_argument("boid " + std::to_string(i) + " pushed " + problem);
  state().setAgent(i, a);
  edited(Edit::Changed, i, 0);
}

std::size_t Simulation::copyPositions(std::span<float> out) const {
  const Flock& f = flock();
  return copyAsFloats(f, f.x, f.y, f.z, out);
}

std::size_t Simulation::copyVelocities(std::span<float> out) const {
  const Flock& f = flock();
  return copyAsFloats(f, f.vx, f.vy, f.vz, out);
}

std::size_t Simulation::placeForNew(std::uint32_t kind) const {
  if (kind != 0)
    throw std::invalid_argument(std::string("the ") + model() + " model has one kind of boid, kind 0 (not " +
                                std::to_string(kind) + ")");
  return flock().size();
}

void Simulation::edited(Edit, std::size_t, std::uint32_t) {}

}  // namespace flocklab
