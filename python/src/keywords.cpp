// Keywords to options. The start's keywords are checked here with the command's rules (a count
// of at least 1, a seed in [0, 2^64)); model parameters are turned into texts and checked by the
// model's description, as the command's flags are.
#include "keywords.hpp"

#include <fmt/format.h>

#include <cctype>
#include <limits>
#include <vector>

#include "flocklab/io/state_csv.hpp"
#include "flocklab/registry.hpp"
#include "runs/model_setup.hpp"
#include "runs/nearest_name.hpp"
#include "runs/run_file.hpp"

namespace py = pybind11;

namespace flocklab::python {
namespace {

// One scalar value as the command line's text, or nothing for a kind no option takes.
std::optional<std::string> scalarText(const py::handle& value) {
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::int_>(value)) return std::string(py::str(value));
  if (py::isinstance<py::float_>(value)) return numberText(value.cast<double>());
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  // numpy's scalars (np.float64, np.int64) through their Python value
  if (py::hasattr(value, "item") && py::hasattr(value, "dtype")) return scalarText(value.attr("item")());
  return std::nullopt;
}

// The texts of keyword `key` for a parameter of `kind` (nullptr: not a parameter of the model;
// the command's set-up names that).
std::vector<std::string> texts(const std::string& key, const py::handle& value, const ParamSpec* spec) {
  const bool list = spec && spec->kind == ParamKind::TextList;
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    if (spec && !list) throw py::type_error(fmt::format("{} takes one value, not a {}", key, typeName(value)));
    std::vector<std::string> out;
    for (const py::handle item : value) {
      const auto text = scalarText(item);
      if (!text) throw py::type_error(fmt::format("{} takes texts, not a {} in its list", key, typeName(item)));
      out.push_back(*text);
    }
    return out;
  }
  const auto text = scalarText(value);
  if (!text)
    throw py::type_error(fmt::format("{} takes a number, true or false, or a text (got a {})", key, typeName(value)));
  return {*text};
}

// Python's own int, for a bool-free int or anything with __index__ (numpy's integers).
py::int_ wholeValue(const char* key, const py::handle& value) {
  if (py::isinstance<py::bool_>(value) || !(py::isinstance<py::int_>(value) || py::hasattr(value, "__index__")))
    throw py::type_error(fmt::format("{} takes a whole number (got a {})", key, typeName(value)));
  PyObject* whole = PyNumber_Index(value.ptr());
  if (!whole) throw py::error_already_set();
  return py::reinterpret_steal<py::int_>(whole);
}

}  // namespace

std::string typeName(const py::handle& value) { return py::str(py::type::handle_of(value).attr("__name__")); }

std::int64_t wholeKeyword(const char* key, const py::handle& value) {
  const py::int_ whole = wholeValue(key, value);
  try {
    return whole.cast<std::int64_t>();
  } catch (const py::cast_error&) {
    throw py::value_error(fmt::format("{} must be at most {} (got {})", key, std::numeric_limits<std::int64_t>::max(),
                                      std::string(py::repr(whole))));
  }
}

std::uint64_t seedKeyword(const char* key, const py::handle& value) {
  const py::int_ whole = wholeValue(key, value);
  // Every seed the command takes, and only those: 0 to 2^64-1.
  const bool negative = whole < py::int_(0);
  const unsigned long long seed = negative ? 0 : PyLong_AsUnsignedLongLong(whole.ptr());
  if (negative || (seed == static_cast<unsigned long long>(-1) && PyErr_Occurred())) {
    PyErr_Clear();
    throw py::value_error(fmt::format("{} must be a whole number from 0 to 2^64-1 ({}) (got {})", key,
                                      std::numeric_limits<std::uint64_t>::max(), std::string(py::repr(whole))));
  }
  return seed;
}

std::string textKeyword(const char* key, const py::handle& value) {
  if (!py::isinstance<py::str>(value) && !py::hasattr(value, "__fspath__"))
    throw py::type_error(fmt::format("{} takes a text (got a {})", key, typeName(value)));
  const py::object path = py::module_::import("os").attr("fspath")(value);
  if (!py::isinstance<py::str>(path))
    throw py::type_error(fmt::format("{} takes a text path, not {}", key, typeName(path)));
  return path.cast<std::string>();
}

std::string numberText(double value) { return roundTrip(value); }

std::string asKeywords(std::string_view marked) {
  return spellKeys(marked, [](std::string_view key) { return std::string(key); });
}

namespace {

// The keywords a Simulation takes besides its model's parameters.
const std::vector<std::string> kRunKeywords = {"model", "config",  "count",   "seed",      "preset",
                                               "init",  "density", "threads", "neighbors", "ramp"};

// One whole sentence for a keyword that no parameter of `m` and no run keyword answers to: the
// nearest name when one is close, and where steps belong.
std::string unknownKeywordMessage(const ModelDescription& m, const std::string& name) {
  if (name == "steps" || name == "every")
    return fmt::format("{} is not a setting of the simulation: give it to step(n) or run(steps, every)", name);
  std::vector<std::string> known = kRunKeywords;
  for (const ParamSpec& spec : m.params) known.push_back(spec.key);
  const std::string guess = runs::nearestName(name, known);
  return fmt::format("model {} has no parameter '{}'{}; flocklab.models() lists each model's parameters", m.name, name,
                     guess.empty() ? "" : " (did you mean " + guess + "?)");
}

}  // namespace

runs::RunOptions runOptions(const py::kwargs& keywords) {
  runs::RunOptions o;
  py::dict rest;
  for (const auto& [name, value] : keywords) rest[name] = value;
  // A run file first: the keywords win over it, as the command line does.
  if (rest.contains("config") && !rest["config"].is_none()) {
    const std::string path = textKeyword("config", rest["config"]);
    translated([&] {
      runs::applyRunFile(runs::readRunFile(path), path, o,
                         [&](const std::string& key) { return rest.contains(key) && !rest[py::str(key)].is_none(); });
    });
  }
  if (rest.contains("model") && !rest["model"].is_none()) o.model = textKeyword("model", rest["model"]);
  for (const auto& [nameHandle, value] : rest) {
    const std::string name = py::str(nameHandle);
    if (value.is_none() || name == "config" || name == "model") continue;
    if (name == "count") {
      o.count = wholeKeyword("count", value);
    } else if (name == "seed") {
      o.seed = seedKeyword("seed", value);
      o.seedGivenBy = markKey("seed");
    } else if (name == "preset") {
      o.preset = textKeyword("preset", value);
    } else if (name == "init") {
      o.initFile = textKeyword("init", value);
    } else if (name == "ramp") {
      o.ramps = texts(name, value, nullptr);  // one text or a list, each KEY=FROM:TO@A-B
    } else if (name == "density") {
      if (py::isinstance<py::bool_>(value) || (!py::isinstance<py::float_>(value) && !py::isinstance<py::int_>(value)))
        throw py::type_error(fmt::format("density takes a number (got a {})", typeName(value)));
      o.density = value.cast<double>();
    } else {
      const ModelDescription* m = findModel(o.model);
      const ParamSpec* spec = m ? m->findParam(name) : nullptr;
      if (m && !spec && name.find('.') == std::string::npos && runs::ownersOf(name).empty())
        throw py::value_error(unknownKeywordMessage(*m, name));
      o.params[name] = texts(name, value, spec);
    }
  }
  return o;
}

}  // namespace flocklab::python
