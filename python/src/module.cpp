// The compiled half of the flocklab package: the registry, Simulation and SweepPlan. The
// package's Python half (python/flocklab/) gives them their Pythonic face.
#include <pybind11/pybind11.h>

#include "flocklab/io/params_json.hpp"
#include "flocklab/version.hpp"
#include "keywords.hpp"
#include "simulation_binding.hpp"
#include "sweep_binding.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_flocklab, m) {
  m.doc() = "flocklab's engine (the package flocklab is its Python face)";
  m.attr("__version__") = flocklab::kVersion;
  m.def("registry_json", &flocklab::registryJson, "Every model, its parameters and presets, as JSON.");
  m.def("number_text", &flocklab::python::numberText, pybind11::arg("value"),
        "A number as the command line writes it: the shortest text that reads back to the same bits.");
  flocklab::python::bindSimulation(m);
  flocklab::python::bindSweep(m);
}
