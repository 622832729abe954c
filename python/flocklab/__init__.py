"""flocklab: Reynolds' boids as a fast, exactly reproducible engine, from Python.

The same engine as the ``flocklab`` command, the same bits for the same run::

    import flocklab
    sim = flocklab.Simulation("steering", count=1500, seed=42, vision=60)
    table = sim.run(600, every=10)          # the metrics over time, a pandas DataFrame
    rows = flocklab.sweep("lab", params={"radius": [3, 5, 10]}, seeds=range(20), steps=600)

``models()`` lists every model and its parameters; ``flocklab.plot`` draws flocks with matplotlib.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List

from ._flocklab import __version__
from .analysis import Analysis, analyze
from .simulation import Simulation
from .sweep import sweep

__all__ = ["Simulation", "sweep", "analyze", "Analysis", "models", "metrics", "__version__"]


def _registry() -> Dict[str, Any]:
    from . import _flocklab

    return json.loads(_flocklab.registry_json())


def models() -> List[Dict[str, Any]]:
    """Every model, the default first, as the command's registry describes it.

    Each is a dict: ``name``, ``title``, ``summary``, ``doc`` (the page that specifies it),
    ``default_count``, ``default_steps``, ``params`` and ``presets``. Each parameter is a dict:
    ``key`` (the keyword ``Simulation`` takes), ``kind`` (number, switch, choice, text or list),
    ``default``, ``unit``, ``help``, and for a number its ``range`` (``"> 0"``, ``"[0, 1]"``) with
    ``min``, ``max`` (absent when unbounded) and whether either end is open; ``choices`` for a
    choice.
    """
    return _registry()["models"]


def metrics() -> List[Dict[str, Any]]:
    """The metric schema every run reports: ``key``, ``label``, ``unit``, ``description``, ``whole``."""
    return _registry()["metrics"]


def __getattr__(name: str) -> Any:
    # flocklab.plot loads matplotlib only when it is used.
    if name == "plot":
        import importlib

        return importlib.import_module(".plot", __name__)
    raise AttributeError(f"module 'flocklab' has no attribute '{name}'")
