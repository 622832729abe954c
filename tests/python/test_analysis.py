"""flocklab.analyze and Simulation.analyze (docs/analyze.md): the command's analysis of the same
state to the last bit, as numpy arrays and a pandas table, and one-line errors."""
import json
import math

import numpy as np
import pandas as pd
import pytest

import flocklab
from conftest import run_cli


def test_a_simulation_is_analysed_as_the_command_analyses_its_saved_state(cli, tmp_path):
    sim = flocklab.Simulation("steering", count=250, seed=3)
    sim.step(150)
    state = tmp_path / "s.csv"
    done = run_cli(cli, "run", "--model", "steering", "--count", "250", "--seed", "3", "--steps", "150", "-q",
                   "--save", str(state))
    assert done.returncode == 0, done.stderr
    done = run_cli(cli, "analyze", str(state), "--world", "900,560", "--bin", "4", "--group", "largest", "--json")
    assert done.returncode == 0, done.stderr
    command = json.loads(done.stdout)
    a = sim.analyze(bin=4, group="largest")
    assert a.analysed == command["analysed"] and a.size == command["size"]
    assert a.correlation_length == command["correlation_length"]
    assert a.metrics == command["metrics"]
    assert list(a.gamma) == command["gamma"]
    assert isinstance(a.correlation, pd.DataFrame) and list(a.correlation.columns) == ["r", "correlation", "pairs"]
    assert list(a.correlation["pairs"]) == [row["pairs"] for row in command["correlation"]]
    assert list(a.correlation["correlation"]) == [row["correlation"] for row in command["correlation"]]


def test_arrays_in_open_space_and_the_curves_shapes():
    rng = np.random.default_rng(5)
    positions = rng.uniform(0, 50, size=(200, 3))
    velocities = np.column_stack([np.ones(200), rng.normal(0, 0.3, 200), rng.normal(0, 0.3, 200)])
    a = flocklab.analyze(positions, velocities, nearest_max=7)
    assert a.agents == 200 and a.isotropic_gamma == pytest.approx(1 / 3)
    assert a.gamma.shape == (7,) and np.all((a.gamma >= 0) & (a.gamma <= 1))
    assert a.size <= math.dist(positions.min(axis=0), positions.max(axis=0))
    assert np.all(np.diff(a.correlation["r"]) > 0)


def test_bad_arguments_are_one_line_errors():
    p = np.zeros((3, 2))
    with pytest.raises(ValueError, match=r"^velocities must have the shape of positions$"):
        flocklab.analyze(p, np.zeros((2, 2)))
    with pytest.raises(ValueError, match=r"^agent 1 lies outside the world$"):
        flocklab.analyze(np.array([[1.0, 1], [20, 1]]), np.ones((2, 2)), world=(10, 10))
    with pytest.raises(ValueError, match=r"^bin must be a finite number > 0 \(got -1\)$"):
        flocklab.analyze(p, p, bin=-1)
    with pytest.raises(TypeError, match=r"^positions takes an array of numbers"):
        flocklab.analyze("nope", p)
    with pytest.raises(ValueError, match=r"^group must be 'all' or 'largest'"):
        flocklab.analyze(p, p, group="most")
