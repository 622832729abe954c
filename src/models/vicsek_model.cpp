// The Vicsek model's description: its parameter table (the one place its values are checked),
// its world, random start and simulation.
#include "flocklab/keyed_message.hpp"
#include "flocklab/models/vicsek_simulation.hpp"
#include "models/heading_noise.hpp"
#include "models/param_text.hpp"
#include "models/typed_model.hpp"
#include "models/world_step.hpp"

namespace flocklab {
namespace {

using VicsekModel = TypedModel<VicsekParams, VicsekSimulation>;

VicsekModel describeVicsek() {
  VicsekModel m;
  m.name = "vicsek";
  m.title = "Vicsek's self-driven particles";
  m.summary = "particles at constant speed take their neighbours' mean heading plus a random turn";
  m.doc = "docs/model-vicsek.md";
  m.countUnit = "particles";
  m.defaultCount = 400;
  m.defaultSteps = 1000;
  m.groupsLink = "particles closer than the radius r (wrapped)";
  m.neighborsCount = "the other particles closer than r, those the rule sees";
  m.number(noiseParam(), &VicsekParams::noise);
  m.number({.key = "radius",
            .unit = "world units",
            .help = "interaction radius r: particles closer than r set the mean heading",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 0.2,
            .sliderMax = 5,
            .sliderStep = 0.1},
           &VicsekParams::radius);
  m.number({.key = "speed",
            .unit = "world units/step",
            .help = "v0: the distance every particle moves each step",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 0.005,
            .sliderMax = 0.5,
            .sliderStep = 0.005},
           &VicsekParams::speed);
  m.number(squareWorldParam(2, 100, 1), &VicsekParams::world);
  m.crossProblemOf = [](const VicsekParams& p) -> std::string {
    return worldStepProblem(markKey("speed"), p.speed, p.world);
  };
  m.spaceOf = [](const VicsekParams& p) { return Space::square(p.world); };
  // Peak RSS of `flocklab run` measured at 189 bytes a particle (1M particles), 12% margin.
  m.bytesPerBoidOf = [](const VicsekParams&) { return std::uint64_t{212}; };
  m.startOf = [](const VicsekParams& p, std::size_t count, std::uint64_t seed) {
    return randomVicsekStart(count, p, seed);
  };
  m.make = [](const VicsekParams& p, Flock start, std::uint64_t seed,
              const EngineOptions& options) -> std::unique_ptr<Simulation> {
    return std::make_unique<VicsekSimulation>(p, std::move(start), options, seed);
  };
  m.seedAfterStartOf = [](const VicsekParams& p) { return p.noise > 0; };
  return m;
}

}  // namespace

FLOCKLAB_REGISTER_MODEL(vicsek, describeVicsek)

}  // namespace flocklab
