// A flock in a game's loop (docs/embedding.md): the steering model at 60 steps a second, and
// between steps the game's own entities act on it through the public API. A player circles the
// world and pushes the boids near it away (push); boids that fly into the goal score and leave
// (removeAgent); a boid that enters the portal comes out at the opposite side (setAgent);
// every half second one boid joins at the left edge (addAgent). Each frame copies the positions
// as floats into the game's vertex buffer (copyPositions), which a renderer would upload; here
// the frame only takes its centre. Every decision reads the state, so the whole game is a pure
// function of its start: the last line's hash is the same on every machine and thread count.
#include <cmath>
#include <cstdio>
#include <vector>

#include <flocklab/flocklab.hpp>

namespace {

struct Circle {
  double x, y, r;
  bool holds(double px, double py) const { return (px - x) * (px - x) + (py - y) * (py - y) < r * r; }
};

}  // namespace

int main() {
  using flocklab::AgentState;
  flocklab::SteeringParams params;  // 900 x 560 px, wrap-around edges, 180 px/s, dt = 1/60 s
  flocklab::SteeringSimulation sim(params, flocklab::randomSteeringStart(300, params, /*seed=*/5));

  const Circle goal{800, 100, 40}, portal{150, 450, 30};
  const double reach = 90, shove = 40;  // the player's reach (px) and its push (px/s a step) at contact
  std::vector<float> vertices;          // the game's vertex buffer: x, y for each boid
  int score = 0;

  for (int frame = 1; frame <= 600; ++frame) {
    // The player flies a circle around the world's centre, once every 10 seconds.
    const double angle = 2 * 3.141592653589793 * frame / 600;
    const double px = 450 + 200 * std::cos(angle), py = 280 + 200 * std::sin(angle);

    // From the last boid down, so that a removal leaves the indices still to visit in place.
    for (std::size_t i = sim.flock().size(); i-- > 0;) {
      const AgentState b = sim.agent(i);
      if (goal.holds(b.x, b.y)) {
        sim.removeAgent(i);
        ++score;
        continue;
      }
      if (portal.holds(b.x, b.y)) {
        sim.setAgent(i, {params.width - b.x, params.height - b.y, 0, b.vx, b.vy, 0});
        continue;
      }
      const double dx = b.x - px, dy = b.y - py, d = std::sqrt(dx * dx + dy * dy);
      if (d > 0 && d < reach) sim.push(i, shove * (1 - d / reach) * dx / d, shove * (1 - d / reach) * dy / d);
    }
    if (frame % 30 == 0) sim.addAgent({1, 40 + static_cast<double>(frame % 480), 0, 120, 0, 0});

    sim.step();

    vertices.resize(sim.flock().size() * 2);
    sim.copyPositions(vertices);
    if (frame % 120 == 0) {
      double cx = 0, cy = 0;
      for (std::size_t k = 0; k < vertices.size(); k += 2) cx += vertices[k], cy += vertices[k + 1];
      const double n = static_cast<double>(sim.flock().size());
      std::printf("frame %3d: %zu boids, score %d, order %.3f, centre of the vertex buffer (%.1f, %.1f)\n", frame,
                  sim.flock().size(), score, sim.metrics().polarization, cx / n, cy / n);
    }
  }
  std::printf("state hash: %s\n", flocklab::hashHex(flocklab::stateHash(sim.flock())).c_str());
}
