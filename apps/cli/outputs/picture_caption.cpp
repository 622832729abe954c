// Captions of a run's pictures. Design: the settings that differ are found by comparing the
// model's current parameters with its preset's defaults key by key through the registry's
// description, so a new parameter or model is captioned without an edit here.
#include "outputs/picture_caption.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <variant>
#include <vector>

#include "flocklab/text_excerpt.hpp"
#include "runs/counted.hpp"
#include "support/cli_messages.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

// One changed setting as the caption names it.
std::string settingText(const ParamSpec& spec, const ParamValue& value) {
  const std::string name = flagName(spec.key);
  if (const bool* on = std::get_if<bool>(&value)) return *on ? name : "no " + name;  // as the flag is given
  if (const auto* list = std::get_if<std::vector<std::string>>(&value)) {
    const std::string plural = name.back() == 's' ? name : name + "s";  // "species" stays as it is
    if (list->empty()) return "no " + plural;
    if (list->size() == 1) return name + " " + list->front();
    return fmt::format("{} {}", list->size(), plural);
  }
  const std::string shown = showValue(value);
  return shown.empty() ? "no " + name : name + " " + shown;
}

}  // namespace

std::string changedSettings(const ParamSet& defaults, const ParamSet& params, std::size_t most) {
  const std::string form = params.model().form(params);
  std::vector<std::string> items;
  for (const ParamSpec& spec : params.model().params) {
    const ParamValue value = params.get(spec.key);
    if (value == defaults.get(spec.key)) continue;
    std::string text = settingText(spec, value);
    if (text != form) items.push_back(std::move(text));  // a switch the label names as the form ("sync")
  }
  std::string text;
  for (std::size_t k = 0; k < items.size() && k < most; ++k) text += (k ? ", " : "") + items[k];
  if (items.size() > most) text += fmt::format(", +{} more", items.size() - most);
  return text;
}

std::string pictureCaption(const ModelSetup& setup, const RunOptions& options, std::optional<std::uint64_t> step) {
  const ModelDescription& model = *setup.model;
  const std::size_t count = setup.simulation->flock().size();
  std::string caption = setup.label + " - " + counted(count, model.countUnit);
  if (!options.initFile.empty())
    caption += " - start " + excerpt(std::filesystem::path(options.initFile).filename().string(), kPathChars);
  if (setup.seedUsed) caption += fmt::format(" - seed {}", options.seed);
  if (step) caption += fmt::format(" - step {}", *step);
  const std::string changed = changedSettings(model.defaults(setup.preset), model.current(*setup.simulation));
  if (!changed.empty()) caption += " - " + changed;
  std::string ramps;
  for (const runs::Ramp& ramp : setup.ramps) ramps += (ramps.empty() ? " - ramp " : ", ") + ramp.text;
  return caption + ramps;
}

}  // namespace flocklab::cli
