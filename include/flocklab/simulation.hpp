#pragma once
// What every model's simulation offers: stepping, the state, and its measures. The CLI and
// the browser lab drive any model through this interface; rule_simulation.hpp runs a user's
// own rule through it.
#include <cstdint>
#include <memory>
#include <span>

#include "flocklab/appearance.hpp"
#include "flocklab/engine_options.hpp"
#include "flocklab/flock.hpp"
#include "flocklab/metrics.hpp"
#include "flocklab/model_state.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

class Executor;
class StepDriver;

/// A running flock under one model. The state after k steps is a pure function of the
/// model's parameters and the start: identical for grid and brute search and any executor or
/// thread count. Not thread-safe: one caller at a time (step() runs tasks on its executor).
class Simulation {
 public:
  virtual ~Simulation();
  Simulation(Simulation&&) noexcept;
  Simulation& operator=(Simulation&&) noexcept;

  /// The model's name, as `flocklab run --model` takes it.
  virtual const char* model() const = 0;
  /// Advances `steps` steps of the model. No allocation after the first step.
  virtual void step(std::uint64_t steps = 1) = 0;
  /// The world the flock lives in.
  virtual Space space() const = 0;
  /// What metrics() links into groups and counts as neighbours, in this model's terms.
  virtual MetricRules metricRules() const = 0;

  /// The current state, boid i at index i.
  const Flock& flock() const;
  /// Steps taken since construction.
  std::uint64_t stepCount() const;
  /// Engine settings in use (threads resolved to the executor's size).
  const EngineOptions& options() const;
  /// The executor steps and metrics run on (the shared one from the options, or its own pool).
  Executor& executor() const;
  /// Candidate pairs whose distance the steps so far tested: the work the neighbour search
  /// did, for benchmarks (n^2 a step for brute force).
  virtual std::uint64_t candidateChecks() const;
  /// Measures the current state in space() as metricRules() say.
  Metrics metrics() const;
  /// How front ends tell the boids apart and what else they draw (kinds, food); nothing by default.
  virtual Appearance appearance() const { return {}; }
  /// Adds a boid of kind `kind` (an index into appearance().kinds) at (x, y, z) between steps
  /// (the browser lab's "click to spawn a predator"). Throws std::invalid_argument for a model
  /// without kinds (the default), an unknown kind or a place off the world.
  virtual void addBoid(std::uint32_t kind, double x, double y, double z = 0);

  // Between steps, a game's loop moves, adds, removes and pushes agents (docs/embedding.md). The
  // run then goes on exactly as a run resumed from the edited state at that step (resume() with
  // the flock and modelState() after the edit): the same bits on every path and thread count.
  // The model's own state of an agent (its species, a predator's rest, its place in abm's
  // sequential order) follows it. An edit that does not fit (an index past the end, a place off
  // the world, a value that is not finite or beyond kMaxLength) throws std::invalid_argument and
  // changes nothing. Each edit costs one pass over the flock at the next step.

  /// Boid i's position and velocity now.
  AgentState agent(std::size_t i) const;
  /// Moves boid i to `state`'s place and gives it `state`'s velocity.
  void setAgent(std::size_t i, const AgentState& state);
  /// Adds a boid of kind `kind` (an index into appearance().kinds; 0 where the model has one kind)
  /// and returns its index: the end of the flock, or the end of its species' indices in the
  /// steering model (the later species move up one).
  std::size_t addAgent(const AgentState& state, std::uint32_t kind = 0);
  /// Removes boid i; the boids after it move down one index, in order.
  void removeAgent(std::size_t i);
  /// An external force on boid i over the next step: adds the velocity change it makes in one
  /// step (force x step length / mass, in the flock's velocity units) to the boid's velocity now,
  /// and the model's rule steers on from there (vicsek and couzin, which fix the speed, keep the
  /// new heading). Pushes before a step add up.
  void push(std::size_t i, double dvx, double dvy, double dvz = 0);
  /// Writes the positions as floats, x, y (, z) for each boid in turn (a vertex buffer's layout),
  /// into the start of `out` and returns how many floats it wrote: size() x dimensions. Throws
  /// std::invalid_argument when `out` is shorter.
  std::size_t copyPositions(std::span<float> out) const;
  /// Writes the velocities as copyPositions writes the positions.
  std::size_t copyVelocities(std::span<float> out) const;

  /// What a checkpoint needs besides flock() and stepCount(); nothing for most models.
  virtual ModelState modelState() const { return {}; }
  /// Continues a run from a checkpoint: `flock` after `steps` steps, with the model's saved
  /// state, for a simulation made with the run's parameters. Throws std::invalid_argument when
  /// they do not fit them (dimensions, a boid outside the world, a list of the wrong length).
  void resume(const Flock& flock, std::uint64_t steps, const ModelState& state);

 protected:
  /// What an edit between steps did, for the models that keep state of their own per boid.
  enum class Edit { Changed, Added, Removed };
  /// The index a new boid of kind `kind` takes (addAgent). By default kind 0 only, at the end;
  /// throws std::invalid_argument for a kind the model does not have.
  virtual std::size_t placeForNew(std::uint32_t kind) const;
  /// Follows an edit of boid `at` (of kind `kind` when Added), after the flock has it; nothing
  /// by default.
  virtual void edited(Edit edit, std::size_t at, std::uint32_t kind);
  /// Takes the start state; threads in `options` are resolved here. Throws
  /// std::invalid_argument when the flock's fields differ in length.
  Simulation(Flock start, const EngineOptions& options);
  /// The step driver, holding the current state (loaded from the boid-order copy when that
  /// is newer).
  StepDriver& driver();
  /// The state in boid order, for a model that changes it in place; the driver reloads it.
  Flock& state();
  /// Counts one step, taken either through driver() or on state(), whichever was asked for last.
  void stepped();
  /// Appends the model's own metrics to `metrics` (Metrics::extra); nothing by default.
  virtual void addMetrics(Metrics& metrics) const;
  /// Takes back what modelState() gave, after resume() set the flock and the step count;
  /// by default only an empty state fits.
  virtual void restoreModelState(const ModelState& state);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace flocklab
