// The lab model's description: its parameter table (the one place its values are checked),
// its random start and its simulation.
#include "models/lab_model.hpp"

#include "flocklab/models/lab_simulation.hpp"
#include "models/param_text.hpp"

namespace flocklab {

LabModel::LabModel() {
  name = "lab";
  title = "the reference model";
  summary = "Reynolds' three rules on an L x L torus with fixed gains and a speed clamp";
  doc = "docs/model-lab.md";
  defaultCount = 120;
  defaultSteps = 600;
  groupsLink = "boids closer than the radius r (wrapped)";
  neighborsCount = "the other boids closer than r, the neighbours the rule sees";
  const auto weight = [](const char* key, const char* help) {
    return ParamSpec{.key = key, .help = help, .sliderMin = 0, .sliderMax = 5, .sliderStep = 0.05};
  };
  number(weight("separation", "weight of separation (away from neighbours closer than r/2), 0 switches it off"),
         &LabParams::separation);
  number(weight("alignment", "weight of alignment (towards the neighbours' mean velocity)"), &LabParams::alignment);
  number(weight("cohesion", "weight of cohesion (towards the neighbours' centre)"), &LabParams::cohesion);
  number({.key = "radius", .unit = "world units", .help = "perception radius r; separation acts within r/2",
          .minOpen = true, .sliderMin = 1, .sliderMax = 50, .sliderStep = 0.5},
         &LabParams::radius);
  number({.key = "max_speed", .unit = "world units/step", .help = "maximum speed vmax; speeds stay in [vmax/2, vmax]",
          .minOpen = true, .sliderMin = 0.1, .sliderMax = 5, .sliderStep = 0.05},
         &LabParams::maxSpeed);
  number({.key = "world", .unit = "world units", .help = "side L of the square wrap-around world", .minOpen = true,
          .sliderMin = 20, .sliderMax = 500, .sliderStep = 5, .live = false},
         &LabParams::world);
}

LabParams LabModel::presetParams(std::string_view) const { return {}; }

std::string LabModel::crossProblemOf(const LabParams& p) const {
  // One wrap per axis brings a boid back into [0, L] only if a step is at most L long.
  if (p.maxSpeed > p.world)
    return "max_speed (" + text::shortest(p.maxSpeed) + ") must not exceed the world's side (" +
           text::shortest(p.world) + ")";
  return "";
}

Space LabModel::space(const ParamSet& p) const { return Space::square(p.as<LabParams>().world); }

Flock LabModel::randomStart(const ParamSet& p, std::size_t count, std::uint64_t seed) const {
  return randomLabStart(count, p.as<LabParams>(), seed);
}

std::unique_ptr<Simulation> LabModel::create(const ParamSet& p, Flock start, std::uint64_t,
                                             const EngineOptions& options) const {
  return std::make_unique<LabSimulation>(p.as<LabParams>(), std::move(start), options);
}

ParamSet LabModel::current(const Simulation& s) const { return wrap(dynamic_cast<const LabSimulation&>(s).params()); }

void LabModel::change(Simulation& s, const ParamSet& p) const {
  dynamic_cast<LabSimulation&>(s).setParams(p.as<LabParams>());
}

const LabModel& labModel() {
  static const LabModel model;
  return model;
}

std::string validate(const LabParams& p) { return labModel().problemOf(p); }

}  // namespace flocklab
