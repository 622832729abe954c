"""mpirun -n P flocklab run: the same bits as one process for every synchronous model, in 2D and 3D,
for P = 1 to 4 (oversubscribed on a small machine), with boids crossing the ranks' borders and
wrapped edges, walls, species with predators and food, a rank left empty and re-cuts of the world;
the same files; errors as one process gives them."""
import json
import subprocess

import pytest

from support import CLI, HAVE_MPI, command, mpirun, summary

pytestmark = pytest.mark.skipif(not HAVE_MPI, reason="flocklab-mpi was not built (no MPI)")

RUNS = {
    "lab": ["--steps", "150"],
    "lab, 3000 boids (every rank's grid)": ["--count", "3000", "--world", "500", "--steps", "60"],
    "lab, 3D, 400 boids": ["--dims", "3", "--count", "400", "--steps", "60"],
    "steering, wrapped": ["--model", "steering", "--count", "900", "--steps", "80"],
    "steering, walls, obstacles, pointer, fov": ["--model", "steering", "--count", "700", "--steps", "80", "--edges", "walls",
                                                 "--fov", "270", "--obstacle", "450,280,60", "--obstacle", "200,150,30",
                                                 "--pointer", "predator:600,300@20-60"],
    "steering, 3D, noise": ["--model", "steering", "--dims", "3", "--count", "500", "--steps", "50", "--noise", "0.3"],
    "steering, species, hawks rebirth, food": ["--model", "steering", "--steps", "80", "--species", "sparrow:250",
                                               "--species", "starling:150:alignment=2,size=1.5", "--species", "hawk:3:role=predator",
                                               "--food", "450,280:40", "--food", "200,100:40"],
    "steering, hawks remove prey, walls, noise": ["--model", "steering", "--steps", "100", "--edges", "walls", "--noise", "0.3",
                                                  "--obstacle", "450,280,60", "--catches", "remove", "--species", "prey:300",
                                                  "--species", "hawk:2:role=predator,catch_radius=14,handling=0.5"],
    "steering, 3D species and food": ["--model", "steering", "--dims", "3", "--steps", "50", "--species", "prey:350",
                                      "--species", "hawk:2:role=predator,catch_radius=15", "--food", "450,280,280:40"],
    "abm --sync": ["--model", "abm", "--sync", "--steps", "40"],
    "vicsek": ["--model", "vicsek", "--steps", "120"],
    "vicsek, noise ramped (every rank sets it)": ["--model", "vicsek", "--steps", "60", "--ramp", "noise=0.5:4@10-50"],
    "couzin, 3D, 300 agents": ["--model", "couzin", "--count", "300", "--steps", "150"],
    "couzin, 2D, a parallel group leaves the start's square (open space)": [
        "--model", "couzin", "--dims", "2", "--count", "300", "--dro", "6", "--steps", "400"],
}


# Two runs go over 2, 3 and 4 ranks; the others over one of those counts each, in turn, so that
# every model meets every count somewhere without running each one three times.
EVERY_COUNT = {"lab, 3000 boids (every rank's grid)", "steering, species, hawks rebirth, food",
               "couzin, 2D, a parallel group leaves the start's square (open space)"}


def rank_counts(name):
    return (2, 3, 4) if name in EVERY_COUNT else ((2, 3, 4)[list(RUNS).index(name) % 3],)


@pytest.mark.parametrize("name", list(RUNS))
def test_every_rank_count_gives_the_bits_of_one_process(name):
    args = RUNS[name]
    one = summary(args)
    for processes in rank_counts(name):
        # A re-cut every 7 steps moves boids between ranks often.
        many = summary([*args, "--rebalance-every", "7"], processes)
        assert many["hash"] == one["hash"], f"{name}: {processes} processes"
        assert many["end"] == one["end"], f"{name}: {processes} processes, the metrics"
        assert many["processes"] == processes


def test_one_process_under_mpirun_is_a_plain_run():
    one = summary(RUNS["lab"])
    done = subprocess.run(mpirun(1) + [CLI, "run", *RUNS["lab"], "--hash", "--json", "-q"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hash"] == one["hash"]


def test_more_ranks_than_boids_leaves_ranks_empty():
    args = ["--model", "steering", "--count", "3", "--steps", "60"]
    assert summary(args, 4)["hash"] == summary(args)["hash"]


def test_a_dense_flock_on_a_border_and_a_first_cut_kept(tmp_path):
    # 400 boids packed in a band across the middle of the world, where two ranks meet.
    start = tmp_path / "band.csv"
    rows = ["x,y,vx,vy"]
    for i in range(400):
        rows.append(f"{445 + (i % 20) * 0.5},{100 + (i // 20) * 18},{(-1) ** i * 0.5},{0.25 * ((i % 7) - 3)}")
    start.write_text("\n".join(rows) + "\n")
    args = ["--model", "steering", "--init", str(start), "--steps", "60"]
    one = summary(args)
    for processes in (2, 4):
        assert summary([*args, "--rebalance-every", "0"], processes)["hash"] == one["hash"]
        assert summary([*args, "--rebalance-every", "5"], processes)["hash"] == one["hash"]


def test_the_files_are_those_of_one_process(tmp_path):
    outputs = ["--save", "s.csv", "--metrics-out", "m.csv", "--trajectory", "t.npy", "--picture", "p.svg",
               "--plot", "c.svg", "--plot-track", "k.svg", "--write-config", "w.json", "--every", "10"]
    args = ["run", "--model", "steering", "--count", "700", "--steps", "60", "-q", *outputs]
    for processes, folder in ((1, "one"), (3, "three")):
        (tmp_path / folder).mkdir()
        done = command(args, processes, cwd=tmp_path / folder)
        assert done.returncode == 0, done.stderr
    for name in ("s.csv", "m.csv", "t.npy", "p.svg", "c.svg", "k.svg", "w.json"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "three" / name).read_bytes(), name
    # --init is read by the first rank and sent to the others.
    again = ["--model", "steering", "--init", str(tmp_path / "one" / "s.csv"), "--steps", "20"]
    assert summary(again, 3)["hash"] == summary(again)["hash"]


def test_errors_are_one_line_from_the_first_rank(tmp_path):
    cases = [
        (["run", "--model", "abm", "--steps", "5"], "only in its synchronous form"),
        (["run", "--init", str(tmp_path / "missing.csv")], "cannot read"),
        (["run", "--save", str(tmp_path / "no" / "such" / "x.csv")], "cannot write"),
        (["run", "--bogus"], "unknown option --bogus"),
        (["run", "--rebalance-every", "-1"], "--rebalance-every must be at least 0"),
    ]
    for args, words in cases:
        done = command(args, 3)
        assert done.returncode != 0, args
        errors = [line for line in done.stderr.splitlines() if line.startswith("flocklab:")]
        assert len(errors) == 1 and words in errors[0], (args, done.stderr)
    assert not (tmp_path / "no").exists()


def test_warnings_come_once_from_the_first_rank(tmp_path):
    """Issue 43, item 13: every rank set the model up and said the same warning."""
    food = ["--model", "steering", "--steps", "5", "-q", "--obstacle", "500,300,50", "--food", "500,300:5"]
    warning = "flocklab: warning: food at 500,300 lies inside an obstacle and cannot be reached"
    for words, processes in ((["run", *food], 1), (["run", *food], 3),
                             (["sweep", *food, "--param", "alignment=0.5,1,1.5,2", "--seeds", "1",
                               "--out", str(tmp_path / "s.csv")], 3)):
        done = command(words, processes)
        assert done.returncode == 0, (words, processes, done.stderr)
        said = [line for line in done.stderr.splitlines() if "warning" in line]
        assert said == [warning], (words, processes, done.stderr)
        (tmp_path / "s.csv").unlink(missing_ok=True)


def test_other_commands_run_once():
    done = command(["models"], 2)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("lab: the exact reference boids") == 1
