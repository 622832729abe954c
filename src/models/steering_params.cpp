#include "flocklab/models/steering_params.hpp"

#include <cmath>

#include "models/param_check.hpp"

namespace flocklab {

bool insideAnObstacle(const SteeringParams& p, double x, double y) {
  const Offsets offsets(p.space());
  for (const Obstacle& o : p.obstacles) {
    const double dx = offsets.dx(o.x, x), dy = offsets.dy(o.y, y);
    if (dx * dx + dy * dy < o.radius * o.radius) return true;
  }
  return false;
}

std::string validate(const SteeringParams& p) {
  if (std::string problem = firstNumberProblem({{"width", p.width, false},
                                                 {"height", p.height, false},
                                                 {"vision", p.vision, false},
                                                 {"separation radius", p.separationRadius, false},
                                                 {"field of view", p.fov, false},
                                                 {"max speed", p.maxSpeed, false},
                                                 {"dt", p.dt, false},
                                                 {"separation", p.separation, true},
                                                 {"alignment", p.alignment, true},
                                                 {"cohesion", p.cohesion, true},
                                                 {"food weight", p.foodWeight, true},
                                                 {"predator weight", p.predatorWeight, true},
                                                 {"wall weight", p.wallWeight, true},
                                                 {"obstacle weight", p.obstacleWeight, true}});
      !problem.empty())
    return problem;
  if (p.fov > 360) return "field of view must be in (0, 360] degrees (got " + showNumber(p.fov) + ")";
  // One wrap (or one bounce) per axis keeps a boid in the world only if a step is shorter.
  if (p.maxSpeed * p.dt > std::min(p.width, p.height))
    return "max speed * dt (" + showNumber(p.maxSpeed * p.dt) + " px) must not exceed the world's smaller side";
  const Space space = p.space();
  if (p.pointer.mode != PointerMode::Off && !space.contains(p.pointer.x, p.pointer.y))
    return "the pointer (" + showNumber(p.pointer.x) + "," + showNumber(p.pointer.y) + ") is off the world";
  if (p.pointer.fromStep > p.pointer.toStep) return "the pointer's step range ends before it starts";
  for (const Obstacle& o : p.obstacles) {
    const std::string where = "obstacle (" + showNumber(o.x) + "," + showNumber(o.y) + "," + showNumber(o.radius) + ")";
    if (!std::isfinite(o.x) || !std::isfinite(o.y) || !std::isfinite(o.radius) || o.radius <= 0)
      return where + ": radius must be > 0 and every value finite";
    if (!space.contains(o.x, o.y)) return where + ": its centre is outside the world";
    // Pushed out of a circle that crosses a wall, a boid would be pushed back in by the wall.
    if (p.edges == Edges::Walls &&
        (o.x - o.radius < 0 || o.x + o.radius > p.width || o.y - o.radius < 0 || o.y + o.radius > p.height))
      return where + ": with walls, an obstacle must lie inside the box";
  }
  if (!p.obstacles.empty()) {
    // Some free room must be left for the boids: look for a free point on a fine lattice.
    constexpr int kLattice = 64;
    for (int i = 0; i <= kLattice; ++i)
      for (int j = 0; j <= kLattice; ++j)
        if (!insideAnObstacle(p, p.width * i / kLattice, p.height * j / kLattice)) return "";
    return "the obstacles cover the whole world";
  }
  return "";
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
