// The steering model's own metrics. Design: one list of specs (steeringExtraMetrics) names them
// for every front end before a run, and SteeringSimulation::addMetrics computes the same list in
// the same order; a species is measured alone (its boids only) with the model's metric rules.
#include "models/steering_metrics.hpp"

#include <algorithm>

#include "engine/measure.hpp"
#include "flocklab/models/steering_simulation.hpp"

namespace flocklab {
namespace {

// The species metrics, each as a key suffix and a Metrics field.
struct SpeciesMetric {
  const char* key;
  const char* label;
  const char* unit;
  bool whole;
  int digits;
  double (*value)(const Metrics&);
};

constexpr SpeciesMetric kSpeciesMetrics[] = {
    {"polarization", "polarization", "", false, 3, [](const Metrics& m) { return m.polarization; }},
    {"flocks", "flocks", "", true, 0, [](const Metrics& m) { return static_cast<double>(m.flocks); }},
    {"largest_share", "largest group's share", "", false, 3, [](const Metrics& m) { return m.largestShare; }},
    {"mean_nn_distance", "nearest-neighbour distance", "world units", false, 2,
     [](const Metrics& m) { return m.meanNearestDistance; }},
};

// Prey species given (segregation compares prey species; predators are not a kind of flock).
std::size_t preySpecies(const SteeringParams& p) {
  return static_cast<std::size_t>(
      std::count_if(p.species.begin(), p.species.end(), [](const SpeciesSpec& s) { return s.roleOr() == Role::Prey; }));
}

// The boids of `f` whose species `keep` takes, in index order.
template <class Keep>
Flock partOf(const Flock& f, const std::vector<std::uint32_t>& speciesOf, const Keep& keep) {
  Flock part;
  part.dimensions = f.dimensions;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (!keep(speciesOf[i])) continue;
    part.x.push_back(f.x[i]), part.y.push_back(f.y[i]), part.vx.push_back(f.vx[i]), part.vy.push_back(f.vy[i]);
    if (f.is3d()) part.z.push_back(f.z[i]), part.vz.push_back(f.vz[i]);
  }
  return part;
}

}  // namespace

std::vector<MetricSpec> steeringExtraMetrics(const SteeringParams& p) {
  std::vector<MetricSpec> out;
  const auto add = [&](std::string key, std::string label, std::string unit, std::string description, bool whole,
                       int digits) {
    MetricSpec spec{std::move(key), std::move(label), std::move(unit), std::move(description), whole, digits};
    spec.extra = static_cast<int>(out.size());
    out.push_back(std::move(spec));
  };
  for (const SpeciesSpec& s : p.species)
    for (const SpeciesMetric& m : kSpeciesMetrics)
      add(s.name + "." + m.key, s.name + ": " + m.label, m.unit,
          std::string(m.label) + " of the species " + s.name + " alone", m.whole, m.digits);
  if (preySpecies(p) >= 2)
    add("segregation", "segregation", "",
        "how far prey's neighbours are of their own species beyond a random mix: 0 mixed, 1 sorted", false, 3);
  if (hasPredators(p)) {
    add("catches", "catches", "", "prey caught so far", true, 0);
    add("catch_rate", "catches per predator per minute", "", "catches per predator per simulated minute", false, 2);
  }
  if (!p.food.empty()) add("food_eaten", "food eaten", "", "the amount of food eaten so far", false, 1);
  return out;
}

void SteeringSimulation::addMetrics(Metrics& metrics) const {
  const Flock& f = flock();
  const MetricRules rules = metricRules();
  // Each species alone: its boids in index order.
  std::vector<Metrics> alone;
  std::uint64_t predators = 0;
  if (!params_.species.empty()) {
    for (std::uint32_t s = 0; s < traits_.size(); ++s) {
      alone.push_back(
          measureWith(partOf(f, speciesOf_, [s](std::uint32_t t) { return t == s; }), space(), rules, executor()));
      if (traits_[s].role == Role::Predator) predators += traits_[s].count;
    }
  }
  for (const Metrics& m : alone)
    for (const SpeciesMetric& sm : kSpeciesMetrics) metrics.extra.push_back(sm.value(m));
  if (preySpecies(params_) >= 2) {
    // Among the prey: f, the share of neighbour pairs within a species; e, that share in a
    // random mix. k is the prey's mean neighbours among prey (the whole flock's without predators).
    const auto prey = [&](std::uint32_t t) { return traits_[t].role == Role::Prey; };
    const double k = hasPredators(params_)
                         ? measureWith(partOf(f, speciesOf_, prey), space(), rules, executor()).meanNeighbors
                         : metrics.meanNeighbors;
    double n = 0, within = 0, expected = 0;
    for (std::uint32_t s = 0; s < alone.size(); ++s) {
      if (!prey(s)) continue;
      const double ns = static_cast<double>(traits_[s].count);
      n += ns;
      within += ns * alone[s].meanNeighbors;
      expected += ns * (ns - 1);
    }
    const double share = k > 0 ? within / (n * k) : 0, mixed = n > 1 ? expected / (n * (n - 1)) : 1;
    metrics.extra.push_back(k > 0 && mixed < 1 ? (share - mixed) / (1 - mixed) : 0.0);
  }
  if (hasPredators(params_)) {
    metrics.extra.push_back(static_cast<double>(catches_));
    const double minutes = simulatedTime() / 60;
    metrics.extra.push_back(
        predators > 0 && minutes > 0 ? static_cast<double>(catches_) / static_cast<double>(predators) / minutes : 0.0);
  }
  if (!params_.food.empty()) metrics.extra.push_back(foodEaten_);
}

}  // namespace flocklab
