// The abm model's step: the sync form through the StepDriver with the AbmRule, the sequential
// form through AbmSequential with the same rule.
#include "flocklab/models/abm_simulation.hpp"

#include <memory>
#include <stdexcept>
#include <vector>

#include "engine/random_start.hpp"
#include "engine/state_check.hpp"
#include "engine/step_driver.hpp"
#include "models/abm_rule.hpp"
#include "models/abm_sequential.hpp"

namespace flocklab {

AbmSimulation::AbmSimulation(const AbmParams& params, Flock start, std::uint64_t seed, const EngineOptions& options)
    : Simulation(std::move(start), options), params_(checkedParams(params)) {
  checkState(flock(), space());
  // Agents are indexed with 32 bits, as in the grid and the random order.
  if (flock().size() > 0xffffffffu) throw std::invalid_argument("the abm model takes at most 2^32 - 1 agents");
  sequential_ = std::make_unique<AbmSequential>(flock().size(), seed, options.search);
}

AbmSimulation::~AbmSimulation() = default;
AbmSimulation::AbmSimulation(AbmSimulation&&) noexcept = default;
AbmSimulation& AbmSimulation::operator=(AbmSimulation&&) noexcept = default;

void AbmSimulation::setParams(const AbmParams& params) {
  checkedParams(params);
  if (params.world != params_.world) throw std::invalid_argument("the world's side cannot change during a run");
  if (params.visualDistance != params_.visualDistance) placed_ = false;
  params_ = params;
}

std::uint64_t AbmSimulation::candidateChecks() const {
  return Simulation::candidateChecks() + sequential_->candidateChecks();
}

void AbmSimulation::step(std::uint64_t steps) {
  const AbmRule rule(params_);
  for (std::uint64_t s = 0; s < steps; ++s) {
    if (params_.sync) {
      driver().step(space(), params_.visualDistance, options().search, rule);
      stepped();
      placed_ = false;  // the sequential grid no longer knows where the agents are
    } else {
      Flock& state = this->state();
      if (!placed_) sequential_->place(state, params_);
      placed_ = true;
      sequential_->step(state, params_);
      stepped();
    }
  }
}

void AbmSimulation::edited(Edit edit, std::size_t at, std::uint32_t) {
  placed_ = false;
  if (edit == Edit::Changed) return;
  const std::vector<std::uint64_t> before = sequential_->saved();  // the generator's 4 words, then the order
  std::vector<std::uint64_t> saved(before.begin(), before.begin() + 4);
  for (auto i = before.begin() + 4; i != before.end(); ++i)
    if (edit == Edit::Added || *i != at) saved.push_back(edit == Edit::Removed && *i > at ? *i - 1 : *i);
  if (edit == Edit::Added) saved.push_back(at);
  auto next = std::make_unique<AbmSequential>(flock().size(), 0, options().search);
  next->restore(saved);
  next->countChecks(sequential_->candidateChecks());
  sequential_ = std::move(next);
}

ModelState AbmSimulation::modelState() const {
  ModelState saved;
  saved.wholes["order"] = sequential_->saved();
  return saved;
}

void AbmSimulation::restoreModelState(const ModelState& saved) {
  const auto it = saved.wholes.find("order");
  if (it == saved.wholes.end()) throw std::invalid_argument("the abm model's saved state has no 'order'");
  sequential_->restore(it->second);
  placed_ = false;
}

Flock randomAbmStart(std::size_t count, const AbmParams& params, std::uint64_t seed) {
  // Speed 1 + (1 - 1)*U is exactly 1: a unit heading, ux * (1 / sqrt(m)).
  return randomStart(count, Space::square(params.world), 1.0, 1.0, seed, [](double, double) { return false; });
}

}  // namespace flocklab
