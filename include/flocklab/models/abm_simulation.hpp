#pragma once
// A running flock under the abm model (docs/model-abm.md).
#include <cstdint>
#include <memory>

#include "flocklab/models/abm_params.hpp"
#include "flocklab/simulation.hpp"

namespace flocklab {

class AbmSequential;

/// Steps a flock under the abm model. The state after k steps is a pure function of the
/// parameters, the start and the seed, identical for grid and brute search. The sequential
/// form (the default) runs on the calling thread and carries its random order's generator and
/// permutation from step to step, so step(50) twice equals step(100); the sync form runs on
/// options.threads threads with the same bits for every count.
class AbmSimulation : public Simulation {
 public:
  /// Takes the start state and the seed of the random order (the random start's seed; the
  /// order draws from its own stream, see docs/model-abm.md). Velocities may have any finite
  /// length: the first step normalises them. Throws std::invalid_argument when params are
  /// invalid, the fields differ in length, or a value is not finite or lies outside [0, L].
  AbmSimulation(const AbmParams& params, Flock start, std::uint64_t seed, const EngineOptions& options = {});
  ~AbmSimulation() override;
  AbmSimulation(AbmSimulation&&) noexcept;
  AbmSimulation& operator=(AbmSimulation&&) noexcept;

  const char* model() const override { return "abm"; }
  void step(std::uint64_t steps = 1) override;
  Space space() const override { return Space::square(params_.world); }
  /// Groups link agents closer than the visual distance; neighbours are those the rule sees,
  /// at most the visual distance away.
  MetricRules metricRules() const override {
    return {params_.visualDistance, {params_.visualDistance, /*inclusive=*/true}};
  }
  std::uint64_t candidateChecks() const override;
  /// The random order's generator and permutation (the sequential form's; carried by sync too).
  ModelState modelState() const override;

  /// The parameters in use.
  const AbmParams& params() const { return params_; }
  /// Changes parameters between steps (validated as in the constructor; the world's side must
  /// stay as it is). The random order's generator and permutation carry on.
  void setParams(const AbmParams& params);

 protected:
  void restoreModelState(const ModelState& state) override;
  /// The sequential order follows an added agent (last) or a removed one (the later ones
  /// renumbered), and the grid is placed again.
  void edited(Edit edit, std::size_t at, std::uint32_t kind) override;

 private:
  AbmParams params_;
  std::unique_ptr<AbmSequential> sequential_;
  bool placed_ = false;  // the sequential form's grid holds the current positions
};

/// The abm model's random start: agent by agent, x = L*U, y = L*U, a heading drawn by
/// rejection in the unit disc and scaled to unit length (the lab model's start with speed 1).
Flock randomAbmStart(std::size_t count, const AbmParams& params, std::uint64_t seed);

}  // namespace flocklab
