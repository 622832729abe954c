// The compiled half of the flocklab package: the registry, Simulation, SweepPlan and analyze_json. The
// package's Python half (python/flocklab/) gives them their Pythonic face.
#include <pybind11/pybind11.h>

#include "analysis_binding.hpp"
#include "flocklab/decimal_text.hpp"
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
  m.def(
      "number_text",
      [](const pybind11::handle& value) {
        // A number of any Python kind (int, float, numpy's), or one line naming what it got.
        if (pybind11::isinstance<pybind11::str>(value) || pybind11::isinstance<pybind11::bytes>(value) ||
            !pybind11::hasattr(value, "__float__"))
          throw pybind11::type_error("number_text takes a number (got a " + flocklab::python::typeName(value) + ")");
        return flocklab::writeDecimal(pybind11::float_(value.attr("__float__")()).cast<double>());
      },
      pybind11::arg("value"),
      "A number as the command line writes it: the shortest text that reads back to the same bits.");
  flocklab::python::bindSimulation(m);
  flocklab::python::bindSweep(m);
  flocklab::python::bindAnalysis(m);
}
