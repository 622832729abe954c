// Statistical checks of the lab model's claims in 3D (--dims 3), over seeds 1 to 30 of 120 boids
// in a cube of side 50 (about the 2D default's 4 neighbours a boid at the start), after 600 steps:
// a flock forms, without alignment the headings stay disordered, without separation the spacing
// collapses, without cohesion it loosens. The bounds lie beyond the most extreme mean of 30 seeds
// drawn 5000 times from seeds 1 to 150 (figures below, final states at step 600), and each
// fails when the rule behind its claim is switched off.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "flocklab/flocklab.hpp"

using namespace flocklab;

namespace {

constexpr std::size_t kBoids = 120;
constexpr std::uint64_t kSeeds = 30;
constexpr std::uint64_t kSteps = 600;

LabParams scenario(const std::string& name) {
  LabParams p;
  p.dims = 3;
  p.world = 50;
  if (name == "no alignment") p.alignment = 0;
  if (name == "no separation") p.separation = 0;
  if (name == "no cohesion") p.cohesion = 0;
  return p;
}

// The final metrics of seeds 1..kSeeds, computed once a scenario.
const std::vector<Metrics>& ends(const std::string& name) {
  static std::map<std::string, std::vector<Metrics>> cache;
  if (const auto found = cache.find(name); found != cache.end()) return found->second;
  const LabParams p = scenario(name);
  std::vector<Metrics> out;
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
    LabSimulation sim(p, randomLabStart(kBoids, p, seed), {NeighborSearch::Grid, 1});
    sim.step(kSteps);
    out.push_back(sim.metrics());
  }
  return cache.emplace(name, std::move(out)).first->second;
}

template <class Field>
double mean(const std::vector<Metrics>& ms, Field field) {
  double sum = 0;
  for (const Metrics& m : ms) sum += static_cast<double>(m.*field);
  return sum / static_cast<double>(ms.size());
}

// Defaults: order 0.98 to 1.00 for 30-seed means (0.83 to 1.00 single seeds, 149 of 150 above
// 0.9), 1.0 to 1.4 flocks; spacing 4.2 to 4.4.
TEST(LabClaims3d, AFlockForms) {
  const auto& d = ends("defaults");
  EXPECT_GT(mean(d, &Metrics::polarization), 0.96);
  EXPECT_LT(mean(d, &Metrics::flocks), 1.8);
  EXPECT_GT(mean(d, &Metrics::meanNearestDistance), 3.8);
  EXPECT_LT(mean(d, &Metrics::meanNearestDistance), 4.8);
}

// No alignment: order 0.08 to 0.14 for 30-seed means (120 random headings in 3D: about
// sqrt(8 / (3 pi 120)) = 0.084).
TEST(LabClaims3d, WithoutAlignmentHeadingsStayDisordered) {
  EXPECT_LT(mean(ends("no alignment"), &Metrics::polarization), 0.2);
  EXPECT_GT(mean(ends("defaults"), &Metrics::polarization) - mean(ends("no alignment"), &Metrics::polarization), 0.7);
}

// No separation: the nearest-neighbour distance falls to 0.000 to 0.037 (30-seed means).
TEST(LabClaims3d, WithoutSeparationTheSpacingCollapses) {
  EXPECT_LT(mean(ends("no separation"), &Metrics::meanNearestDistance), 0.1);
}

// No cohesion: spacing 5.8 to 5.9 (30-seed means) against 4.2 to 4.4, order still 0.998 to 1.
TEST(LabClaims3d, WithoutCohesionTheFlockLoosens) {
  const double loose = mean(ends("no cohesion"), &Metrics::meanNearestDistance);
  EXPECT_GT(loose, 5.3);
  EXPECT_GT(loose - mean(ends("defaults"), &Metrics::meanNearestDistance), 0.8);
  EXPECT_GT(mean(ends("no cohesion"), &Metrics::polarization), 0.97);
}

}  // namespace
