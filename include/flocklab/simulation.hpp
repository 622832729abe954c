#pragma once
// What every model's simulation offers: stepping, the state, and its measures. The CLI and
// the browser lab drive any model through this interface.
#include <cstdint>
#include <memory>

#include "flocklab/flock.hpp"
#include "flocklab/metrics.hpp"
#include "flocklab/engine_options.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

class StepDriver;

/// A running flock under one model. The state after k steps is a pure function of the
/// model's parameters and the start: identical for grid and brute search and any thread
/// count. Not thread-safe: one caller at a time (step() runs its own workers inside).
class Simulation {
 public:
  virtual ~Simulation();
  Simulation(Simulation&&) noexcept;
  Simulation& operator=(Simulation&&) noexcept;

  /// The model's name, as `flocklab run --model` takes it.
  virtual const char* model() const = 0;
  /// Advances `steps` synchronous steps. No allocation after the first step.
  virtual void step(std::uint64_t steps = 1) = 0;
  /// The world the flock lives in.
  virtual Space space() const = 0;
  /// The distance within which two boids are linked into one group by metrics().
  virtual double linkRadius() const = 0;

  /// The current state, boid i at index i.
  const Flock& flock() const;
  /// Steps taken since construction.
  std::uint64_t stepCount() const { return stepCount_; }
  /// Engine settings in use (threads resolved to the actual count).
  const EngineOptions& options() const { return options_; }
  /// Candidate pairs whose distance the steps so far tested: the work the neighbour search
  /// did, for benchmarks (n^2 a step for brute force).
  virtual std::uint64_t candidateChecks() const;
  /// Measures the current state: groups linked within linkRadius() in space().
  Metrics metrics() const;

 protected:
  /// Takes the start state; threads in `options` are resolved here.
  Simulation(Flock start, const EngineOptions& options);
  /// The step driver, holding the current state (loaded from flock_ when that is newer).
  StepDriver& driver();
  /// Counts a step the driver took: flock_ is out of date until flock() next asks.
  void stepped();
  /// The state in boid order, for a model that changes it in place; the driver reloads it.
  Flock& state();

  // Either flock_ or the driver holds the current state (the driver, while flockStale_).
  mutable Flock flock_;
  mutable bool flockStale_ = false;
  bool driverStale_ = true;
  EngineOptions options_;
  std::uint64_t stepCount_ = 0;
  std::unique_ptr<StepDriver> driver_;
};

}  // namespace flocklab
