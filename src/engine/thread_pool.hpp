#pragma once
// A fixed set of worker threads that run numbered tasks. Design: results must never depend
// on which thread ran which task, so callers give every task its own output slots; the pool
// only decides speed. Built without FLOCKLAB_THREADS (WebAssembly) it runs tasks in order on
// the caller. The caller always takes part, so a pool of size 1 starts no thread.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace flocklab {

class ThreadPool {
 public:
  /// A pool of `threads` threads including the caller; 0 means all cores.
  explicit ThreadPool(unsigned threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  /// Threads including the caller.
  unsigned size() const { return size_; }

  /// Runs fn(task, worker) for task in [0, tasks) and returns when all are done; worker is in
  /// [0, size()) and no two tasks run on one worker at the same time. Not reentrant.
  template <class Fn>
  void run(unsigned tasks, Fn&& fn) {
    runRaw(tasks, [](void* context, unsigned task, unsigned worker) {
      (*static_cast<std::remove_reference_t<Fn>*>(context))(task, worker);
    }, &fn);
  }

  /// The number of threads `threads` resolves to (0 means all cores; 1 without threads).
  static unsigned resolve(unsigned threads);

 private:
  using RawFn = void (*)(void*, unsigned, unsigned);
  void runRaw(unsigned tasks, RawFn fn, void* context);
  void work(unsigned worker);
  void drain(unsigned worker);

  unsigned size_ = 1;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, finished_;
  std::uint64_t generation_ = 0;
  unsigned pending_ = 0;
  bool stop_ = false;
  RawFn fn_ = nullptr;
  void* context_ = nullptr;
  unsigned tasks_ = 0;
  std::atomic<unsigned> nextTask_{0};
};

}  // namespace flocklab
