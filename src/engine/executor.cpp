// The engine's thread pool. Design: a generation counter wakes the workers for each run();
// tasks are handed out by one atomic counter, so any worker may take any task. Results never
// depend on that (see executor.hpp). A second mutex makes concurrent run() calls take turns,
// which lets one pool serve many simulations. A worker the system refuses to start (EAGAIN
// under a process limit) must not leave the started ones joinable (std::terminate) or waiting:
// the constructor stops and joins them before it throws.
#include "flocklab/executor.hpp"

#include <system_error>

namespace flocklab {

unsigned ThreadPool::resolve(unsigned threads) {
#if FLOCKLAB_THREADS
  if (threads == 0) threads = std::thread::hardware_concurrency();
  return threads == 0 ? 1 : threads;
#else
  (void)threads;
  return 1;
#endif
}

ThreadStartError::ThreadStartError(unsigned requested, unsigned started, const std::string& reason)
    : std::runtime_error("cannot start " + std::to_string(requested) + " threads: only " + std::to_string(started) +
                         " started (" + reason + ")"),
      requested_(requested),
      started_(started) {}

ThreadPool::ThreadPool(unsigned threads) : size_(resolve(threads)) {
#if FLOCKLAB_THREADS
  try {
    workers_.reserve(size_ - 1);
    for (unsigned w = 1; w < size_; ++w) workers_.emplace_back([this, w] { work(w); });
  } catch (const std::system_error& e) {
    const auto started = static_cast<unsigned>(workers_.size()) + 1;
    stopWorkers();
    throw ThreadStartError(size_, started, e.code().message());
  } catch (...) {  // out of memory for a thread's state: stop the started ones all the same
    stopWorkers();
    throw;
  }
#endif
}

ThreadPool::~ThreadPool() { stopWorkers(); }

void ThreadPool::stopWorkers() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& t : workers_) t.join();
  workers_.clear();
}

void ThreadPool::drain(unsigned worker) {
  for (unsigned task = nextTask_.fetch_add(1); task < tasks_; task = nextTask_.fetch_add(1))
    fn_(context_, task, worker);
}

void ThreadPool::runTasks(unsigned tasks, TaskFunction fn, void* context) {
  std::lock_guard<std::mutex> turn(turn_);
  if (workers_.empty() || tasks <= 1) {
    for (unsigned task = 0; task < tasks; ++task) fn(context, task, 0);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    fn_ = fn;
    context_ = context;
    tasks_ = tasks;
    nextTask_.store(0);
    pending_ = static_cast<unsigned>(workers_.size());
    ++generation_;
  }
  wake_.notify_all();
  drain(0);
  std::unique_lock<std::mutex> lock(mutex_);
  finished_.wait(lock, [this] { return pending_ == 0; });
}

void ThreadPool::work(unsigned worker) {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
    }
    drain(worker);
    std::lock_guard<std::mutex> lock(mutex_);
    if (--pending_ == 0) finished_.notify_one();
  }
}

std::shared_ptr<Executor> makeThreadPool(unsigned threads) { return std::make_shared<ThreadPool>(threads); }

}  // namespace flocklab
