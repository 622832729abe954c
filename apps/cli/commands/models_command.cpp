// `flocklab models`. Design: everything printed comes from the registry, so the docs' tables,
// the help and this listing cannot drift apart (a test compares the docs with parameterTable).
#include "commands/models_command.hpp"

#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <cmath>
#include <cstdio>

#include "flocklab/io/params_json.hpp"
#include "flocklab/registry.hpp"
#include "runs/counted.hpp"
#include "runs/model_setup.hpp"
#include "runs/usage_error.hpp"
#include "support/cli_messages.hpp"

namespace flocklab::cli {

using namespace runs;  // the command line is written over the run library (apps/runs)
namespace {

// "> 0", ">= 0", "(0, 360]", "wrap, walls", "" for texts.
std::string rangeOf(const ParamSpec& s) {
  switch (s.kind) {
    case ParamKind::Number: return numberRange(s);
    case ParamKind::Switch: return "on or off";
    case ParamKind::Choice: {
      std::string words;
      for (const std::string& c : s.choices) words += (words.empty() ? "" : ", ") + c;
      return words;
    }
    default: return s.grammar;
  }
}

std::string flagOf(const ParamSpec& s) { return "--" + flagName(s.key); }

std::string defaultOf(const ModelDescription& m, const ParamSpec& s) {
  const std::string shown = showValue(m.defaults().get(s.key));
  if (s.kind == ParamKind::Switch) return shown == "true" ? "on" : "off";
  return shown.empty() ? "none" : shown;
}

std::string listing(const ModelDescription& m) {
  std::string out = fmt::format("{}: {}\n  {}\n", m.name, m.title, m.summary);
  out +=
      fmt::format("  default: {} {}, {} steps; specified in {}\n", m.countFor(""), m.countUnit, m.defaultSteps, m.doc);
  if (!m.presets.empty()) {
    out += "  presets (--preset):\n";
    for (const PresetSpec& p : m.presets)
      out += fmt::format("    {:<10} {} ({} {})\n", p.name, p.summary, p.count, m.countUnit);
  }
  out += "  parameters:\n";
  for (const ParamSpec& s : m.params)
    out += fmt::format("    {:<24} {:<18} {:<14} {}{}\n", flagOf(s), defaultOf(m, s), rangeOf(s), s.help,
                       s.unit.empty() ? "" : " (" + s.unit + ")");
  out += fmt::format("  groups link {}; {} counts {}\n", m.groupsLink, inUnit("neighbours per boid", m.countUnit),
                     m.neighborsCount);
  return out;
}

}  // namespace

std::string parameterTable(const std::string& name) {
  const ModelDescription& m = model(name);
  std::string out = "| flag (run-file key) | unit | default | range | meaning |\n|---|---|---|---|---|\n";
  for (const ParamSpec& s : m.params)
    out += fmt::format("| `{}` (`{}`) | {} | {} | {} | {} |\n", flagOf(s), s.key, s.unit.empty() ? "-" : s.unit,
                       defaultOf(m, s), rangeOf(s), s.help);
  return out;
}

CLI::App* addModelsCommand(CLI::App& app, ModelsOptions& o) {
  CLI::App* models = app.add_subcommand("models", "List the models and every parameter each takes");
  models->add_option("model", o.model, "Only this model");
  models->add_flag("--json", o.json, "The registry as JSON (models, parameters, presets, metrics)");
  models->add_flag("--markdown", o.markdown, "The parameter table as Markdown, as the docs show it");
  return models;
}

int executeModels(const ModelsOptions& o) {
  // The model is the command's positional argument here, not --model.
  if (!o.model.empty() && findModel(o.model) == nullptr)
    throw UsageError(fmt::format("flocklab models takes {} (got {})", modelNames(), o.model));
  std::string out;
  if (o.json) {
    out = registryJson() + "\n";
  } else {
    for (const ModelDescription* m : models()) {
      if (!o.model.empty() && m->name != o.model) continue;
      out += o.markdown ? "## " + m->name + "\n\n" + parameterTable(m->name) + "\n" : listing(*m) + "\n";
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

}  // namespace flocklab::cli
