#include "flocklab/models/steering_params.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace flocklab {

bool insideAnObstacle(const SteeringParams& p, double x, double y) {
  const Offsets offsets(p.space());
  for (const Obstacle& o : p.obstacles) {
    const double dx = offsets.dx(o.x, x), dy = offsets.dy(o.y, y);
    if (dx * dx + dy * dy < o.radius * o.radius) return true;
  }
  return false;
}

bool insideAnObstacle(const SteeringParams& p, double x, double y, double z) {
  const Offsets offsets(p.space());
  for (const Obstacle& o : p.obstacles) {
    const double dx = offsets.dx(o.x, x), dy = offsets.dy(o.y, y), dz = offsets.dz(o.z, z);
    if (dx * dx + dy * dy + dz * dz < o.radius * o.radius) return true;
  }
  return false;
}

std::vector<SpeciesTraits> speciesTraits(const SteeringParams& p, std::uint64_t count) {
  // Prey colours by position, predators red.
  // (Green, the colour of food, last.)
  static constexpr std::array<const char*, 8> kPalette{"#1f77b4", "#9467bd", "#ff7f0e", "#17becf",
                                                       "#e377c2", "#8c564b", "#7f7f7f", "#2ca02c"};
  const SpeciesTraits model{.name = "boids",
                            .count = count,
                            .colour = kPalette[0],
                            .maxSpeed = p.maxSpeed,
                            .vision = p.vision,
                            .separationRadius = p.separationRadius,
                            .fov = p.fov,
                            .separation = p.separation,
                            .alignment = p.alignment,
                            .cohesion = p.cohesion};
  if (p.species.empty()) return {model};
  std::vector<SpeciesTraits> out;
  for (std::size_t i = 0; i < p.species.size(); ++i) {
    const SpeciesSpec& s = p.species[i];
    SpeciesTraits t = model;
    t.name = s.name, t.count = s.count, t.role = s.roleOr();
    const bool predator = t.role == Role::Predator;
    t.colour = s.colour ? *s.colour : predator ? "#d62728" : kPalette[i % kPalette.size()];
    if (predator) t.size = 2, t.maxSpeed = 1.5 * p.maxSpeed, t.vision = 2 * p.vision;
    for (std::size_t k = 0; k < kSpeciesKeyCount; ++k)
      if (s.numbers[k]) t.value(static_cast<SpeciesKey>(k)) = *s.numbers[k];
    for (const std::string& other : s.flocksWith)
      for (std::size_t j = 0; j < p.species.size(); ++j)
        if (p.species[j].name == other && j != i) t.flocksWith.push_back(j);
    out.push_back(std::move(t));
  }
  return out;
}

bool hasPredators(const SteeringParams& p) {
  return std::any_of(p.species.begin(), p.species.end(),
                     [](const SpeciesSpec& s) { return s.roleOr() == Role::Predator; });
}

const char* toString(SteeringPreset preset) {
  switch (preset) {
    case SteeringPreset::School: return "school";
    case SteeringPreset::Swarm: return "swarm";
    case SteeringPreset::Chaos: return "chaos";
    default: return "flock";
  }
}

std::optional<SteeringPreset> parseSteeringPreset(std::string_view name) {
  for (SteeringPreset p : {SteeringPreset::Flock, SteeringPreset::School, SteeringPreset::Swarm, SteeringPreset::Chaos})
    if (name == toString(p)) return p;
  return std::nullopt;
}

SteeringParams steeringPreset(SteeringPreset preset) {
  SteeringParams p;  // Flock: the defaults
  switch (preset) {
    case SteeringPreset::School:  // fish: fast, close, one heading within 10 s, a 60-degree blind spot
      p.vision = 40, p.separationRadius = 10, p.fov = 300, p.maxSpeed = 240;
      p.separation = 2, p.alignment = 3, p.cohesion = 0.5;
      break;
    case SteeringPreset::Swarm:  // insects: dense clouds that mill in place, no common heading
      p.vision = 80, p.separationRadius = 10, p.fov = 360, p.maxSpeed = 180;
      p.separation = 1, p.alignment = 0, p.cohesion = 2;
      break;
    case SteeringPreset::Chaos:  // a gas: boids only push each other away
      p.vision = 15, p.separationRadius = 15, p.fov = 360, p.maxSpeed = 240;
      p.separation = 2, p.alignment = 0, p.cohesion = 0;
      break;
    default: break;
  }
  return p;
}

}  // namespace flocklab
