// The steering model's step: the StepDriver's gather within the neighbour reach with the
// SteeringRule's arithmetic, then, with predators or food, the serial after-move phase of
// docs/model-steering.md ("After the move"): bites, catches, rebirths or removals, food that
// reappears. Determinism: that phase runs on one thread in ascending index, and every random
// place comes from the counter-based stream keyed by (seed, step, index), so neither the
// thread count nor the neighbour search changes a bit.
#include "flocklab/models/steering_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "engine/cosine.hpp"
#include "flocklab/counter_rng.hpp"

#include "engine/random_start.hpp"
#include "engine/state_check.hpp"
#include "engine/step_driver.hpp"
#include "models/steering_rule.hpp"

namespace flocklab {
namespace {

// Tries for a random place before the last one is taken as it is.
constexpr std::uint32_t kPlaceTries = 100;

// The squared distance between two points of `f`'s kind (wrapped on a torus).
double distance2(const Offsets& o, bool in3d, double ax, double ay, double az, double bx, double by, double bz) {
  const double dx = o.dx(ax, bx), dy = o.dy(ay, by);
  double d2 = dx * dx + dy * dy;
  if (in3d) {
    const double dz = o.dz(az, bz);
    d2 += dz * dz;
  }
  return d2;
}

double zOf(const Flock& f, std::size_t i) { return f.is3d() ? f.z[i] : 0.0; }

// A random place in the world for `index` in this step: try t takes block 2t (x, y) and in 3D
// block 2t + 1 (z); the first place `fits` accepts, else the last.
template <class Fits>
std::array<double, 3> randomPlace(const SteeringParams& p, std::uint64_t seed, std::uint64_t step, std::uint64_t index,
                                  Purpose purpose, const Fits& fits) {
  std::array<double, 3> at{};
  for (std::uint32_t t = 0; t < kPlaceTries; ++t) {
    const auto xy = counterUniforms(seed, step, index, purpose, 2 * t);
    at = {p.width * xy[0], p.height * xy[1], 0.0};
    if (p.dims == 3) at[2] = p.depth * counterUniforms(seed, step, index, purpose, 2 * t + 1)[0];
    if (fits(at)) break;
  }
  return at;
}

bool outsideObstacles(const SteeringParams& p, const std::array<double, 3>& at) {
  return p.dims == 3 ? !insideAnObstacle(p, at[0], at[1], at[2]) : !insideAnObstacle(p, at[0], at[1]);
}

}  // namespace

SteeringSimulation::SteeringSimulation(const SteeringParams& params, Flock start, const EngineOptions& options,
                                       std::uint64_t seed)
    : Simulation(std::move(start), options), params_(checkedParams(params)), seed_(seed) {
  checkState(flock(), space());
  if (!params_.species.empty()) {
    std::uint64_t total = 0;
    for (const SpeciesSpec& s : params_.species) total += s.count;
    if (total != flock().size())
      throw std::invalid_argument("the flock has " + std::to_string(flock().size()) + " boids but the species count " +
                                  std::to_string(total));
  }
  resolveSpecies();
  food_ = params_.food;
}

SteeringSimulation::~SteeringSimulation() = default;

void SteeringSimulation::resolveSpecies() {
  traits_ = speciesTraits(params_, flock().size());
  kinds_ = steeringKinds(traits_);
  radius_ = 0;
  predators_ = hasPredators(params_);
  for (const SpeciesTraits& t : traits_) {
    radius_ = std::max(radius_, t.vision);
    if (predators_ && t.role == Role::Prey) radius_ = std::max(radius_, t.fearRadius);
  }
  if (speciesOf_.empty())
    for (std::uint32_t s = 0; s < traits_.size(); ++s) speciesOf_.insert(speciesOf_.end(), traits_[s].count, s);
  // The counts now: removals leave fewer than the parameters say.
  for (SpeciesTraits& t : traits_) t.count = 0;
  for (std::uint32_t s : speciesOf_) ++traits_[s].count;
  if (predators_ && rest_.empty()) rest_.assign(flock().size(), 0);
}

void SteeringSimulation::setParams(const SteeringParams& params) {
  checkedParams(params);
  if (params.width != params_.width || params.height != params_.height || params.edges != params_.edges ||
      params.dims != params_.dims || (params.dims == 3 && params.depth != params_.depth))
    throw std::invalid_argument("the world's size and edges cannot change during a run");
  bool sameSpecies = params.species.size() == params_.species.size();
  for (std::size_t i = 0; sameSpecies && i < params.species.size(); ++i)
    sameSpecies = params.species[i].name == params_.species[i].name &&
                  params.species[i].count == params_.species[i].count &&
                  params.species[i].roleOr() == params_.species[i].roleOr();
  if (!sameSpecies) throw std::invalid_argument("the species' names, counts and roles cannot change during a run");
  std::vector<FoodSource> food = params.food;
  for (std::size_t i = 0; i < food.size() && i < params_.food.size(); ++i)
    if (foodText(food[i]) == foodText(params_.food[i])) food[i] = food_[i];
  if (params.dt != params_.dt) timeBefore_ = simulatedTime(), stepsBefore_ = stepCount();
  params_ = params;
  food_ = std::move(food);
  resolveSpecies();
}

void SteeringSimulation::addBoid(std::uint32_t species, double x, double y, double z) {
  if (params_.species.empty() || species >= params_.species.size())
    throw std::invalid_argument("there is no species " + std::to_string(species) + " to add a boid to");
  const Space world = space();
  const bool in3d = world.is3d();
  if (!(in3d ? world.contains(x, y, z) : world.contains(x, y)))
    throw std::invalid_argument("the new boid's place is off the world");
  // Towards the centre at 2/3 of its top speed (along +x from the very centre).
  double v[3] = {world.width / 2 - x, world.height / 2 - y, in3d ? world.depth / 2 - z : 0.0};
  const double length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (length == 0) v[0] = 1;
  const double speed = traits_[species].maxSpeed * 2 / 3 / (length == 0 ? 1 : length);
  addAgent({x, y, in3d ? z : 0.0, v[0] * speed, v[1] * speed, v[2] * speed}, species);
}

std::size_t SteeringSimulation::placeForNew(std::uint32_t species) const {
  if (species >= traits_.size())
    throw std::invalid_argument("there is no species " + std::to_string(species) + " to add a boid to");
  std::size_t at = 0;
  while (at < speciesOf_.size() && speciesOf_[at] <= species) ++at;
  return at;
}

void SteeringSimulation::edited(Edit edit, std::size_t at, std::uint32_t species) {
  const auto from = static_cast<std::ptrdiff_t>(at);
  if (edit == Edit::Added) {
    speciesOf_.insert(speciesOf_.begin() + from, species);
    if (!rest_.empty()) rest_.insert(rest_.begin() + from, 0);
    // A run file of params() starts with the new boid.
    if (!params_.species.empty()) ++params_.species[species].count;
  } else if (edit == Edit::Removed) {
    // As a catch: the counts in params() stay as the run began.
    speciesOf_.erase(speciesOf_.begin() + from);
    if (!rest_.empty()) rest_.erase(rest_.begin() + from);
  } else {
    return;
  }
  resolveSpecies();
}

void SteeringSimulation::step(std::uint64_t steps) {
  for (std::uint64_t s = 0; s < steps; ++s) {
    const std::uint64_t step = stepCount();
    // One species: no lookups, the plain model's operations.
    const SteeringWorld now{kinds_.data(), predators_, traits_.size() == 1 ? nullptr : speciesOf_.data(),
                            rest_.empty() ? nullptr : rest_.data(), &food_};
    if (params_.dims == 3) driver().step(space(), radius_, options().search, SteeringRule3d(params_, now, seed_, step));
    else driver().step(space(), radius_, options().search, SteeringRule(params_, now, seed_, step));
    stepped();
    if (predators_ || !food_.empty()) afterMove(step);
  }
}

void SteeringSimulation::afterMove(std::uint64_t step) {
  Flock& f = state();
  const Offsets offsets(space());
  if (!food_.empty()) bite(f, offsets);
  if (predators_) {
    const std::vector<std::uint32_t>& caught = catchPrey(f, offsets);
    if (params_.catches == Catches::Rebirth) reborn(f, caught, step, offsets);
    else removeCaught(f, caught);
  }
  refillFood(step);
}

void SteeringSimulation::bite(const Flock& f, const Offsets& offsets) {
  const double reach2 = params_.eatRadius * params_.eatRadius;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (kinds_[speciesOf_[i]].predator) continue;
    FoodSource* nearest = nullptr;
    double best = reach2;
    for (FoodSource& source : food_) {
      if (!(source.amount > 0)) continue;
      const double d2 = distance2(offsets, f.is3d(), f.x[i], f.y[i], zOf(f, i), source.x, source.y, source.z);
      if (d2 < best) best = d2, nearest = &source;
    }
    if (!nearest) continue;
    const double take = std::min(params_.bite, nearest->amount);
    nearest->amount -= take;
    foodEaten_ += take;
  }
}

const std::vector<std::uint32_t>& SteeringSimulation::catchPrey(const Flock& f, const Offsets& offsets) {
  std::vector<char>& taken = taken_;  // kept between steps: no allocation once sized
  taken.assign(f.size(), 0);
  caught_.clear();
  for (std::size_t p = 0; p < f.size(); ++p) {
    const SpeciesTraits& hunter = traits_[speciesOf_[p]];
    if (hunter.role != Role::Predator) continue;
    if (rest_[p] > 0) {
      --rest_[p];
      continue;
    }
    const double reach2 = hunter.catchRadius * hunter.catchRadius;
    std::size_t prey = f.size();
    double best = reach2;
    for (std::size_t q = 0; q < f.size(); ++q) {
      if (taken[q] || kinds_[speciesOf_[q]].predator) continue;
      const double d2 = distance2(offsets, f.is3d(), f.x[p], f.y[p], zOf(f, p), f.x[q], f.y[q], zOf(f, q));
      if (d2 < best) best = d2, prey = q;
    }
    if (prey == f.size()) continue;
    taken[prey] = 1;
    ++catches_;
    const double rest = std::ceil(hunter.handling / params_.dt);
    rest_[p] = rest < 9e18 ? static_cast<std::uint64_t>(rest) : std::numeric_limits<std::uint64_t>::max();
  }
  for (std::uint32_t q = 0; q < f.size(); ++q)
    if (taken[q]) caught_.push_back(q);
  return caught_;
}

void SteeringSimulation::reborn(Flock& f, const std::vector<std::uint32_t>& caught, std::uint64_t step,
                                const Offsets& offsets) {
  for (std::uint32_t q : caught) {
    const double fear2 = traits_[speciesOf_[q]].fearRadius * traits_[speciesOf_[q]].fearRadius;
    const auto at = randomPlace(params_, seed_, step, q, Purpose::Rebirth, [&](const std::array<double, 3>& a) {
      if (!outsideObstacles(params_, a)) return false;
      for (std::size_t p = 0; p < f.size(); ++p)
        if (kinds_[speciesOf_[p]].predator &&
            distance2(offsets, f.is3d(), a[0], a[1], a[2], f.x[p], f.y[p], zOf(f, p)) < fear2)
          return false;
      return true;
    });
    f.x[q] = at[0], f.y[q] = at[1];
    if (f.is3d()) f.z[q] = at[2];
  }
}

void SteeringSimulation::removeCaught(Flock& f, const std::vector<std::uint32_t>& caught) {
  if (caught.empty()) return;
  std::size_t kept = 0, next = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (next < caught.size() && caught[next] == i) {
      ++next;
      --traits_[speciesOf_[i]].count;
      continue;
    }
    f.x[kept] = f.x[i], f.y[kept] = f.y[i], f.vx[kept] = f.vx[i], f.vy[kept] = f.vy[i];
    if (f.is3d()) f.z[kept] = f.z[i], f.vz[kept] = f.vz[i];
    speciesOf_[kept] = speciesOf_[i], rest_[kept] = rest_[i];
    ++kept;
  }
  f.resize(kept);
  speciesOf_.resize(kept);
  rest_.resize(kept);
}

void SteeringSimulation::refillFood(std::uint64_t step) {
  for (std::size_t i = 0; i < food_.size(); ++i) {
    if (food_[i].amount > 0) continue;
    const auto at = randomPlace(params_, seed_, step, i, Purpose::Food,
                                [&](const std::array<double, 3>& a) { return outsideObstacles(params_, a); });
    food_[i].x = at[0], food_[i].y = at[1], food_[i].z = at[2];
    food_[i].amount = params_.food[i].amount;
  }
}

ModelState SteeringSimulation::modelState() const {
  ModelState saved;
  saved.wholes["species_of"].assign(speciesOf_.begin(), speciesOf_.end());
  saved.wholes["rest"] = rest_;
  std::vector<double>& food = saved.reals["food"];  // x, y, z, amount a source
  for (const FoodSource& f : food_) food.insert(food.end(), {f.x, f.y, f.z, f.amount});
  saved.wholes["counts"] = {catches_, stepsBefore_};
  saved.reals["totals"] = {foodEaten_, timeBefore_};
  return saved;
}

void SteeringSimulation::checkSavedState(const std::vector<std::uint64_t>& species,
                                         const std::vector<std::uint64_t>& rest, const std::vector<double>& food,
                                         const std::vector<std::uint64_t>& counts,
                                         const std::vector<double>& totals) const {
  // Every value within what a run can reach, so that an edited checkpoint cannot put the run
  // where no run goes (food at NaN, more catches than the predators could make).
  const auto refuse = [](const std::string& why) {
    return std::invalid_argument("the steering model's saved state " + why);
  };
  std::uint64_t predators = 0;
  for (const std::uint64_t s : species) predators += traits_[s].role == Role::Predator;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const SpeciesTraits& t = traits_[species[i]];
    // As catchPrey() sets it: ceil(handling / dt) steps, or "for ever" past 9e18.
    const double most = t.role == Role::Predator ? std::ceil(t.handling / params_.dt) : 0;
    const bool fits =
        most < 9e18 ? static_cast<double>(rest[i]) <= most
                    : rest[i] == std::numeric_limits<std::uint64_t>::max() || static_cast<double>(rest[i]) <= most;
    if (!fits) throw refuse("gives boid " + std::to_string(i) + " a rest longer than its species' handling time");
  }
  const Space world = space();
  for (std::size_t i = 0; i < food_.size(); ++i) {
    const double x = food[4 * i], y = food[4 * i + 1], z = food[4 * i + 2], amount = food[4 * i + 3];
    const bool finite = std::isfinite(x) && std::isfinite(y) && std::isfinite(z);
    if (!finite || !(world.is3d() ? world.contains(x, y, z) : world.contains(x, y)))
      throw refuse("places food source " + std::to_string(i + 1) + " outside the world");
    if (!(amount >= 0 && amount <= params_.food[i].amount))
      throw refuse("gives food source " + std::to_string(i + 1) + " an amount outside 0 to its full amount");
  }
  // Each predator catches at most one prey a step.
  if (counts[0] > static_cast<unsigned __int128>(predators) * stepCount())
    throw refuse("counts more catches than its predators could make in its steps");
  if (counts[1] > stepCount()) throw refuse("changed its time step after the checkpoint's own step");
  if (!(std::isfinite(totals[0]) && totals[0] >= 0 && std::isfinite(totals[1]) && totals[1] >= 0))
    throw refuse("holds a food eaten or a time that is not a finite number >= 0");
}

void SteeringSimulation::restoreModelState(const ModelState& saved) {
  const auto wholes = [&](const char* key, std::size_t size) {
    const auto it = saved.wholes.find(key);
    if (it == saved.wholes.end() || (size != SIZE_MAX && it->second.size() != size))
      throw std::invalid_argument(std::string("the steering model's saved state has no fitting '") + key + "'");
    return it->second;
  };
  const auto reals = [&](const char* key, std::size_t size) {
    const auto it = saved.reals.find(key);
    if (it == saved.reals.end() || it->second.size() != size)
      throw std::invalid_argument(std::string("the steering model's saved state has no fitting '") + key + "'");
    return it->second;
  };
  const std::size_t n = flock().size();
  const std::vector<std::uint64_t> species = wholes("species_of", n), rest = wholes("rest", SIZE_MAX);
  for (std::uint64_t s : species)
    if (s >= std::max<std::size_t>(1, params_.species.size()))
      throw std::invalid_argument("the steering model's saved state names an unknown species");
  if (!rest.empty() && rest.size() != n)
    throw std::invalid_argument("the steering model's saved state has no fitting 'rest'");
  const std::vector<double> food = reals("food", 4 * food_.size()), totals = reals("totals", 2);
  const std::vector<std::uint64_t> counts = wholes("counts", 2);
  checkSavedState(species, rest, food, counts, totals);
  speciesOf_.assign(species.begin(), species.end());
  rest_ = rest;
  for (std::size_t i = 0; i < food_.size(); ++i)
    food_[i].x = food[4 * i], food_[i].y = food[4 * i + 1], food_[i].z = food[4 * i + 2],
    food_[i].amount = food[4 * i + 3];
  catches_ = counts[0], stepsBefore_ = counts[1];
  foodEaten_ = totals[0], timeBefore_ = totals[1];
  resolveSpecies();
}

double SteeringSimulation::simulatedTime() const {
  return timeBefore_ + static_cast<double>(stepCount() - stepsBefore_) * params_.dt;
}

Appearance SteeringSimulation::appearance() const {
  Appearance a;
  if (!params_.species.empty()) {
    for (const SpeciesTraits& t : traits_)
      a.kinds.push_back({t.name, t.colour, t.size, t.role == Role::Predator, t.count});
    a.kindOf = speciesOf_;
  }
  for (std::size_t i = 0; i < food_.size(); ++i)
    a.food.push_back({food_[i].x, food_[i].y, food_[i].z, food_[i].amount, params_.food[i].amount});
  return a;
}

MetricRules SteeringSimulation::metricRules() const {
  Sight sight{params_.vision,
              false,
              params_.fov < 360,
              cosine(params_.fov / 2 * (kPi / 180)),
              true,
              static_cast<std::uint32_t>(params_.nearest)};
  return {std::min(params_.vision, params_.separationRadius), sight};
}

Flock randomSteeringStart(std::size_t count, const SteeringParams& params, std::uint64_t seed) {
  Flock f = params.dims == 3
                ? randomStart3d(count, params.space(), params.maxSpeed / 3, params.maxSpeed, seed,
                                [&](double x, double y, double z) { return insideAnObstacle(params, x, y, z); })
                : randomStart(count, params.space(), params.maxSpeed / 3, params.maxSpeed, seed,
                              [&](double x, double y) { return insideAnObstacle(params, x, y); });
  // Each species' speeds scaled into its own band: V_S / V, exactly 1 for the model's speed.
  std::size_t i = 0;
  for (const SpeciesTraits& t : speciesTraits(params, count)) {
    const double ratio = t.maxSpeed / params.maxSpeed;
    for (std::uint64_t k = 0; k < t.count && i < f.size(); ++k, ++i) {
      f.vx[i] *= ratio, f.vy[i] *= ratio;
      if (f.is3d()) f.vz[i] *= ratio;
    }
  }
  return f;
}

}  // namespace flocklab
