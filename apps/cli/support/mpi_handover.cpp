// Hand-over to flocklab-mpi (see mpi_handover.hpp). Only the environment is read: OpenMPI's
// mpirun sets OMPI_COMM_WORLD_SIZE, MPICH's and Slurm's PMI set PMI_SIZE; FLOCKLAB_NO_MPI=1
// keeps a flocklab that an MPI process starts as a child in one process.
#include "support/mpi_handover.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

namespace flocklab::cli {

int handOverToMpi(char** argv) {
  // A flocklab that a rank starts itself (a script's subprocess) inherits the rank's variables.
  if (const char* no = std::getenv("FLOCKLAB_NO_MPI"); no && *no && std::strcmp(no, "0") != 0) return -1;
  const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (!size) size = std::getenv("PMI_SIZE");
  if (!size || std::atoi(size) <= 1) return -1;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::string mpi = (self.parent_path() / "flocklab-mpi").string();
  if (error || ::access(mpi.c_str(), X_OK) != 0) {
    std::fprintf(stderr,
                 "flocklab: error: started as one of %s MPI processes, but this flocklab was built without MPI "
                 "(no flocklab-mpi beside it); install libopenmpi-dev and build again\n",
                 size);
    return 2;
  }
  ::execv(mpi.c_str(), argv);
  std::fprintf(stderr, "flocklab: error: cannot start %s: %s\n", mpi.c_str(), std::strerror(errno));
  return 2;
}

}  // namespace flocklab::cli
