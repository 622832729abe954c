#pragma once
// The module's analyze_json (flocklab/analysis.py gives it its Python face).
#include <pybind11/pybind11.h>

namespace flocklab::python {

/// Adds _flocklab.analyze_json to `module`.
void bindAnalysis(pybind11::module_& module);

}  // namespace flocklab::python
