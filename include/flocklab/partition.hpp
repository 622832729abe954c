#pragma once
// One flock stepped by several processes together (flocklab-mpi's ranks): each process owns
// the boids in its part of space and the step driver asks the Partition for what lies beyond.
// The engine holds only this interface; the MPI implementation lives in apps/mpi, so a build
// without MPI has no trace of it. Public: the interface a multi-process front end implements.
//
// The contract that keeps the bits of one process (docs/distributed.md):
// - boid indices are global: a process's boids carry the index the boid has in the whole
//   flock, and the step driver merges neighbours in ascending global index, the order of one
//   process;
// - positions are the world's own (no shifted ghost images): the minimum-image offsets of a
//   torus are computed from the same numbers as in one process;
// - the halo holds at least every boid within the radius of the part (more is harmless: the
//   distance test drops them), so each owned boid sees exactly its neighbours of one process.
// addHalo, migrate and gather are collective: all processes make them, in the same order;
// scatter and window are each process's own.
#include <cstdint>
#include <vector>

#include "flocklab/flock.hpp"
#include "flocklab/grid_window.hpp"
#include "flocklab/space.hpp"

namespace flocklab {

class Partition {
 public:
  virtual ~Partition() = default;
  /// Keeps from `all` (the whole flock, boid i at index i, the same on every process) the
  /// boids this process owns, into `mine` with their indices in `ids`. The first call cuts
  /// the world into parts.
  virtual void scatter(const Flock& all, Flock& mine, std::vector<std::uint32_t>& ids) = 0;
  /// Appends to `state` and `ids` copies of the boids other processes own within `radius` of
  /// this process's part (wrapped on a torus); returns how many of the first entries are this
  /// process's own (the first call also hands the boids to their owners under the first cut).
  virtual std::size_t addHalo(Flock& state, std::vector<std::uint32_t>& ids, const Space& space, double radius) = 0;
  /// The part of the world this process's boids and halo lie in (after addHalo), for its
  /// grid: the grid then spans its part, not the world (in open space the driver takes the
  /// box of the boids it holds instead).
  virtual GridWindow window(const Space& space, double radius) const = 0;
  /// After a step (`state` holds only this process's boids, some now beyond its part): hands
  /// over the boids that left, takes in those that arrived, and every so often cuts the world
  /// again by the boids' counts.
  virtual void migrate(Flock& state, std::vector<std::uint32_t>& ids, const Space& space) = 0;
  /// The whole flock, boid i at index i, on every process, from each one's boids.
  virtual void gather(const Flock& mine, const std::vector<std::uint32_t>& ids, Flock& all) = 0;
};

}  // namespace flocklab
