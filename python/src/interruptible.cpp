#include "interruptible.hpp"

#include <chrono>
#include <thread>

namespace py = pybind11;

namespace flocklab::python {
namespace {

constexpr int kPollMilliseconds = 50;        // how often the waiting caller looks at signals
constexpr int kStopGraceMilliseconds = 500;  // how long it then lets the work reach a check

// (Without the GIL.) True when a Python signal handler raised; the error stays set in this
// thread's state for the caller to throw once it holds the GIL again.
bool signalled() {
  const py::gil_scoped_acquire gil;
  return PyErr_CheckSignals() != 0;
}

}  // namespace

std::shared_ptr<Job> Job::start(std::function<void(const std::atomic<bool>& stop)> work) {
  auto job = std::make_shared<Job>();
  std::thread([job, work = std::move(work)] {
    std::exception_ptr error;
    try {
      work(job->stop);
    } catch (...) {
      error = std::current_exception();
    }
    const std::lock_guard<std::mutex> lock(job->mutex_);
    job->error_ = error;
    job->done_ = true;
    job->ended_.notify_all();
  }).detach();
  return job;
}

bool Job::waitFor(int milliseconds) {
  std::unique_lock<std::mutex> lock(mutex_);
  return ended_.wait_for(lock, std::chrono::milliseconds(milliseconds), [this] { return done_; });
}

void Job::rethrow() const {
  if (error_) std::rethrow_exception(error_);
}

void runInterruptibly(std::function<void(const std::atomic<bool>& stop)> work, std::shared_ptr<Job>& pending) {
  std::shared_ptr<Job> job = Job::start(std::move(work));
  bool interrupted = false, ended = false;
  {
    const py::gil_scoped_release released;
    while (!(ended = job->waitFor(kPollMilliseconds)))
      if ((interrupted = signalled())) break;
    if (interrupted) {
      job->stop = true;
      ended = job->waitFor(kStopGraceMilliseconds);
    }
  }
  if (interrupted) {
    if (!ended) pending = job;
    throw py::error_already_set();
  }
  job->rethrow();
}

void awaitPending(std::shared_ptr<Job>& pending) {
  const std::shared_ptr<Job> job = pending;  // another thread may reset `pending` meanwhile
  if (!job) return;
  {
    const py::gil_scoped_release released;
    while (!job->waitFor(kPollMilliseconds))
      if (signalled()) break;
  }
  if (PyErr_Occurred()) throw py::error_already_set();
  if (pending == job) pending.reset();
}

}  // namespace flocklab::python
