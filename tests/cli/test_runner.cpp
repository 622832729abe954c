// The runner (apps/runs/runner.hpp), the one place a run is stepped: every model, ramped, gives
// the bits of the same run stepped by hand with the ramp's value set before each step
// (docs/ramps.md); a cancel check ends an advance between steps; values that no longer fit the
// run's other parameters are refused before the model sees them, and the run is left as it was.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <variant>

#include "flocklab/io/state_hash.hpp"
#include "flocklab/keyed_message.hpp"
#include "flocklab/registry.hpp"
#include "runs/process_setup.hpp"
#include "runs/runner.hpp"

namespace flocklab_test {
namespace {

using flocklab::ParamKind;
using flocklab::ParamSet;
using flocklab::Simulation;
namespace runs = flocklab::runs;

constexpr std::uint64_t kSteps = 30, kFrom = 5, kTo = 20;

runs::RunOptions optionsFor(const std::string& model) {
  runs::RunOptions o;
  o.model = model;
  o.count = 60;
  o.seed = 11;
  return o;
}

std::string hashOf(const Simulation& sim) { return flocklab::hashHex(flocklab::stateHash(sim.flock())); }

// A ramp of the model's first live number parameter that the run library takes: from its
// default to halfway towards its slider's far end, over steps kFrom to kTo.
struct ChosenRamp {
  std::string key, text;
  double from = 0, to = 0;
};
ChosenRamp rampFor(const flocklab::ModelDescription& model) {
  const ParamSet defaults = model.defaults();
  for (const flocklab::ParamSpec& spec : model.params) {
    if (spec.kind != ParamKind::Number || !spec.live || spec.whole) continue;
    const double from = std::get<double>(defaults.get(spec.key));
    const double far = from < spec.sliderMax ? spec.sliderMax : spec.sliderMin;
    const double to = from + (far - from) / 2;
    if (!(to != from) || !std::isfinite(to)) continue;
    ChosenRamp ramp{spec.key, "", from, to};
    ramp.text = spec.key + "=" + std::to_string(from) + ":" + std::to_string(to) + "@" + std::to_string(kFrom) + "-" +
                std::to_string(kTo);
    try {
      const runs::Ramp read = runs::parseRamps(defaults, {ramp.text}).at(0);
      ramp.from = read.from, ramp.to = read.to;  // as the text reads back
      return ramp;
    } catch (const std::exception&) {  // refused with the other parameters: the next one
    }
  }
  return {};
}

TEST(Runner, EveryModelRampedEqualsTheRunSteppedByHand) {
  for (const flocklab::ModelDescription* model : flocklab::models()) {
    SCOPED_TRACE(model->name);
    const ChosenRamp ramp = rampFor(*model);
    ASSERT_FALSE(ramp.key.empty()) << "no live number parameter to ramp";
    runs::RunOptions o = optionsFor(model->name);
    o.ramps = {ramp.text};
    runs::Runner runner(runs::setUpModel(o, flocklab::EngineOptions{}));
    EXPECT_EQ(runner.advance(kSteps), kSteps);

    // By hand: the documented value for the step from k, set before that step.
    runs::ModelSetup hand = runs::setUpModel(optionsFor(model->name), flocklab::EngineOptions{});
    Simulation& sim = *hand.simulation;
    for (std::uint64_t k = 0; k < kSteps; ++k) {
      if (k >= kFrom) {
        ParamSet params = model->current(sim);
        const double t = static_cast<double>(k - kFrom) / static_cast<double>(kTo - kFrom);
        params.set(ramp.key, k >= kTo ? ramp.to : ramp.from + (ramp.to - ramp.from) * t);
        model->change(sim, params);
      }
      sim.step(1);
    }
    EXPECT_EQ(hashOf(runner.simulation()), hashOf(sim)) << ramp.text;

    // The ramp did something: the run without it ends elsewhere.
    runs::Runner plain(runs::setUpModel(optionsFor(model->name), flocklab::EngineOptions{}));
    plain.advance(kSteps);
    EXPECT_NE(hashOf(runner.simulation()), hashOf(plain.simulation())) << ramp.text;
  }
}

TEST(Runner, ACancelCheckEndsTheAdvanceBetweenSteps) {
  runs::RunOptions o = optionsFor("vicsek");
  o.ramps = {"noise=0.5:4@2-8"};
  runs::Runner runner(runs::setUpModel(o, flocklab::EngineOptions{}));
  int asked = 0;
  EXPECT_EQ(runner.advance(10, [&] { return ++asked > 3; }), 3u);
  EXPECT_EQ(runner.simulation().stepCount(), 3u);
  EXPECT_EQ(asked, 4);
  // Without schedules or a check, one call of the simulation's own step: the same bits.
  runs::Runner whole(runs::setUpModel(optionsFor("lab"), flocklab::EngineOptions{}));
  runs::Runner oneByOne(runs::setUpModel(optionsFor("lab"), flocklab::EngineOptions{}));
  whole.advance(25);
  for (int k = 0; k < 25; ++k) oneByOne.step();
  EXPECT_EQ(hashOf(whole.simulation()), hashOf(oneByOne.simulation()));
}

TEST(Runner, AStepperTakesTheStepAfterTheSchedules) {
  runs::RunOptions o = optionsFor("vicsek");
  o.ramps = {"noise=0.5:4@0-8"};
  runs::Runner runner(runs::setUpModel(o, flocklab::EngineOptions{}));
  std::vector<double> seen;
  runner.stepWith([&](Simulation& sim) {
    seen.push_back(std::get<double>(runner.model().current(sim).get("noise")));
    sim.step(1);
  });
  EXPECT_EQ(runner.advance(3), 3u);
  EXPECT_EQ(seen, (std::vector<double>{0.5, 0.5 + 3.5 * (1.0 / 8.0), 0.5 + 3.5 * (2.0 / 8.0)}));
}

TEST(Runner, RampedValuesThatNoLongerFitAreRefusedBeforeTheModelSeesThem) {
  // couzin's speed ramped up to 1e99 passes the checks with tau at its default; tau changed live
  // to 100 afterwards (as Python or the page may) makes speed * tau, the step's length, exceed
  // 1e100 from step 1 on (speed 5e98 there): refused with the key marked, the run left at step 1.
  runs::RunOptions o = optionsFor("couzin");
  o.ramps = {"speed=1:1e99@0-2"};
  runs::Runner runner(runs::setUpModel(o, flocklab::EngineOptions{}));
  ParamSet live = runner.model().current(runner.simulation());
  live.set("tau", 100.0);
  runner.model().change(runner.simulation(), live);
  try {
    runner.advance(3);
    FAIL() << "speed * tau over 1e100 was taken";
  } catch (const flocklab::KeyedError& e) {
    EXPECT_NE(std::string(e.what()).find("must not exceed"), std::string::npos) << e.what();
  }
  EXPECT_EQ(runner.simulation().stepCount(), 1u);
  EXPECT_EQ(std::get<double>(runner.model().current(runner.simulation()).get("speed")), 1.0);
}

}  // namespace
}  // namespace flocklab_test
