"""The measures of real flocks (docs/analyze.md) on arrays you hold or a running Simulation.

``flocklab.analyze(positions, velocities, world=...)`` is ``flocklab analyze`` on one state: the
same analysis in the same engine, so the same state gives the same numbers to the last bit.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Dict, Optional, Sequence

import numpy as np
import pandas as pd

from . import _flocklab


@dataclass(frozen=True)
class Analysis:
    """One state's figures (docs/analyze.md, "Definitions").

    ``correlation`` is a DataFrame with the columns ``r``, ``correlation`` and ``pairs`` (one row
    a bin that holds a pair); ``gamma`` a numpy array, ``gamma[n - 1]`` being gamma(n).
    """

    agents: int
    analysed: int
    link: float
    metrics: Dict[str, Any]
    bin: float
    correlation_length: float  # r0; nan when C(r) never falls below 0
    size: float  # L, the largest pair distance
    correlation: pd.DataFrame
    gamma: np.ndarray
    isotropic_gamma: float
    topological_range: Optional[int]  # n_c; None when gamma(n) never comes within 0.05 of 1/D


def _number(key: str, value: Any, default: float) -> float:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{key} takes a number (got a {type(value).__name__})")
    if not (math.isfinite(float(value)) and float(value) > 0):
        raise ValueError(f"{key} must be a finite number > 0 (got {value})")
    return float(value)


def analyze(positions: Any, velocities: Any, world: Optional[Sequence[float]] = None, *, bin: Optional[float] = None,
            link: Optional[float] = None, group: str = "all", nearest_max: int = 20, threads: int = 0) -> Analysis:
    """``flocklab analyze`` of one state: positions and velocities of shape (n, 2) or (n, 3).

    ``world`` gives the sides of a wrap-around world (W, H or W, H, D); without it, open space.
    ``bin`` is dr (default a hundredth of the pairs' reach), ``link`` the groups' link radius
    (default twice the mean nearest-neighbour distance), ``group`` "all" or "largest".

    >>> sim = flocklab.Simulation("steering", count=300, seed=1)
    >>> sim.step(300)
    >>> a = sim.analyze()
    >>> a.correlation_length, a.gamma[:3]
    """
    if group not in ("all", "largest"):
        raise ValueError(f"group must be 'all' or 'largest' (got {group!r})")
    for key, value in (("nearest_max", nearest_max), ("threads", threads)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{key} takes a whole number (got a {type(value).__name__})")
    sides = [] if world is None else [float(side) for side in world]
    found = json.loads(_flocklab.analyze_json(positions, velocities, sides, _number("bin", bin, 0.0),
                                              _number("link", link, 0.0), group == "largest", int(nearest_max),
                                              int(threads)))
    rows = found["correlation"]
    table = pd.DataFrame({
        "r": np.array([row["r"] for row in rows], dtype=float),
        "correlation": np.array([math.nan if row["correlation"] is None else row["correlation"] for row in rows],
                                dtype=float),
        "pairs": np.array([row["pairs"] for row in rows], dtype=np.uint64),
    })
    return Analysis(
        agents=found["agents"], analysed=found["analysed"], link=found["link"], metrics=found["metrics"],
        bin=found["bin"],
        correlation_length=math.nan if found["correlation_length"] is None else found["correlation_length"],
        size=found["size"], correlation=table,
        gamma=np.array([math.nan if g is None else g for g in found["gamma"]], dtype=float),
        isotropic_gamma=found["isotropic_gamma"], topological_range=found["topological_range"])
