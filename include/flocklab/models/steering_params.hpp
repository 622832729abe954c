#pragma once
// Parameters of the `steering` model (docs/model-steering.md), the Flocking Lab's rules: vision and
// field of view, steering towards desired directions with a capped force, walls, a pointer
// that is food or a predator, and circular obstacles; in 3D (dims 3) a W x H x D world with
// spherical obstacles and the pointer at a point in space. Units: pixels and seconds.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "flocklab/models/species.hpp"
#include "flocklab/obstacle.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

/// Separation's internal factor: separation's steering is weighted 1.5 * w_s.
inline constexpr double kSeparationFactor = 1.5;
/// The pointer acts on boids within this distance of it, px.
inline constexpr double kPointerReach = 160;
/// Walls push boids within this distance of a border towards the centre, px.
inline constexpr double kWallMargin = 50;
/// Boids steer away from an obstacle within this distance of its rim, px.
inline constexpr double kObstacleMargin = 30;

/// What happens at the world's borders.
enum class Edges { Wrap, Walls };

/// What the pointer is.
enum class PointerMode { Off, Food, Predator };

/// The pointer: food attracts and a predator repels boids within kPointerReach of (x, y),
/// while the step count is in [fromStep, toStep).
struct Pointer {
  PointerMode mode = PointerMode::Off;
  double x = 0, y = 0;  ///< px, inside the world
  std::uint64_t fromStep = 0;
  std::uint64_t toStep = std::numeric_limits<std::uint64_t>::max();
  double z = 0;  ///< px, the depth of a pointer in space
  int axes = 2;  ///< 2: given as X,Y; 3: given as X,Y,Z
};

/// What happens to a caught prey boid.
enum class Catches { Rebirth, Remove };

/// Parameters of the steering model; the defaults are the Flock preset.
struct SteeringParams {
  double width = 900, height = 560;  ///< world, px
  double depth = 560;                ///< the world's depth in 3D, px
  int dims = 2;                      ///< 2 (a W x H world) or 3 (W x H x D)
  Edges edges = Edges::Wrap;
  double vision = 50;            ///< vision radius, px, > 0
  double separationRadius = 20;  ///< separation acts within this, px, > 0 (may exceed vision)
  double fov = 360;              ///< field of view, degrees, in (0, 360]
  int nearest = 0;               ///< K in [0, 32]: only the K nearest boids seen flock (topological), 0 for all
  double maxSpeed = 180;         ///< V, px/s; speeds stay in [V/3, V]; steering cap V/30 a step
  double dt = 1.0 / 60;          ///< time step, s, > 0
  double separation = 1, alignment = 1, cohesion = 1;  ///< rule weights, >= 0
  double foodWeight = 1;                               ///< weight of the pointer as food, >= 0
  double predatorWeight = 3;                           ///< weight of the pointer as a predator, >= 0
  double wallWeight = 2;                               ///< weight of the walls' push, >= 0
  double obstacleWeight = 3;                           ///< weight of steering away from obstacles, >= 0
  double noise = 0;  ///< eta: each step a heading turns by an angle uniform in [-eta/2, eta/2), radians
  Pointer pointer;
  std::vector<Obstacle> obstacles;
  std::vector<SpeciesSpec> species;  ///< empty: one prey species of every boid, the model's values
  std::vector<FoodSource> food;      ///< food sources as written
  Catches catches = Catches::Rebirth;
  double bite = 1;         ///< amount a boid eats per step, > 0
  double eatRadius = 12;   ///< boids eat from a source nearer than this, px
  double foodReach = 160;  ///< prey steer to a source nearer than this, px

  /// The world as a Space: a torus with wrap edges, a box with walls; with depth in 3D.
  Space space() const { return {width, height, edges == Edges::Wrap, dims == 3 ? depth : 0.0}; }
};

/// A species as the rule reads it: every value resolved (the species' own, else the model's).
struct SpeciesTraits {
  std::string name;
  std::uint64_t count = 0;
  Role role = Role::Prey;
  std::string colour;  ///< "#rrggbb"
  double size = 1, maxSpeed = 180, vision = 50, separationRadius = 20, fov = 360;
  double separation = 1, alignment = 1, cohesion = 1;
  double fearRadius = 100, fleeWeight = 4, chaseWeight = 2, catchRadius = 10, handling = 2;
  std::vector<std::size_t> flocksWith;  ///< indices of the other species it flocks with

  /// The value of numeric key `k` (species.hpp's SpeciesKey).
  double& value(SpeciesKey k) {
    double* fields[kSpeciesKeyCount] = {&size,        &maxSpeed,    &vision,   &separationRadius, &fov,
                                        &separation,  &alignment,   &cohesion, &fearRadius,       &fleeWeight,
                                        &chaseWeight, &catchRadius, &handling};
    return *fields[k];
  }
  double value(SpeciesKey k) const { return const_cast<SpeciesTraits&>(*this).value(k); }
};

/// The species of a run under `p`, resolved, in order; one prey species named "boids" of
/// `count` boids when p.species is empty. Assumes p is valid.
std::vector<SpeciesTraits> speciesTraits(const SteeringParams& p, std::uint64_t count = 0);
/// True when some species of `p` is a predator.
bool hasPredators(const SteeringParams& p);
/// True when the run has more than the plain flock: species, or food sources.
inline bool hasSpeciesOrFood(const SteeringParams& p) { return !p.species.empty() || !p.food.empty(); }

/// The first problem with `p` as one readable sentence naming the parameter, or "".
std::string validate(const SteeringParams& p);

/// True when (x, y) lies strictly inside one of p's obstacles (wrapped offsets on a torus).
bool insideAnObstacle(const SteeringParams& p, double x, double y);
/// The same in 3D, for spheres.
bool insideAnObstacle(const SteeringParams& p, double x, double y, double z);

/// The named presets.
enum class SteeringPreset { Flock, School, Swarm, Chaos };
/// "flock", "school", "swarm", "chaos".
const char* toString(SteeringPreset preset);
/// Parses a preset name (lower case); nothing for an unknown name.
std::optional<SteeringPreset> parseSteeringPreset(std::string_view name);
/// The preset's parameters (world, edges, pointer and obstacles at their defaults).
SteeringParams steeringPreset(SteeringPreset preset);

}  // namespace flocklab
