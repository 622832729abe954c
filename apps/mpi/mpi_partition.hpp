#pragma once
// The Partition (flocklab/partition.hpp) over MPI ranks: each rank owns the boids in
// its box of a SpaceCut, receives each step the boids the other ranks own within the
// interaction radius of its box, and hands over the boids that leave it. Every `rebalance`
// steps the world is cut again by the boids' counts, so that gathering flocks do not leave
// ranks idle. Messages are MPI_Alltoall(v) over the whole communicator (a rank with nothing
// for another sends it an empty share); a boid travels as its global index and its position
// and velocity (5 doubles in 2D, 7 in 3D).
#include <mpi.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "flocklab/partition.hpp"
#include "space_cut.hpp"

namespace flocklab::mpi {

/// What the exchanges cost so far (for the benchmark and docs/distributed.md).
struct Traffic {
  std::uint64_t steps = 0;
  std::uint64_t haloBoids = 0, haloMessages = 0;   // received by this rank
  std::uint64_t movedBoids = 0, moveMessages = 0;  // boids handed over to this rank
  std::uint64_t cuts = 0;                          // cuts of the world, the first included
  double exchangeSeconds = 0;                      // in halo, hand-over and cut calls
};

class MpiPartition : public Partition {
 public:
  /// Over `comm` (kept, not owned); the world is cut again every `rebalance` steps (0: never).
  MpiPartition(MPI_Comm comm, std::uint64_t rebalance);

  void scatter(const Flock& all, Flock& mine, std::vector<std::uint32_t>& ids) override;
  std::size_t addHalo(Flock& state, std::vector<std::uint32_t>& ids, const Space& space, double radius) override;
  GridWindow window(const Space& space, double radius) const override;
  void migrate(Flock& state, std::vector<std::uint32_t>& ids, const Space& space) override;
  void gather(const Flock& mine, const std::vector<std::uint32_t>& ids, Flock& all) override;

  /// Called on every rank before each gather (the first rank announces it to the others).
  void beforeGather(std::function<void()> announce) { beforeGather_ = std::move(announce); }
  int rank() const { return rank_; }
  int size() const { return size_; }
  const Traffic& traffic() const { return traffic_; }

 private:
  // Sends `out[r]` (packed boids) to each rank r and returns what arrived, in rank order.
  std::vector<double> exchange(const std::vector<std::vector<double>>& out, int width, std::uint64_t& messages);
  // Hands every boid of `state` to the rank that owns it under the current cut.
  void moveToOwners(Flock& state, std::vector<std::uint32_t>& ids);
  // Cuts the world by the counts of every rank's boids.
  void cutByCounts(const Flock& state, const Space& space);

  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
  std::uint64_t rebalance_;
  std::optional<SpaceCut> cut_;
  std::function<void()> beforeGather_;
  Traffic traffic_;
  std::vector<std::vector<double>> out_;  // per rank, reused
};

}  // namespace flocklab::mpi
