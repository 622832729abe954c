"""examples/python/: each script runs as a user would run it, in a folder of its own, and writes
what it says it writes (valid pictures, the rows it promises)."""
import os
import subprocess
import sys

import pytest
from PIL import Image

from conftest import run_cli


def run_example(source_dir, folder, name, *args):
    env = {**os.environ, "MPLBACKEND": "Agg"}
    done = subprocess.run([sys.executable, str(source_dir / "examples" / "python" / name), *map(str, args)],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def assert_picture(path, least=(300, 200)):
    assert path.exists(), path
    with Image.open(path) as image:
        image.verify()
    with Image.open(path) as image:
        assert image.format == "PNG" and image.size[0] >= least[0] and image.size[1] >= least[1]
        assert len(set(image.convert("RGB").getdata())) > 10


def test_first_flock(source_dir, tmp_path):
    out = run_example(source_dir, tmp_path, "first_flock.py", tmp_path)
    assert f"wrote {tmp_path / 'first_flock.png'}" in out
    assert "polarization" in out and "largest_share" in out
    assert_picture(tmp_path / "first_flock.png")


def test_first_flock_writes_to_the_current_folder_by_default(source_dir, tmp_path):
    run_example(source_dir, tmp_path, "first_flock.py")
    assert_picture(tmp_path / "first_flock.png")


def test_sweep_plot(source_dir, tmp_path):
    out = run_example(source_dir, tmp_path, "sweep_plot.py", tmp_path)
    assert f"wrote {tmp_path / 'sweep_radius.png'}" in out
    assert_picture(tmp_path / "sweep_radius.png")


def test_dask_sweep(source_dir, tmp_path):
    pytest.importorskip("distributed")
    out = run_example(source_dir, tmp_path, "dask_sweep.py", tmp_path)
    assert "15 rows, equal to the local sweep's" in out
    lines = (tmp_path / "dask_sweep.csv").read_text().splitlines()
    assert lines[0].startswith("radius,seed,") and len(lines) == 16


def test_read_trajectory(cli, source_dir, tmp_path):
    done = run_cli(cli, "run", "--quiet", "--steps", "200", "--every", "10", "--trajectory", str(tmp_path / "run.npy"))
    assert done.returncode == 0, done.stderr
    out = run_example(source_dir, tmp_path, "read_trajectory.py", tmp_path / "run.npy", tmp_path)
    assert "21 frames of 120 boids in 2D" in out
    assert_picture(tmp_path / "trajectory.png")


def test_read_trajectory_says_how_to_run_it(source_dir, tmp_path):
    done = subprocess.run([sys.executable, str(source_dir / "examples" / "python" / "read_trajectory.py")],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode != 0 and "usage: read_trajectory.py FILE.npy" in done.stderr
