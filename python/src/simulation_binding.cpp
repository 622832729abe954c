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
// - The GIL is released for every step, metric and series. Ctrl-C (KeyboardInterrupt) is
//   answered within about a second: a call that may take long runs as a Job
//   (interruptible.hpp), which answers even in the middle of one long step. A call may take
//   long when its flock is large, when the last call of its kind was slow, or when its cost is
//   not known yet (the first call on a flock of some size: a dense start of 10,000 couzin
//   agents takes seconds a step). Any other call steps on the calling thread, and hands the
//   steps left to a Job once it has run kJobSeconds (HandOver), so its time is measured from
//   its own start, not taken on trust from an earlier call, which an interrupt may have cut
//   short before it recorded anything. Jobs record their times as they go, interrupted or not.
//   A job left finishing its step in the background is awaited by the next call, so every
//   call sees a whole step. The engine's objects are shared with such a job, so they outlive
//   this object if they must. The steps are the same ones in the same order whichever thread
//   runs them, so the bits do not depend on where a call was handed over.
// - Arguments arrive as Python objects and are checked here, so that a wrong one is a one-line
//   TypeError or ValueError naming it, never pybind11's list of overloads with the values.
#include "simulation_binding.hpp"

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "flocklab/io/state_csv.hpp"
#include "flocklab/io/state_hash.hpp"
#include "flocklab/text_excerpt.hpp"
#include "flocklab/world_view.hpp"
#include "interruptible.hpp"
#include "keywords.hpp"
#include "runs/process_setup.hpp"
#include "runs/run_file.hpp"
#include "runs/runner.hpp"
#include "runs/text_fields.hpp"

namespace py = pybind11;

namespace flocklab::python {
namespace {

using Buffer = std::shared_ptr<std::vector<double>>;
using Clock = std::chrono::steady_clock;

// A call runs as an interruptible Job from this many boids on (a thread's start, some 50 us,
// is then under 2% of a step), or when its last step or metrics took this long, or once an
// inline call has run this long.
constexpr std::size_t kJobBoids = 20000;
constexpr double kJobSeconds = 0.02;
// From this many boids on, a call whose cost is not known yet runs as a Job: up to there even
// a flock that all sees itself (10^6 pairs) steps in milliseconds, and beyond it one thread's
// start is small against a step.
constexpr std::size_t kProbeBoids = 1000;
// No time recorded yet.
constexpr double kUnknown = -1;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// The columns x, y[, z] (or vx, vy[, vz]) of `f`'s n boids into an (n, dims) array, boid by boid.
void interleave(const Flock& f, const std::vector<double>& x, const std::vector<double>& y,
                const std::vector<double>& z, double* out) {
  const auto d = static_cast<std::size_t>(f.dimensions);
  for (std::size_t i = 0; i < f.size(); ++i) {
    out[i * d] = x[i], out[i * d + 1] = y[i];
    if (d == 3) out[i * d + 2] = z[i];
  }
}
// Boid-order positions (and velocities) of `f` into (n, dims) arrays.
void fillPositions(const Flock& f, double* p) { interleave(f, f.x, f.y, f.z, p); }
void fill(const Flock& f, double* p, double* v) {
  fillPositions(f, p);
  interleave(f, f.vx, f.vy, f.vz, v);
}

// Tells a call's inline loop, which cannot answer Ctrl-C, when the call has run kJobSeconds
// since it began and should hand the rest of its work to a Job. It reads the clock after every
// step while steps take 50 us or more, and only every 2nd, 4th, up to 16th step while they are
// tinier (the clock then costs a noticeable part of a step).
class HandOver {
 public:
  bool due() {
    if (++calls_ < stride_) return false;
    calls_ = 0;
    const auto now = Clock::now();
    stride_ = now - last_ < std::chrono::microseconds(50) ? std::min(stride_ * 2, 16u) : 1u;
    last_ = now;
    return now - start_ > std::chrono::duration<double>(kJobSeconds);
  }

 private:
  Clock::time_point start_ = Clock::now(), last_ = start_;
  unsigned calls_ = 0, stride_ = 1;
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
      const std::string key = utf8Text("a keyword's name", name);
      if (key == "threads") {
        if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
          throw py::type_error("threads takes a whole number (got a " + typeName(value) + ")");
        const auto threads = wholeKeyword("threads", value);
        if (threads < 0 || threads > 1024)
          throw py::value_error(fmt::format("threads must be between 0 (all cores) and 1024 (got {})", threads));
        engine_.threads = static_cast<unsigned>(threads);
      } else if (key == "neighbors") {
        const auto search =
            py::isinstance<py::str>(value) ? parseNeighborSearch(utf8Text("neighbors", value)) : std::nullopt;
        if (!search)
          throw py::value_error("neighbors must be grid or brute (got " + std::string(py::repr(value)) + ")");
        engine_.search = *search;
      } else {
        modelKeywords[name] = value;
      }
    }
    options_ = runOptions(modelKeywords);
    translated([&] { runner_ = std::make_shared<runs::Runner>(runs::setUpModel(options_, engine_)); });
    startCount_ = sim().flock().size();
    if (!setup().ramps.empty()) begun_ = runs::resolvedRunFile(options_, setup(), 0);
  }

  Simulation& sim() { return runner_->simulation(); }
  const Simulation& sim() const { return runner_->simulation(); }
  /// (For Python's calls.) The simulation once a job an interrupted call left has ended.
  Simulation& ready() {
    if (pending_) {
      awaitPending(pending_);
      viewsStale_ = true;
    }
    return sim();
  }
  const ModelDescription& description() const { return runner_->model(); }
  int dims() { return ready().flock().dimensions; }

  void step(const py::object& stepsArgument) {
    ready();
    const BusyGuard busy(busy_);
    const std::int64_t steps = wholeKeyword("steps", stepsArgument);
    if (steps < 0) throw py::value_error(fmt::format("steps must be at least 0 (got {})", steps));
    const bool eager = positions_.heldOutside() || velocities_.heldOutside();
    viewsStale_ = true;  // until the steps end whole
    bool refreshed = false;
    std::int64_t done = 0;  // steps taken on this thread
    if (!long_(stepSeconds_)) {
      const py::gil_scoped_release released;
      HandOver handOver;
      const auto start = Clock::now();
      while (done < steps) {
        runner_->step();
        if (++done < steps && handOver.due()) break;
      }
      if (done > 0) stepSeconds_ = secondsSince(start) / static_cast<double>(done);
      if (eager && done == steps) refreshed = copyInto(sim().flock(), *positions_.buffer, *velocities_.buffer);
    }
    if (done < steps) {
      // Everything the job touches, shared: it may outlive this call, and this object.
      auto copied = std::make_shared<bool>(false);
      auto seconds = std::make_shared<std::atomic<double>>(stepSeconds_);
      const std::int64_t left = steps - done;
      const auto record = [&] { stepSeconds_ = seconds->load(); };
      try {
        runInterruptibly(
            [runner = runner_, p = positions_.buffer, v = velocities_.buffer, left, eager, copied,
             seconds](const std::atomic<bool>& stop) {
              Simulation& s = runner->simulation();
              for (std::int64_t k = 0; k < left && !stop; ++k) {
                const auto start = Clock::now();
                runner->step();
                *seconds = secondsSince(start);
              }
              if (eager && !stop) *copied = copyInto(s.flock(), *p, *v);
            },
            pending_);
      } catch (...) {
        record();  // an interrupted call's steps count too: the next call knows they were slow
        throw;
      }
      record();
      refreshed = *copied;
    }
    viewsStale_ = !refreshed;
  }

  py::object positions() { return view(positions_); }
  py::object velocities() { return view(velocities_); }

  py::tuple state() {
    ready();
    const BusyGuard busy(busy_);
    py::array_t<double> p(
        py::array::ShapeContainer{static_cast<py::ssize_t>(sim().flock().size()), static_cast<py::ssize_t>(dims())});
    py::array_t<double> v(p.request().shape);
    fill(sim().flock(), p.mutable_data(), v.mutable_data());
    return py::make_tuple(p, v);
  }

  void setState(const py::object& positionsArgument, const py::object& velocitiesArgument) {
    ready();
    const BusyGuard busy(busy_);
    const DoubleArray p = numbers("positions", positionsArgument), v = numbers("velocities", velocitiesArgument);
    const int d = dims();
    if (p.ndim() != 2 || p.shape(1) != d)
      throw py::value_error(fmt::format("positions must have shape (n, {}) (got {})", d, shapeText(p)));
    if (v.ndim() != 2 || v.shape(0) != p.shape(0) || v.shape(1) != d)
      throw py::value_error(
          fmt::format("velocities must have the shape of positions, ({}, {}) (got {})", p.shape(0), d, shapeText(v)));
    if (p.shape(0) < 1) throw py::value_error("set_state needs at least one boid");
    const ParamSet params = description().current(sim());
    const Space space = description().space(params);
    Flock f;
    f.dimensions = d;
    f.resize(static_cast<std::size_t>(p.shape(0)));
    const double extent[3] = {space.width, space.height, space.depth};
    static constexpr const char* kAxes[3] = {"x", "y", "z"};
    for (py::ssize_t i = 0; i < p.shape(0); ++i) {
      for (int k = 0; k < d; ++k) {
        // The messages name the index the caller passed: positions[i] is boid i.
        const double x = *p.data(i, k), vx = *v.data(i, k);
        if (!std::isfinite(x) || (!space.unbounded && (x < 0 || x > extent[k])))
          throw py::value_error(fmt::format(
              "set_state: positions[{}, {}] ({}) = {} is {}", i, k, kAxes[k], writeDecimal(x),
              std::isfinite(x) ? fmt::format("outside the world [0, {}]", writeDecimal(extent[k])) : "not finite"));
        if (!std::isfinite(vx))
          throw py::value_error(
              fmt::format("set_state: velocities[{}, {}] (v{}) = {} is not finite", i, k, kAxes[k], writeDecimal(vx)));
      }
      const double* pi = p.data(i, 0);
      const double* vi = v.data(i, 0);
      f.x[i] = pi[0], f.y[i] = pi[1], f.vx[i] = vi[0], f.vy[i] = vi[1];
      if (d == 3) f.z[i] = pi[2], f.vz[i] = vi[2];
    }
    // Then checked as `--init` checks a file (the text round-trips every bit); its rows count
    // the header as row 1, so a message still left is given in boid indices.
    Flock start = translated([&] {
      try {
        return parseStateCsv(formatStateCsv(f), space);
      } catch (const CsvError& e) {
        throw runs::UsageError(std::string("set_state: ") + e.what() + " (row r is boid r - 2)");
      }
    });
    runner_->setup().simulation = description().create(params, std::move(start), options_.seed, engine_);
    startCount_ = sim().flock().size();
    startReplaced_ = true;
    viewsStale_ = true;
    stepSeconds_ = metricsSeconds_ = kUnknown;  // a new start: a dense one may step far slower
  }

  py::dict metrics() {
    ready();
    const BusyGuard busy(busy_);
    const std::vector<MetricSpec> specs = description().metrics(description().current(sim()));
    Metrics m;
    if (long_(metricsSeconds_)) {
      auto out = std::make_shared<Metrics>();
      auto seconds = std::make_shared<std::atomic<double>>(metricsSeconds_);
      try {
        runInterruptibly(
            [runner = runner_, out, seconds](const std::atomic<bool>&) {
              const auto start = Clock::now();
              *out = runner->simulation().metrics();
              *seconds = secondsSince(start);
            },
            pending_);
      } catch (...) {
        metricsSeconds_ = seconds->load();
        throw;
      }
      metricsSeconds_ = seconds->load();
      m = *out;
    } else {
      const py::gil_scoped_release released;
      const auto start = Clock::now();
      m = sim().metrics();
      metricsSeconds_ = secondsSince(start);
    }
    py::dict out;
    for (const MetricSpec& spec : specs) {
      const double value = metricValue(spec, m);
      if (spec.whole) out[py::str(spec.key)] = static_cast<std::int64_t>(value);
      else out[py::str(spec.key)] = value;
    }
    return out;
  }

  std::vector<std::string> metricKeys() {
    std::vector<std::string> keys;
    for (const MetricSpec& spec : description().metrics(description().current(ready()))) keys.push_back(spec.key);
    return keys;
  }

  // The metrics at the steps `run --every K --metrics-out` writes, over the next `steps` steps:
  // now, each multiple of `every`, and the last. Returns (steps, values[rows, metrics],
  // positions[rows, n, dims] or None).
  py::tuple series(const py::object& stepsArgument, const py::object& everyArgument,
                   const py::object& trajectoryArgument) {
    ready();
    const BusyGuard busy(busy_);
    const std::int64_t steps = wholeKeyword("steps", stepsArgument), every = wholeKeyword("every", everyArgument);
    const bool trajectory = py::bool_(trajectoryArgument);
    if (steps < 0) throw py::value_error(fmt::format("steps must be at least 0 (got {})", steps));
    if (every < 1) throw py::value_error(fmt::format("every must be at least 1 (got {})", every));
    if (trajectory && description().countMayChange(description().current(sim())))
      throw py::value_error(
          "trajectory needs a fixed number of boids, and this run removes caught prey; use catches='rebirth'");
    struct Series {
      std::vector<std::uint64_t> at;
      std::vector<double> values, frames;
      std::atomic<double> stepSeconds{kUnknown}, metricsSeconds{kUnknown};  // the last of each
    };
    auto out = std::make_shared<Series>();
    out->stepSeconds = stepSeconds_;
    out->metricsSeconds = metricsSeconds_;
    const std::vector<MetricSpec> specs = description().metrics(description().current(sim()));
    const std::size_t n = sim().flock().size();
    const auto d = static_cast<std::size_t>(dims());
    const std::uint64_t end = sim().stepCount() + static_cast<std::uint64_t>(steps);
    viewsStale_ = true;
    // The records and steps from where they are, stopping between steps once `stop` says so or
    // `handOver` asks for the rest to go to a Job (which then goes on where this left off).
    const auto work = [runner = runner_, out, specs, n, d, end, every, trajectory](
                          const std::atomic<bool>& stop, const std::function<bool()>& handOver) {
      Simulation& s = runner->simulation();
      const auto record = [&] {
        const auto start = Clock::now();
        out->at.push_back(s.stepCount());
        const Metrics m = s.metrics();
        for (const MetricSpec& spec : specs) out->values.push_back(metricValue(spec, m));
        if (trajectory) {
          out->frames.resize(out->frames.size() + n * d);
          fillPositions(s.flock(), out->frames.data() + out->frames.size() - n * d);
        }
        out->metricsSeconds = secondsSince(start);
      };
      if (out->at.empty()) {
        record();
        if (handOver()) return;
      }
      while (s.stepCount() < end && !stop) {
        const auto start = Clock::now();
        runner->step();
        out->stepSeconds = secondsSince(start);
        const std::uint64_t at = s.stepCount();
        if (at % static_cast<std::uint64_t>(every) == 0 || at == end) record();
        if (handOver()) return;
      }
    };
    if (!long_(stepSeconds_) && !long_(metricsSeconds_)) {
      const py::gil_scoped_release released;
      HandOver handOver;
      const std::atomic<bool> never{false};
      work(never, [&] { return handOver.due(); });
    }
    const auto record = [&] {
      stepSeconds_ = out->stepSeconds.load();
      metricsSeconds_ = out->metricsSeconds.load();
    };
    if (out->at.empty() || sim().stepCount() < end) {
      try {
        runInterruptibly([work](const std::atomic<bool>& stop) { work(stop, [] { return false; }); }, pending_);
      } catch (...) {
        record();
        throw;
      }
    }
    record();
    const auto rows = static_cast<py::ssize_t>(out->at.size());
    py::array_t<std::uint64_t> stepsArray(rows, out->at.data());
    py::array_t<double> table({rows, static_cast<py::ssize_t>(specs.size())}, out->values.data());
    py::object positionsArray = py::none();
    if (trajectory)
      positionsArray =
          py::array_t<double>({rows, static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(d)}, out->frames.data());
    return py::make_tuple(stepsArray, table, positionsArray);
  }

  std::string hash() {
    ready();
    const BusyGuard busy(busy_);
    return hashHex(stateHash(sim().flock()));
  }

  void save(const py::object& pathArgument) {
    ready();
    const BusyGuard busy(busy_);
    const std::string path = pathKeyword("path", pathArgument);
    translated([&] {
      std::string text;
      if (runs::endsWith(path, ".csv")) {
        text = formatStateCsv(sim().flock());
      } else if (runs::endsWith(path, ".json")) {
        if (startReplaced_)
          throw runs::UsageError("set_state replaced this run's start, which a run file cannot name; save the state as "
                                 ".csv and load it with init=");
        // A run file is JSON, UTF-8 text: it cannot name a start file whose name is not.
        if (!isUtf8(options_.initFile))
          throw runs::UsageError("a run file cannot name this run's start, " + excerpt(options_.initFile, 100) +
                                 ", whose name is not UTF-8; save the state as .csv, or rename the file");
        // With ramps, the parameters the run began with (the ramps move them again on a replay).
        nlohmann::ordered_json file =
            setup().ramps.empty() ? runs::resolvedRunFile(options_, setup(), sim().stepCount()) : begun_;
        file["steps"] = sim().stepCount();
        text = file.dump(2) + "\n";
      } else {
        throw runs::UsageError("save takes FILE.csv (the state, as run --save writes it) or FILE.json (the run file, "
                               "as run --write-config writes it) (got " +
                               path + ")");
      }
      runs::AtomicFile(path).commit(text);
    });
  }

  py::dict params() {
    py::dict out;
    const ParamSet p = description().current(ready());
    for (const ParamSpec& spec : description().params) out[py::str(spec.key)] = pythonValue(spec, p.get(spec.key));
    return out;
  }

  py::dict space() {
    const WorldDescription w = describeWorld(description(), ready());
    return py::dict(py::arg("dims") = w.dims, py::arg("width") = w.width, py::arg("height") = w.height,
                    py::arg("depth") = w.depth, py::arg("wrap") = w.wrap, py::arg("open") = w.open,
                    py::arg("unit") = w.unit);
  }

  py::dict shownBox() {
    const WorldView v = viewOf(ready().space(), sim().flock());
    return py::dict(py::arg("x0") = v.x0, py::arg("y0") = v.y0, py::arg("z0") = v.z0, py::arg("width") = v.width,
                    py::arg("height") = v.height, py::arg("depth") = v.depth);
  }

  py::dict appearance() {
    const Appearance a = ready().appearance();
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

  py::list obstacles() {
    py::list out;
    for (const Obstacle& o : description().obstacles(description().current(ready())))
      out.append(dims() == 3 ? py::make_tuple(o.x, o.y, o.z, o.radius) : py::make_tuple(o.x, o.y, o.radius));
    return out;
  }

  std::uint64_t runSteps() const {
    return options_.steps ? static_cast<std::uint64_t>(*options_.steps) : setup().defaultSteps;
  }
  const runs::ModelSetup& setup() const { return runner_->setup(); }
  unsigned threads() { return ready().options().threads; }

 private:
  static std::string shapeText(const py::array& a) {
    std::string text = "(";
    for (py::ssize_t k = 0; k < a.ndim(); ++k) text += (k ? ", " : "") + std::to_string(a.shape(k));
    return text + (a.ndim() == 1 ? ",)" : ")");
  }

  // Whether a call should run as a Job: a large flock at the start, a slow last call of its
  // kind (so a flock that grows is caught after one call), or a flock of some size whose cost
  // is not known yet. Not flock().size(): after a step that would copy the whole state into
  // boid order.
  bool long_(double lastSeconds) const {
    return startCount_ >= kJobBoids || lastSeconds > kJobSeconds || (lastSeconds < 0 && startCount_ >= kProbeBoids);
  }

  // Copies `f` into the views' buffers when their size still fits; false otherwise.
  static bool copyInto(const Flock& f, std::vector<double>& p, std::vector<double>& v) {
    const std::size_t size = f.size() * static_cast<std::size_t>(f.dimensions);
    if (p.size() != size || v.size() != size) return false;
    fill(f, p.data(), v.data());
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
    fill(sim().flock(), positions_.buffer->data(), velocities_.buffer->data());
    viewsStale_ = false;
  }
  py::object view(View& v) {
    ready();
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

  runs::RunOptions options_;
  EngineOptions engine_;
  std::shared_ptr<runs::Runner> runner_;                       // shared with a job that may outlive this
  std::shared_ptr<Job> pending_;                               // a job an interrupted call left running
  double stepSeconds_ = kUnknown, metricsSeconds_ = kUnknown;  // the last step's and metrics' times
  std::size_t startCount_ = 0;                                 // boids at the start
  bool startReplaced_ = false;                                 // set_state gave the run a start no run file names
  nlohmann::ordered_json begun_;                               // the run file as the run began (save with ramps)
  View positions_, velocities_;
  bool viewsStale_ = true;  // the buffers are behind the engine
  std::atomic<bool> busy_{false};
};

}  // namespace

py::object pythonValue(const ParamSpec& spec, const ParamValue& value) {
  const double* number = std::get_if<double>(&value);
  if (spec.whole && number && std::isfinite(*number)) return py::int_(static_cast<long long>(*number));
  return std::visit([](const auto& v) -> py::object { return py::cast(v); }, value);
}

void bindSimulation(py::module_& m) {
  py::class_<PySimulation>(m, "Simulation", py::dynamic_attr(), "One run of a model (see flocklab.Simulation).")
      .def(py::init<const py::kwargs&>())
      .def("step", &PySimulation::step, py::arg("steps") = py::int_(1),
           "Advances the run by `steps` steps, without the GIL.")
      .def_property_readonly("positions", &PySimulation::positions, "Positions, a read-only (n, dims) view.")
      .def_property_readonly("velocities", &PySimulation::velocities, "Velocities, a read-only (n, dims) view.")
      .def("state", &PySimulation::state, "Copies of (positions, velocities).")
      .def("set_state", &PySimulation::setState, py::arg("positions"), py::arg("velocities"),
           "Starts the run afresh from these positions and velocities.")
      .def("metrics", &PySimulation::metrics, "The metrics of the current state.")
      .def_property_readonly("metric_keys", &PySimulation::metricKeys, "The metrics' keys, in their order.")
      .def("_series", &PySimulation::series, py::arg("steps"), py::arg("every"), py::arg("trajectory"))
      .def("hash", &PySimulation::hash, "The state's hash, as `flocklab run --hash` prints it.")
      .def("save", &PySimulation::save, py::arg("path"), "Writes the state (.csv) or the run file (.json).")
      .def_property_readonly(
          "model", [](PySimulation& s) { return std::string(s.ready().model()); }, "The model's name.")
      .def_property_readonly("dims", &PySimulation::dims, "2 or 3.")
      .def_property_readonly(
          "step_count", [](PySimulation& s) { return s.ready().stepCount(); }, "Steps taken.")
      .def_property_readonly("params", &PySimulation::params, "Every parameter's value now.")
      .def_property_readonly("space", &PySimulation::space,
                             "The world: dims, width, height, depth (0 in 2D), wrap (a torus), open (open space: no "
                             "walls, no wrap; the box is where the start lies) and unit, as every front end gives it")
      .def_property_readonly("view", &PySimulation::shownBox,
                             "The box to show now: x0, y0, z0, width, height, depth; in open space the square "
                             "(cube) that follows the group, as the command's pictures frame it")
      .def_property_readonly("appearance", &PySimulation::appearance, "Kinds of boid and food, for pictures.")
      .def_property_readonly("obstacles", &PySimulation::obstacles,
                             "The obstacles: (x, y, radius), in 3D (x, y, z, radius).")
      .def_property_readonly("run_steps", &PySimulation::runSteps, "The steps `flocklab run` would take.")
      .def_property_readonly(
          "label", [](PySimulation& s) { return s.setup().label; }, "The run's model and preset.")
      .def_property_readonly("threads", &PySimulation::threads, "Threads a step runs on.")
      .def("__len__", [](PySimulation& s) { return s.ready().flock().size(); });
}

}  // namespace flocklab::python
