#pragma once
// What `run` and `sweep` do differently when several processes work together under mpirun
// (flocklab-mpi, apps/mpi): the first one reads --init and --resume once, writes every file and
// says when the others step; the others follow it (a run file of --config is read by each). A plain flocklab has no
// cluster: cluster() is null and nothing here links MPI.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "flocklab/partition.hpp"
#include "flocklab/simulation.hpp"
#include "runs/sweep_run.hpp"

namespace flocklab::runs {

class Cluster {
 public:
  virtual ~Cluster() = default;
  /// Processes in all, this one included.
  virtual int size() const = 0;

  // run
  /// The others set up the same run now (each builds the simulation with its partition).
  virtual void setUpRun() = 0;
  /// This process's share of the flock, for EngineOptions::partition.
  virtual std::shared_ptr<Partition> partition() = 0;
  /// One step of `sim`, taken together with the others.
  virtual void step(Simulation& sim) = 0;
  /// What `read` returns here (an input file's text), sent to the others, which get it
  /// without reading; when `read` throws, the others throw UsageError with its message.
  virtual std::string shareOnce(const std::function<std::string()>& read) = 0;

  // sweep
  /// Hands the runs `pending` to the other processes, one at a time each, and calls
  /// `finished(run, result)` here as each comes back; hands out no more once `stopping()` is
  /// true, and returns when every run handed out is back.
  virtual void farmOut(const std::vector<std::size_t>& pending,
                       const std::function<void(std::size_t, const RunResult&)>& finished,
                       const std::function<bool()>& stopping) = 0;
};

/// The processes this one works with (on every rank of flocklab-mpi; the calls above that
/// lead are the first rank's), or null in a single process.
Cluster* cluster();
/// Sets it (flocklab-mpi, on every rank, before the command runs).
void setCluster(Cluster* cluster);

}  // namespace flocklab::runs
