#pragma once
// Model parameters as JSON text, for the browser lab's live controls and share links and for
// run files. Part of the flocklab::json target (the core itself needs no JSON library).
#include <string>
#include <string_view>

#include "flocklab/models/lab_params.hpp"
#include "flocklab/models/steering_params.hpp"

namespace flocklab {

/// The parameters as one JSON object; keys are the CLI's flag names without dashes, in
/// snake_case (e.g. "max_speed", "separation_radius", "obstacles": [[x, y, r], ...]).
std::string toJson(const LabParams& params);
std::string toJson(const SteeringParams& params);

/// Reads the keys present in `json` over `base` and returns the result. Throws
/// std::invalid_argument naming the key for an unknown key or a value of the wrong type.
/// Values are not range-checked here: validate() does that.
LabParams labParamsFromJson(std::string_view json, LabParams base = {});
SteeringParams steeringParamsFromJson(std::string_view json, SteeringParams base = {});

}  // namespace flocklab
