"""How far a boid sees against how aligned the flock ends: a sweep of the lab model's radius.

Each radius runs with 10 seeds; each run's polarization is averaged over its last fifth of
steps, and the plot shows those averages' mean and standard deviation for each radius.

Run: python3 sweep_plot.py [OUTPUT_FOLDER]   (writes sweep_radius.png there; default: here)
"""
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no window
import matplotlib.pyplot as plt

import flocklab

RADII = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15]


def main(out: Path) -> None:
    # 10 radii x 10 seeds = 100 runs of 600 steps, spread over this machine's cores.
    rows = flocklab.sweep("lab", params={"radius": RADII}, seeds=range(10), steps=600)
    print(rows[["radius", "seed", "polarization", "last_fifth_polarization"]].head())

    by_radius = rows.groupby("radius")["last_fifth_polarization"].agg(["mean", "std", "count"])
    print(by_radius)

    fig, ax = plt.subplots(figsize=(6, 4), layout="constrained")
    ax.errorbar(by_radius.index, by_radius["mean"], yerr=by_radius["std"], marker="o", capsize=3,
                label=f"mean ± std over {int(by_radius['count'].iloc[0])} seeds")
    ax.set_xlabel("radius (the lab model's vision, world units)")
    ax.set_ylabel("polarization (mean over the last fifth)")
    ax.set_ylim(bottom=0)
    ax.set_title("lab: 120 boids, 600 steps")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    picture = out / "sweep_radius.png"
    fig.savefig(picture, dpi=100)
    plt.close(fig)
    print("wrote", picture)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
