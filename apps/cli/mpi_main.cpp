// flocklab-mpi: the flocklab command for several processes under mpirun or srun (plain
// flocklab hands itself over to it, see support/mpi_handover.hpp). The first rank runs the
// command as flocklab does; the others follow it through an MpiCluster (apps/mpi), to which
// this file binds the command line's parsed run or sweep. In one process it is flocklab.
// Warnings are the first rank's to say: the others set the same model up (a sweep's runs too) and
// would repeat each one (runs::showWarnings).
#include <mpi.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <thread>

#include "cli_app.hpp"
#include "mpi_cluster.hpp"
#include "mpi_session.hpp"
#include "runs/process_setup.hpp"
#include "runs/run_resume.hpp"

namespace {

// The parsed command as the other ranks follow it.
flocklab::mpi::Following following(flocklab::cli::CliApp& cli) {
  using namespace flocklab;
  mpi::Following f;
  if (cli.run->parsed()) {
    f.setUpRun = [&cli](std::shared_ptr<Partition> partition) {
      runs::RunOptions options = cli.runOptions;
      // Files are the first rank's: what only it needs (ffmpeg for a movie) is not asked for here.
      options.movieFile.clear();
      cli::prepareRun(options, *cli.run);
      EngineOptions engine = runs::runEngineOptions(options);
      engine.partition = std::move(partition);
      return runs::setUpRunModel(options, engine);
    };
  } else if (cli.sweep->parsed()) {
    f.sweepRunner = [&cli] { return cli::sweepRunner(cli.sweepOptions, *cli.sweep); };
  }
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace flocklab;
  const mpi::MpiSession session(argc, argv);
  const int rank = session.rank, size = session.size;
  int status = 0;
  {
    cli::CliApp cli;
    const int parsed = cli::parseCommandLine(cli, argc, argv, rank == 0);
    if (parsed >= 0) {
      status = parsed;
    } else if (size == 1) {
      status = cli::executeCommand(cli);
    } else {
      const bool together = cli.run->parsed() || cli.sweep->parsed();
      // All cores by default is each process's share of its machine's cores: the cores over
      // the processes that share its memory.
      MPI_Comm machine;
      MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &machine);
      int perMachine = 1;
      MPI_Comm_size(machine, &perMachine);
      MPI_Comm_free(&machine);
      if (cli.runOptions.threads == 0)
        cli.runOptions.threads = std::max<std::int64_t>(1, std::thread::hardware_concurrency() / perMachine);
      mpi::MpiCluster cluster(MPI_COMM_WORLD,
                              static_cast<std::uint64_t>(std::max<std::int64_t>(0, cli.runOptions.rebalanceEvery)));
      runs::setCluster(&cluster);
      if (rank == 0) {
        status = cli::executeCommand(cli);
        if (together) cluster.release(cli.sweep->parsed());
      } else if (together) {
        runs::showWarnings(false);
        try {
          status = cluster.follow(following(cli));
        } catch (const std::exception& e) {
          std::fprintf(stderr, "flocklab: error on rank %d: %s\n", rank, e.what());
          MPI_Abort(MPI_COMM_WORLD, 1);
        }
      }
      runs::setCluster(nullptr);
    }
  }
  return status;
}
