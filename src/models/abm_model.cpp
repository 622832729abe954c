// The abm model's description: its parameter table (the one place its values are checked),
// presets, world, random start and simulation.
#include "flocklab/keyed_message.hpp"
#include "flocklab/models/abm_simulation.hpp"
#include "models/param_text.hpp"
#include "models/typed_model.hpp"
#include "models/world_step.hpp"

namespace flocklab {
namespace {

using AbmModel = TypedModel<AbmParams, AbmSimulation>;

AbmModel describeAbm() {
  AbmModel m;
  m.name = "abm";
  m.title = "the ABM frameworks' Flocking";
  m.summary = "the Flocking model of the agent-based-modelling framework comparison (Agents.jl, Mesa, MASON, "
              "NetLogo): unit headings, agents moved one at a time in a fresh random order";
  m.doc = "docs/model-abm.md";
  m.defaultSteps = 100;
  m.countUnit = "agents";
  m.groupsLink = "agents strictly closer than the visual distance (wrapped)";
  m.neighborsCount = "the other agents at most the visual distance away, the ones the rule sees";
  m.presets = {{"small", "the framework comparison's small case: 100 x 100, visual distance 5", 200},
               {"large", "the framework comparison's large case: 150 x 150, visual distance 15", 400}};
  m.defaultCount = 200;
  m.number({.key = "visual_distance",
            .unit = "world units",
            .help = "agents see others at distance <= this (wrapped)",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 1,
            .sliderMax = 30,
            .sliderStep = 0.5,
            .aliases = {"radius"}},
           &AbmParams::visualDistance);
  m.number({.key = "speed",
            .unit = "world units/step",
            .help = "distance an agent moves each step",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 0.1,
            .sliderMax = 3,
            .sliderStep = 0.05},
           &AbmParams::speed);
  m.number({.key = "separation_distance",
            .unit = "world units",
            .help = "neighbours strictly closer than this repel",
            .max = kMaxLength,
            .sliderMin = 0,
            .sliderMax = 5,
            .sliderStep = 0.1},
           &AbmParams::separation);
  const auto factor = [](const char* key, const char* help) {
    return ParamSpec{.key = key, .help = help, .sliderMin = 0, .sliderMax = 0.2, .sliderStep = 0.005};
  };
  m.number(factor("cohere_factor", "factor of the mean offset to the neighbours"), &AbmParams::cohereFactor);
  m.number(factor("separate_factor", "factor of the mean offset away from the close ones"), &AbmParams::separateFactor);
  m.number(factor("match_factor", "factor of the neighbours' mean heading"), &AbmParams::matchFactor);
  m.number(squareWorldParam(20, 500, 5), &AbmParams::world);
  m.add(
      {.key = "sync",
       .help = "every agent reads the previous step's state (default: one at a time, in random order)",
       .kind = ParamKind::Switch,
       .live = false},
      [](const AbmParams& p) { return ParamValue(p.sync); },
      [](AbmParams& p, const ParamValue& v) { p.sync = std::get<bool>(v); });
  m.presetParams = [](std::string_view preset) {
    return abmPreset(preset == "large" ? AbmPreset::Large : AbmPreset::Small);
  };
  m.crossProblemOf = [](const AbmParams& p) -> std::string {
    return worldStepProblem(markKey("speed"), p.speed, p.world);
  };
  m.spaceOf = [](const AbmParams& p) { return Space::square(p.world); };
  // Peak RSS of `flocklab run` measured at 254 (sequential) and 221 (sync) bytes an agent (1M
  // agents), 12% margin: the sequential form keeps more per agent.
  m.bytesPerBoidOf = [](const AbmParams& p) { return std::uint64_t{p.sync ? 248u : 288u}; };
  m.startOf = [](const AbmParams& p, std::size_t count, std::uint64_t seed) { return randomAbmStart(count, p, seed); };
  m.make = [](const AbmParams& p, Flock start, std::uint64_t seed,
              const EngineOptions& options) -> std::unique_ptr<Simulation> {
    return std::make_unique<AbmSimulation>(p, std::move(start), seed, options);
  };
  m.formOf = [](const AbmParams& p) { return std::string(p.sync ? "sync" : "sequential"); };
  // The sequential form shuffles the order of the agents every step from the seed; sync draws nothing.
  m.seedAfterStartOf = [](const AbmParams& p) { return !p.sync; };
  return m;
}

}  // namespace

FLOCKLAB_REGISTER_MODEL(abm, describeAbm)

}  // namespace flocklab
