// The metric schema: one table of every metric's key, label, unit and meaning.
#include "flocklab/metric_schema.hpp"

#include "flocklab/word_list.hpp"

namespace flocklab {

const std::vector<MetricSpec>& metricSchema() {
  static const std::vector<MetricSpec> schema{
      {"polarization", "polarization", "",
       "order: the length of the mean unit heading, 1 when all fly the same way, about sqrt(pi/4n) for random headings",
       false, 3, "", "", [](const Metrics& m) { return m.polarization; }},
      {"milling", "milling", "",
       "rotation: the length of the mean of (unit offset from the group's centre) x (unit heading), 1 for a "
       "perfect mill, near 0 for a parallel group",
       false, 3, "", "", [](const Metrics& m) { return m.milling; }},
      {"flocks", "flocks", "", "groups of boids chained by links (which boids link: see each model)", true, 0, "", "",
       [](const Metrics& m) { return static_cast<double>(m.flocks); }},
      {"largest_flock", "largest flock", "", "boids in the largest group", true, 0, "flocks", "largest",
       [](const Metrics& m) { return static_cast<double>(m.largestFlock); }},
      {"largest_share", "largest group's share", "", "the largest group's share of all boids, in (0, 1]", false, 3, "",
       "", [](const Metrics& m) { return m.largestShare; }},
      {"mean_nn_distance", "nearest-neighbour distance", "world units",
       "mean distance from each boid to its nearest other boid (wrapped on a torus)", false, 2, "", "",
       [](const Metrics& m) { return m.meanNearestDistance; }},
      {"mean_neighbors", "neighbours per boid", "", "mean number of neighbours (which boids count: see each model)",
       false, 1, "", "", [](const Metrics& m) { return m.meanNeighbors; }},
  };
  return schema;
}

double metricValue(const MetricSpec& spec, const Metrics& metrics) {
  if (spec.value) return spec.value(metrics);
  const auto at = static_cast<std::size_t>(spec.extra);
  return spec.extra >= 0 && at < metrics.extra.size() ? metrics.extra[at] : 0.0;
}

const MetricSpec* findMetric(const std::string& key) {
  for (const MetricSpec& m : metricSchema())
    if (m.key == key) return &m;
  return nullptr;
}

std::string metricKeys() {
  std::vector<std::string> keys;
  for (const MetricSpec& m : metricSchema()) keys.push_back(m.key);
  return wordList(keys);
}

}  // namespace flocklab
