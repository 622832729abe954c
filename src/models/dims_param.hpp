#pragma once
// The `dims` parameter of the models that run in 2D or 3D (lab, steering): a number that must
// be 2 or 3, so that a run file says "dims": 3 and a sweep can take --param dims=2,3.
#include <string>

#include "flocklab/keyed_message.hpp"
#include "flocklab/model.hpp"
#include "models/param_text.hpp"

namespace flocklab {

inline ParamSpec dimsParam() {
  ParamSpec spec{.key = "dims",
                 .help = "dimensions: 2 (the flat world) or 3 (a world with depth)",
                 .min = 2,
                 .max = 3,
                 .sliderMin = 2,
                 .sliderMax = 3,
                 .sliderStep = 1,
                 .live = false};
  spec.rangeName = "2 or 3";
  spec.whole = true;
  return spec;
}

}  // namespace flocklab
