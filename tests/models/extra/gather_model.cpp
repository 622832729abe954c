// The gather model, added the way docs/architecture.md's guide says: its rule, its simulation,
// its description with one line a parameter, and the one registration line at the end; the
// flocklab_model() call in tests/CMakeLists.txt names these files. For brevity the rule and
// the simulation share this file; a shipped model gives each a file of its own.
//
// It also brings what no shipped model has, to show that a model's needs reach every front end
// through the registry and the runner alone: a per-step schedule of its own (`pulse`: the
// cohesion and alignment gains swap every `pulse` steps, applied by the runner before each step)
// and a choice of space (`open`: open space, which the front ends frame from the world's description).
#include <cmath>
#include <cstdint>
#include <utility>

#include "engine/random_start.hpp"
#include "engine/state_check.hpp"
#include "engine/step_driver.hpp"
#include "flocklab/keyed_message.hpp"
#include "flocklab/simulation.hpp"
#include "gather_params.hpp"
#include "models/typed_model.hpp"
#include "models/world_step.hpp"

namespace flocklab {
namespace {

// examples/custom_model.cpp's rule: towards the neighbours' centre and mean velocity, the speed
// kept in [vmax/2, vmax], one wrap per axis on the cube.
struct GatherRule {
  static constexpr int kDimensions = 3;
  struct Sums {
    std::uint32_t count = 0;
    double cx = 0, cy = 0, cz = 0, vx = 0, vy = 0, vz = 0;
  };
  GatherParams p;

  Sums start(double, double, double, double, double, double) const { return {}; }
  void add(Sums& s, double dx, double dy, double dz, double, double vxj, double vyj, double vzj) const {
    ++s.count;
    s.cx += dx, s.cy += dy, s.cz += dz;
    s.vx += vxj, s.vy += vyj, s.vz += vzj;
  }
  void finish(const Sums& s, double& x, double& y, double& z, double& vx, double& vy, double& vz) const {
    if (s.count > 0) {
      const double n = static_cast<double>(s.count);
      vx += p.cohesion * (s.cx / n) + p.alignment * (s.vx / n - vx);
      vy += p.cohesion * (s.cy / n) + p.alignment * (s.vy / n - vy);
      vz += p.cohesion * (s.cz / n) + p.alignment * (s.vz / n - vz);
    }
    const double speed = std::sqrt(vx * vx + vy * vy + vz * vz);
    const double vmin = p.maxSpeed / 2;
    const double limit = speed > p.maxSpeed ? p.maxSpeed : (speed < vmin && speed > 0 ? vmin : speed);
    if (limit != speed) vx = (vx / speed) * limit, vy = (vy / speed) * limit, vz = (vz / speed) * limit;
    x = wrap(x + vx), y = wrap(y + vy), z = wrap(z + vz);
  }
  double wrap(double q) const {
    if (p.open) return q;
    return q < 0 ? q + p.world : (q >= p.world ? q - p.world : q);
  }
};

Space gatherSpace(const GatherParams& p) { return p.open ? Space::open(p.world, 3) : Space::cube(p.world); }

class GatherSimulation : public Simulation {
 public:
  GatherSimulation(const GatherParams& params, Flock start, const EngineOptions& options)
      : Simulation(std::move(start), options), params_(checkedParams(params)) {
    checkState(flock(), space());
  }
  const char* model() const override { return "gather"; }
  void step(std::uint64_t steps = 1) override {
    for (std::uint64_t s = 0; s < steps; ++s) {
      driver().step(space(), params_.radius, options().search, GatherRule{params_});
      stepped();
    }
  }
  Space space() const override { return gatherSpace(params_); }
  MetricRules metricRules() const override { return MetricRules::within(params_.radius); }
  const GatherParams& params() const { return params_; }
  void setParams(const GatherParams& params) {
    checkedParams(params);
    if (params.world != params_.world || params.open != params_.open)
      throw std::invalid_argument("the world cannot change during a run");
    params_ = params;
  }

 private:
  GatherParams params_;
};

using GatherModel = TypedModel<GatherParams, GatherSimulation>;

GatherModel describeGather() {
  GatherModel m;
  m.name = "gather";
  m.title = "cohesion and alignment in 3D";
  m.summary = "examples/custom_model.cpp's rule as a model of the registry (a test's model)";
  m.doc = "docs/architecture.md";
  m.defaultCount = 200;
  m.defaultSteps = 100;
  m.groupsLink = "boids closer than the radius (wrapped)";
  m.neighborsCount = "the other boids closer than the radius";
  const auto gain = [](const char* key, const char* help) {
    return ParamSpec{.key = key, .help = help, .max = kMaxWeight, .sliderMin = 0, .sliderMax = 1, .sliderStep = 0.01};
  };
  m.number(gain("cohesion", "gain towards the neighbours' centre"), &GatherParams::cohesion);
  m.number(gain("alignment", "gain towards the neighbours' mean velocity"), &GatherParams::alignment);
  m.number({.key = "radius",
            .unit = "world units",
            .help = "neighbours closer than this are seen",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 1,
            .sliderMax = 20,
            .sliderStep = 0.5},
           &GatherParams::radius);
  m.number({.key = "max_speed",
            .unit = "world units/step",
            .help = "speeds stay in [vmax/2, vmax]",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 0.1,
            .sliderMax = 5,
            .sliderStep = 0.1},
           &GatherParams::maxSpeed);
  m.number({.key = "world",
            .unit = "world units",
            .help = "side of the cubic wrap-around world",
            .minOpen = true,
            .max = kMaxLength,
            .sliderMin = 10,
            .sliderMax = 200,
            .sliderStep = 5,
            .live = false},
           &GatherParams::world);
  ParamSpec pulse{.key = "pulse",
                  .unit = "steps",
                  .help = "the cohesion and alignment gains swap every this many steps (0: never)",
                  .max = 1e9,
                  .sliderMin = 0,
                  .sliderMax = 200,
                  .sliderStep = 10};
  m.wholeNumber(pulse, &GatherParams::pulse);
  m.add(
      {.key = "open", .help = "open space: no wrap", .kind = ParamKind::Switch, .live = false},
      [](const GatherParams& p) { return ParamValue(p.open); },
      [](GatherParams& p, const ParamValue& v) { p.open = std::get<bool>(v); });
  m.crossProblemOf = [](const GatherParams& p) -> std::string {
    return worldStepProblem(markKey("max_speed"), p.maxSpeed, p.world);
  };
  // The schedule: before the step from `step` on, the gains swap at each multiple of pulse.
  m.scheduleOf = [](GatherParams& p, std::uint64_t step) {
    const auto every = static_cast<std::uint64_t>(p.pulse);
    if (every == 0 || step == 0 || step % every != 0 || p.cohesion == p.alignment) return false;
    std::swap(p.cohesion, p.alignment);
    return true;
  };
  m.spaceOf = gatherSpace;
  m.startOf = [](const GatherParams& p, std::size_t count, std::uint64_t seed) {
    return randomStart3d(count, Space::cube(p.world), p.maxSpeed / 2, p.maxSpeed, seed,
                         [](double, double, double) { return false; });
  };
  m.make = [](const GatherParams& p, Flock start, std::uint64_t,
              const EngineOptions& options) -> std::unique_ptr<Simulation> {
    return std::make_unique<GatherSimulation>(p, std::move(start), options);
  };
  return m;
}

}  // namespace

FLOCKLAB_REGISTER_MODEL(gather, describeGather)

}  // namespace flocklab
