"""What the MPI and checkpoint tests share: the command, mpirun as this machine allows it (as root
OpenMPI wants --allow-run-as-root; more processes than cores need --oversubscribe), and runs
reduced to their JSON summary."""
import json
import os
import shutil
import subprocess

CLI = os.environ.get("FLOCKLAB_CLI", "build/release/flocklab")
MPIRUN = shutil.which("mpirun")
HAVE_MPI = MPIRUN is not None and os.path.exists(os.path.join(os.path.dirname(CLI), "flocklab-mpi"))


def mpirun(processes):
    """The mpirun words that start `processes` copies of what follows. Ranks that wait yield the
    core (OpenMPI polls otherwise), so that oversubscribed ranks on a small machine keep moving."""
    words = [MPIRUN, "-n", str(processes), "--oversubscribe", "--mca", "mpi_yield_when_idle", "1"]
    if os.geteuid() == 0:
        words.append("--allow-run-as-root")
    return words


def command(args, processes=1, **kwargs):
    """flocklab ARGS in one process (processes=1, no mpirun) or under mpirun; the finished process."""
    words = ([CLI] if processes == 1 else mpirun(processes) + [CLI]) + list(args)
    kwargs.setdefault("timeout", 600)
    return subprocess.run(words, capture_output=True, text=True, **kwargs)


def summary(args, processes=1, **kwargs):
    """`flocklab run ARGS --hash --json -q` on one thread a process: its JSON summary."""
    done = command(["run", *args, "--hash", "--json", "-q", "--threads", "1"], processes, **kwargs)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def fnv1a(data):
    """FNV-1a 64 of `data`, as flocklab's checksums (include/flocklab/io/fnv1a.hpp)."""
    h = 0xcbf29ce484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def checkpoint_content(path):
    """A checkpoint's bytes after its first line (the line that carries the checksum)."""
    return path.read_bytes().split(b"\n", 1)[1]


def with_checksum(content):
    """A checkpoint file's bytes for `content`, with the first line and checksum flocklab writes:
    what a file edited by hand and given a new checksum would hold."""
    return b'{"flocklab_checkpoint":2,"checksum":"%016x"}\n' % fnv1a(content) + content
