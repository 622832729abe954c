#pragma once
// The words under which a run's pictures and charts say what was run: the model, the count, the
// seed and every setting that differs from the model's (or its preset's) defaults, so that a
// picture read on its own tells how to make it again.
#include <cstdint>
#include <optional>
#include <string>

#include "flocklab/model.hpp"
#include "runs/model_setup.hpp"
#include "runs/run_options.hpp"

namespace flocklab::cli {

/// The parameters of `params` that differ from `defaults` (both of one model), in the
/// description's order, as the flags name them: "fov 270, 2 obstacles". A list of one item
/// shows it ("obstacle 450,280,60"), a switch is named as its flag ("sync", "no sync"), an
/// emptied text or list says "no"; a switch the model's form already names (abm's "sync", in
/// the label) is left out. Past `most` items, the rest are counted: "+3 more". "" when nothing
/// differs.
std::string changedSettings(const ParamSet& defaults, const ParamSet& params, std::size_t most = 16);

/// "steering (preset flock) - 1500 boids - seed 42 - fov 270, 2 obstacles": the subtitle of the
/// charts of the run `setup` made from `options`, its ramps last ("- ramp dro=0:15@0-30000"); with `step`, the caption
/// of its picture at that step, named before the settings ("seed 42 - step 1800 - fov 270, 2 obstacles") so that a
/// caption that wraps puts the settings on the second line.
std::string pictureCaption(const runs::ModelSetup& setup, const runs::RunOptions& options,
                           std::optional<std::uint64_t> step = std::nullopt);

}  // namespace flocklab::cli
