// The couzin model's description: its parameter table (the one place its values are checked),
// its open space, random start and simulation.
#include "engine/cosine.hpp"
#include "flocklab/keyed_message.hpp"
#include "flocklab/models/couzin_simulation.hpp"
#include "models/dims_param.hpp"
#include "models/nearest_few.hpp"
#include "models/param_text.hpp"
#include "models/typed_model.hpp"

namespace flocklab {
namespace {

using CouzinModel = TypedModel<CouzinParams, CouzinSimulation>;

ParamSpec length(const char* key, const char* help, bool minOpen, double sliderMax, double sliderStep) {
  return {.key = key,
          .unit = "world units",
          .help = help,
          .minOpen = minOpen,
          .max = kMaxLength,
          .sliderMin = 0,
          .sliderMax = sliderMax,
          .sliderStep = sliderStep};
}

CouzinModel describeCouzin() {
  CouzinModel m;
  m.name = "couzin";
  m.title = "Couzin's zones: collective memory";
  m.summary =
      "agents at constant speed repel, align and attract in three zones, turning at a limited rate, in open space";
  m.doc = "docs/model-couzin.md";
  m.countUnit = "agents";
  m.timeStepKey = "tau";
  m.defaultCount = 100;
  m.defaultSteps = 3000;
  m.groupsLink = "agents closer than r_a = r_r + dro + dra";
  m.neighborsCount = "the other agents an agent perceives: closer than r_a, outside its blind cone";
  // At least 1e-100, so that r_r squared is a normal number: two agents on one spot (their
  // distance 0, or a square that underflows to 0) must fall in the zone of repulsion, which
  // skips them, not in the zone of attraction, which would divide by their distance.
  ParamSpec repulsion =
      length("repulsion", "r_r: agents closer than this repel, and nothing else counts", false, 5, 0.1);
  repulsion.min = 1e-100;
  m.number(repulsion, &CouzinParams::repulsion);
  m.number(length("dro", "delta r_o: the width of the zone of orientation beyond r_r", false, 20, 0.1),
           &CouzinParams::dro);
  m.number(
      length("dra", "delta r_a: the width of the zone of attraction beyond the zone of orientation", false, 20, 0.1),
      &CouzinParams::dra);
  m.number({.key = "fov",
            .unit = "degrees",
            .help = "alpha: the field of perception; the rest is a blind cone behind",
            .minOpen = true,
            .max = 360,
            .sliderMin = 10,
            .sliderMax = 360,
            .sliderStep = 5},
           &CouzinParams::fov);
  m.number({.key = "turn_rate",
            .unit = "degrees/s",
            .help = "theta: the most a heading turns in a second",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 5,
            .sliderMax = 360,
            .sliderStep = 5},
           &CouzinParams::turnRate);
  m.number({.key = "speed",
            .unit = "world units/s",
            .help = "s: every agent's speed",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 0.5,
            .sliderMax = 10,
            .sliderStep = 0.1},
           &CouzinParams::speed);
  m.number({.key = "tau",
            .unit = "s",
            .help = "the time step: an agent moves s * tau and turns at most theta * tau a step",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 0.01,
            .sliderMax = 0.5,
            .sliderStep = 0.01},
           &CouzinParams::tau);
  ParamSpec noise{.key = "noise",
                  .unit = "radians",
                  .help = "sigma: the s.d. of the wrapped Gaussian turn of each desired direction, 0 for none",
                  .max = 2 * kPi,
                  .sliderMin = 0,
                  .sliderMax = 1,
                  .sliderStep = 0.01};
  noise.maxName = "2 pi";
  m.number(noise, &CouzinParams::noise);
  ParamSpec start = length("start", "side of the square (cube in 3D) the agents start in, at random", true, 50, 1);
  start.sliderMin = 2;
  start.live = false;
  m.number(start, &CouzinParams::start);
  m.wholeNumber(
      nearestParam("K: heed only the K nearest agents perceived (topological neighbours), 0 for every agent in "
                   "the zones (metric)"),
      &CouzinParams::nearest);
  m.wholeNumber(dimsParam(), &CouzinParams::dims);
  m.crossProblemOf = [](const CouzinParams& p) {
    // Open space has no side to bound a step, so the longest length bounds it: positions then grow
    // by at most 1e100 a step, and their squares stay finite for any run of up to 2^53 steps.
    if (p.stepLength() > kMaxLength)
      return markKey("speed") + " * " + markKey("tau") + " (" + writeDecimal(p.stepLength()) +
             " world units) must not exceed " + writeDecimal(kMaxLength) +
             " world units, the longest step flocklab computes with";
    return std::string();
  };
  m.spaceOf = [](const CouzinParams& p) { return CouzinSimulation::couzinSpace(p); };
  m.startOf = [](const CouzinParams& p, std::size_t count, std::uint64_t seed) {
    return randomCouzinStart(count, p, seed);
  };
  m.make = [](const CouzinParams& p, Flock start, std::uint64_t seed,
              const EngineOptions& options) -> std::unique_ptr<Simulation> {
    return std::make_unique<CouzinSimulation>(p, std::move(start), options, seed);
  };
  m.seedAfterStartOf = [](const CouzinParams& p) { return p.noise > 0; };
  return m;
}

}  // namespace

FLOCKLAB_REGISTER_MODEL(couzin, describeCouzin)

}  // namespace flocklab
