#pragma once
// The module's Simulation class (flocklab/simulation.py adds the Python-side methods).
#include <pybind11/pybind11.h>

#include "flocklab/model.hpp"

namespace flocklab::python {

/// Adds _flocklab.Simulation to `module`.
void bindSimulation(pybind11::module_& module);
/// A parameter's value as Python's: float (int for a whole-number parameter such as dims or
/// nearest), bool, str or a list of str.
pybind11::object pythonValue(const ParamSpec& spec, const ParamValue& value);

}  // namespace flocklab::python
