#pragma once
// flocklab-mpi's processes working as one command (cli::Cluster). The first rank runs the
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

#include <memory>

#include "cli_app.hpp"
#include "mpi_partition.hpp"
#include "support/cluster.hpp"

namespace flocklab::mpi {

class MpiCluster : public cli::Cluster {
 public:
  /// Over `comm`, cutting the world again every `rebalance` steps.
  MpiCluster(MPI_Comm comm, std::uint64_t rebalance);

  int size() const override { return partition_->size(); }
  void setUpRun() override;
  std::shared_ptr<Partition> partition() override { return partition_; }
  void step(Simulation& sim) override;
  std::string shareOnce(const std::function<std::string()>& read) override;
  void farmOut(const std::vector<std::size_t>& pending,
               const std::function<void(std::size_t, const cli::RunResult&)>& finished,
               const std::function<bool()>& stopping) override;

  /// The first rank, when its command is over: lets the others go (whatever they wait for).
  void release(bool sweep);
  /// The other ranks: follow the first through `cli`'s parsed run or sweep; returns their exit
  /// status (0; an error is the first rank's to report).
  int follow(cli::CliApp& cli);

 private:
  int command(int word);  // the first rank's word, sent (first rank) or received (others)
  int followRun(cli::CliApp& cli);
  int followSweep(cli::CliApp& cli);
  [[noreturn]] void abort(const std::string& why);

  MPI_Comm comm_;
  std::shared_ptr<MpiPartition> partition_;
  bool inStep_ = false;
  bool sweepReleased_ = false;
  std::uint64_t gathers_ = 0;
};

}  // namespace flocklab::mpi
