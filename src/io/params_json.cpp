// JSON for model parameters, the registry and metrics. Design: every conversion reads the
// registry's tables (flocklab/model.hpp, flocklab/metric_schema.hpp), so no model or metric is
// named here.
#include "flocklab/io/params_json.hpp"

#include <cstdint>
#include <stdexcept>

#include "flocklab/io/json_text.hpp"
#include "flocklab/metric_schema.hpp"
#include "flocklab/registry.hpp"
#include "flocklab/text_excerpt.hpp"
#include "models/param_text.hpp"

namespace flocklab {
namespace {

using Json = nlohmann::ordered_json;

const char* kindName(ParamKind kind) {
  switch (kind) {
    case ParamKind::Number: return "number";
    case ParamKind::Switch: return "switch";
    case ParamKind::Choice: return "choice";
    case ParamKind::Text: return "text";
    default: return "text_list";
  }
}

// A whole-number parameter reads "dims": 3, as a person writes it, not 3.0.
Json valueJson(const ParamSpec& spec, const ParamValue& value) {
  return spec.whole ? Json(static_cast<std::int64_t>(std::get<double>(value))) : paramToJson(value);
}

Json specJson(const ParamSpec& s, const ParamValue& value) {
  Json j{{"key", s.key},   {"unit", s.unit},
         {"help", s.help}, {"kind", kindName(s.kind)},
         {"live", s.live}, {"default", valueJson(s, value)}};
  if (s.kind == ParamKind::Number) {
    j["min"] = s.min;
    j["min_open"] = s.minOpen;
    if (!std::isinf(s.max)) j["max"] = s.max;
    j["max_open"] = s.maxOpen;
    j["range"] = numberRange(s);
    j["slider"] = {{"min", s.sliderMin}, {"max", s.sliderMax}, {"step", s.sliderStep}};
  }
  if (!s.choices.empty()) j["choices"] = s.choices;
  if (!s.grammar.empty()) j["grammar"] = s.grammar;
  if (!s.aliases.empty()) j["aliases"] = s.aliases;
  return j;
}

}  // namespace

std::string canonicalKey(std::string_view key) {
  std::string out(key);
  for (char& c : out)
    if (c == '-') c = '_';
  return out;
}

std::optional<ParamValue> paramFromJson(const ParamSpec& spec, const nlohmann::json& v, std::string& expected) {
  switch (spec.kind) {
    case ParamKind::Number:
      expected = "a number";
      if (v.is_number()) return ParamValue(v.get<double>());
      return std::nullopt;
    case ParamKind::Switch:
      expected = "true or false";
      if (v.is_boolean()) return ParamValue(v.get<bool>());
      return std::nullopt;
    case ParamKind::Choice:
    case ParamKind::Text:
      expected = "a string";
      if (v.is_string()) return ParamValue(v.get<std::string>());
      return std::nullopt;
    default: {
      expected = "a list of strings";
      if (!v.is_array()) return std::nullopt;
      std::vector<std::string> items;
      for (const auto& item : v) {
        if (item.is_string()) {
          items.push_back(item.get<std::string>());
        } else if (item.is_array() && !item.empty()) {  // [x, y, r]: the page's older links
          std::string joined;
          for (const auto& n : item) {
            if (!n.is_number()) return std::nullopt;
            joined += (joined.empty() ? "" : ",") + writeDecimal(n.get<double>());
          }
          items.push_back(joined);
        } else {
          return std::nullopt;
        }
      }
      return ParamValue(items);
    }
  }
}

Json paramToJson(const ParamValue& value) {
  return std::visit([](const auto& v) { return Json(v); }, value);
}

Json paramsToJson(const ParamSet& params) {
  Json j = Json::object();
  for (const ParamSpec& spec : params.model().params) {
    j[spec.key] = valueJson(spec, params.get(spec.key));
  }
  return j;
}

void readParamsJson(ParamSet& params, std::string_view text) {
  const nlohmann::json j = parseJsonText(text);  // JsonTextError is a std::invalid_argument
  if (!j.is_object()) throw std::invalid_argument("parameters must be a JSON object (got " + jsonExcerpt(j) + ")");
  for (const auto& [name, value] : j.items()) {
    const ParamSpec* spec = params.model().findParam(canonicalKey(name));
    if (!spec)
      throw std::invalid_argument("unknown parameter '" + excerpt(name) + "' of the " + params.model().name + " model");
    std::string expected;
    const auto v = paramFromJson(*spec, value, expected);
    if (!v)
      throw std::invalid_argument("parameter '" + excerpt(name) + "' must be " + expected + " (got " +
                                  jsonExcerpt(value) + ")");
    params.set(spec->key, *v);
  }
}

Json metricsToJson(const Metrics& m, const std::vector<MetricSpec>& metrics) {
  Json j = Json::object();
  for (const MetricSpec& spec : metrics) {
    if (spec.whole) j[spec.key] = static_cast<std::uint64_t>(metricValue(spec, m));
    else j[spec.key] = metricValue(spec, m);
  }
  return j;
}

std::string registryJson() {
  Json all = Json::array();
  for (const ModelDescription* m : models()) {
    const ParamSet defaults = m->defaults();
    Json params = Json::array();
    for (const ParamSpec& spec : m->params) params.push_back(specJson(spec, defaults.get(spec.key)));
    Json presets = Json::array();
    for (const PresetSpec& p : m->presets)
      presets.push_back({{"name", p.name},
                         {"summary", p.summary},
                         {"count", p.count},
                         {"params", paramsToJson(m->defaults(p.name))}});
    all.push_back({{"name", m->name},
                   {"title", m->title},
                   {"summary", m->summary},
                   {"doc", m->doc},
                   {"default_count", m->countFor("")},
                   {"default_steps", m->defaultSteps},
                   {"count_unit", m->countUnit},
                   {"length_unit", m->lengthUnit},
                   {"time_step", m->timeStepKey},
                   {"groups_link", m->groupsLink},
                   {"neighbors_count", m->neighborsCount},
                   {"params", params},
                   {"presets", presets}});
  }
  Json metrics = Json::array();
  for (const MetricSpec& s : metricSchema())
    metrics.push_back({{"key", s.key},
                       {"label", s.label},
                       {"unit", s.unit},
                       {"description", s.description},
                       {"whole", s.whole},
                       {"digits", s.digits}});
  return Json{{"models", all}, {"metrics", metrics}}.dump();
}

}  // namespace flocklab
