"""flocklab.sweep against `flocklab sweep`: the same rows, bit for bit, in this process, in
worker processes and on a Dask cluster of two worker processes."""
import subprocess
import sys
import textwrap

import pandas as pd
import pytest

import flocklab
from conftest import run_cli

GRID = {"radius": [3, 5.5, 10]}


@pytest.fixture(scope="module")
def cli_rows(cli, tmp_path_factory):
    out = tmp_path_factory.mktemp("sweep") / "rows.csv"
    done = run_cli(cli, "sweep", "--quiet", "--model", "lab", "--count", "60", "--steps", "50", "--param", "radius=3,5.5,10",
                   "--seeds", "3", "--seed", "40", "--every", "5", "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


def local(**keywords):
    return flocklab.sweep("lab", params=GRID, seeds=range(40, 43), steps=50, count=60, every=5, **keywords)


def test_rows_equal_the_commands_csv_in_this_process(cli_rows, tmp_path):
    frame = local(processes=1, out=tmp_path / "rows.csv")
    assert (tmp_path / "rows.csv").read_bytes() == cli_rows.read_bytes()
    expected = pd.read_csv(cli_rows, float_precision="round_trip")
    assert list(frame.columns) == list(expected.columns)
    assert frame.equals(expected)
    assert list(frame["seed"]) == [40, 41, 42] * 3 and list(frame["radius"]) == [3] * 3 + [5.5] * 3 + [10] * 3


def test_worker_processes_give_the_same_rows(cli_rows):
    assert local(processes=2).equals(pd.read_csv(cli_rows, float_precision="round_trip"))


def test_a_dask_cluster_gives_the_same_rows(cli_rows):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        frame = local(client=client)
    assert frame.equals(pd.read_csv(cli_rows, float_precision="round_trip"))


SCRIPT = """
    import flocklab
    print("started")
    rows = flocklab.sweep("lab", params={"radius": [3, 5]}, seeds=2, steps=5, count=20, processes=2)
    print(len(rows), "rows")
"""


def run_script(tmp_path, body):
    script = tmp_path / "my_sweep.py"  # spawned workers import the main script: it must be a file
    script.write_text(textwrap.dedent(body))
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False)


def test_a_script_without_the_main_guard_gets_one_line(tmp_path):
    done = run_script(tmp_path, SCRIPT)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last == ("RuntimeError: sweep's worker processes import my_sweep.py again, and it calls sweep() as it is "
                    "imported: put the sweep under if __name__ == \"__main__\": (or pass processes=1)"), done.stderr
    assert "BrokenProcessPool" not in done.stderr and done.stderr.count("Traceback") == 1, done.stderr
    assert done.stdout.count("started") == 2, "the script once, and once in the probe that imported it"


def test_a_script_with_the_main_guard_sweeps_in_processes(tmp_path):
    guarded = "def main():" + textwrap.indent(textwrap.dedent(SCRIPT), "    ") + \
        "\nif __name__ == \"__main__\":\n    main()\n"
    done = run_script(tmp_path, guarded)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["started", "4 rows"]


def test_columns_name_the_models_own_metrics():
    frame = flocklab.sweep("steering", params={"hawk.max_speed": [200, 320]}, seeds=1, steps=20, processes=1,
                           species=["prey:40", "hawk:1:role=predator"])
    assert {"prey.polarization", "catches", "catch_rate", "last_fifth_catches"} <= set(frame.columns)
    assert list(frame["hawk.max_speed"]) == [200, 320]


@pytest.mark.parametrize("call,kind,message", [
    (lambda: flocklab.sweep("lab", params={}), ValueError, "params must map at least one parameter"),
    (lambda: flocklab.sweep("lab", params={"radius": [3]}, seeds=[1, 3]), ValueError, "seeds must be consecutive"),
    (lambda: flocklab.sweep("lab", params={"radius": ["x"]}), TypeError, "params['radius'] takes numbers"),
    (lambda: flocklab.sweep("lab", params={"radius": [-1]}, seeds=1), ValueError,
     "radius must be a finite number"),
    (lambda: flocklab.sweep("lab", params={"vision": [1]}, seeds=1), ValueError, "vision"),
    (lambda: flocklab.sweep("lab", params={"radius": [3]}, seeds=1, radius=4), ValueError, "radius"),
    (lambda: flocklab.sweep("lab", params={"radius": [3]}, seeds=1, processes=0), ValueError,
     "processes must be at least 1 (got 0)"),
    (lambda: flocklab.sweep("lab", params={"radius": [3]}, seeds=1, processes="2"), TypeError,
     "processes takes a whole number (got a str)"),
    (lambda: flocklab.sweep("lab", params={"radius": [3]}, seeds=1, every="x"), TypeError,
     "every takes a whole number (got a str)"),
    (lambda: flocklab.sweep("lab", params={"radius": [3]}, seeds=1, steps=2.5), TypeError,
     "steps takes a whole number (got a float)"),
    (lambda: flocklab.sweep("lab", params={"radius": [3]}, seeds=2.5), TypeError,
     "seeds takes a number of seeds or a range of them (got a float)"),
    (lambda: flocklab.sweep("lab", params={"radius": [3]}, seeds=1, seed=-1), ValueError,
     "seed must be a whole number from 0 to 2^64-1 (got -1)"),
    (lambda: flocklab.sweep("lab", params={"radius": [3]}, seeds=1, seed=2**64), ValueError,
     "seed must be a whole number from 0 to 2^64-1 (got 18446744073709551616)"),
    (lambda: flocklab._flocklab.SweepPlan(["radius=3"], 1, 1, model="lab").rows("0"), TypeError,
     "runs takes a list of run numbers (got a str)"),
])
def test_bad_sweeps_raise_before_any_run(call, kind, message):
    with pytest.raises(kind) as raised:
        call()
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


def test_seeds_up_to_2_to_the_64_give_the_commands_rows(cli, tmp_path):
    out = tmp_path / "cli.csv"
    done = run_cli(cli, "sweep", "--quiet", "--model", "lab", "--count", "40", "--steps", "20", "--param", "radius=3,5",
                   "--seeds", "2", "--seed", str(2**64 - 2), "--out", str(out))
    assert done.returncode == 0, done.stderr
    flocklab.sweep("lab", params={"radius": [3, 5]}, seeds=range(2**64 - 2, 2**64), steps=20, count=40, processes=1,
                   out=tmp_path / "py.csv")
    assert (tmp_path / "py.csv").read_bytes() == out.read_bytes()


def test_a_ramped_sweep_gives_the_commands_bytes(cli, tmp_path):
    ramp = ["--ramp", "noise=0.5:4.5@10-20"]
    done = run_cli(cli, "sweep", "--quiet", "--model", "vicsek", "--count", "100", "--steps", "30", *ramp,
                   "--param", "radius=1,1.5", "--seed", "7", "--seeds", "2", "--out", str(tmp_path / "cli.csv"))
    assert done.returncode == 0, done.stderr
    flocklab.sweep("vicsek", params={"radius": [1, 1.5]}, seeds=range(7, 9), steps=30, count=100,
                   ramp=["noise=0.5:4.5@10-20"], processes=1, out=tmp_path / "python.csv")
    assert (tmp_path / "python.csv").read_bytes() == (tmp_path / "cli.csv").read_bytes()
