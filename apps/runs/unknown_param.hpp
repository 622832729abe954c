#pragma once
// The one message for a parameter a model does not have, for every front end: the command's
// ramps and species keys, Python's keywords and the JavaScript package's options (through the
// WebAssembly glue, which compiles this file in). The name as the caller typed it is matched
// against the model's keys whatever its style (maxSped, max-sped and max_sped alike), and the
// suggestion is a marked key (flocklab/keyed_message.hpp), which each front end spells its way:
// --max-speed, max_speed, maxSpeed.
#include <string>
#include <string_view>
#include <vector>

#include "flocklab/model.hpp"

namespace flocklab::runs {

/// "model M has no parameter 'typed'", with " (did you mean K?)" when a key of the model or one
/// of `settings` (the front end's own settings, as keys) is near enough to be meant
/// (nearest_name.hpp); K marked.
std::string noSuchParameter(const ModelDescription& model, std::string_view typed,
                            const std::vector<std::string>& settings = {});

/// What a front end's messages call its own settings and calls.
struct FrontEndWords {
  std::vector<std::string> settings;  ///< the run's settings besides the model's parameters, as keys
  std::string stepCall;               ///< where a step count goes: "step(n)"
  std::string modelsCall;             ///< what lists each model's parameters: "models()"
};

/// The whole sentence for a keyword or option `typed` that no parameter of `model` and no
/// setting answers to: for "steps" and "every", that they are no setting and go to
/// words.stepCall; else noSuchParameter and where the parameters are listed.
std::string unknownParamMessage(const ModelDescription& model, std::string_view typed, const FrontEndWords& words);

}  // namespace flocklab::runs
