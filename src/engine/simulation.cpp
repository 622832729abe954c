// Simulation's bookkeeping. Invariant: the current state lives in the driver (cell order) or
// in the boid-order copy, whichever was written last; flockStale / driverStale say which copy
// is behind, never both. Converting is exact (a permutation), so it never changes bits.
#include "flocklab/simulation.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "engine/measure.hpp"
#include "engine/state_check.hpp"
#include "engine/step_driver.hpp"
#include "flocklab/model.hpp"
#include "models/param_text.hpp"

namespace flocklab {

struct Simulation::Impl {
  Flock flock;  // the state in boid order (behind the driver while flockStale)
  bool flockStale = false;
  bool driverStale = true;  // the driver has not loaded the newest state
  EngineOptions options;
  std::uint64_t stepCount = 0;
  StepDriver driver;

  Impl(Flock start, const EngineOptions& o)
      : flock(std::move(start)),
        options(o),
        driver(o.executor ? o.executor : std::make_shared<ThreadPool>(o.threads), o.partition) {
    options.threads = driver.threads();
  }
  const Flock& current() {
    if (flockStale) {
      driver.unload(flock);
      flockStale = false;
    }
    return flock;
  }
};

Simulation::Simulation(Flock start, const EngineOptions& options) {
  if (!start.consistent()) throw std::invalid_argument("the flock's fields differ in length");
  impl_ = std::make_unique<Impl>(std::move(start), options);
}

Simulation::~Simulation() = default;
Simulation::Simulation(Simulation&&) noexcept = default;
Simulation& Simulation::operator=(Simulation&&) noexcept = default;

const Flock& Simulation::flock() const { return impl_->current(); }
std::uint64_t Simulation::stepCount() const { return impl_->stepCount; }
const EngineOptions& Simulation::options() const { return impl_->options; }
Executor& Simulation::executor() const { return impl_->driver.executor(); }

StepDriver& Simulation::driver() {
  if (impl_->driverStale) {
    impl_->driver.load(impl_->current());
    impl_->driverStale = false;
    // Over several processes the driver now holds this one's share: the whole flock in boid
    // order is gathered again when asked for, and its memory is given back until then.
    if (impl_->options.partition) impl_->flock = Flock{}, impl_->flockStale = true;
  }
  return impl_->driver;
}

Flock& Simulation::state() {
  impl_->current();
  impl_->driverStale = true;
  return impl_->flock;
}

void Simulation::stepped() {
  ++impl_->stepCount;
  // A step through the driver leaves the boid-order copy behind; one on state() does not.
  if (!impl_->driverStale) impl_->flockStale = true;
}

std::uint64_t Simulation::candidateChecks() const { return impl_->driver.candidateChecks(); }

Metrics Simulation::metrics() const {
  Metrics m = measureWith(flock(), space(), metricRules(), impl_->driver.executor());
  addMetrics(m);
  return m;
}

void Simulation::addMetrics(Metrics&) const {}

void Simulation::resume(const Flock& start, std::uint64_t steps, const ModelState& saved) {
  if (!start.consistent()) throw std::invalid_argument("the flock's fields differ in length");
  checkState(start, space());
  state() = start;
  impl_->stepCount = steps;
  restoreModelState(saved);
}

void Simulation::restoreModelState(const ModelState& saved) {
  if (!saved.empty())
    throw std::invalid_argument(std::string("the ") + model() + " model keeps no state besides the flock");
}

void Simulation::addBoid(std::uint32_t, double, double, double) {
  throw std::invalid_argument(std::string("the ") + model() + " model has no kinds of boid to add");
}

void checkState(const Flock& flock, const Space& space) {
  if (flock.is3d() != space.is3d()) throw std::invalid_argument("the flock and the world differ in dimensions");
  for (std::size_t i = 0; i < flock.size(); ++i) {
    const double values[4] = {flock.x[i], flock.y[i], flock.vx[i], flock.vy[i]};
    bool finite = true;
    for (double v : values) finite = finite && std::isfinite(v);
    if (flock.is3d()) finite = finite && std::isfinite(flock.z[i]) && std::isfinite(flock.vz[i]);
    if (!finite) throw std::invalid_argument("boid " + std::to_string(i) + " has a non-finite value");
    // Velocities stop at kMaxLength, open-space positions at kMaxCoordinate (flocklab/model.hpp),
    // so every square, product and sum a step or a metric forms stays finite (docs/reliability.md,
    // section 10).
    const double speeds[3] = {flock.vx[i], flock.vy[i], flock.is3d() ? flock.vz[i] : 0.0};
    for (double v : speeds)
      if (std::abs(v) > kMaxLength)
        throw std::invalid_argument("boid " + std::to_string(i) + " has a velocity component beyond " +
                                    writeDecimal(kMaxLength) + " (" + writeDecimal(v) +
                                    "), the largest length flocklab computes with");
    const double places[3] = {flock.x[i], flock.y[i], flock.is3d() ? flock.z[i] : 0.0};
    for (double p : places)
      if (space.unbounded && std::abs(p) > kMaxCoordinate)
        throw std::invalid_argument("boid " + std::to_string(i) + " lies beyond " + writeDecimal(kMaxCoordinate) +
                                    " along an axis (" + writeDecimal(p) + "), the farthest flocklab computes with");
    const bool inside =
        flock.is3d() ? space.contains(flock.x[i], flock.y[i], flock.z[i]) : space.contains(flock.x[i], flock.y[i]);
    if (!inside) throw std::invalid_argument("boid " + std::to_string(i) + " is outside the world");
  }
}

}  // namespace flocklab
