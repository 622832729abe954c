#include "flocklab/models/steering_params.hpp"

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

const char* toString(SteeringPreset preset) {
  switch (preset) {
    case SteeringPreset::School: return "school";
    case SteeringPreset::Swarm: return "swarm";
    case SteeringPreset::Chaos: return "chaos";
    default: return "flock";
  }
}

std::optional<SteeringPreset> parseSteeringPreset(std::string_view name) {
  for (SteeringPreset p : {SteeringPreset::Flock, SteeringPreset::School, SteeringPreset::Swarm,
                           SteeringPreset::Chaos})
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
    default:
      break;
  }
  return p;
}

}  // namespace flocklab
