// The abm model's description: its parameter table (the one place its values are checked),
// presets, random start and simulation.
#include "models/abm_model.hpp"

#include "flocklab/models/abm_simulation.hpp"
#include "models/param_text.hpp"

namespace flocklab {

AbmModel::AbmModel() {
  name = "abm";
  title = "the ABM frameworks' Flocking";
  summary = "the Flocking model of the agent-based-modelling framework comparison (Agents.jl, Mesa, MASON, "
            "NetLogo): unit headings, agents moved one at a time in a fresh random order";
  doc = "docs/model-abm.md";
  defaultSteps = 100;
  countUnit = "agents";
  groupsLink = "agents closer than the visual distance (wrapped)";
  neighborsCount = "the other agents closer than the visual distance (the rule also sees those exactly at it)";
  presets = {{"small", "the framework comparison's small case: 100 x 100, visual distance 5", 200},
             {"large", "the framework comparison's large case: 150 x 150, visual distance 15", 400}};
  defaultCount = 200;
  number({.key = "visual_distance", .unit = "world units", .help = "agents see others at distance <= this (wrapped)",
          .minOpen = true, .sliderMin = 1, .sliderMax = 30, .sliderStep = 0.5, .aliases = {"radius"}},
         &AbmParams::visualDistance);
  number({.key = "speed", .unit = "world units/step", .help = "distance an agent moves each step", .minOpen = true,
          .sliderMin = 0.1, .sliderMax = 3, .sliderStep = 0.05},
         &AbmParams::speed);
  number({.key = "separation_distance", .unit = "world units", .help = "neighbours strictly closer than this repel",
          .sliderMin = 0, .sliderMax = 5, .sliderStep = 0.1},
         &AbmParams::separation);
  const auto factor = [](const char* key, const char* help) {
    return ParamSpec{.key = key, .help = help, .sliderMin = 0, .sliderMax = 0.2, .sliderStep = 0.005};
  };
  number(factor("cohere_factor", "factor of the mean offset to the neighbours"), &AbmParams::cohereFactor);
  number(factor("separate_factor", "factor of the mean offset away from the close ones"), &AbmParams::separateFactor);
  number(factor("match_factor", "factor of the neighbours' mean heading"), &AbmParams::matchFactor);
  number({.key = "world", .unit = "world units", .help = "side L of the square wrap-around world", .minOpen = true,
          .sliderMin = 20, .sliderMax = 500, .sliderStep = 5, .live = false},
         &AbmParams::world);
  add({.key = "sync", .help = "every agent reads the previous step's state (default: one at a time, in random order)",
       .kind = ParamKind::Switch, .live = false},
      [](const AbmParams& p) { return ParamValue(p.sync); },
      [](AbmParams& p, const ParamValue& v) { p.sync = std::get<bool>(v); });
}

AbmParams AbmModel::presetParams(std::string_view preset) const {
  return abmPreset(preset == "large" ? AbmPreset::Large : AbmPreset::Small);
}

std::string AbmModel::crossProblemOf(const AbmParams& p) const {
  // One wrap per axis brings an agent back into [0, L] only if a step is at most L long.
  if (p.speed > p.world)
    return "speed (" + text::shortest(p.speed) + ") must not exceed the world's side (" + text::shortest(p.world) + ")";
  return "";
}

Space AbmModel::space(const ParamSet& p) const { return Space::square(p.as<AbmParams>().world); }

Flock AbmModel::randomStart(const ParamSet& p, std::size_t count, std::uint64_t seed) const {
  return randomAbmStart(count, p.as<AbmParams>(), seed);
}

std::unique_ptr<Simulation> AbmModel::create(const ParamSet& p, Flock start, std::uint64_t seed,
                                             const EngineOptions& options) const {
  return std::make_unique<AbmSimulation>(p.as<AbmParams>(), std::move(start), seed, options);
}

ParamSet AbmModel::current(const Simulation& s) const { return wrap(dynamic_cast<const AbmSimulation&>(s).params()); }

void AbmModel::change(Simulation& s, const ParamSet& p) const {
  dynamic_cast<AbmSimulation&>(s).setParams(p.as<AbmParams>());
}

std::string AbmModel::form(const ParamSet& p) const { return p.as<AbmParams>().sync ? "sync" : "sequential"; }

const AbmModel& abmModel() {
  static const AbmModel model;
  return model;
}

std::string validate(const AbmParams& p) { return abmModel().problemOf(p); }

}  // namespace flocklab
