#pragma once
// MPI for the life of a scope: MPI_Init_thread with MPI_THREAD_FUNNELED (only the main thread
// calls MPI; the step's worker threads never do) and MPI_Finalize, with this process's rank.
#include <mpi.h>

namespace flocklab::mpi {

struct MpiSession {
  MpiSession(int& argc, char**& argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
  }
  ~MpiSession() { MPI_Finalize(); }
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  int rank = 0, size = 1;
};

}  // namespace flocklab::mpi
