// _flocklab.analyze_json: `flocklab analyze` on arrays the caller holds (flocklab/analysis.py
// gives it its Python face). The same analysis as the command's (runs::analyzeFlock), so the
// same state gives the same JSON; the GIL is released while it runs.
#include "analysis_binding.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <cmath>
#include <vector>

#include "flocklab/decimal_text.hpp"
#include "flocklab/executor.hpp"
#include "keywords.hpp"
#include "runs/flock_analysis.hpp"

namespace py = pybind11;

namespace flocklab::python {

namespace {

std::string analyzeJson(const py::object& positionsArgument, const py::object& velocitiesArgument,
                        const std::vector<double>& world, double bin, double link, bool largest, int nearestMax,
                        int threads) {
  const DoubleArray p = numbers("positions", positionsArgument), v = numbers("velocities", velocitiesArgument);
  if (p.ndim() != 2 || (p.shape(1) != 2 && p.shape(1) != 3) || p.shape(0) < 1)
    throw py::value_error("positions must have shape (n, 2) or (n, 3) with n >= 1");
  if (v.ndim() != 2 || v.shape(0) != p.shape(0) || v.shape(1) != p.shape(1))
    throw py::value_error("velocities must have the shape of positions");
  const int dims = static_cast<int>(p.shape(1));
  if (!world.empty() && static_cast<int>(world.size()) != dims)
    throw py::value_error(fmt::format("world gives {} sides for {}D positions", world.size(), dims));
  for (double side : world)
    if (!(std::isfinite(side) && side > 0))
      throw py::value_error(fmt::format("world's sides must be finite numbers > 0 (got {})", writeDecimal(side)));
  const Space space =
      world.empty() ? Space::open(1, dims) : Space{world[0], world[1], true, dims == 3 ? world[2] : 0.0};
  Flock f;
  f.dimensions = dims;
  f.resize(static_cast<std::size_t>(p.shape(0)));
  for (py::ssize_t i = 0; i < p.shape(0); ++i) {
    f.setAgent(static_cast<std::size_t>(i), {*p.data(i, 0), *p.data(i, 1), dims == 3 ? *p.data(i, 2) : 0.0,
                                             *v.data(i, 0), *v.data(i, 1), dims == 3 ? *v.data(i, 2) : 0.0});
  }
  if (nearestMax < 1 || nearestMax > static_cast<int>(kMaxNearestRank))
    throw py::value_error(fmt::format("nearest_max must be 1 to {} (got {})", kMaxNearestRank, nearestMax));
  if (threads < 0 || threads > 1024)
    throw py::value_error(fmt::format("threads must be between 0 (all cores) and 1024 (got {})", threads));
  const runs::AnalysisOptions options{bin, link, largest, static_cast<std::uint32_t>(nearestMax)};
  const auto executor = makeThreadPool(static_cast<unsigned>(threads));
  try {
    py::gil_scoped_release unlocked;
    return runs::analysisJson(runs::analyzeFlock(f, space, options, executor)).dump();
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

}  // namespace

void bindAnalysis(py::module_& m) {
  m.def("analyze_json", &analyzeJson, py::arg("positions"), py::arg("velocities"), py::arg("world"), py::arg("bin"),
        py::arg("link"), py::arg("largest"), py::arg("nearest_max"), py::arg("threads"),
        "`flocklab analyze` of one state as JSON (flocklab.analyze is its Python face).");
}

}  // namespace flocklab::python
