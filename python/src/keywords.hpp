#pragma once
// Python keywords as `flocklab run`'s options. Design: a keyword is a registry key, so a
// Simulation's keywords, a run file's keys and the command's flags (with dashes) say the same
// things; the values become the texts the command line would hold and go through the command's
// own set-up (apps/runs/model_setup.hpp), so that a Python run is the run of the same command,
// bit for bit, and a bad value gets the command's message with the flags written as keywords.
#include <pybind11/numpy.h>
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

/// Raises Python's `type` with `message`, whose bytes that are not UTF-8 (a file's name that is
/// not) are written as \xNN escapes, so that the message is never lost to a decoding error.
[[noreturn]] void raiseMessage(PyObject* type, const std::string& message);

/// Runs `work`, turning the run library's UsageError into ValueError (with asKeywords' message) and
/// its OutputError into OSError.
template <class Work>
auto translated(Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const runs::UsageError& e) {
    raiseMessage(PyExc_ValueError, asKeywords(e.marked()));
  } catch (const runs::OutputError& e) {
    raiseMessage(PyExc_OSError, e.what());
  }
}

/// Python's name for the kind of `value`: "list", "dict", "NoneType".
std::string typeName(const pybind11::handle& value);
/// A numeric array argument, C order, as doubles.
using DoubleArray = pybind11::array_t<double, pybind11::array::c_style | pybind11::array::forcecast>;
/// `value` as a DoubleArray, or a one-line TypeError naming `name`: "positions takes an array of
/// numbers, shape (n, dims) (got a str)".
DoubleArray numbers(const char* name, const pybind11::handle& value);
/// A whole number argument or keyword `key` (an int or anything with __index__, not a bool).
/// Throws TypeError for another kind, ValueError beyond 2^63-1; both one line naming `key`.
std::int64_t wholeKeyword(const char* key, const pybind11::handle& value);
/// A seed, 0 to 2^64-1 as the command takes it; one line naming `key` otherwise.
std::uint64_t seedKeyword(const char* key, const pybind11::handle& value);
/// A text (str, or os.PathLike of str) argument in UTF-8; TypeError naming `key` for another
/// kind, ValueError for a text with a lone surrogate.
std::string textKeyword(const char* key, const pybind11::handle& value);
/// A file's path (str or os.PathLike of str) as the file system's bytes (os.fsencode), so that a
/// name that is not UTF-8, which Python holds with surrogates, names that very file; TypeError
/// naming `key` for another kind, ValueError for a surrogate no file name can hold.
std::string pathKeyword(const char* key, const pybind11::handle& value);
/// True when `bytes` are valid UTF-8.
bool isUtf8(const std::string& bytes);
/// The UTF-8 of the str `text`, or a one-line ValueError naming `key` where it holds a lone
/// surrogate (which UTF-8 cannot hold, and pybind11 reports as "Unable to cast").
std::string utf8Text(const std::string& key, const pybind11::handle& text);

}  // namespace flocklab::python
