#pragma once
// flocklab started by mpirun (or srun) as one of several processes: the run belongs to
// flocklab-mpi, the same command linked with MPI, installed beside flocklab.

namespace flocklab::cli {

/// Replaces this process with flocklab-mpi (same arguments) when the environment shows it is
/// one of several MPI processes (unless FLOCKLAB_NO_MPI is set to other than 0); returns -1 to go on as a plain
/// flocklab (one process or none), or exit status 2 after one line on stderr when flocklab-mpi is missing or cannot
/// start.
int handOverToMpi(char** argv);

}  // namespace flocklab::cli
