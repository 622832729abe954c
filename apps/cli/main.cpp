// The flocklab command. Every error a user can cause ends here as one line on stderr and
// exit status 2; --help and --version exit 0. Started by mpirun (more than one process), it
// hands itself over to flocklab-mpi beside it, so that a plain run never loads MPI.
#include "cli_app.hpp"
#include "support/mpi_handover.hpp"

int main(int argc, char** argv) {
  using namespace flocklab::cli;
  if (const int status = handOverToMpi(argv); status >= 0) return status;
  CliApp cli;
  if (const int status = parseCommandLine(cli, argc, argv); status >= 0) return status;
  return executeCommand(cli);
}
