// The message for a parameter a model does not have (see the header).
#include "runs/unknown_param.hpp"

#include <cctype>

#include "flocklab/keyed_message.hpp"
#include "flocklab/text_excerpt.hpp"
#include "runs/nearest_name.hpp"

namespace flocklab::runs {
namespace {

// "maxSped" and "max-sped" as a key is written: "max_sped".
std::string asKey(std::string_view typed) {
  std::string key;
  for (const char c : typed) {
    if (std::isupper(static_cast<unsigned char>(c))) {
      if (!key.empty()) key += '_';
      key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      key += c == '-' && !key.empty() ? '_' : c;
    }
  }
  return key;
}

}  // namespace

std::string noSuchParameter(const ModelDescription& model, std::string_view typed,
                            const std::vector<std::string>& settings) {
  std::vector<std::string> known = settings;
  for (const ParamSpec& spec : model.params) known.push_back(spec.key);
  const std::string guess = nearestName(asKey(typed), known);
  return "model " + model.name + " has no parameter '" + excerpt(typed) + "'" +
         (guess.empty() ? "" : " (did you mean " + markKey(guess) + "?)");
}

std::string unknownParamMessage(const ModelDescription& model, std::string_view typed, const FrontEndWords& words) {
  if (typed == "steps" || typed == "every")
    return std::string(typed) + " is not a setting of the simulation: give it to " + words.stepCall;
  return noSuchParameter(model, typed, words.settings) + "; " + words.modelsCall + " lists each model's parameters";
}

}  // namespace flocklab::runs
