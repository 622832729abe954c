"""Simulation.run: the metrics over time as a pandas DataFrame, equal to `flocklab run
--metrics-out` (the same rows and values, bit for bit), with the run's trajectory."""
import numpy as np
import pandas as pd
import pytest

import flocklab
from conftest import run_cli

CASES = [
    ("lab", {"count": 80, "seed": 3}, ["--count", "80", "--seed", "3"]),
    ("steering", {"count": 100, "seed": 2, "dims": 3}, ["--count", "100", "--seed", "2", "--dims", "3"]),
    ("steering", {"species": ["red:40", "blue:40:flocks_with=red", "hawk:1:role=predator"], "food": ["300,300:20"]},
     ["--species", "red:40", "--species", "blue:40:flocks_with=red", "--species", "hawk:1:role=predator",
      "--food", "300,300:20"]),
    ("abm", {"preset": "small"}, ["--preset", "small"]),
]


@pytest.mark.parametrize("model,keywords,flags", CASES, ids=[c[0] + str(i) for i, c in enumerate(CASES)])
def test_the_table_equals_the_commands_metrics_out(cli, tmp_path, model, keywords, flags):
    out = tmp_path / "metrics.csv"
    done = run_cli(cli, "run", "--quiet", "--model", model, "--steps", "45", "--every", "10", "--metrics-out", str(out), *flags)
    assert done.returncode == 0, done.stderr
    expected = pd.read_csv(out, float_precision="round_trip")
    sim = flocklab.Simulation(model, **keywords)
    table = sim.run(45, every=10)
    # The columns: step, time, then the run's metric schema (the schema's, then the model's own).
    assert list(table.columns) == ["step", "time"] + sim.metric_keys
    assert list(expected.columns) == ["step"] + sim.metric_keys
    assert list(table["step"]) == [0, 10, 20, 30, 40, 45]
    # Every value to the bit; a column of whole numbers reads back from the CSV as integers.
    pd.testing.assert_frame_equal(table.drop(columns="time"), expected, check_dtype=False, check_exact=True)


def test_time_is_seconds_where_the_model_has_a_time_step():
    sim = flocklab.Simulation("steering", count=30, dt=0.02)
    table = sim.run(10, every=5)
    assert list(table["time"]) == [0.0, 0.1, 0.2]
    assert sim.time == pytest.approx(0.2)
    lab = flocklab.Simulation("lab", count=30).run(4, every=2)
    assert list(lab["time"]) == [0.0, 2.0, 4.0]
    # couzin's time step is tau (the registry's time_step), as docs/model-couzin.md counts time.
    couzin = flocklab.Simulation("couzin", count=30, tau=0.5)
    assert list(couzin.run(4, every=2)["time"]) == [0.0, 1.0, 2.0]
    assert couzin.time == 2.0
    steps = {m["name"]: m["time_step"] for m in flocklab.models()}
    assert steps["steering"] == "dt" and steps["couzin"] == "tau" and steps["lab"] == ""


def test_species_columns_name_each_species():
    sim = flocklab.Simulation("steering", species=["red:30", "blue:30"])
    table = sim.run(5, every=5)
    assert {"red.polarization", "blue.polarization", "segregation"} <= set(table.columns)
    assert table["flocks"].dtype == np.int64


def test_a_second_run_continues_where_the_first_stopped():
    once = flocklab.Simulation("lab", count=50)
    whole = once.run(30, every=10)
    twice = flocklab.Simulation("lab", count=50)
    first, second = twice.run(15, every=10), twice.run(15, every=10)
    assert list(first["step"]) == [0, 10, 15] and list(second["step"]) == [15, 20, 30]
    assert once.hash() == twice.hash()
    assert whole.iloc[-1].equals(second.iloc[-1])


def test_trajectory_holds_the_positions_of_each_row():
    sim = flocklab.Simulation("steering", count=40, seed=5, dims=3)
    table, frames = sim.run(20, every=10, trajectory=True)
    assert frames.shape == (3, 40, 3)
    assert np.array_equal(frames[-1], sim.positions)
    replay = flocklab.Simulation("steering", count=40, seed=5, dims=3)
    assert np.array_equal(frames[0], replay.positions)
    replay.step(10)
    assert np.array_equal(frames[1], replay.positions)


def test_bad_arguments():
    sim = flocklab.Simulation("lab", count=10)
    with pytest.raises(ValueError, match=r"every must be at least 1 \(got 0\)"):
        sim.run(10, every=0)
    with pytest.raises(ValueError, match=r"steps must be at least 0 \(got -1\)"):
        sim.step(-1)
