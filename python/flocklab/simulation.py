"""One run of a flocklab model: the engine's Simulation with the scientific stack's habits.

The compiled half (``flocklab._flocklab.Simulation``) sets a run up exactly as ``flocklab run``
does and steps it without the GIL; this class adds what belongs to Python: the metrics as a
pandas DataFrame over time, loading saved runs, and a picture for Jupyter.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Dict, Optional, Union

from . import _flocklab


def _registry_model(name: str) -> Dict[str, Any]:
    """The registry's entry of the model ``name`` (its units, its time step), from ``flocklab.models()``."""
    from . import models  # the package imports this module first, so its models() is found at the call

    return next(m for m in models() if m["name"] == name)


if TYPE_CHECKING:
    from .analysis import Analysis

PathLike = Union[str, "os.PathLike[str]"]


class Simulation(_flocklab.Simulation):
    """A flock under one of flocklab's models, the same run bit for bit as ``flocklab run``.

    Every parameter of the model is a keyword, under its registry key (``flocklab.models()`` lists
    them; the command's ``--max-speed`` is ``max_speed``). Repeatable parameters (``obstacle``,
    ``species``, ``food``) take a list of the texts the command takes. An unknown keyword or a bad
    value raises ``ValueError`` (``TypeError`` for a value of the wrong Python type) with the
    command's message, its flags written as keywords.

    Args:
        model: ``"lab"`` (the default), ``"steering"``, ``"abm"`` or ``"vicsek"``.
        count: boids of the random start (default: the preset's or the model's).
        seed: the random start's seed, and of anything random after it (default 42); 0 to 2^64-1,
            as ``flocklab run --seed`` takes it.
        preset: one of the model's presets.
        density: boids per unit of the world's area (or volume), instead of ``count``.
        init: a state CSV to start from (``flocklab run --init``, or ``Simulation.save``).
        config: a run file to take the parameters from (``flocklab run --config``); keywords win.
        ramp: a parameter ramp ``"KEY=FROM:TO@A-B"`` or a list of them (``flocklab run --ramp``),
            set before each step of ``step`` and ``run``.
        threads: threads a step runs on; 0 (the default) means all cores. The bits do not change.
        neighbors: ``"grid"`` (the default) or ``"brute"``. The bits do not change.
        **params: the model's parameters, e.g. ``vision=60, dims=3``.

    Example:
        >>> sim = Simulation("steering", count=300, seed=7, vision=60)
        >>> sim.step(100)
        >>> sim.positions.shape
        (300, 2)
    """

    def __init__(self, model: Optional[str] = None, count: Optional[int] = None, seed: Optional[int] = None,
                 **params: Any) -> None:
        super().__init__(model=model, count=count, seed=seed, **params)
        self._ready = True

    @classmethod
    def load(cls, path: PathLike, **params: Any) -> "Simulation":
        """A simulation from a file ``flocklab`` wrote, at step 0.

        A ``.json`` run file (``run --write-config``, ``save("run.json")``) gives the model, its
        parameters and its start; stepping ``sim.run_steps`` steps repeats the run it names. A
        ``.csv`` state (``run --save``, ``save("state.csv")``) is the start, as ``run --init``
        takes it; give the model and its parameters as keywords. Keywords win over the file.
        """
        name = os.fspath(path)
        if name.endswith(".json"):
            return cls(config=name, **params)
        if name.endswith(".csv"):
            return cls(init=name, **params)
        raise ValueError(f"load takes FILE.json (a run file) or FILE.csv (a state) (got {name})")

    @property
    def time(self) -> float:
        """Simulated time: seconds for a model with a time step (steering's ``dt``, couzin's
        ``tau``: the registry's ``time_step``), else steps."""
        dt = self._time_step()
        return self.step_count * dt if dt is not None else float(self.step_count)

    def _time_step(self) -> Optional[float]:
        """Seconds a step, for a model whose registry names a time step parameter; else None."""
        key = _registry_model(self.model)["time_step"]
        return self.params[key] if key else None

    def run(self, steps: int, every: int = 10, trajectory: bool = False):
        """Steps ``steps`` steps and returns the metrics over time as a pandas DataFrame.

        Rows are the steps ``flocklab run --every EVERY --metrics-out`` writes: now, each multiple
        of ``every`` and the last step. Columns: ``step``, ``time`` (see ``time``) and every
        metric of the run (``metric_keys``: the schema's, then the model's own, such as each
        species' order). With ``trajectory=True`` returns ``(frame, positions)``, positions an
        array of shape (rows, n, dims) at the rows' steps.
        """
        import pandas as pd

        at, values, frames = self._series(steps, every, trajectory)  # checked there, one line each
        dt = self._time_step()
        table = pd.DataFrame(values, columns=self.metric_keys)
        whole = [key for key, value in self.metrics().items() if isinstance(value, int)]
        table[whole] = table[whole].astype("int64")
        table.insert(0, "time", at * dt if dt is not None else at.astype(float))
        table.insert(0, "step", at.astype("int64"))
        return (table, frames) if trajectory else table

    def analyze(self, **options: Any) -> "Analysis":
        """``flocklab analyze`` of the state now (docs/analyze.md): C(r) with r0 and L, and gamma(n).

        The world is the run's: a wrap-around world's sides, else (walls or open space) plain
        distances. ``options`` are ``flocklab.analyze``'s: bin, link, group, nearest_max, threads.
        """
        from .analysis import analyze

        space = self.space
        world = None
        if space["wrap"]:
            world = [space["width"], space["height"]] + ([space["depth"]] if space["dims"] == 3 else [])
        return analyze(self.positions, self.velocities, world, **options)

    def __repr__(self) -> str:
        if not getattr(self, "_ready", False):  # its __init__ raised
            return "<flocklab.Simulation (not set up)>"
        return (f"<flocklab.Simulation {self.label}: {len(self)} boids in {self.dims}D, "
                f"step {self.step_count}, hash {self.hash()}>")

    def _repr_png_(self) -> Optional[bytes]:
        """The flock's picture, for Jupyter."""
        try:
            from . import plot
        except ImportError:  # no matplotlib: Jupyter falls back to repr()
            return None
        return plot.png(self)
