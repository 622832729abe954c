// The lab model's step. Design: every boid gathers its own neighbours from the frozen state
// of the previous step and writes only its own slot of the next state, so the step is the
// same function for any thread count. The grid path collects the hits of the 3x3 block,
// orders them by boid index and then adds them, which is exactly the brute path's order.
#include "flocklab/lab_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "grid.hpp"
#include "lab_rule.hpp"
#include "measure.hpp"
#include "thread_pool.hpp"

namespace flocklab {

struct LabSimulation::Engine {
  explicit Engine(unsigned threads) : pool(threads), hits(pool.size()) {}
  ThreadPool pool;
  Grid grid;
  std::vector<std::vector<std::uint64_t>> hits;  // per worker: (index << 32 | slot) of hits
};

namespace {

// Below this many boids a step is too short to be worth waking threads.
constexpr std::size_t kMinBoidsPerTask = 2048;

void checkStart(const LabParams& params, const Flock& flock) {
  if (const std::string problem = validate(params); !problem.empty())
    throw std::invalid_argument(problem);
  if (!flock.consistent()) throw std::invalid_argument("the flock's fields differ in length");
  for (std::size_t i = 0; i < flock.size(); ++i) {
    const double values[4] = {flock.x[i], flock.y[i], flock.vx[i], flock.vy[i]};
    for (double v : values)
      if (!std::isfinite(v))
        throw std::invalid_argument("boid " + std::to_string(i) + " has a non-finite value");
    if (flock.x[i] < 0 || flock.x[i] > params.world || flock.y[i] < 0 || flock.y[i] > params.world)
      throw std::invalid_argument("boid " + std::to_string(i) + " is outside the world");
  }
}

// Splits n items into about `perWorker` tasks per worker of at least kMinBoidsPerTask each.
unsigned taskCount(std::size_t n, unsigned workers) {
  const std::size_t byWork = n / kMinBoidsPerTask;
  const std::size_t wanted = static_cast<std::size_t>(workers) * 4;
  return static_cast<unsigned>(std::max<std::size_t>(1, std::min(byWork, wanted)));
}

}  // namespace

LabSimulation::LabSimulation(const LabParams& params, Flock start, const EngineOptions& options)
    : params_(params), flock_(std::move(start)), options_(options) {
  checkStart(params_, flock_);
  engine_ = std::make_unique<Engine>(options.threads);
  options_.threads = engine_->pool.size();
  next_.resize(flock_.size());
}

LabSimulation::~LabSimulation() = default;
LabSimulation::LabSimulation(LabSimulation&&) noexcept = default;
LabSimulation& LabSimulation::operator=(LabSimulation&&) noexcept = default;

void LabSimulation::setParams(const LabParams& params) {
  if (const std::string problem = validate(params); !problem.empty())
    throw std::invalid_argument(problem);
  if (params.world != params_.world)
    for (std::size_t i = 0; i < flock_.size(); ++i)
      if (flock_.x[i] > params.world || flock_.y[i] > params.world)
        throw std::invalid_argument("a boid would be outside the new world");
  params_ = params;
}

Metrics LabSimulation::metrics() const {
  return measureWith(flock_, Space::square(params_.world), params_.radius, engine_->pool);
}

void LabSimulation::step(std::uint64_t steps) {
  const std::size_t n = flock_.size();
  const LabRule rule(params_);
  const Flock& now = flock_;
  Engine& engine = *engine_;
  const unsigned tasks = taskCount(n, engine.pool.size());
  const std::size_t chunk = (n + tasks - 1) / std::max(1u, tasks);

  for (std::uint64_t s = 0; s < steps; ++s) {
    if (options_.search == NeighborSearch::Brute) {
      engine.pool.run(tasks, [&](unsigned task, unsigned) {
        const std::size_t first = task * chunk, last = std::min(n, first + chunk);
        for (std::size_t i = first; i < last; ++i) {
          double x = now.x[i], y = now.y[i], vx = now.vx[i], vy = now.vy[i];
          LabSums sums;
          for (std::size_t j = 0; j < n; ++j) {
            if (j == i) continue;
            const double dx = wrapDelta(now.x[j] - x, rule.world, rule.half);
            const double dy = wrapDelta(now.y[j] - y, rule.world, rule.half);
            const double d2 = dx * dx + dy * dy;
            if (d2 < rule.r2) sums.add(rule, dx, dy, d2, now.vx[j], now.vy[j]);
          }
          applyLabRule(rule, sums, x, y, vx, vy);
          next_.x[i] = x, next_.y[i] = y, next_.vx[i] = vx, next_.vy[i] = vy;
        }
      });
    } else {
      Grid& grid = engine.grid;
      grid.build(now.x.data(), now.y.data(), now.vx.data(), now.vy.data(), n,
                 Space::square(rule.world), params_.radius);
      for (auto& buffer : engine.hits)
        if (buffer.size() < grid.maxBlockPopulation()) buffer.resize(grid.maxBlockPopulation());
      const double* sx = grid.sortedX();
      const double* sy = grid.sortedY();
      const double* svx = grid.sortedVx();
      const double* svy = grid.sortedVy();
      engine.pool.run(tasks, [&](unsigned task, unsigned worker) {
        std::uint64_t* hits = engine.hits[worker].data();
        const std::size_t first = task * chunk, last = std::min(n, first + chunk);
        std::uint32_t block[9];
        // Walk boids in cell order so that consecutive boids share their candidates in cache.
        for (std::size_t slot = first; slot < last; ++slot) {
          const std::uint32_t i = grid.index(slot);
          double x = sx[slot], y = sy[slot], vx = svx[slot], vy = svy[slot];
          std::size_t found = 0;
          const int cells = grid.neighborCells(grid.cellOf(i), block);
          for (int c = 0; c < cells; ++c)
            for (std::uint32_t k = grid.begin(block[c]); k < grid.end(block[c]); ++k) {
              const double dx = wrapDelta(sx[k] - x, rule.world, rule.half);
              const double dy = wrapDelta(sy[k] - y, rule.world, rule.half);
              if (dx * dx + dy * dy < rule.r2 && k != slot)
                hits[found++] = (std::uint64_t{grid.index(k)} << 32) | k;
            }
          // Determinism: ascending neighbour index, as the brute search adds them.
          std::sort(hits, hits + found);
          LabSums sums;
          for (std::size_t h = 0; h < found; ++h) {
            const auto k = static_cast<std::uint32_t>(hits[h]);
            const double dx = wrapDelta(sx[k] - x, rule.world, rule.half);
            const double dy = wrapDelta(sy[k] - y, rule.world, rule.half);
            sums.add(rule, dx, dy, dx * dx + dy * dy, svx[k], svy[k]);
          }
          applyLabRule(rule, sums, x, y, vx, vy);
          next_.x[i] = x, next_.y[i] = y, next_.vx[i] = vx, next_.vy[i] = vy;
        }
      });
    }
    std::swap(flock_, next_);
    ++stepCount_;
  }
}

}  // namespace flocklab
