// Drawing the sweep's plot. Design: means and sample standard deviations (n - 1) are summed in
// seed order from the results by run, so the same results give the same SVG bytes.
#include "outputs/sweep_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "outputs/svg_chart.hpp"
#include "runs/counted.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

std::string upperFirst(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

}  // namespace

std::string plotSvg(const SweepPlan& plan, const std::vector<RunResult>& results, std::size_t metric,
                    const SweepModel& model, bool points) {
  const Param& x = plan.params[0];
  const std::size_t seeds = plan.seedCount;
  Chart chart;
  chart.points = points;
  const std::string words = inUnit(plan.metrics[metric].label, model.countUnit);
  chart.title = upperFirst(words) + " against " + x.name;
  const auto& counts = model.boidsByCombination;
  const bool countSwept =
      std::any_of(plan.params.begin(), plan.params.end(), [](const Param& p) { return p.name == "count"; });
  const bool oneCount = std::all_of(counts.begin(), counts.end(), [&](std::size_t n) { return n == model.boids; });
  chart.subtitle = fmt::format(
      "model {}{} - {} - {}", model.label, oneCount ? " - " + counted(model.boids, model.countUnit) : "",
      counted(model.steps, "steps"),
      seeds == 1 ? fmt::format("seed {}", plan.firstSeed)
                 : fmt::format("{} seeds from {}: mean and standard deviation over seeds", seeds, plan.firstSeed));
  chart.x = {x.name};
  chart.y = {words + " (mean of the last fifth)"};
  chart.y.fromZero = true;
  // Polarization and the largest share lie in [0, 1]; a band past 1 is clipped, not drawn to 1.2.
  if (metric == 0 || metric == 3) chart.y.min = 0, chart.y.max = 1;
  // One series per combination of the other parameters' values (the second's, usually).
  const std::size_t perX = plan.combinations() / x.values.size();
  for (std::size_t rest = 0; rest < perX; ++rest) {
    ChartSeries series;
    series.name = plan.valuesText(rest, 1);
    if (series.name.empty())
      series.name = seeds == 1 ? fmt::format("seed {}", plan.firstSeed) : "mean over " + counted(seeds, "seeds");
    // A line whose runs share a count the subtitle does not give (--density with the world
    // swept) names it: "world = 10 (400 particles)".
    bool lineHasOneCount = true;
    for (std::size_t i = 0; i < x.values.size(); ++i) lineHasOneCount &= counts[i * perX + rest] == counts[rest];
    if (!oneCount && lineHasOneCount && !countSwept) series.name += " (" + counted(counts[rest], model.countUnit) + ")";
    for (std::size_t i = 0; i < x.values.size(); ++i) {
      const std::size_t combination = i * perX + rest;
      double sum = 0;
      for (std::size_t s = 0; s < seeds; ++s) sum += results[combination * seeds + s].lastFifth[metric];
      const double mean = sum / static_cast<double>(seeds);
      double squares = 0;
      for (std::size_t s = 0; s < seeds; ++s) {
        const double d = results[combination * seeds + s].lastFifth[metric] - mean;
        squares += d * d;
      }
      series.x.push_back(x.values[i]);
      series.y.push_back(mean);
      if (seeds > 1) series.spread.push_back(std::sqrt(squares / static_cast<double>(seeds - 1)));  // one seed: no band
    }
    chart.series.push_back(std::move(series));
  }
  return renderSvg(chart);
}

}  // namespace flocklab::cli
