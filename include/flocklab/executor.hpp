#pragma once
// Where the engine's parallel work runs. The host may supply its own executor (a job system,
// one pool shared by many simulations); otherwise a simulation makes a ThreadPool of its own.
//
// Determinism: the engine gives every task its own output slots and sums floats serially
// afterwards, so results never depend on the executor, its size, or which worker ran which
// task. An executor decides speed only.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace flocklab {

/// Runs numbered tasks on a fixed set of workers. Implementations must run every task in
/// [0, tasks) exactly once, pass a worker id in [0, size()), never run two tasks on one worker
/// id at the same time, and return only when all tasks are done.
class Executor {
 public:
  /// The task function behind run(): context, task, worker.
  using TaskFunction = void (*)(void* context, unsigned task, unsigned worker);

  virtual ~Executor() = default;
  /// Number of workers (worker ids are 0 .. size() - 1); at least 1.
  virtual unsigned size() const = 0;
  /// Runs fn(context, task, worker) for every task in [0, tasks); see the class comment.
  virtual void runTasks(unsigned tasks, TaskFunction fn, void* context) = 0;

  /// Runs fn(task, worker) for every task in [0, tasks) and returns when all are done.
  template <class Fn>
  void run(unsigned tasks, Fn&& fn) {
    runTasks(
        tasks,
        [](void* context, unsigned task, unsigned worker) {
          (*static_cast<std::remove_reference_t<Fn>*>(context))(task, worker);
        },
        const_cast<void*>(static_cast<const void*>(&fn)));  // a const functor is only called
  }
};

/// Runs every task in order on the calling thread, as worker 0. For hosts that want no
/// threads, and the reference for tests.
class InlineExecutor final : public Executor {
 public:
  /// Always 1.
  unsigned size() const override { return 1; }
  /// Runs the tasks in ascending order on the caller.
  void runTasks(unsigned tasks, TaskFunction fn, void* context) override {
    for (unsigned task = 0; task < tasks; ++task) fn(context, task, 0);
  }
};

/// Thrown by ThreadPool's constructor when the system refuses a thread (EAGAIN under a process
/// limit, as in containers): the workers already started have been stopped and joined, so
/// nothing is left running. what(): "cannot start 100 threads: only 37 started (reason)".
class ThreadStartError : public std::runtime_error {
 public:
  /// `requested` and `started` count the caller as one thread; `reason` is the system's word.
  ThreadStartError(unsigned requested, unsigned started, const std::string& reason);
  /// Threads asked for, including the caller.
  unsigned requested() const { return requested_; }
  /// Threads that did start, including the caller (so at least 1).
  unsigned started() const { return started_; }

 private:
  unsigned requested_, started_;
};

/// The engine's own pool: size() - 1 worker threads plus the calling thread, which always
/// takes part (a pool of size 1 starts no thread). Built without FLOCKLAB_THREADS
/// (WebAssembly) it has size 1 and runs tasks in order on the caller.
/// Thread-safety: run() may be called from several threads at once (calls take turns), so one
/// pool can serve many simulations; a task must not call run() on the pool that runs it.
class ThreadPool final : public Executor {
 public:
  /// A pool of `threads` threads including the caller; 0 means all cores. Throws
  /// ThreadStartError, with no thread left running, when the system refuses one.
  explicit ThreadPool(unsigned threads);
  ~ThreadPool() override;
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  /// Threads including the caller.
  unsigned size() const override { return size_; }
  /// Runs the tasks on the pool; tasks are taken in ascending order by whichever worker is free.
  void runTasks(unsigned tasks, TaskFunction fn, void* context) override;

  /// The number of threads `threads` resolves to (0 means all cores; 1 without threads).
  static unsigned resolve(unsigned threads);

 private:
  void work(unsigned worker);
  void drain(unsigned worker);
  void stopWorkers();

  unsigned size_ = 1;
  std::vector<std::thread> workers_;
  std::mutex turn_;  // one run() at a time
  std::mutex mutex_;
  std::condition_variable wake_, finished_;
  std::uint64_t generation_ = 0;
  unsigned pending_ = 0;
  bool stop_ = false;
  TaskFunction fn_ = nullptr;
  void* context_ = nullptr;
  unsigned tasks_ = 0;
  std::atomic<unsigned> nextTask_{0};
};

/// A ThreadPool of `threads` threads (0: all cores) to share: pass it as
/// EngineOptions::executor to any number of simulations and to measure().
std::shared_ptr<Executor> makeThreadPool(unsigned threads = 0);

}  // namespace flocklab
