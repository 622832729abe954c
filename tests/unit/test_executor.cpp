// The executors: every task runs exactly once with a worker id in range, the inline executor
// runs them in order on the caller, one pool serves many simulations (also from several
// threads at once), the bits never depend on the executor, and a pool the system refuses
// threads to throws ThreadStartError with nothing left running.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "flocklab/flocklab.hpp"
#include "support/lab_params_builder.hpp"
#include "support/state_compare.hpp"

using namespace flocklab;

namespace {

void expectEachTaskOnce(Executor& executor, unsigned tasks) {
  std::vector<std::atomic<int>> runs(tasks);
  std::vector<std::atomic<int>> busy(executor.size());
  std::atomic<bool> inRange{true}, overlap{false};
  executor.run(tasks, [&](unsigned task, unsigned worker) {
    if (worker >= executor.size() || task >= tasks) {
      inRange = false;
      return;
    }
    if (busy[worker].fetch_add(1) != 0) overlap = true;  // two tasks at once on one worker id
    runs[task].fetch_add(1);
    busy[worker].fetch_sub(1);
  });
  EXPECT_TRUE(inRange);
  EXPECT_FALSE(overlap);
  for (unsigned t = 0; t < tasks; ++t) EXPECT_EQ(runs[t].load(), 1) << "task " << t;
}

constexpr int kSkip = 77;

// Runs `body` in a child process allowed at most `limit` processes (threads count) under
// RLIMIT_NPROC, and returns its exit status: kSkip when the limit cannot be set, -1 when it
// died of a signal, -2 when it was still running after a minute (a hang). Root ignores the
// limit, so as root the child first becomes a user id of its own, which no other process
// holds: the limit then counts this child's threads alone.
int exitUnderProcessLimit(rlim_t limit, int (*body)()) {
  const pid_t child = fork();
  if (child == 0) {
    if (geteuid() == 0) {
      const auto uid = static_cast<uid_t>(3000000 + getpid() % 1000000);
      if (setgid(uid) != 0 || setuid(uid) != 0) _exit(kSkip);
    }
    const rlimit nproc{limit, limit};
    if (setrlimit(RLIMIT_NPROC, &nproc) != 0) _exit(kSkip);
    _exit(body());
  }
  if (child < 0) return kSkip;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  int status = 0;
  while (waitpid(child, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      return -2;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TEST(Executor, APoolTheSystemRefusesThreadsThrowsAndLeavesNothingRunning) {
  // 64 threads under a limit of 4 processes: the old pool left its started workers joinable
  // (std::terminate) or hung; now it joins them and throws ThreadStartError.
  const int status = exitUnderProcessLimit(4, [] {
    try {
      ThreadPool pool(64);
      return 10;  // the limit did not bite
    } catch (const ThreadStartError& e) {
      const std::string what = e.what();
      if (e.requested() != 64 || e.started() < 1 || e.started() >= 64) return 11;
      if (what.rfind("cannot start 64 threads: only " + std::to_string(e.started()) + " started (", 0) != 0) return 12;
      return 0;
    } catch (...) {
      return 13;
    }
  });
  if (status == kSkip) GTEST_SKIP() << "cannot limit the number of processes here";
  EXPECT_NE(status, -1) << "the child died of a signal (std::terminate?)";
  EXPECT_NE(status, -2) << "the child hung";
  EXPECT_NE(status, 10) << "a pool of 64 threads started under a limit of 4 processes";
  EXPECT_EQ(status, 0) << "wrong exception or message (see the codes in the test)";
}

TEST(Executor, ThreadPoolRunsEveryTaskExactlyOnce) {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    ThreadPool pool(threads);
    EXPECT_EQ(pool.size(), threads);
    for (unsigned tasks : {0u, 1u, 2u, 7u, 64u, 1000u}) expectEachTaskOnce(pool, tasks);
  }
  EXPECT_GE(ThreadPool(0).size(), 1u);
}

TEST(Executor, InlineExecutorRunsTasksInOrderOnTheCaller) {
  InlineExecutor inline_;
  EXPECT_EQ(inline_.size(), 1u);
  std::vector<unsigned> order;
  const auto caller = std::this_thread::get_id();
  bool onCaller = true;
  inline_.run(5, [&](unsigned task, unsigned worker) {
    order.push_back(task);
    onCaller = onCaller && worker == 0 && std::this_thread::get_id() == caller;
  });
  EXPECT_EQ(order, (std::vector<unsigned>{0, 1, 2, 3, 4}));
  EXPECT_TRUE(onCaller);
  expectEachTaskOnce(inline_, 100);
}

TEST(Executor, OnePoolServesManySimulationsWithTheSameBits) {
  const LabParams p = with(10, 100);
  const Flock start = randomLabStart(3000, p, 17);
  const auto pool = makeThreadPool(3);
  LabSimulation own(p, start, {NeighborSearch::Grid, 1});
  LabSimulation a(p, start, {NeighborSearch::Grid, 0, pool});
  LabSimulation b(p, start, {NeighborSearch::Brute, 0, pool});
  LabSimulation c(p, start, {NeighborSearch::Grid, 0, std::make_shared<InlineExecutor>()});
  EXPECT_EQ(a.options().threads, 3u);
  EXPECT_EQ(&a.executor(), &b.executor());
  EXPECT_EQ(c.options().threads, 1u);
  for (int s = 0; s < 10; ++s) {
    own.step(), a.step(), b.step(), c.step();
    ASSERT_EQ(firstDifference(own.flock(), a.flock()), -1) << "step " << s;
    ASSERT_EQ(firstDifference(own.flock(), b.flock()), -1) << "step " << s;
    ASSERT_EQ(firstDifference(own.flock(), c.flock()), -1) << "step " << s;
  }
  const Metrics m = own.metrics(), ma = a.metrics();
  EXPECT_EQ(m.polarization, ma.polarization);
  EXPECT_EQ(m.meanNearestDistance, ma.meanNearestDistance);
  EXPECT_EQ(m.flocks, ma.flocks);
}

TEST(Executor, ASharedPoolMayBeUsedFromSeveralThreadsAtOnce) {
  // A sweep may step its runs on threads of its own: run() calls on one pool take turns.
  const LabParams p = with(10, 100);
  const auto pool = makeThreadPool(2);
  const Flock start = randomLabStart(2000, p, 3);
  LabSimulation reference(p, start, {NeighborSearch::Grid, 1});
  reference.step(20);
  std::vector<std::uint64_t> hashes(4);
  std::vector<std::thread> hosts;
  for (std::size_t h = 0; h < hashes.size(); ++h)
    hosts.emplace_back([&, h] {
      LabSimulation sim(p, start, {NeighborSearch::Grid, 0, pool});
      sim.step(20);
      hashes[h] = stateHash(sim.flock());
    });
  for (auto& t : hosts) t.join();
  for (std::uint64_t h : hashes) EXPECT_EQ(h, stateHash(reference.flock()));
}
