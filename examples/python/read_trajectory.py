"""Reads a trajectory that `flocklab run --trajectory FILE.npy` wrote, and plots each frame's
polarization and mean speed.

The file is a plain NumPy array: float64 of shape (frames, boids, 4) with columns x, y, vx, vy
(in 3D (frames, boids, 6): x, y, z, vx, vy, vz), one frame every --every steps from step 0.
Velocities are in the model's units: world units a step for lab, px/s for steering.

Run:
    flocklab run --steps 600 --every 10 --trajectory run.npy
    python3 read_trajectory.py run.npy [OUTPUT_FOLDER]   (writes trajectory.png; default: here)
"""
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no window
import matplotlib.pyplot as plt
import numpy as np


def main(path: Path, out: Path) -> None:
    frames = np.load(path, mmap_mode="r")  # a long run need not fit in memory
    count, boids, columns = frames.shape
    dims = columns // 2
    print(f"{path}: {count} frames of {boids} boids in {dims}D ({frames.dtype})")
    velocities = np.asarray(frames[:, :, dims:])

    # Polarization: the length of the mean heading, 1 when all boids fly the same way.
    speeds = np.linalg.norm(velocities, axis=2)
    headings = velocities / np.where(speeds > 0, speeds, 1)[:, :, None]
    polarization = np.linalg.norm(headings.mean(axis=1), axis=1)
    mean_speed = speeds.mean(axis=1)
    print(f"polarization {polarization[0]:.3f} -> {polarization[-1]:.3f}, "
          f"mean speed {mean_speed[0]:.3f} -> {mean_speed[-1]:.3f}")

    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(6, 5), layout="constrained")
    top.plot(polarization)
    top.set_ylabel("polarization")
    top.set_ylim(0, 1.05)
    top.set_title(f"{path.name}: {boids} boids in {dims}D")
    bottom.plot(mean_speed, color="tab:orange")
    bottom.set_ylabel("mean speed")
    bottom.set_xlabel("frame (step = frame x the run's --every)")
    for ax in (top, bottom):
        ax.grid(alpha=0.3)
    picture = out / "trajectory.png"
    fig.savefig(picture, dpi=100)
    plt.close(fig)
    print("wrote", picture)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: read_trajectory.py FILE.npy [OUTPUT_FOLDER]")
    main(Path(sys.argv[1]), Path(sys.argv[2] if len(sys.argv) > 2 else "."))
