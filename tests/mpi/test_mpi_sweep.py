"""mpirun -n P flocklab sweep: the runs spread over the ranks, the first rank the one writer; the
same bytes as a sweep in one process, and a sweep over ranks resumes a file left by a killed one."""
import pytest

from support import HAVE_MPI, command

pytestmark = pytest.mark.skipif(not HAVE_MPI, reason="flocklab-mpi was not built (no MPI)")

SWEEP = ["sweep", "--model", "lab", "--param", "radius=4:12:4", "--seeds", "4", "--steps", "60", "-q"]


def test_a_sweep_over_ranks_writes_the_bytes_of_one_process(tmp_path):
    one = command([*SWEEP, "--out", str(tmp_path / "one.csv"), "--threads", "2"])
    assert one.returncode == 0, one.stderr
    for processes in (2, 3):
        many = command([*SWEEP, "--out", str(tmp_path / f"many{processes}.csv")], processes)
        assert many.returncode == 0, many.stderr
        assert (tmp_path / f"many{processes}.csv").read_bytes() == (tmp_path / "one.csv").read_bytes()
        assert many.stdout.count("flocklab sweep: 12 runs") == 1


def test_a_sweep_over_ranks_resumes_what_a_killed_sweep_left(tmp_path):
    full = tmp_path / "full.csv"
    assert command([*SWEEP, "--out", str(full)]).returncode == 0
    # What a sweep killed after five runs leaves: the header and five rows as written (in order of
    # finishing, which may differ from the final order), and a cut sixth row.
    lines = full.read_text().splitlines(keepends=True)
    part = tmp_path / "part.csv"
    part.write_text("".join(lines[:6]) + lines[6][:20])
    done = command([*SWEEP, "--out", str(part)], 3)
    assert done.returncode == 0, done.stderr
    assert "(5 kept from" in done.stdout
    assert part.read_bytes() == full.read_bytes()
