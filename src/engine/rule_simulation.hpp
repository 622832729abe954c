#pragma once
// A simulation of any Rule (engine/rule.hpp): how user code runs a model of its own with the
// engine's grid, executor and determinism, and gets stepping, metrics and hashes like the
// shipped models.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/rule.hpp"
#include "engine/step_driver.hpp"
#include "flocklab/simulation.hpp"

namespace flocklab {

/// Steps `start` with `rule` within `radius` in `space`, synchronously: every boid reads the
/// previous step's state. The state after k steps is a pure function of the rule, the space,
/// the radius and the start: identical for grid and brute search and any executor.
/// The rule's dimensions (kDimensions, 2 by default), the space's and the flock's must agree.
template <class R>
  requires Rule<R>
class RuleSimulation : public Simulation {
 public:
  /// Takes the rule, the world, the interaction radius (world units, > 0) and the start.
  /// Throws std::invalid_argument when the dimensions differ, the radius is not positive, a
  /// value is not finite or a boid lies outside the world.
  RuleSimulation(R rule, const Space& space, double radius, Flock start, const EngineOptions& options = {},
                 std::string name = "custom")
      : Simulation(std::move(start), options),
        rule_(std::move(rule)),
        space_(space),
        radius_(radius),
        name_(std::move(name)) {
    if (!(radius > 0)) throw std::invalid_argument("the radius must be positive");
    if (space.dimensions() != kRuleDimensions<R> || flock().dimensions != kRuleDimensions<R>)
      throw std::invalid_argument("the rule, the world and the flock must have the same dimensions");
    const Flock& f = flock();
    for (std::size_t i = 0; i < f.size(); ++i) {
      const bool inside = f.is3d() ? space.contains(f.x[i], f.y[i], f.z[i]) : space.contains(f.x[i], f.y[i]);
      if (!inside) throw std::invalid_argument("boid " + std::to_string(i) + " is outside the world");
    }
  }

  /// The name given at construction.
  const char* model() const override { return name_.c_str(); }
  /// Advances `steps` steps with the rule.
  void step(std::uint64_t steps = 1) override {
    for (std::uint64_t s = 0; s < steps; ++s) {
      driver().step(space_, radius_, options().search, rule_);
      stepped();
    }
  }
  Space space() const override { return space_; }
  /// Groups are linked within the interaction radius.
  MetricRules metricRules() const override { return MetricRules::within(radius_); }

  /// The rule in use.
  const R& rule() const { return rule_; }

 private:
  R rule_;
  Space space_;
  double radius_;
  std::string name_;
};

}  // namespace flocklab
