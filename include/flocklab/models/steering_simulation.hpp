#pragma once
// A running flock under the steering model, with its species, predators and food
// (docs/model-steering.md): besides the flock it holds each boid's species, the predators'
// rest, the food sources as they are now and the counts of catches and food eaten.
#include <vector>

#include "flocklab/models/steering_params.hpp"
#include "flocklab/simulation.hpp"

namespace flocklab {

struct SteeringKind;

/// Steps a flock under the steering model. See Simulation for the determinism contract.
class SteeringSimulation : public Simulation {
 public:
  /// Takes the start state. Throws std::invalid_argument when params are invalid, the fields
  /// differ in length, or a value is not finite or lies outside the world.
  /// `seed` keys the noise's draws (flocklab/counter_rng.hpp); without noise it changes nothing.
  SteeringSimulation(const SteeringParams& params, Flock start, const EngineOptions& options = {},
                     std::uint64_t seed = 0);
  ~SteeringSimulation() override;

  const char* model() const override { return "steering"; }
  void step(std::uint64_t steps = 1) override;
  Space space() const override { return params_.space(); }
  /// Groups link boids closer than the smaller of the vision and separation radii (the vision
  /// alone would link every boid of the default density into one group from the start, and
  /// a narrower vision shows smaller groups); neighbours are those the rule sees: within the
  /// vision and the field of view.
  MetricRules metricRules() const override;

  /// The parameters in use.
  const SteeringParams& params() const { return params_; }
  /// Changes parameters between steps (validated as in the constructor; the world's size and
  /// edges, and the species' names, counts and roles, must stay as they are). A food source
  /// whose text changed starts again as written; the others keep their place and amount.
  void setParams(const SteeringParams& params);

  /// Adds a boid of species `species` (an index into species()) at (x, y, z) (z ignored in 2D),
  /// flying towards the world's centre at 2/3 of its top speed: the browser lab's "click to
  /// spawn a predator". It joins the end of its species' indices (later species move up one) and
  /// the species' count in params() grows by one, so a run file of params() starts with it.
  /// Throws std::invalid_argument for an unknown species or a place outside the world.
  void addBoid(std::uint32_t species, double x, double y, double z = 0) override;
  /// Each boid's species and rest, the food as it is now, the catches and food eaten.
  ModelState modelState() const override;

  /// The species, resolved, in order (one "boids" species without --species).
  const std::vector<SpeciesTraits>& species() const { return traits_; }
  /// The species index of each boid now (boid i at index i; all 0 without --species).
  const std::vector<std::uint32_t>& speciesIndex() const { return speciesOf_; }
  /// Catches so far.
  std::uint64_t catches() const { return catches_; }
  /// Food eaten so far.
  double foodEaten() const { return foodEaten_; }
  /// The food sources now: their places and amounts.
  const std::vector<FoodSource>& foodNow() const { return food_; }
  /// Simulated seconds so far: steps x dt, summed over the spans of one dt.
  double simulatedTime() const;
  /// The species (when --species gave any) and the food sources.
  Appearance appearance() const override;

 protected:
  /// A new boid joins the end of its species' indices.
  std::size_t placeForNew(std::uint32_t species) const override;
  /// Keeps each boid's species and rest beside it.
  void edited(Edit edit, std::size_t at, std::uint32_t species) override;
  void addMetrics(Metrics& metrics) const override;
  void restoreModelState(const ModelState& state) override;

 private:
  /// Throws std::invalid_argument when a saved value is out of what a run can reach.
  void checkSavedState(const std::vector<std::uint64_t>& species, const std::vector<std::uint64_t>& rest,
                       const std::vector<double>& food, const std::vector<std::uint64_t>& counts,
                       const std::vector<double>& totals) const;
  void resolveSpecies();
  void afterMove(std::uint64_t step);
  void bite(const Flock& f, const Offsets& offsets);
  const std::vector<std::uint32_t>& catchPrey(const Flock& f, const Offsets& offsets);
  void reborn(Flock& f, const std::vector<std::uint32_t>& caught, std::uint64_t step, const Offsets& offsets);
  void removeCaught(Flock& f, const std::vector<std::uint32_t>& caught);
  void refillFood(std::uint64_t step);

  SteeringParams params_;
  std::uint64_t seed_;
  std::vector<SpeciesTraits> traits_;
  std::vector<SteeringKind> kinds_;
  double radius_ = 0;                     // the neighbour search's reach
  bool predators_ = false;                // some species hunts
  std::vector<std::uint32_t> speciesOf_;  // by boid (all 0 without --species)
  std::vector<std::uint64_t> rest_;       // by boid: steps a predator still rests
  std::vector<FoodSource> food_;          // the sources now
  std::vector<char> taken_;               // catchPrey's scratch: prey caught this step, by boid
  std::vector<std::uint32_t> caught_;     // and their indices
  std::uint64_t catches_ = 0;
  double foodEaten_ = 0;
  double timeBefore_ = 0;          // simulated seconds before the last change of dt
  std::uint64_t stepsBefore_ = 0;  // steps taken before it
};

/// The steering model's random start (docs/model-steering.md, "Random start"): boid by boid,
/// x = W*U, y = H*U (drawn again while inside an obstacle), a heading drawn by rejection in
/// the unit disc, speed V/3 + (V - V/3)*U.
Flock randomSteeringStart(std::size_t count, const SteeringParams& params, std::uint64_t seed);

}  // namespace flocklab
