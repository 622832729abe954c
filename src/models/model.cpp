// The generic half of a model description: one value check for every front end, ParamSet's
// get and set by key, and the lookups the front ends use.
#include "flocklab/model.hpp"

#include <stdexcept>

#include "flocklab/keyed_message.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/word_list.hpp"
#include "models/param_text.hpp"

namespace flocklab {
namespace {

std::string kindName(ParamKind kind) {
  switch (kind) {
    case ParamKind::Number: return "a number";
    case ParamKind::Switch: return "true or false";
    case ParamKind::Choice: return "a word";
    case ParamKind::Text: return "a text";
    default: return "a list of texts";
  }
}

bool fitsKind(ParamKind kind, const ParamValue& value) {
  switch (kind) {
    case ParamKind::Number: return std::holds_alternative<double>(value);
    case ParamKind::Switch: return std::holds_alternative<bool>(value);
    case ParamKind::Choice:
    case ParamKind::Text: return std::holds_alternative<std::string>(value);
    default: return std::holds_alternative<std::vector<std::string>>(value);
  }
}

}  // namespace

std::string numberRange(const ParamSpec& s) {
  if (!s.rangeName.empty()) return s.rangeName;
  const std::string low = writeDecimal(s.min);
  if (std::isinf(s.max)) return (s.minOpen ? "> " : ">= ") + low;
  const std::string high = s.maxName.empty() ? writeDecimal(s.max) : s.maxName;
  return (s.minOpen ? "(" : "[") + low + ", " + high + (s.maxOpen ? ")" : "]");
}

bool ParamSpec::answersTo(std::string_view name) const {
  if (name == key) return true;
  for (const std::string& alias : aliases)
    if (name == alias) return true;
  return false;
}

std::string showValue(const ParamValue& value) {
  if (const auto* d = std::get_if<double>(&value)) return writeDecimal(*d);
  if (const auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (const auto* s = std::get_if<std::string>(&value)) return *s;
  std::string out;
  for (const std::string& item : std::get<std::vector<std::string>>(value)) out += (out.empty() ? "" : " ") + item;
  return out;
}

std::string valueProblem(const ParamSpec& spec, const ParamValue& value) {
  if (!fitsKind(spec.kind, value)) return "must be " + kindName(spec.kind);
  if (spec.kind == ParamKind::Number) {
    const double v = std::get<double>(value);
    const bool below = v < spec.min || (spec.minOpen && v == spec.min);
    const bool above = v > spec.max || (spec.maxOpen && v == spec.max);
    if (!std::isfinite(v) || below || above)
      return spec.rangeName.empty()
                 ? "must be a finite number " + std::string(std::isinf(spec.max) ? "" : "in ") + numberRange(spec) +
                       (spec.maxName.empty() ? "" : ", " + spec.maxName + " being " + writeDecimal(spec.max)) +
                       " (got " + writeDecimal(v) + ")"
                 : "must be " + spec.rangeName + " (got " + writeDecimal(v) + ")";
    if (spec.whole && v != std::floor(v))
      return "must be " + (spec.rangeName.empty() ? std::string("a whole number") : spec.rangeName) + " (got " +
             writeDecimal(v) + ")";
  }
  if (spec.kind == ParamKind::Choice) {
    const std::string& word = std::get<std::string>(value);
    bool known = false;
    for (const std::string& c : spec.choices) known = known || c == word;
    if (!known) return "must be " + wordList(spec.choices) + " (got " + excerpt(word) + ")";
  }
  return "";
}

const ParamSpec* ModelDescription::findParam(std::string_view name) const {
  for (const ParamSpec& p : params)
    if (p.answersTo(name)) return &p;
  return nullptr;
}

const PresetSpec* ModelDescription::findPreset(std::string_view name) const {
  for (const PresetSpec& p : presets)
    if (p.name == name) return &p;
  return nullptr;
}

std::size_t ModelDescription::countFor(std::string_view preset) const {
  if (const PresetSpec* p = preset.empty() && !presets.empty() ? &presets.front() : findPreset(preset)) return p->count;
  return defaultCount;
}

std::vector<MetricSpec> ModelDescription::metrics(const ParamSet& params) const {
  std::vector<MetricSpec> all = metricSchema();
  for (MetricSpec& extra : extraMetrics(params)) all.push_back(std::move(extra));
  return all;
}

namespace {
std::string noParameter(const ModelDescription& model, std::string_view key) {
  return "the " + model.name + " model has no parameter '" + excerpt(key) + "'";
}
}  // namespace

ParamValue ModelDescription::readDotted(const std::any&, std::string_view name) const {
  throw std::invalid_argument(noParameter(*this, name));
}

void ModelDescription::writeDotted(std::any&, std::string_view name, const ParamValue&) const {
  throw std::invalid_argument(noParameter(*this, name));
}

ParamValue ParamSet::get(std::string_view key) const {
  const ParamSpec* spec = model_->findParam(key);
  if (!spec) return model_->readDotted(values_, key);
  return model_->read(values_, *spec);
}

void ParamSet::set(std::string_view key, const ParamValue& value) {
  const ParamSpec* spec = model_->findParam(key);
  if (!spec) return model_->writeDotted(values_, key, value);
  if (const std::string problem = valueProblem(*spec, value); !problem.empty())
    throw KeyedError(markKey(spec->key) + " " + problem);
  model_->write(values_, *spec, value);
}

std::string ParamSet::problem() const { return plainKeys(markedProblem()); }

std::string ParamSet::markedProblem() const {
  for (const ParamSpec& spec : model_->params)
    if (const std::string p = valueProblem(spec, model_->read(values_, spec)); !p.empty())
      return markKey(spec.key) + " " + p;
  return markedCrossProblem();
}

std::string ParamSet::markedCrossProblem() const { return model_->crossProblem(values_); }

std::string presetNames(const ModelDescription& model) {
  std::vector<std::string> names;
  for (const PresetSpec& p : model.presets) names.push_back(p.name);
  return wordList(names);
}

}  // namespace flocklab
