#include "flocklab/simulation.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "engine/measure.hpp"
#include "engine/state_check.hpp"
#include "engine/step_driver.hpp"

namespace flocklab {

Simulation::Simulation(Flock start, const EngineOptions& options)
    : flock_(std::move(start)), options_(options) {
  if (!flock_.consistent()) throw std::invalid_argument("the flock's fields differ in length");
  driver_ = std::make_unique<StepDriver>(options.threads);
  options_.threads = driver_->threads();
}

Simulation::~Simulation() = default;
Simulation::Simulation(Simulation&&) noexcept = default;
Simulation& Simulation::operator=(Simulation&&) noexcept = default;

const Flock& Simulation::flock() const {
  if (flockStale_) {
    driver_->unload(flock_);
    flockStale_ = false;
  }
  return flock_;
}

StepDriver& Simulation::driver() {
  if (driverStale_) {
    driver_->load(flock());
    driverStale_ = false;
  }
  return *driver_;
}

void Simulation::stepped() {
  ++stepCount_;
  flockStale_ = true;
}

Flock& Simulation::state() {
  flock();
  driverStale_ = true;
  return flock_;
}

std::uint64_t Simulation::candidateChecks() const { return driver_->candidateChecks(); }

Metrics Simulation::metrics() const { return measureWith(flock(), space(), linkRadius(), driver_->pool()); }

void checkState(const Flock& flock, const Space& space) {
  for (std::size_t i = 0; i < flock.size(); ++i) {
    const double values[4] = {flock.x[i], flock.y[i], flock.vx[i], flock.vy[i]};
    for (double v : values)
      if (!std::isfinite(v))
        throw std::invalid_argument("boid " + std::to_string(i) + " has a non-finite value");
    if (!space.contains(flock.x[i], flock.y[i]))
      throw std::invalid_argument("boid " + std::to_string(i) + " is outside the world");
  }
}

}  // namespace flocklab
