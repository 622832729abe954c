// _flocklab.Simulation: one run of any model, set up exactly as `flocklab run` sets it up.
// Design notes:
// - Views. The engine keeps its state in cell order for the neighbour search and writes a
//   boid-order copy on demand (simulation.hpp), one array per field. `positions` and
//   `velocities` are read-only numpy arrays of shape (n, dims) over one buffer each, which the
//   binding fills from that copy: after a step at once while a view is held outside (with the
//   GIL released), else when a view is next asked for. The buffer lives as long as any view of
//   it, so a view never dangles; a run whose count changes gets new buffers, and older views
//   keep the last state of the old count.
// - One call at a time: while one thread steps (without the GIL), another thread's call that
//   reads or changes the state raises RuntimeError instead of racing it.
// - The GIL is released for every step, metric and series; a long call takes the GIL back
//   about every 0.1 s to let Ctrl-C (KeyboardInterrupt) stop it between two steps.
#include "simulation_binding.hpp"

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <vector>

#include "commands/model_setup.hpp"
#include "commands/run_config.hpp"
#include "flocklab/io/state_csv.hpp"
#include "flocklab/io/state_hash.hpp"
#include "keywords.hpp"
#include "support/text_fields.hpp"

namespace py = pybind11;

namespace flocklab::python {
namespace {

using Buffer = std::shared_ptr<std::vector<double>>;

// Lets Python handle a pending signal (Ctrl-C) about every 0.1 s of a long call that released
// the GIL; throws error_already_set when a handler raised.
class SignalCheck {
 public:
  void operator()() {
    if (++calls_ % 16 != 0) return;  // the clock costs about as much as a tiny flock's step
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    const py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
  unsigned calls_ = 0;
};

// Marks a simulation busy for the length of a call; a second call meanwhile (from another
// thread, the GIL being released) raises RuntimeError.
class BusyGuard {
 public:
  explicit BusyGuard(std::atomic<bool>& busy) : busy_(busy) {
    if (busy_.exchange(true))
      throw std::runtime_error("this Simulation is in a call on another thread; use one Simulation a thread");
  }
  ~BusyGuard() { busy_ = false; }
  BusyGuard(const BusyGuard&) = delete;
  BusyGuard& operator=(const BusyGuard&) = delete;

 private:
  std::atomic<bool>& busy_;
};

// A read-only (n, dims) view of one of the binding's buffers.
struct View {
  Buffer buffer = std::make_shared<std::vector<double>>();
  py::object array;  // the view handed out, kept while the buffer's size holds

  // True when someone besides this holds the view (or a slice of it).
  bool heldOutside() const { return array && Py_REFCNT(array.ptr()) > 1; }
};

class PySimulation {
 public:
  explicit PySimulation(const py::kwargs& keywords) {
    py::kwargs modelKeywords;
    for (const auto& [name, value] : keywords) {
      const std::string key = py::str(name);
      if (key == "threads") {
        if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
          throw py::type_error("threads takes a whole number (got a " + std::string(py::str(py::type::handle_of(value).attr("__name__"))) + ")");
        const auto threads = value.cast<std::int64_t>();
        if (threads < 0 || threads > 1024) throw py::value_error(fmt::format("threads must be between 0 (all cores) and 1024 (got {})", threads));
        engine_.threads = static_cast<unsigned>(threads);
      } else if (key == "neighbors") {
        const auto search = parseNeighborSearch(py::str(value).cast<std::string>());
        if (!py::isinstance<py::str>(value) || !search)
          throw py::value_error("neighbors must be grid or brute (got " + std::string(py::repr(value)) + ")");
        engine_.search = *search;
      } else {
        modelKeywords[name] = value;
      }
    }
    options_ = runOptions(modelKeywords);
    translated([&] { setup_ = cli::setUpModel(options_, engine_); });
  }

  Simulation& sim() { return *setup_.simulation; }
  const Simulation& sim() const { return *setup_.simulation; }
  const ModelDescription& description() const { return *setup_.model; }
  int dims() const { return sim().flock().dimensions; }

  void step(std::int64_t steps) {
    const BusyGuard busy(busy_);
    if (steps < 0) throw py::value_error(fmt::format("steps must be at least 0 (got {})", steps));
    const bool eager = positions_.heldOutside() || velocities_.heldOutside();
    bool refreshed = false;
    {
      const py::gil_scoped_release released;
      if (steps == 1) {
        sim().step(1);
      } else {
        SignalCheck check;
        for (std::int64_t s = 0; s < steps; ++s) {
          sim().step(1);
          check();
        }
      }
      if (eager) refreshed = copyIntoViews();
    }
    viewsStale_ = !refreshed;
  }

  py::object positions() { return view(positions_); }
  py::object velocities() { return view(velocities_); }

  py::tuple state() {
    const BusyGuard busy(busy_);
    py::array_t<double> p(py::array::ShapeContainer{static_cast<py::ssize_t>(sim().flock().size()), static_cast<py::ssize_t>(dims())});
    py::array_t<double> v(p.request().shape);
    fill(p.mutable_data(), v.mutable_data());
    return py::make_tuple(p, v);
  }

  void setState(const py::array_t<double, py::array::c_style | py::array::forcecast>& p,
                const py::array_t<double, py::array::c_style | py::array::forcecast>& v) {
    const BusyGuard busy(busy_);
    const int d = dims();
    if (p.ndim() != 2 || p.shape(1) != d)
      throw py::value_error(fmt::format("positions must have shape (n, {}) (got {})", d, shapeText(p)));
    if (v.ndim() != 2 || v.shape(0) != p.shape(0) || v.shape(1) != d)
      throw py::value_error(fmt::format("velocities must have the shape of positions, ({}, {}) (got {})", p.shape(0), d, shapeText(v)));
    if (p.shape(0) < 1) throw py::value_error("set_state needs at least one boid");
    Flock f;
    f.dimensions = d;
    f.resize(static_cast<std::size_t>(p.shape(0)));
    for (std::size_t i = 0; i < f.size(); ++i) {
      const double* pi = p.data(static_cast<py::ssize_t>(i), 0);
      const double* vi = v.data(static_cast<py::ssize_t>(i), 0);
      f.x[i] = pi[0], f.y[i] = pi[1], f.vx[i] = vi[0], f.vy[i] = vi[1];
      if (d == 3) f.z[i] = pi[2], f.vz[i] = vi[2];
    }
    // Checked as `--init` checks a file, with its messages; the text round-trips every bit.
    const ParamSet params = description().current(sim());
    Flock start = translated([&] {
      try {
        return parseStateCsv(formatStateCsv(f), description().space(params));
      } catch (const CsvError& e) {
        throw cli::UsageError(std::string("set_state: ") + e.what());
      }
    });
    setup_.simulation = description().create(params, std::move(start), options_.seed, engine_);
    startReplaced_ = true;
    viewsStale_ = true;
  }

  py::dict metrics() {
    const BusyGuard busy(busy_);
    const std::vector<MetricSpec> specs = description().metrics(description().current(sim()));
    Metrics m;
    {
      const py::gil_scoped_release released;
      m = sim().metrics();
    }
    py::dict out;
    for (const MetricSpec& spec : specs) {
      const double value = metricValue(spec, m);
      if (spec.whole) out[py::str(spec.key)] = static_cast<std::int64_t>(value);
      else out[py::str(spec.key)] = value;
    }
    return out;
  }

  std::vector<std::string> metricKeys() const {
    std::vector<std::string> keys;
    for (const MetricSpec& spec : description().metrics(description().current(sim()))) keys.push_back(spec.key);
    return keys;
  }

  // The metrics at the steps `run --every K --metrics-out` writes, over the next `steps` steps:
  // now, each multiple of `every`, and the last. Returns (steps, values[rows, metrics],
  // positions[rows, n, dims] or None).
  py::tuple series(std::int64_t steps, std::int64_t every, bool trajectory) {
    const BusyGuard busy(busy_);
    if (steps < 0) throw py::value_error(fmt::format("steps must be at least 0 (got {})", steps));
    if (every < 1) throw py::value_error(fmt::format("every must be at least 1 (got {})", every));
    if (trajectory && description().countMayChange(description().current(sim())))
      throw py::value_error("trajectory needs a fixed number of boids, and this run removes caught prey; use catches='rebirth'");
    const std::vector<MetricSpec> specs = description().metrics(description().current(sim()));
    std::vector<std::uint64_t> at;
    std::vector<double> values, frames;
    const std::size_t n = sim().flock().size();
    const auto d = static_cast<std::size_t>(dims());
    {
      const py::gil_scoped_release released;
      SignalCheck check;
      const auto record = [&] {
        at.push_back(sim().stepCount());
        const Metrics m = sim().metrics();
        for (const MetricSpec& spec : specs) values.push_back(metricValue(spec, m));
        if (trajectory) {
          frames.resize(frames.size() + n * d);
          fillPositions(frames.data() + frames.size() - n * d);
        }
      };
      record();
      const std::uint64_t end = sim().stepCount() + static_cast<std::uint64_t>(steps);
      while (sim().stepCount() < end) {
        sim().step(1);
        check();
        const std::uint64_t s = sim().stepCount();
        if (s % static_cast<std::uint64_t>(every) == 0 || s == end) record();
      }
    }
    viewsStale_ = true;
    const auto rows = static_cast<py::ssize_t>(at.size());
    py::array_t<std::uint64_t> stepsArray(rows, at.data());
    py::array_t<double> table({rows, static_cast<py::ssize_t>(specs.size())}, values.data());
    py::object positionsArray = py::none();
    if (trajectory)
      positionsArray = py::array_t<double>({rows, static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(d)}, frames.data());
    return py::make_tuple(stepsArray, table, positionsArray);
  }

  std::string hash() {
    const BusyGuard busy(busy_);
    return hashHex(stateHash(sim().flock()));
  }

  void save(const std::string& path) {
    const BusyGuard busy(busy_);
    translated([&] {
      std::string text;
      if (cli::endsWith(path, ".csv")) {
        text = formatStateCsv(sim().flock());
      } else if (cli::endsWith(path, ".json")) {
        if (startReplaced_)
          throw cli::UsageError("set_state replaced this run's start, which a run file cannot name; save the state as .csv and load it with init=");
        text = cli::resolvedRunFile(options_, setup_, sim().stepCount()).dump(2) + "\n";
      } else {
        throw cli::UsageError("save takes FILE.csv (the state, as run --save writes it) or FILE.json (the run file, as run --write-config writes it) (got " + path + ")");
      }
      AtomicFile(path).commit(text);
    });
  }

  py::dict params() const {
    py::dict out;
    const ParamSet p = description().current(sim());
    for (const ParamSpec& spec : description().params) out[py::str(spec.key)] = pythonValue(p.get(spec.key));
    return out;
  }

  py::dict space() const {
    const Space s = sim().space();
    py::dict out;
    out["width"] = s.width;
    out["height"] = s.height;
    if (s.is3d()) out["depth"] = s.depth;
    return out;
  }

  py::dict appearance() const {
    const Appearance a = sim().appearance();
    py::list kinds, food;
    for (const BoidKind& k : a.kinds)
      kinds.append(py::dict(py::arg("name") = k.name, py::arg("colour") = k.colour, py::arg("size") = k.size,
                            py::arg("predator") = k.predator, py::arg("count") = k.count));
    for (const FoodMark& f : a.food)
      food.append(py::dict(py::arg("x") = f.x, py::arg("y") = f.y, py::arg("z") = f.z, py::arg("amount") = f.amount,
                           py::arg("full") = f.full));
    py::array_t<std::uint32_t> kindOf(static_cast<py::ssize_t>(a.kindOf.size()), a.kindOf.data());
    return py::dict(py::arg("kinds") = kinds, py::arg("kind_of") = kindOf, py::arg("food") = food);
  }

  py::list obstacles() const {
    py::list out;
    for (const Obstacle& o : description().obstacles(description().current(sim())))
      out.append(dims() == 3 ? py::make_tuple(o.x, o.y, o.z, o.radius) : py::make_tuple(o.x, o.y, o.radius));
    return out;
  }

  std::uint64_t runSteps() const {
    return options_.steps ? static_cast<std::uint64_t>(*options_.steps) : setup_.defaultSteps;
  }
  const cli::ModelSetup& setup() const { return setup_; }
  unsigned threads() const { return sim().options().threads; }

 private:
  static std::string shapeText(const py::array& a) {
    std::string text = "(";
    for (py::ssize_t k = 0; k < a.ndim(); ++k) text += (k ? ", " : "") + std::to_string(a.shape(k));
    return text + (a.ndim() == 1 ? ",)" : ")");
  }

  void fillPositions(double* p) const {
    const Flock& f = sim().flock();
    const auto d = static_cast<std::size_t>(f.dimensions);
    for (std::size_t i = 0; i < f.size(); ++i) {
      p[i * d] = f.x[i], p[i * d + 1] = f.y[i];
      if (d == 3) p[i * d + 2] = f.z[i];
    }
  }
  void fill(double* p, double* v) const {
    fillPositions(p);
    const Flock& f = sim().flock();
    const auto d = static_cast<std::size_t>(f.dimensions);
    for (std::size_t i = 0; i < f.size(); ++i) {
      v[i * d] = f.vx[i], v[i * d + 1] = f.vy[i];
      if (d == 3) v[i * d + 2] = f.vz[i];
    }
  }
  // Copies the state into the views' buffers when their size still fits; false otherwise.
  bool copyIntoViews() {
    const std::size_t size = sim().flock().size() * static_cast<std::size_t>(dims());
    if (positions_.buffer->size() != size || velocities_.buffer->size() != size) return false;
    fill(positions_.buffer->data(), velocities_.buffer->data());
    return true;
  }
  // (With the GIL.) New buffers where the count changed, then the state copied in.
  void refreshViews() {
    const std::size_t size = sim().flock().size() * static_cast<std::size_t>(dims());
    for (View* v : {&positions_, &velocities_})
      if (v->buffer->size() != size) {
        v->array = py::object();
        v->buffer = std::make_shared<std::vector<double>>(size);
      }
    fill(positions_.buffer->data(), velocities_.buffer->data());
    viewsStale_ = false;
  }
  py::object view(View& v) {
    const BusyGuard busy(busy_);
    if (viewsStale_ || v.buffer->size() != sim().flock().size() * static_cast<std::size_t>(dims())) refreshViews();
    if (!v.array) {
      auto* owner = new Buffer(v.buffer);
      const py::capsule base(owner, [](void* p) { delete static_cast<Buffer*>(p); });
      const auto n = static_cast<py::ssize_t>(sim().flock().size());
      const auto d = static_cast<py::ssize_t>(dims());
      const auto item = static_cast<py::ssize_t>(sizeof(double));
      py::array a(py::dtype::of<double>(), {n, d}, {d * item, item}, v.buffer->data(), base);
      a.attr("setflags")(py::arg("write") = false);
      v.array = a;
    }
    return v.array;
  }

  cli::RunOptions options_;
  EngineOptions engine_;
  cli::ModelSetup setup_;
  bool startReplaced_ = false;  // set_state gave the run a start no run file names
  View positions_, velocities_;
  bool viewsStale_ = true;      // the buffers are behind the engine
  std::atomic<bool> busy_{false};
};

}  // namespace

py::object pythonValue(const ParamValue& value) {
  return std::visit([](const auto& v) -> py::object { return py::cast(v); }, value);
}

void bindSimulation(py::module_& m) {
  py::class_<PySimulation>(m, "Simulation", py::dynamic_attr(), "One run of a model (see flocklab.Simulation).")
      .def(py::init<const py::kwargs&>())
      .def("step", &PySimulation::step, py::arg("steps") = 1, "Advances the run by `steps` steps, without the GIL.")
      .def_property_readonly("positions", &PySimulation::positions, "Positions, a read-only (n, dims) view.")
      .def_property_readonly("velocities", &PySimulation::velocities, "Velocities, a read-only (n, dims) view.")
      .def("state", &PySimulation::state, "Copies of (positions, velocities).")
      .def("set_state", &PySimulation::setState, py::arg("positions"), py::arg("velocities"),
           "Starts the run afresh from these positions and velocities.")
      .def("metrics", &PySimulation::metrics, "The metrics of the current state.")
      .def_property_readonly("metric_keys", &PySimulation::metricKeys, "The metrics' keys, in their order.")
      .def("_series", &PySimulation::series, py::arg("steps"), py::arg("every"), py::arg("trajectory"))
      .def("hash", &PySimulation::hash, "The state's hash, as `flocklab run --hash` prints it.")
      .def("save", [](PySimulation& s, const py::object& path) { s.save(py::str(py::module_::import("os").attr("fspath")(path))); },
           py::arg("path"), "Writes the state (.csv) or the run file (.json).")
      .def_property_readonly("model", [](const PySimulation& s) { return std::string(s.sim().model()); }, "The model's name.")
      .def_property_readonly("dims", &PySimulation::dims, "2 or 3.")
      .def_property_readonly("step_count", [](const PySimulation& s) { return s.sim().stepCount(); }, "Steps taken.")
      .def_property_readonly("params", &PySimulation::params, "Every parameter's value now.")
      .def_property_readonly("space", &PySimulation::space, "The world's size.")
      .def_property_readonly("appearance", &PySimulation::appearance, "Kinds of boid and food, for pictures.")
      .def_property_readonly("obstacles", &PySimulation::obstacles, "The obstacles: (x, y, radius), in 3D (x, y, z, radius).")
      .def_property_readonly("run_steps", &PySimulation::runSteps, "The steps `flocklab run` would take.")
      .def_property_readonly("label", [](const PySimulation& s) { return s.setup().label; }, "The run's model and preset.")
      .def_property_readonly("threads", &PySimulation::threads, "Threads a step runs on.")
      .def("__len__", [](const PySimulation& s) { return s.sim().flock().size(); });
}

}  // namespace flocklab::python
