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

std::string agentProblem(const AgentState& a, const Space& space) {
  const double values[6] = {a.x, a.y, a.z, a.vx, a.vy, a.vz};
  for (double v : values)
    if (!std::isfinite(v)) return "has a non-finite value";
  // Velocities stop at kMaxLength, open-space positions at kMaxCoordinate (flocklab/model.hpp),
  // so every square, product and sum a step or a metric forms stays finite (docs/reliability.md,
  // section 10).
  for (double v : {a.vx, a.vy, a.vz})
    if (std::abs(v) > kMaxLength)
      return "has a velocity component beyond " + writeDecimal(kMaxLength) + " (" + writeDecimal(v) +
             "), the largest length flocklab computes with";
  for (double p : {a.x, a.y, a.z})
    if (space.unbounded && std::abs(p) > kMaxCoordinate)
      return "lies beyond " + writeDecimal(kMaxCoordinate) + " along an axis (" + writeDecimal(p) +
             "), the farthest flocklab computes with";
  const bool inside = space.is3d() ? space.contains(a.x, a.y, a.z) : space.contains(a.x, a.y);
  return inside ? "" : "is outside the world";
}

void checkState(const Flock& flock, const Space& space) {
  if (flock.is3d() != space.is3d()) throw std::invalid_argument("the flock and the world differ in dimensions");
  for (std::size_t i = 0; i < flock.size(); ++i)
    if (const std::string problem = agentProblem(flock.agent(i), space); !problem.empty())
      throw std::invalid_argument("boid " + std::to_string(i) + " " + problem);
}

}  // namespace flocklab
