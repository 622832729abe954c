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
#include "runs/run_file.hpp"
#include "runs/start_count.hpp"
#include "runs/unknown_param.hpp"

namespace py = pybind11;

namespace flocklab::python {
namespace {

// One scalar value of keyword `key` as the command line's text, or nothing for a kind no
// option takes.
std::optional<std::string> scalarText(const std::string& key, const py::handle& value) {
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::int_>(value)) return std::string(py::str(value));
  if (py::isinstance<py::float_>(value)) return writeDecimal(value.cast<double>());
  if (py::isinstance<py::str>(value)) return utf8Text(key, value);
  // numpy's scalars (np.float64, np.int64) through their Python value
  if (py::hasattr(value, "item") && py::hasattr(value, "dtype")) return scalarText(key, value.attr("item")());
  return std::nullopt;
}

// The first lone surrogate of `text` (a str that UTF-8 cannot hold) and its index.
std::string surrogateAt(const py::handle& text) {
  const Py_ssize_t length = PyUnicode_GetLength(text.ptr());
  for (Py_ssize_t at = 0; at < length; ++at) {
    const Py_UCS4 c = PyUnicode_ReadChar(text.ptr(), at);
    if (c >= 0xD800 && c <= 0xDFFF) return fmt::format("the lone surrogate \\u{:04x} at index {}", c, at);
  }
  return "a character UTF-8 cannot hold";
}

// The texts of keyword `ramp`: one text or a list of texts, each KEY=FROM:TO@A-B.
std::vector<std::string> rampTexts(const py::handle& value) {
  const bool list = py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value);
  std::vector<std::string> out;
  const py::iterable items = list ? py::reinterpret_borrow<py::iterable>(value) : py::iterable(py::make_tuple(value));
  for (const py::handle item : items) {
    if (!py::isinstance<py::str>(item))
      throw py::type_error(fmt::format("ramp takes a text KEY=FROM:TO@A-B or a list of them (got a {}{})",
                                       typeName(item), list ? " in the list" : ""));
    out.push_back(utf8Text("ramp", item));
  }
  return out;
}

// The texts of keyword `key` for a parameter of `kind` (nullptr: not a parameter of the model;
// the command's set-up names that).
std::vector<std::string> texts(const std::string& key, const py::handle& value, const ParamSpec* spec) {
  const bool list = spec && spec->kind == ParamKind::TextList;
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    if (spec && !list) throw py::type_error(fmt::format("{} takes one value, not a {}", key, typeName(value)));
    std::vector<std::string> out;
    for (const py::handle item : value) {
      const auto text = scalarText(key, item);
      if (!text) throw py::type_error(fmt::format("{} takes texts, not a {} in its list", key, typeName(item)));
      out.push_back(*text);
    }
    return out;
  }
  const auto text = scalarText(key, value);
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
  // Every seed the command takes, and only those, with the run library's words.
  const std::string text = py::str(wholeValue(key, value));
  if (const std::string problem = runs::seedProblem(text); !problem.empty())
    throw py::value_error(std::string(key) + " " + problem);
  return runs::seedFrom(text);
}

void raiseMessage(PyObject* type, const std::string& message) {
  PyObject* text = PyUnicode_DecodeUTF8(message.data(), static_cast<Py_ssize_t>(message.size()), "backslashreplace");
  if (text) {
    PyErr_SetObject(type, text);
    Py_DECREF(text);
  }
  throw py::error_already_set();
}

bool isUtf8(const std::string& bytes) {
  PyObject* text = PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "strict");
  if (!text) {
    PyErr_Clear();
    return false;
  }
  Py_DECREF(text);
  return true;
}

std::string utf8Text(const std::string& key, const py::handle& text) {
  Py_ssize_t size = 0;
  const char* bytes = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (bytes) return std::string(bytes, static_cast<std::size_t>(size));
  PyErr_Clear();
  throw py::value_error(fmt::format("{} is not valid text: it holds {}", key, surrogateAt(text)));
}

namespace {

// os.fspath(value) of a str or os.PathLike of str; TypeError naming `key` otherwise.
py::object strPath(const char* key, const py::handle& value) {
  if (!py::isinstance<py::str>(value) && !py::hasattr(value, "__fspath__"))
    throw py::type_error(fmt::format("{} takes a text (got a {})", key, typeName(value)));
  py::object path = py::module_::import("os").attr("fspath")(value);
  if (!py::isinstance<py::str>(path))
    throw py::type_error(fmt::format("{} takes a text path, not {}", key, typeName(path)));
  return path;
}

}  // namespace

std::string textKeyword(const char* key, const py::handle& value) { return utf8Text(key, strPath(key, value)); }

std::string pathKeyword(const char* key, const py::handle& value) {
  const py::object path = strPath(key, value);
  PyObject* bytes = PyUnicode_EncodeFSDefault(path.ptr());  // os.fsencode: surrogateescape gives the bytes back
  if (!bytes) {
    PyErr_Clear();
    throw py::value_error(
        fmt::format("{} cannot name a file: it holds {}, which no file name has", key, surrogateAt(path)));
  }
  return std::string(py::reinterpret_steal<py::bytes>(bytes));
}

std::string asKeywords(std::string_view marked) {
  return spellKeys(marked, [](std::string_view key) { return std::string(key); });
}

namespace {

// The keywords a Simulation takes besides its model's parameters.
const std::vector<std::string> kRunKeywords = {"model", "config",  "count",   "seed",      "preset",
                                               "init",  "density", "threads", "neighbors", "ramp"};

// One whole sentence for a keyword that no parameter of `m` and no run keyword answers to: the
// run library's, with Python's calls and keywords.
std::string unknownKeywordMessage(const ModelDescription& m, const std::string& name) {
  return asKeywords(
      runs::unknownParamMessage(m, name, {kRunKeywords, "step(n) or run(steps, every)", "flocklab.models()"}));
}

}  // namespace

runs::RunOptions runOptions(const py::kwargs& keywords) {
  runs::RunOptions o;
  py::dict rest;
  for (const auto& [name, value] : keywords) rest[name] = value;
  // A run file first: the keywords win over it, as the command line does.
  if (rest.contains("config") && !rest["config"].is_none()) {
    const std::string path = pathKeyword("config", rest["config"]);
    translated([&] {
      runs::applyRunFile(runs::readRunFile(path), path, o,
                         [&](const std::string& key) { return rest.contains(key) && !rest[py::str(key)].is_none(); });
    });
  }
  if (rest.contains("model") && !rest["model"].is_none()) o.model = textKeyword("model", rest["model"]);
  for (const auto& [nameHandle, value] : rest) {
    const std::string name = utf8Text("a keyword's name", nameHandle);
    if (value.is_none() || name == "config" || name == "model") continue;
    if (name == "count") {
      o.count = wholeKeyword("count", value);
    } else if (name == "seed") {
      o.seed = seedKeyword("seed", value);
      o.seedGivenBy = markKey("seed");
    } else if (name == "preset") {
      o.preset = textKeyword("preset", value);
    } else if (name == "init") {
      o.initFile = pathKeyword("init", value);
    } else if (name == "ramp") {
      o.ramps = rampTexts(value);
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

DoubleArray numbers(const char* name, const pybind11::handle& value) {
  const bool text = pybind11::isinstance<pybind11::str>(value) || pybind11::isinstance<pybind11::bytes>(value);
  DoubleArray a = value.is_none() || text ? DoubleArray() : DoubleArray::ensure(value);
  if (value.is_none() || text || !a)
    throw pybind11::type_error(
        fmt::format("{} takes an array of numbers, shape (n, dims) (got a {})", name, typeName(value)));
  return a;
}

}  // namespace flocklab::python
