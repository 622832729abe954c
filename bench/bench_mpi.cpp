// The lab model split over MPI ranks (docs/distributed.md): time per boid-step and what the
// ranks exchange. Run it under mpirun; with one process it steps the whole flock alone.
//   mpirun -n 2 build/release/bench/bench_mpi --boids 1000000 --steps 10
// Prints one line of figures: the median step (the slowest rank's, after a barrier), time per
// boid-step, and per step the halo boids received (all ranks), their bytes and messages, the
// boids handed over, and the share of the ranks' step time spent in the exchanges.
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "flocklab/models/lab_simulation.hpp"
#include "mpi_partition.hpp"
#include "mpi_session.hpp"
#include "scenes.hpp"

namespace {

std::size_t argument(int argc, char** argv, const char* name, std::size_t fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return static_cast<std::size_t>(std::strtoull(argv[i + 1], nullptr, 10));
  return fallback;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace flocklab;
  const mpi::MpiSession session(argc, argv);
  const int rank = session.rank, size = session.size;
  const std::size_t n = argument(argc, argv, "--boids", 100000);
  const std::size_t steps = std::max<std::size_t>(1, argument(argc, argv, "--steps", 10));
  const std::size_t warm = argument(argc, argv, "--warm", 3);
  const auto threads = static_cast<unsigned>(argument(argc, argv, "--threads", 1));
  const LabParams params = scenes::labAtSeedDensity(n);
  std::shared_ptr<mpi::MpiPartition> partition;
  if (size > 1) partition = std::make_shared<mpi::MpiPartition>(MPI_COMM_WORLD, 50);
  EngineOptions engine;
  engine.threads = threads;
  engine.partition = partition;
  {
    LabSimulation sim(params, randomLabStart(n, params, 42), engine);
    sim.step(warm);
    const mpi::Traffic before = partition ? partition->traffic() : mpi::Traffic{};
    std::vector<double> times;
    double mine = 0;
    for (std::size_t s = 0; s < steps; ++s) {
      MPI_Barrier(MPI_COMM_WORLD);
      const double begin = MPI_Wtime();
      sim.step(1);
      double took = MPI_Wtime() - begin;
      mine += took;
      MPI_Allreduce(MPI_IN_PLACE, &took, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      times.push_back(took);
    }
    const mpi::Traffic after = partition ? partition->traffic() : mpi::Traffic{};
    // Per step, summed over the ranks: halo boids, messages, boids handed over; and the time
    // in exchanges against the time in steps.
    double sums[5] = {static_cast<double>(after.haloBoids - before.haloBoids),
                      static_cast<double>(after.haloMessages - before.haloMessages),
                      static_cast<double>(after.movedBoids - before.movedBoids),
                      after.exchangeSeconds - before.exchangeSeconds, mine};
    MPI_Allreduce(MPI_IN_PLACE, sums, 5, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    if (rank == 0) {
      const double perStep = 1.0 / static_cast<double>(steps);
      std::printf(
          "boids %zu, %d processes x %u threads: median step %.4f s, %.1f ns per boid-step; per step: "
          "halo %.0f boids (%.0f bytes) in %.1f messages, %.0f boids handed over; exchanges %.1f %% of the step time\n",
          n, size, threads, median, median / static_cast<double>(n) * 1e9, sums[0] * perStep, sums[0] * perStep * 8 * 5,
          sums[1] * perStep, sums[2] * perStep, sums[4] > 0 ? 100 * sums[3] / sums[4] : 0.0);
    }
  }
  return 0;
}
