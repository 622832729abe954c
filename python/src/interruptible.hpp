#pragma once
// Long calls that answer Ctrl-C within about a second.
// Design: the work runs on a thread of its own while the calling thread, without the GIL,
// waits for it and lets Python run its signal handlers every 50 ms (PyErr_CheckSignals). On
// KeyboardInterrupt the caller sets the job's stop flag, which the work reads between its steps,
// and waits up to half a second for the work to end there. A phase that cannot check (one very
// long step, the metrics of a dense start) cannot be stopped from outside without changing
// the engine, so the caller raises KeyboardInterrupt anyway and the job finishes that phase
// in the background: it owns (shared_ptr) everything it touches, so nothing dangles when the
// Python object goes away, and it never touches a Python object. The owner keeps such a
// job as pending and waits for it (interruptibly) before its next call, so a call never sees
// a state in the middle of a step. A process that exits meanwhile just ends the thread.
#include <pybind11/pybind11.h>

#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>

namespace flocklab::python {

/// One piece of work on its own thread.
class Job {
 public:
  /// Set once the caller was interrupted: the work stops at its next check.
  std::atomic<bool> stop{false};

  /// Starts `work(stop)` on a new thread. Throws std::system_error when no thread starts.
  static std::shared_ptr<Job> start(std::function<void(const std::atomic<bool>& stop)> work);
  /// (Without the GIL.) Waits up to `milliseconds` for the work; true when it has ended.
  bool waitFor(int milliseconds);
  /// (After the work ended.) Rethrows the work's exception, if it threw one.
  void rethrow() const;

 private:
  std::mutex mutex_;
  std::condition_variable ended_;
  bool done_ = false;
  std::exception_ptr error_;
};

/// (With the GIL.) Runs `work` on a Job and waits for it, answering Ctrl-C: returns when the
/// work ended (rethrowing its exception), or throws error_already_set (KeyboardInterrupt, or
/// whatever a signal handler raised) within about 0.1 s of the signal; a job that could not
/// stop within half a second more is left in `pending`, still running.
void runInterruptibly(std::function<void(const std::atomic<bool>& stop)> work, std::shared_ptr<Job>& pending);

/// (With the GIL.) Waits, answering Ctrl-C, for the job an interrupted call left running,
/// then forgets it (its result and any exception belong to the call that was interrupted).
void awaitPending(std::shared_ptr<Job>& pending);

}  // namespace flocklab::python
