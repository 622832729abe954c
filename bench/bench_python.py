"""What Python adds to flocklab's engine, measured side by side in one run (medians):

1. The cost of one `sim.step(1)` call over the engine's own step: a small flock stepped by
   `step(1)` calls against the same flock stepped by one `step(K)` call (the C++ loop), per step;
   and the bare call `step(0)`.
2. `flocklab.sweep` against `flocklab sweep` for the same grid (wall time, 2 workers each).

Usage (Debian's interpreter, the package from the build tree):
    PYTHONPATH=build/release/python /usr/bin/python3 bench/bench_python.py [--cli build/release/flocklab] [--quick]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import flocklab


def per_call(function, calls: int, repeats: int) -> float:
    """The median over `repeats` of the seconds a call of `function` takes, over `calls` calls."""
    samples = []
    for _ in range(repeats):
        begin = time.perf_counter()
        for _ in range(calls):
            function()
        samples.append((time.perf_counter() - begin) / calls)
    return statistics.median(samples)


def step_overhead(count: int, calls: int, repeats: int) -> None:
    sim = flocklab.Simulation("lab", count=count, threads=1)
    sim.step(50)
    python_step = per_call(lambda: sim.step(1), calls, repeats)
    engine_step = per_call(lambda: sim.step(calls), 1, repeats) / calls
    bare_call = per_call(lambda: sim.step(0), calls, repeats)
    print(f"lab, {count} boids, 1 thread, medians of {repeats} x {calls} steps:")
    print(f"  sim.step(1) from Python     {python_step * 1e6:8.3f} us a step")
    print(f"  the engine's step (step(K)) {engine_step * 1e6:8.3f} us a step")
    print(f"  overhead a call             {(python_step - engine_step) * 1e6:8.3f} us"
          f"   (the bare call step(0): {bare_call * 1e6:.3f} us)")


def sweep_versus_cli(cli: str, repeats: int, seeds: int) -> None:
    grid = ["--model", "lab", "--count", "120", "--steps", "300", "--param", "radius=3,5,10", "--seeds", str(seeds)]
    times_cli, times_py = [], []
    with tempfile.TemporaryDirectory() as folder:
        for r in range(repeats):
            out = os.path.join(folder, f"cli{r}.csv")
            begin = time.perf_counter()
            subprocess.run([cli, "sweep", "--quiet", "--threads", "2", "--out", out, *grid], check=True)
            times_cli.append(time.perf_counter() - begin)
            begin = time.perf_counter()
            frame = flocklab.sweep("lab", params={"radius": [3, 5, 10]}, seeds=seeds, steps=300, count=120, processes=2)
            times_py.append(time.perf_counter() - begin)
        with open(out) as f:
            same = f.read().count("\n") - 1 == len(frame)
    runs = 3 * seeds
    print(f"sweep of {runs} lab runs (120 boids, 300 steps), 2 workers, medians of {repeats}:")
    print(f"  flocklab sweep --threads 2        {statistics.median(times_cli):7.3f} s")
    print(f"  flocklab.sweep(processes=2)       {statistics.median(times_py):7.3f} s"
          f"   ratio {statistics.median(times_py) / statistics.median(times_cli):.2f}  (rows: {'same count' if same else 'DIFFER'})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default="build/release/flocklab")
    parser.add_argument("--quick", action="store_true", help="fewer repeats (a smoke run)")
    a = parser.parse_args()
    repeats = 3 if a.quick else 9
    for count in (10, 120):
        step_overhead(count, 200 if a.quick else 2000, repeats)
    sweep_versus_cli(a.cli, 1 if a.quick else 5, 4 if a.quick else 20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
