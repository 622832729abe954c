"""A sweep on a Dask cluster: the same rows, bit for bit, as the same sweep run locally.

A local cluster of two worker processes stands in for a real one; on a real cluster pass
``distributed.Client("tcp://SCHEDULER:8786")`` instead.

Run: python3 dask_sweep.py [OUTPUT_FOLDER]   (writes dask_sweep.csv there; default: here)
"""
import sys
from pathlib import Path

import distributed

import flocklab

SWEEP = dict(params={"radius": [3, 5, 10]}, seeds=range(5), steps=300)


def main(out: Path) -> None:
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        # The runs go to the cluster's workers; the rows come back in the command's order.
        frame = flocklab.sweep("lab", client=client, **SWEEP)
    print(frame[["radius", "seed", "last_fifth_polarization", "check"]].to_string(index=False))

    # The same sweep in this machine's processes: every row is a pure function of its run.
    local = flocklab.sweep("lab", **SWEEP)
    assert frame.equals(local), "the cluster's rows differ from the local ones"
    print(f"{len(frame)} rows, equal to the local sweep's")

    table = out / "dask_sweep.csv"
    frame.to_csv(table, index=False)
    print("wrote", table)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
