// The first rank's lead and the others' following (see mpi_cluster.hpp).
#include "mpi_cluster.hpp"

#include <unistd.h>
#include <CLI/CLI.hpp>

#include <atomic>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>

#include "runs/runner.hpp"
#include "runs/usage_error.hpp"

namespace flocklab::mpi {
namespace {

// The first rank's words to the others in a run.
enum Word : int { kSetUp = 1, kStep = 2, kGather = 3, kDone = 4 };
// Sweep messages: a rank's result (or readiness) to the first rank, and its answer.
constexpr int kResultTag = 11, kRunTag = 12, kFailureTag = 13;

}  // namespace

MpiCluster::MpiCluster(MPI_Comm comm, std::uint64_t rebalance)
    : comm_(comm), partition_(std::make_shared<MpiPartition>(comm, rebalance)) {
  partition_->beforeGather([this] {
    ++gathers_;
    // Outside a step only the first rank knows it needs the flock: it says so.
    if (partition_->rank() == 0 && !inStep_) command(kGather);
  });
}

int MpiCluster::command(int word) {
  MPI_Bcast(&word, 1, MPI_INT, 0, comm_);
  return word;
}

void MpiCluster::abort(const std::string& why) {
  std::fprintf(stderr, "flocklab: internal error on rank %d: %s\n", partition_->rank(), why.c_str());
  MPI_Abort(comm_, 1);
  std::abort();
}

void MpiCluster::setUpRun() { command(kSetUp); }

void MpiCluster::step(Simulation& sim) {
  command(kStep);
  inStep_ = true;
  // A failure inside a step (out of memory) leaves the others inside a collective call: only
  // MPI_Abort can end them.
  try {
    sim.step(1);
  } catch (const std::exception& e) {
    abort(std::string("a step failed: ") + e.what());
  }
  inStep_ = false;
}

std::string MpiCluster::shareOnce(const std::function<std::string()>& read) {
  std::string text;
  int ok = 1;
  std::exception_ptr failure;
  if (partition_->rank() == 0) {
    try {
      text = read();
    } catch (const std::exception& e) {
      failure = std::current_exception();
      ok = 0;
      text = e.what();
    }
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, comm_);
  unsigned long long length = text.size();
  MPI_Bcast(&length, 1, MPI_UNSIGNED_LONG_LONG, 0, comm_);
  text.resize(length);
  // In pieces below 2^31 bytes, MPI's count limit.
  for (unsigned long long at = 0; at < length; at += 1ull << 30)
    MPI_Bcast(text.data() + at, static_cast<int>(std::min<unsigned long long>(length - at, 1ull << 30)), MPI_CHAR, 0,
              comm_);
  if (failure) std::rethrow_exception(failure);
  if (!ok) throw runs::UsageError(text);
  return text;
}

void MpiCluster::farmOut(const std::vector<std::size_t>& pending,
                         const std::function<void(std::size_t, const runs::RunResult&)>& finished,
                         const std::function<bool()>& stopping) {
  sweepReleased_ = true;
  std::size_t next = 0;
  int following = size() - 1;
  // A row that cannot be written, or a run another rank could not make, stops the handing out;
  // every rank is still answered (so none waits for ever), then the first failure is thrown.
  std::exception_ptr failure;
  std::vector<double> message;
  while (following > 0) {
    // Polled, so that Ctrl-C here stops the handing out while runs are under way.
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &arrived, &status);
    if (!arrived) {
      ::usleep(1000);
      continue;
    }
    if (status.MPI_TAG == kFailureTag) {
      int length = 0;
      MPI_Get_count(&status, MPI_CHAR, &length);
      std::string why(static_cast<std::size_t>(length), '\0');
      MPI_Recv(why.data(), length, MPI_CHAR, status.MPI_SOURCE, kFailureTag, comm_, MPI_STATUS_IGNORE);
      if (!failure) failure = std::make_exception_ptr(runs::UsageError(why));
    } else {
      int count = 0;
      MPI_Get_count(&status, MPI_DOUBLE, &count);
      message.resize(static_cast<std::size_t>(count));
      MPI_Recv(message.data(), count, MPI_DOUBLE, status.MPI_SOURCE, kResultTag, comm_, MPI_STATUS_IGNORE);
      // [run or -1 (ready), metrics of the final state, means over the last fifth]
      if (message[0] >= 0 && !failure) {
        const std::size_t half = (message.size() - 1) / 2;
        runs::RunResult result;
        result.final.assign(message.begin() + 1, message.begin() + 1 + static_cast<std::ptrdiff_t>(half));
        result.lastFifth.assign(message.begin() + 1 + static_cast<std::ptrdiff_t>(half), message.end());
        try {
          finished(static_cast<std::size_t>(message[0]), result);
        } catch (...) {
          failure = std::current_exception();
        }
      }
    }
    long long run = -1;
    if (!failure && next < pending.size() && !stopping()) run = static_cast<long long>(pending[next++]);
    else --following;
    MPI_Send(&run, 1, MPI_LONG_LONG, status.MPI_SOURCE, kRunTag, comm_);
  }
  if (failure) std::rethrow_exception(failure);
}

void MpiCluster::release(bool sweep) {
  if (!sweep) {
    command(kDone);  // the others wait for a word even when the run never set up
    return;
  }
  if (sweepReleased_) return;
  farmOut(
      {}, [](std::size_t, const runs::RunResult&) {}, [] { return true; });
}

int MpiCluster::follow(const Following& following) {
  if (following.setUpRun) return followRun(following);
  if (following.sweepRunner) return followSweep(following);
  return 0;  // the other commands are the first rank's alone
}

int MpiCluster::followRun(const Following& following) {
  std::optional<runs::Runner> runner;
  std::string failure = "no word to set the run up came";
  for (;;) {
    switch (command(0)) {
      case kSetUp: try { runner.emplace(following.setUpRun(partition_));
        } catch (const std::exception& e) {
          // The first rank meets the same error and reports it; if it does not, the first step
          // says what went wrong here.
          runner.reset();
          failure = e.what();
        }
        break;
      case kStep:
        if (!runner) abort("could not set up the run: " + failure);
        inStep_ = true;
        runner->step();
        inStep_ = false;
        break;
      case kGather: {
        if (!runner) abort("could not set up the run: " + failure);
        const std::uint64_t before = gathers_;
        runner->simulation().flock();
        if (gathers_ == before) abort("the ranks are out of step");
        break;
      }
      case kDone: return 0;
      default: abort("an unknown word from the first rank");
    }
  }
}

int MpiCluster::followSweep(const Following& following) {
  std::function<runs::RunResult(std::size_t)> runner;
  std::string failure;
  try {
    runner = following.sweepRunner();
  } catch (const std::exception& e) {
    failure = e.what();  // the first rank meets the same error, reports it, and hands out no run
  }
  std::vector<double> message{-1.0};
  for (;;) {
    if (failure.empty()) MPI_Send(message.data(), static_cast<int>(message.size()), MPI_DOUBLE, 0, kResultTag, comm_);
    else MPI_Send(failure.data(), static_cast<int>(failure.size()), MPI_CHAR, 0, kFailureTag, comm_);
    long long run = -1;
    MPI_Recv(&run, 1, MPI_LONG_LONG, 0, kRunTag, comm_, MPI_STATUS_IGNORE);
    if (run < 0) return 0;
    try {
      const runs::RunResult result = runner(static_cast<std::size_t>(run));
      message.assign(1, static_cast<double>(run));
      message.insert(message.end(), result.final.begin(), result.final.end());
      message.insert(message.end(), result.lastFifth.begin(), result.lastFifth.end());
    } catch (const std::exception& e) {
      failure = e.what();  // sent to the first rank, which stops the sweep and reports it
    }
  }
}

}  // namespace flocklab::mpi
