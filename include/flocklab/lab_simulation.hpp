#pragma once
// A running lab-model flock: state, parameters, and the engine that steps it.
#include <cstdint>
#include <memory>

#include "flocklab/flock.hpp"
#include "flocklab/lab_params.hpp"
#include "flocklab/metrics.hpp"
#include "flocklab/neighbor_search.hpp"

namespace flocklab {

/// Steps a flock under the lab model (SPEC section 3). The state after k steps is a pure
/// function of (parameters, start): identical for grid and brute search and any thread count.
/// Not thread-safe: one caller at a time (the simulation runs its own workers inside step()).
class LabSimulation {
 public:
  /// Takes the start state. Throws std::invalid_argument when params are invalid, the fields
  /// differ in length, or a value is not finite or lies outside [0, L].
  LabSimulation(const LabParams& params, Flock start, const EngineOptions& options = {});
  ~LabSimulation();
  LabSimulation(LabSimulation&&) noexcept;
  LabSimulation& operator=(LabSimulation&&) noexcept;

  /// Advances `steps` synchronous steps. No allocation after the first step.
  void step(std::uint64_t steps = 1);
  /// The current state.
  const Flock& flock() const { return flock_; }
  /// Steps taken since construction.
  std::uint64_t stepCount() const { return stepCount_; }
  /// The parameters in use.
  const LabParams& params() const { return params_; }
  /// Changes parameters between steps (validated as in the constructor).
  void setParams(const LabParams& params);
  /// Engine settings in use (threads resolved to the actual count).
  const EngineOptions& options() const { return options_; }
  /// Measures the current state with the model's radius and world.
  Metrics metrics() const;

 private:
  struct Engine;
  LabParams params_;
  Flock flock_;
  Flock next_;
  EngineOptions options_;
  std::uint64_t stepCount_ = 0;
  std::unique_ptr<Engine> engine_;
};

}  // namespace flocklab
