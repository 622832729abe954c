#pragma once
// One steering species' constants as the steering rule reads them (docs/model-steering.md,
// "Species, predators and food"), built once per parameter change from its traits, and what
// a step reads of the species and the world.
#include <cstdint>
#include <vector>

#include "engine/cosine.hpp"
#include "flocklab/models/steering_params.hpp"

namespace flocklab {

/// One species' constants as the rule reads them (built once per parameter change).
struct SteeringKind {
  double vmax = 0, vmin = 0, cap = 0;  // speed band and steering cap
  double vision2 = 0, sep2 = 0, cosHalfFov = -1, sepWeight = 0, alignment = 0, cohesion = 0;
  double size = 1, fear2 = 0, fleeWeight = 0, chaseWeight = 0;
  bool fovLimited = false, predator = false;
  std::uint64_t mates = 0;  // bit t: aligns and coheres with species t (its own included)
};

/// The kinds of `traits`, in order (at most 64 species).
inline std::vector<SteeringKind> steeringKinds(const std::vector<SpeciesTraits>& traits) {
  std::vector<SteeringKind> kinds;
  for (std::size_t i = 0; i < traits.size(); ++i) {
    const SpeciesTraits& t = traits[i];
    SteeringKind k;
    k.vmax = t.maxSpeed, k.vmin = t.maxSpeed / 3, k.cap = t.maxSpeed / 30;
    k.vision2 = t.vision * t.vision, k.sep2 = t.separationRadius * t.separationRadius;
    k.fovLimited = t.fov < 360, k.cosHalfFov = cosine(t.fov / 2 * (kPi / 180));
    k.sepWeight = kSeparationFactor * t.separation, k.alignment = t.alignment, k.cohesion = t.cohesion;
    k.size = t.size, k.fear2 = t.fearRadius * t.fearRadius, k.fleeWeight = t.fleeWeight, k.chaseWeight = t.chaseWeight;
    k.predator = t.role == Role::Predator;
    k.mates = std::uint64_t{1} << i;
    for (std::size_t other : t.flocksWith) k.mates |= std::uint64_t{1} << other;
    kinds.push_back(k);
  }
  return kinds;
}

/// What a step reads besides the flock and the parameters: the species' constants and, per
/// boid, its species and a predator's rest; the food sources as they are now.
struct SteeringWorld {
  const SteeringKind* kinds = nullptr;            // at least one
  bool predators = false;                         // some species hunts
  const std::uint32_t* speciesOf = nullptr;       // by boid index; null: every boid is kind 0
  const std::uint64_t* rest = nullptr;            // by boid index: steps a predator still rests; null: none
  const std::vector<FoodSource>* food = nullptr;  // null or empty: no food
};

}  // namespace flocklab
