#pragma once
// Python keywords as `flocklab run`'s options. Design: a keyword is a registry key, so a
// Simulation's keywords, a run file's keys and the command's flags (with dashes) say the same
// things; the values become the texts the command line would hold and go through the command's
// own set-up (apps/runs/model_setup.hpp), so that a Python run is the run of the same command,
// bit for bit, and a bad value gets the command's message with the flags written as keywords.
#include <pybind11/pybind11.h>

#include <string>
#include <string_view>

#include "runs/atomic_file.hpp"
#include "runs/run_options.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::python {

/// The model options given as keywords: "model", the start ("count", "seed", "preset",
/// "density", the start file "init", the run file "config") and every model parameter (bool, int, float, str
/// or a list of them for a repeatable one such as obstacle or species; None leaves the
/// default). Throws TypeError for a value of a kind the parameter cannot take, ValueError (via
/// keywordError) for the rest.
runs::RunOptions runOptions(const pybind11::kwargs& keywords);

/// A message of the engine or the run library with its marked keys written as Python keywords
/// (flocklab/keyed_message.hpp): a keyword is the key itself, "max_speed must be ...".
std::string asKeywords(std::string_view marked);

/// Runs `work`, turning the run library's UsageError into ValueError (with asKeywords' message) and
/// its OutputError into OSError.
template <class Work>
auto translated(Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const runs::UsageError& e) {
    throw pybind11::value_error(asKeywords(e.marked()));
  } catch (const runs::OutputError& e) {
    PyErr_SetString(PyExc_OSError, e.what());
    throw pybind11::error_already_set();
  }
}

/// Python's name for the kind of `value`: "list", "dict", "NoneType".
std::string typeName(const pybind11::handle& value);
/// A whole number argument or keyword `key` (an int or anything with __index__, not a bool).
/// Throws TypeError for another kind, ValueError beyond 2^63-1; both one line naming `key`.
std::int64_t wholeKeyword(const char* key, const pybind11::handle& value);
/// A seed, 0 to 2^64-1 as the command takes it; one line naming `key` otherwise.
std::uint64_t seedKeyword(const char* key, const pybind11::handle& value);
/// A text or path (str or os.PathLike of str) argument; TypeError naming `key` otherwise.
std::string textKeyword(const char* key, const pybind11::handle& value);

/// A double as the command line writes it: the shortest text that reads back to the same bits.
std::string numberText(double value);

}  // namespace flocklab::python
