// The lab model's description: its parameter table (the one place its values are checked),
// its world, random start and simulation.
#include "flocklab/keyed_message.hpp"
#include "flocklab/models/lab_simulation.hpp"
#include "models/dims_param.hpp"
#include "models/heading_noise.hpp"
#include "models/param_text.hpp"
#include "models/typed_model.hpp"
#include "models/world_step.hpp"

namespace flocklab {
namespace {

using LabModel = TypedModel<LabParams, LabSimulation>;

LabModel describeLab() {
  LabModel m;
  m.name = "lab";
  m.title = "the exact reference boids";
  m.summary = "Reynolds' three rules on an L x L torus with fixed gains and a speed clamp";
  m.doc = "docs/model-lab.md";
  m.defaultCount = 120;
  m.defaultSteps = 600;
  m.groupsLink = "boids closer than the radius r (wrapped)";
  m.neighborsCount = "the other boids closer than r, the neighbours the rule sees";
  const auto weight = [](const char* key, const char* help) {
    return ParamSpec{.key = key, .help = help, .max = kMaxWeight, .sliderMin = 0, .sliderMax = 5, .sliderStep = 0.05};
  };
  m.number(weight("separation", "weight of separation (away from neighbours closer than r/2), 0 switches it off"),
           &LabParams::separation);
  m.number(weight("alignment", "weight of alignment (towards the neighbours' mean velocity)"), &LabParams::alignment);
  m.number(weight("cohesion", "weight of cohesion (towards the neighbours' centre)"), &LabParams::cohesion);
  m.number({.key = "radius",
            .unit = "world units",
            .help = "perception radius r; separation acts within r/2",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 1,
            .sliderMax = 50,
            .sliderStep = 0.5},
           &LabParams::radius);
  m.number({.key = "max_speed",
            .unit = "world units/step",
            .help = "maximum speed vmax; speeds stay in [vmax/2, vmax]",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 0.1,
            .sliderMax = 5,
            .sliderStep = 0.05},
           &LabParams::maxSpeed);
  m.number(squareWorldParam(20, 500, 5), &LabParams::world);
  m.number(noiseParam(), &LabParams::noise);
  m.wholeNumber(dimsParam(), &LabParams::dims);
  m.crossProblemOf = [](const LabParams& p) -> std::string {
    return worldStepProblem(markKey("max_speed"), p.maxSpeed, p.world);
  };
  m.spaceOf = [](const LabParams& p) { return labSpace(p); };
  // Peak RSS of `flocklab run` measured at 194 bytes a boid (1M boids), 12% margin.
  m.bytesPerBoidOf = [](const LabParams&) { return std::uint64_t{224}; };
  m.startOf = [](const LabParams& p, std::size_t count, std::uint64_t seed) { return randomLabStart(count, p, seed); };
  m.make = [](const LabParams& p, Flock start, std::uint64_t seed,
              const EngineOptions& options) -> std::unique_ptr<Simulation> {
    return std::make_unique<LabSimulation>(p, std::move(start), options, seed);
  };
  // The noise draws from the seed every step.
  m.seedAfterStartOf = [](const LabParams& p) { return p.noise > 0; };
  return m;
}

}  // namespace

FLOCKLAB_REGISTER_MODEL(lab, describeLab)

}  // namespace flocklab
