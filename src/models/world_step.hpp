#pragma once
// The one check every model makes of a step against its world (one wrap, or one bounce, per axis
// brings a boid back into the world only if a step is at most the world's side long), and the
// `world` parameter of the models that share a square wrap-around world.
#include <string>
#include <string_view>

#include "flocklab/model.hpp"
#include "models/param_text.hpp"

namespace flocklab {

/// "" when a step of `step` (world units, or `unit` when given) is at most `side`; otherwise the
/// message, naming what was given and both values: "speed (2) must not exceed the world's side
/// (1)". `what` is the parameter's marked key or an expression of keys (flocklab/keyed_message.hpp); `sideName` says
/// which side ("smaller side" for a world whose sides differ).
inline std::string worldStepProblem(std::string_view what, double step, double side, std::string_view unit = "",
                                    std::string_view sideName = "side") {
  if (!(step > side)) return "";
  const std::string suffix = unit.empty() ? "" : " " + std::string(unit);
  return std::string(what) + " (" + writeDecimal(step) + suffix + ") must not exceed the world's " +
         std::string(sideName) + " (" + writeDecimal(side) + suffix + ")";
}

/// The `world` parameter of the models in a square wrap-around world of side L (lab, abm, vicsek),
/// with the slider each model shows it on.
inline ParamSpec squareWorldParam(double sliderMin, double sliderMax, double sliderStep) {
  return {.key = "world",
          .unit = "world units",
          .help = "side L of the square wrap-around world",
          .minOpen = true,
          .max = kMaxLength,
          .sliderMin = sliderMin,
          .sliderMax = sliderMax,
          .sliderStep = sliderStep,
          .live = false};
}

}  // namespace flocklab
