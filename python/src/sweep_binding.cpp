// _flocklab.SweepPlan: a sweep planned and set up as `flocklab sweep` does (sweep_setup.hpp),
// whose rows Python computes anywhere (this process, worker processes, a Dask cluster) and
// joins in the canonical order; a row is the same bytes wherever it is computed. rows() runs
// as an interruptible Job (interruptible.hpp) that stops between two steps on Ctrl-C; its plan
// is shared with the job, which may outlive the binding.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "sweep_binding.hpp"

#include <fmt/format.h>
#include <atomic>

#include "flocklab/executor.hpp"
#include "interruptible.hpp"
#include "keywords.hpp"
#include "runs/sweep_rows.hpp"
#include "runs/sweep_run.hpp"
#include "runs/sweep_setup.hpp"

namespace py = pybind11;

namespace flocklab::python {
namespace {

class SweepPlanBinding {
 public:
  // specs: "NAME=V1,V2" or "NAME=FROM:TO:STEP" as `--param` takes them; the keywords as
  // Simulation takes them, plus "steps".
  SweepPlanBinding(const py::object& specsArgument, const py::object& seedsArgument, const py::object& everyArgument,
                   const py::kwargs& keywords) {
    std::vector<std::string> specs;
    if (!py::isinstance<py::list>(specsArgument) && !py::isinstance<py::tuple>(specsArgument))
      throw py::type_error("specs takes a list of texts NAME=VALUES (got a " + typeName(specsArgument) + ")");
    for (const py::handle spec : specsArgument) {
      if (!py::isinstance<py::str>(spec))
        throw py::type_error("specs takes texts NAME=VALUES (got a " + typeName(spec) + " in the list)");
      specs.push_back(utf8Text("params", spec));
    }
    const std::int64_t seeds = wholeKeyword("seeds", seedsArgument), every = wholeKeyword("every", everyArgument);
    if (seeds < 1 || seeds > 1000000)
      throw py::value_error(fmt::format("seeds must number between 1 and 1000000 (got {})", seeds));
    if (every < 1 || every > 1000000000)
      throw py::value_error(fmt::format("every must be between 1 and 1000000000 (got {})", every));
    if (specs.empty()) throw py::value_error("params must name at least one parameter and its values");
    py::kwargs model;
    for (const auto& [name, value] : keywords)
      if (utf8Text("a keyword's name", name) != "steps") model[name] = value;
    base_ = runOptions(model);
    if (keywords.contains("steps") && !keywords["steps"].is_none()) {
      const auto steps = wholeKeyword("steps", keywords["steps"]);
      if (steps < 0) throw py::value_error(fmt::format("steps must be at least 0 (got {})", steps));
      base_.steps = steps;
    }
    if (!base_.initFile.empty())
      throw py::value_error("init is not for sweeps (each run starts at random from its seed)");
    if (base_.seed > UINT64_MAX - static_cast<std::uint64_t>(seeds - 1))
      throw py::value_error(fmt::format("seed {} leaves no room for {} seeds below 2^64", base_.seed, seeds));
    every_ = static_cast<std::uint64_t>(every);
    translated([&] {
      runs::SweepPlan plan = runs::planSweep(
          specs, base_, static_cast<std::size_t>(seeds),
          [&](const std::string& key) { return model.contains(key) && !model[py::str(key)].is_none(); });
      setup_ = std::make_shared<runs::SweepSetup>(runs::setUpSweep(std::move(plan), base_, every_));
    });
  }

  std::size_t runs() const { return setup_->plan.runs; }
  std::string header() const { return runs::csvHeader(setup_->plan); }

  // The CSV lines of `runs`, computed on a Job without the GIL; Ctrl-C stops them between steps.
  std::vector<std::string> rows(const py::object& runsArgument) {
    awaitPending(pending_);
    std::vector<std::size_t> runs;
    if (!py::isinstance<py::list>(runsArgument) && !py::isinstance<py::tuple>(runsArgument))
      throw py::type_error("runs takes a list of run numbers (got a " + typeName(runsArgument) + ")");
    for (const py::handle item : runsArgument) {
      const std::int64_t run = wholeKeyword("runs", item);
      if (run < 0 || static_cast<std::uint64_t>(run) >= setup_->plan.runs)
        throw py::index_error(fmt::format("run {} is not one of the sweep's {} runs", run, setup_->plan.runs));
      runs.push_back(static_cast<std::size_t>(run));
    }
    auto lines = std::make_shared<std::vector<std::string>>();
    translated([&] {
      runInterruptibly(
          [setup = setup_, base = base_, every = every_, runs, lines](const std::atomic<bool>& stop) {
            for (std::size_t run : runs) {
              const runs::RunResult r = runs::measureRun(setup->plan.optionsFor(base, run), setup->model.steps, every,
                                                         std::make_shared<InlineExecutor>(), stop);
              lines->push_back(runs::formatRow(setup->plan, run, r));
            }
          },
          pending_);
    });
    return std::move(*lines);
  }

  std::vector<std::string> metricKeys() const {
    std::vector<std::string> keys;
    for (const MetricSpec& m : setup_->plan.metrics) keys.push_back(m.key);
    return keys;
  }
  std::uint64_t steps() const { return setup_->model.steps; }
  const std::string& fingerprint() const { return setup_->plan.fingerprint; }
  std::string label() const { return setup_->model.label; }

 private:
  runs::RunOptions base_;
  std::uint64_t every_ = 1;
  std::shared_ptr<const runs::SweepSetup> setup_;  // shared with a job that may outlive this
  std::shared_ptr<Job> pending_;                   // runs an interrupted rows() left finishing a step
};

}  // namespace

void bindSweep(py::module_& m) {
  py::class_<SweepPlanBinding>(m, "SweepPlan", "A sweep set up as `flocklab sweep` sets it up (see flocklab.sweep).")
      .def(py::init<const py::object&, const py::object&, const py::object&, const py::kwargs&>(), py::arg("specs"),
           py::arg("seeds"), py::arg("every"))
      .def_property_readonly("runs", &SweepPlanBinding::runs, "The number of runs.")
      .def("header", &SweepPlanBinding::header, "The CSV's header line.")
      .def("rows", &SweepPlanBinding::rows, py::arg("runs"), "The CSV lines of these runs.")
      .def_property_readonly("metric_keys", &SweepPlanBinding::metricKeys, "The metrics of every row.")
      .def_property_readonly("steps", &SweepPlanBinding::steps, "Steps of every run.")
      .def_property_readonly("fingerprint", &SweepPlanBinding::fingerprint, "The sweep's fingerprint.")
      .def_property_readonly("label", &SweepPlanBinding::label, "The model and its preset.");
}

}  // namespace flocklab::python
