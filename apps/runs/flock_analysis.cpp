// One state analysed (see flock_analysis.hpp). Design: the engine's measures (metrics.hpp,
// velocity_correlation.hpp, anisotropy.hpp) do the work; this file picks the group, fills in
// the defaults and writes the JSON every front end shows.
#include "runs/flock_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "flocklab/decimal_text.hpp"
#include "flocklab/io/params_json.hpp"

namespace flocklab::runs {

namespace {

Flock subset(const Flock& flock, const std::vector<std::uint32_t>& members) {
  Flock out;
  out.dimensions = flock.dimensions;
  for (std::uint32_t i : members) out.insertAgent(out.size(), flock.agent(i));
  return out;
}

nlohmann::ordered_json orNull(double value) { return std::isfinite(value) ? nlohmann::ordered_json(value) : nullptr; }

}  // namespace

double defaultBin(const Flock& flock, const Space& space) {
  const double span = correlationSpan(flock, space);
  return (span > 0 ? span : 1) / 100;
}

Analysis analyzeFlock(const Flock& flock, const Space& space, const AnalysisOptions& options,
                      const std::shared_ptr<Executor>& executor) {
  for (const auto& [value, name] : {std::pair{options.bin, "bin"}, {options.link, "link"}})
    if (!(std::isfinite(value) && value >= 0))
      throw std::invalid_argument(std::string("the ") + name + " must be a finite number > 0 (got " +
                                  writeDecimal(value) + ")");
  for (std::size_t i = 0; i < flock.size(); ++i) {
    const AgentState a = flock.agent(i);
    for (double value : {a.x, a.y, a.z, a.vx, a.vy, a.vz})
      if (!std::isfinite(value))
        throw std::invalid_argument("agent " + std::to_string(i) + " has a value that is not finite");
    if (!(space.is3d() ? space.contains(a.x, a.y, a.z) : space.contains(a.x, a.y)))
      throw std::invalid_argument("agent " + std::to_string(i) + " lies outside the world");
  }
  Analysis out;
  out.agents = flock.size();
  out.link = options.link;
  if (out.link == 0) {  // twice the mean distance to the nearest other agent
    const double nearest = measure(flock, space, MetricRules::within(1), {.executor = executor}).meanNearestDistance;
    out.link = nearest > 0 ? 2 * nearest : 1;
  }
  Flock group;
  const Flock* analysed = &flock;
  if (options.largestGroup) {
    group = subset(flock, largestGroup(flock, space, out.link));
    analysed = &group;
  }
  out.analysed = analysed->size();
  out.metrics = measure(*analysed, space, MetricRules::within(out.link), {.executor = executor});
  const double bin = options.bin > 0 ? options.bin : defaultBin(*analysed, space);
  out.correlation = velocityCorrelation(*analysed, space, bin, *executor);
  out.anisotropy = anisotropy(*analysed, space, options.nearestMax, *executor);
  return out;
}

nlohmann::ordered_json analysisJson(const Analysis& a) {
  nlohmann::ordered_json j;
  j["agents"] = a.agents;
  j["analysed"] = a.analysed;
  j["link"] = a.link;
  j["metrics"] = metricsToJson(a.metrics);
  j["bin"] = a.correlation.bin;
  j["correlation_length"] = orNull(a.correlation.zeroCrossing);
  j["size"] = a.correlation.extent;
  j["topological_range"] = a.anisotropy.range > 0 ? nlohmann::ordered_json(a.anisotropy.range) : nullptr;
  j["isotropic_gamma"] = a.anisotropy.isotropic;
  nlohmann::ordered_json gamma = nlohmann::ordered_json::array();
  for (double g : a.anisotropy.gamma) gamma.push_back(orNull(g));
  j["gamma"] = gamma;
  nlohmann::ordered_json c = nlohmann::ordered_json::array();
  for (std::size_t k = 0; k < a.correlation.r.size(); ++k)
    c.push_back({{"r", a.correlation.r[k]},
                 {"correlation", orNull(a.correlation.correlation[k])},
                 {"pairs", a.correlation.pairs[k]}});
  j["correlation"] = c;
  return j;
}

}  // namespace flocklab::runs
