"""A first flock from Python: set up a steering flock, step it, read its metrics, draw it.

Run: python3 first_flock.py [OUTPUT_FOLDER]   (writes first_flock.png there; default: here)
"""
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no window
import matplotlib.pyplot as plt

import flocklab
import flocklab.plot


def main(out: Path) -> None:
    # 300 boids under Reynolds' steering rules; every keyword is a `flocklab run` flag.
    sim = flocklab.Simulation("steering", count=300, seed=7, vision=60, obstacle=["450,280,40"])
    print(sim)

    # Step 300 steps (5 s of simulated time) and read the state: numpy views, no copies.
    sim.step(300)
    print("positions", sim.positions.shape, "- first boid at", sim.positions[0].round(1))
    for key, value in sim.metrics().items():
        print(f"  {key:18} {value:.3f}" if isinstance(value, float) else f"  {key:18} {value}")

    # Another 600 steps, measured every 60: a pandas DataFrame, one row per measurement.
    table = sim.run(600, every=60)
    print(table[["step", "time", "polarization", "flocks", "largest_share"]].head())

    # The flock as it is now, drawn by flocklab.plot with matplotlib.
    ax = flocklab.plot.flock(sim)
    picture = out / "first_flock.png"
    ax.figure.savefig(picture, dpi=100)
    plt.close(ax.figure)
    print("wrote", picture)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
