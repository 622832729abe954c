#pragma once
// flocklab-mpi's processes working as one command (runs::Cluster). The first rank runs the
// command as a plain flocklab would, reading the inputs and writing every file; the others
// follow it:
// - run: they wait for the first rank's word (MPI_Bcast of one int): set up the run, step,
//   gather the flock (for an output), or stop. Inside a step every rank makes the same
//   collective calls in the same order (the partition's halo, hand-over and gathers), so the
//   word is needed only where the first rank alone decides (a metrics row, a picture).
// - sweep: each asks the first rank for a run, runs it alone, sends back its result and asks
//   again; the first rank writes every row (one writer), so a sweep over ranks resumes and
//   ends with the bytes of a sweep in one process.
#include <mpi.h>

#include <functional>
#include <memory>

#include "flocklab/simulation.hpp"
#include "mpi_partition.hpp"
#include "runs/cluster.hpp"
#include "runs/model_setup.hpp"
#include "runs/sweep_run.hpp"

namespace flocklab::mpi {

/// What the other ranks do for the command the first rank runs (the command line's parsed
/// options, bound by flocklab-mpi's main): either function may be empty, for a command that is
/// the first rank's alone.
struct Following {
  /// Sets up the run as the first rank does, over this rank's `partition` of the flock (its
  /// ramps included: each step sets them as the first rank's does).
  std::function<runs::ModelSetup(std::shared_ptr<Partition> partition)> setUpRun;
  /// The sweep's runner: run k's result (runs::sweep_run.hpp).
  std::function<std::function<runs::RunResult(std::size_t)>()> sweepRunner;
};

class MpiCluster : public runs::Cluster {
 public:
  /// Over `comm`, cutting the world again every `rebalance` steps.
  MpiCluster(MPI_Comm comm, std::uint64_t rebalance);

  int size() const override { return partition_->size(); }
  void setUpRun() override;
  std::shared_ptr<Partition> partition() override { return partition_; }
  void step(Simulation& sim) override;
  std::string shareOnce(const std::function<std::string()>& read) override;
  void farmOut(const std::vector<std::size_t>& pending,
               const std::function<void(std::size_t, const runs::RunResult&)>& finished,
               const std::function<bool()>& stopping) override;

  /// The first rank, when its command is over: lets the others go (whatever they wait for).
  void release(bool sweep);
  /// The other ranks: follow the first through its run or sweep; returns their exit status (0;
  /// an error is the first rank's to report).
  int follow(const Following& following);

 private:
  int command(int word);  // the first rank's word, sent (first rank) or received (others)
  int followRun(const Following& following);
  int followSweep(const Following& following);
  [[noreturn]] void abort(const std::string& why);

  MPI_Comm comm_;
  std::shared_ptr<MpiPartition> partition_;
  bool inStep_ = false;
  bool sweepReleased_ = false;
  std::uint64_t gathers_ = 0;
};

}  // namespace flocklab::mpi
