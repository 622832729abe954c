#pragma once
// Model parameters, the registry and metrics as JSON: for run files, the browser lab's
// controls and share links, and any other front end. Keys are the registry's snake_case keys.
// Part of the flocklab::json target (the core itself needs no JSON library).
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "flocklab/metrics.hpp"
#include "flocklab/model.hpp"

namespace flocklab {

/// A key as the registry spells it: dashes become underscores ("max-speed" -> "max_speed").
std::string canonicalKey(std::string_view key);

/// `value` as a value of `spec`'s kind, or nothing when its JSON type does not fit (then
/// `expected` says what would: "a number", "true or false", "a list of strings").
/// A list of obstacles may hold [x, y, r] arrays as well as "x,y,r" texts.
std::optional<ParamValue> paramFromJson(const ParamSpec& spec, const nlohmann::json& value, std::string& expected);
/// A parameter value as JSON.
nlohmann::ordered_json paramToJson(const ParamValue& value);

/// Every parameter of `params` as one JSON object, in the table's order.
nlohmann::ordered_json paramsToJson(const ParamSet& params);
/// Sets the keys present in the JSON object `text` (keys, aliases or dashed spellings) on
/// `params`. Throws std::invalid_argument naming the key for an unknown key, a value of the
/// wrong type or out of range ("max_speed must be a finite number > 0 (got 0)"), and
/// JsonTextError (one) for text that is not bounded JSON (flocklab/io/json_text.hpp); keys and
/// values are quoted as excerpts.
void readParamsJson(ParamSet& params, std::string_view text);

/// The metrics as a JSON object keyed by the metric schema.
nlohmann::ordered_json metricsToJson(const Metrics& metrics, const std::vector<MetricSpec>& specs = metricSchema());

/// The registry as JSON: every model with its parameters (key, unit, help, kind, range,
/// slider, live, default), presets (with their parameters) and what its metrics link and
/// count; and the metric schema. What the browser lab builds its controls from.
std::string registryJson();

}  // namespace flocklab
