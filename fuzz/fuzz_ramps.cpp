// libFuzzer target for parameter ramps: `--ramp KEY=FROM:TO@A-B` from its text to the steps it
// sets (apps/runs/ramp.cpp, docs/ramps.md).
//
// Contract under test: for any model and any ramp texts, parseRamps either refuses with a
// runs::UsageError whose message is one short clean line (fuzz_message.hpp), or accepts ramps
// whose every step then runs through the runner (runs/runner.hpp), which never refuses a value,
// and the flock stays finite. This is the promise that every value a run's ramps will take is
// checked before step 0.
//
// Input: the first byte picks the model (and 2D or 3D where it has both); the rest, split at
// '\n', are the ramp texts. Inputs whose ramps reach beyond step 4096 are skipped (their check
// alone would take long); the accepted ones are stepped to their last B, 6 agents a flock.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "flocklab/registry.hpp"
#include "fuzz_message.hpp"
#include "runs/model_setup.hpp"
#include "runs/ramp.hpp"
#include "runs/runner.hpp"
#include "runs/usage_error.hpp"

namespace {

using flocklab::fuzz::check;

constexpr std::uint64_t kMaxStep = 4096;

bool finite(const flocklab::Flock& f) {
  for (const auto* field : {&f.x, &f.y, &f.z, &f.vx, &f.vy, &f.vz})
    for (double v : *field)
      if (!std::isfinite(v)) return false;
  return true;
}

// The largest B any text names, read loosely (digits after the last '-'), or nothing.
std::uint64_t lastStepNamed(const std::vector<std::string>& texts) {
  std::uint64_t last = 0;
  for (const std::string& t : texts) {
    const std::size_t dash = t.rfind('-');
    if (dash == std::string::npos) continue;
    std::string digits;
    for (std::size_t k = dash + 1; k < t.size() && t[k] >= '0' && t[k] <= '9' && digits.size() < 19; ++k)
      digits += t[k];
    if (!digits.empty()) last = std::max<std::uint64_t>(last, std::strtoull(digits.c_str(), nullptr, 10));
    if (t.size() - dash > 20) last = UINT64_MAX;  // more digits than a step can have: too far to step
  }
  return last;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const std::vector<std::string> kModels = {"lab", "steering", "abm", "vicsek", "couzin"};
  const std::string& name = kModels[data[0] % kModels.size()];
  const bool threeD = (data[0] / kModels.size()) % 2 == 1;
  std::vector<std::string> texts;
  std::string current;
  for (std::size_t k = 1; k < size; ++k) {
    if (data[k] == '\n') texts.push_back(current), current.clear();
    else current += static_cast<char>(data[k]);
  }
  texts.push_back(current);
  if (lastStepNamed(texts) > kMaxStep) return 0;

  const flocklab::ModelDescription& model = flocklab::model(name);
  flocklab::ParamSet params = model.defaults();
  if (threeD && model.findParam("dims")) params.set("dims", 3.0);
  if (!params.problem().empty()) return 0;
  std::vector<flocklab::runs::Ramp> ramps;
  try {
    ramps = flocklab::runs::parseRamps(params, texts);
  } catch (const flocklab::runs::UsageError& e) {
    flocklab::fuzz::checkMessage(e.what());
    return 0;
  }
  std::uint64_t last = 0;
  for (const auto& ramp : ramps) last = std::max(last, ramp.last);
  flocklab::runs::ModelSetup setup;
  setup.model = &model;
  setup.simulation = model.create(params, model.randomStart(params, 6, 1), 1);
  setup.ramps = std::move(ramps);
  flocklab::runs::Runner runner(std::move(setup));
  runner.advance(last + 1);  // throws (and libFuzzer reports it) if a value is refused
  check(finite(runner.simulation().flock()));
  return 0;
}
