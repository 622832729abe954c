"""flocklab started as one of several MPI processes hands itself over to flocklab-mpi beside it;
without it (a build without MPI) it says so in one line, and as the only process it runs alone."""
import os
import shutil
import subprocess

from support import CLI


def test_without_flocklab_mpi_beside_it_the_command_says_so(tmp_path):
    alone = tmp_path / "flocklab"
    shutil.copy(CLI, alone)
    for variable in ("OMPI_COMM_WORLD_SIZE", "PMI_SIZE"):
        done = subprocess.run([str(alone), "run", "--steps", "1"], capture_output=True, text=True, timeout=60,
                              env={**os.environ, variable: "4"})
        assert done.returncode == 2
        assert done.stderr == ("flocklab: error: started as one of 4 MPI processes, but this flocklab was built without MPI "
                               "(no flocklab-mpi beside it); install libopenmpi-dev and build again\n")
    # FLOCKLAB_NO_MPI keeps a flocklab that an MPI process starts as a child in one process.
    done = subprocess.run([str(alone), "run", "--steps", "1", "-q"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "OMPI_COMM_WORLD_SIZE": "4", "FLOCKLAB_NO_MPI": "1"})
    assert done.returncode == 0, done.stderr
    # One process is a plain run, MPI or not.
    done = subprocess.run([str(alone), "run", "--steps", "1", "-q"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "OMPI_COMM_WORLD_SIZE": "1"})
    assert done.returncode == 0, done.stderr
