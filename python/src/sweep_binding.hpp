#pragma once
// The module's SweepPlan class (flocklab/sweep.py runs it).
#include <pybind11/pybind11.h>

namespace flocklab::python {

/// Adds _flocklab.SweepPlan to `module`.
void bindSweep(pybind11::module_& module);

}  // namespace flocklab::python
