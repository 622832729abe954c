"""The model docs/architecture.md's guide adds, through Python: `gather` (this folder) reaches the
package with no line of python/ changed. tests/CMakeLists.txt builds the module again from
python/'s sources with the model's one flocklab_model() call into <build>/python_gather (ctest's
PYTHONPATH) and sets FLOCKLAB_GATHER to the command built the same way, flocklab_gather; the
package's registry, runs, sweeps and messages then come from the model's description alone."""
import json
import os
import subprocess
from pathlib import Path

import pytest

import flocklab


@pytest.fixture(scope="module")
def gather_cli() -> str:
    path = os.environ.get("FLOCKLAB_GATHER")
    if not path or not Path(path).exists():
        pytest.fail("set FLOCKLAB_GATHER to the flocklab_gather binary (ctest does)")
    return path


def command(cli: str, *args: str) -> str:
    done = subprocess.run([cli, *args], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_package_lists_it_as_the_command_does(gather_cli):
    names = [m["name"] for m in flocklab.models()]
    assert names[-1] == "gather"
    assert names == [m["name"] for m in json.loads(command(gather_cli, "models", "--json"))["models"]]
    gather = next(m for m in flocklab.models() if m["name"] == "gather")
    assert [p["key"] for p in gather["params"]] == ["cohesion", "alignment", "radius", "max_speed", "world", "pulse",
                                                    "open"]


def test_a_run_gives_the_commands_bits(gather_cli):
    sim = flocklab.Simulation("gather", count=300, seed=5, cohesion=0.02, threads=2)
    sim.step(40)
    expected = json.loads(command(gather_cli, "run", "--model", "gather", "--count", "300", "--seed", "5",
                                  "--cohesion", "0.02", "--steps", "40", "--json", "--hash"))["hash"]
    assert sim.hash() == expected
    # Pinned as tests/cli/test_extra_model.cpp pins it: the rule's bits on this scene.
    assert sim.hash() == "60b8ae8845c63250"
    assert sim.positions.shape == (300, 3)
    assert sim.params["cohesion"] == 0.02 and sim.params["world"] == 60


def test_a_sweep_gives_the_commands_rows(gather_cli, tmp_path):
    command(gather_cli, "sweep", "--quiet", "--model", "gather", "--count", "60", "--steps", "20",
            "--param", "cohesion=0.01,0.03", "--seeds", "2", "--seed", "7", "--out", str(tmp_path / "cli.csv"))
    flocklab.sweep("gather", params={"cohesion": [0.01, 0.03]}, seeds=range(7, 9), steps=20, count=60,
                   processes=1, out=tmp_path / "py.csv")
    assert (tmp_path / "py.csv").read_bytes() == (tmp_path / "cli.csv").read_bytes()


def test_its_own_schedule_runs_as_in_the_command(gather_cli):
    """The model's schedule (the gains swap every `pulse` steps) runs in the runner Python steps
    through: the command's bits, the bits of two ramps that swap the gains at step 10, and the
    swapped gains after it, with no line of python/ for it."""
    keywords = dict(count=200, seed=3, cohesion=0.02, alignment=0.2)
    sim = flocklab.Simulation("gather", pulse=10, **keywords)
    sim.step(15)
    assert sim.params["cohesion"] == 0.2 and sim.params["alignment"] == 0.02 and sim.params["pulse"] == 10
    ramped = flocklab.Simulation("gather", ramp=["cohesion=0.2:0.2@10-15", "alignment=0.02:0.02@10-15"], **keywords)
    ramped.step(15)
    assert sim.hash() == ramped.hash()
    assert sim.hash() == json.loads(command(gather_cli, "run", "--model", "gather", "--count", "200", "--seed", "3",
                                            "--cohesion", "0.02", "--alignment", "0.2", "--pulse", "10",
                                            "--steps", "15", "--json", "--hash"))["hash"]


def test_its_open_space_is_described_and_framed():
    """Its open space reaches Python's space and view through the world's description."""
    sim = flocklab.Simulation("gather", open=True, count=100, seed=2)
    sim.step(30)
    assert sim.space["open"] and not sim.space["wrap"] and sim.space["dims"] == 3
    view = sim.view
    lows = sim.positions.min(axis=0)
    highs = sim.positions.max(axis=0)
    for axis, (low, size) in enumerate([("x0", "width"), ("y0", "height"), ("z0", "depth")]):
        assert view[low] <= lows[axis] and highs[axis] <= view[low] + view[size]


@pytest.mark.parametrize("keywords,message", [
    ({"max_speed": 100}, "max_speed (100) must not exceed the world's side (60)"),
    ({"radius": 0}, "radius must be a finite number in (0, 1e100] (got 0)"),
    ({"cohesoin": 0.1}, "model gather has no parameter 'cohesoin'"),
    ({"vision": 30}, "vision belongs to model steering, not model gather"),
])
def test_a_bad_value_raises_one_line(keywords, message):
    with pytest.raises(ValueError) as raised:
        flocklab.Simulation("gather", **keywords)
    text = str(raised.value)
    assert text.startswith(message) and "\n" not in text, text
