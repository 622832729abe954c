"""Sweeps: ``flocklab sweep`` from Python, in local processes or on a Dask cluster.

A sweep is planned and checked once, here, by the command's own code (every combination set up,
so a bad value fails before any run). Its runs are numbered in the command's canonical order;
each chunk of runs is computed anywhere (a worker process, a Dask worker) from the sweep's
definition alone, and the rows are joined in run order. A row is a pure function of its run, so
the DataFrame equals the command's CSV row for row and bit for bit, wherever the rows ran.

Ctrl-C: in this process a chunk's runs stop at their next step (SweepPlan.rows answers
signals). Local worker processes ignore SIGINT and leave stopping to the parent: on any way
out of ``sweep`` (KeyboardInterrupt included) the parent terminates them. A worker also ends
on its own when its parent dies (even by SIGKILL): a thread in it waits on the parent's
sentinel, a pipe the kernel closes with the parent, and then exits the worker at once.
"""
from __future__ import annotations

import io
import os
import signal
import threading
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _flocklab
from ._flocklab import number_text

Values = Union[str, Iterable[float]]


def _specs(params: Mapping[str, Values]) -> List[str]:
    """``{"radius": [3, 5]}`` as ``--param`` texts: ``["radius=3,5"]``; a text stays a range."""
    if not isinstance(params, Mapping) or not params:
        raise ValueError("params must map at least one parameter to its values, e.g. {'radius': [3, 5, 10]}")
    specs = []
    for name, values in params.items():
        if isinstance(values, str):
            specs.append(f"{name}={values}")
            continue
        try:
            texts = [number_text(v) for v in values]
        except TypeError as e:
            raise TypeError(f"params['{name}'] takes numbers or a range text 'FROM:TO:STEP' ({e})") from None
        if not texts:
            raise ValueError(f"params['{name}'] has no values")
        specs.append(f"{name}=" + ",".join(texts))
    return specs


def _seeds(seeds: Union[int, Iterable[int]], seed: Optional[int]) -> Tuple[int, int]:
    """(first seed, number of seeds): an int N counts from ``seed`` (42); a range must step by 1."""
    if isinstance(seeds, bool):
        raise TypeError("seeds takes a number of seeds or a range of them")
    if isinstance(seeds, int):
        return (42 if seed is None else seed), seeds
    if seed is not None:
        raise ValueError("give the seeds as a range, or a count and seed, not both")
    if isinstance(seeds, range) and seeds.step == 1 and len(seeds) > 0:  # seeds up to 2^64-1, not listed
        return seeds.start, len(seeds)
    if not isinstance(seeds, Iterable) or isinstance(seeds, (str, bytes)):
        raise TypeError(f"seeds takes a number of seeds or a range of them (got a {type(seeds).__name__})")
    values = list(seeds)
    if not values or any(not isinstance(v, int) or isinstance(v, bool) for v in values):
        raise TypeError("seeds takes a number of seeds or a range of whole numbers")
    if values != list(range(values[0], values[0] + len(values))):
        raise ValueError("seeds must be consecutive (range(first, first + count)), as flocklab sweep numbers them")
    return values[0], len(values)


def _chunks(runs: int, parts: int) -> List[List[int]]:
    size = max(1, -(-runs // parts))
    return [list(range(start, min(start + size, runs))) for start in range(0, runs, size)]


# One plan per process, made again from the sweep's definition where a worker needs it.
_plans: Dict[str, Any] = {}


def _plan(definition: Tuple) -> Any:
    key = repr(definition)
    if key not in _plans:
        specs, first, count, every, keywords = definition
        _plans.clear()
        _plans[key] = _flocklab.SweepPlan(specs, count, every, seed=first, **dict(keywords))
    return _plans[key]


def _rows(definition: Tuple, runs: Sequence[int]) -> List[str]:
    """The CSV lines of ``runs`` (a worker's task)."""
    return _plan(definition).rows(list(runs))


def _watch_parent() -> None:
    """(In a worker.) Exits the worker as soon as its parent process is gone."""
    import multiprocessing
    import multiprocessing.connection

    multiprocessing.connection.wait([multiprocessing.parent_process().sentinel])
    os._exit(1)


def _worker_start() -> None:
    """A local worker's set-up: SIGINT is the parent's to answer; end with the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, name="flocklab-parent-watch", daemon=True).start()


def _rows_of(task: Tuple[Tuple, Sequence[int]]) -> List[str]:
    return _rows(*task)


# A worker's exit status when the main script called sweep() as the worker imported it.
_UNGUARDED = 3


def _importing_main_in_a_worker() -> bool:
    """True while a fresh worker process runs the main script's body, as it imports the script
    (under the name ``__mp_main__``) before it can take any task."""
    import inspect

    frame = inspect.currentframe()
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") == "__mp_main__":
            return True
        frame = frame.f_back
    return False


def _start_nothing() -> None:
    """(In a probe process.) Nothing: the probe only shows whether importing the script works."""


def _check_main_is_guarded(context: Any) -> None:
    """Refuses, in one line, a script whose workers would each run its sweep again.

    Fresh worker processes import the main script; one that calls sweep() at its top level,
    outside ``if __name__ == "__main__":``, would start workers that start workers. A probe
    process imports the script as a worker does (sweep() in it exits at once, status
    ``_UNGUARDED``) before any worker starts."""
    import sys

    main = sys.modules.get("__main__")
    if not getattr(main, "__file__", None):
        return  # an interactive session or python -c: workers import nothing of it
    probe = context.Process(target=_start_nothing, name="flocklab-sweep-probe")
    probe.start()
    probe.join()
    if probe.exitcode == _UNGUARDED:
        script = os.path.basename(main.__file__)
        raise RuntimeError(f"sweep's worker processes import {script} again, and it calls sweep() as it is "
                           f"imported: put the sweep under if __name__ == \"__main__\": (or pass processes=1)")


def _in_processes(definition: Tuple, chunks: List[List[int]], workers: int) -> List[List[str]]:
    """The chunks' rows, computed by ``workers`` fresh worker processes."""
    import multiprocessing

    # Fresh interpreters, not forks: the parent may hold the engine's worker threads.
    context = multiprocessing.get_context("spawn")
    _check_main_is_guarded(context)
    pool = context.Pool(workers, initializer=_worker_start)
    try:
        parts = pool.map_async(_rows_of, [(definition, chunk) for chunk in chunks], chunksize=1).get()
        pool.close()
        return parts
    finally:
        pool.terminate()  # at once on KeyboardInterrupt or an error; a no-op once closed and done
        pool.join()


def _write_whole(path: str, text: str) -> None:
    """Writes ``path`` whole or not at all (a temporary file beside it, then a rename)."""
    if not path.endswith(".csv"):
        raise ValueError(f"out must end in .csv (got {path})")
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        with open(temporary, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.remove(temporary)


def sweep(model: str = "lab", params: Optional[Mapping[str, Values]] = None,
          seeds: Union[int, Iterable[int]] = 10, steps: Optional[int] = None, *, seed: Optional[int] = None,
          every: int = 1, processes: Optional[int] = None, client: Any = None, out: Optional[str] = None,
          **model_params: Any):
    """Runs ``model`` over a grid of parameter values and seeds; returns ``flocklab sweep``'s rows.

    Args:
        model: the model, as ``Simulation`` takes it.
        params: each swept parameter and its values, a list (``{"radius": [3, 5, 10]}``) or a
            range text as ``--param`` takes it (``{"radius": "2:20:2"}``); the first is outermost.
        seeds: seeds per combination: a count (from ``seed``, 42 by default) or a ``range``.
        steps: steps of every run (default: the model's).
        every: steps between the measurements averaged over the last fifth.
        processes: local worker processes (default: the cores; 1 runs in this process).
        client: a ``distributed.Client``: the runs go to its cluster instead.
        out: also write the CSV, the same bytes as ``flocklab sweep --out``.
        **model_params: every other parameter, as ``Simulation`` takes them.

    Returns:
        A pandas DataFrame equal to ``pandas.read_csv`` of the command's CSV (with
        ``float_precision="round_trip"``): one row per run in the command's order, the swept
        values and the seed, each metric's final value and its mean over the last fifth
        (``last_fifth_...``), then the rows' ``sweep`` fingerprint and ``check``.
    """
    if _importing_main_in_a_worker():
        raise SystemExit(_UNGUARDED)  # quietly: the parent says why (_check_main_is_guarded)
    import pandas as pd

    first, count = _seeds(seeds, seed)
    keywords = tuple(sorted({"model": model, "steps": steps, **model_params}.items()))
    definition = (_specs(params or {}), first, count, every, keywords)
    plan = _plan(definition)  # checks everything here, before any run
    if client is not None:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        chunks = _chunks(plan.runs, workers * 4)
        futures = client.map(_rows, [definition] * len(chunks), chunks, pure=False)
        parts = client.gather(futures)
    else:
        workers = processes if processes is not None else (os.cpu_count() or 1)
        if isinstance(workers, bool) or not isinstance(workers, int):
            raise TypeError(f"processes takes a whole number (got a {type(workers).__name__})")
        if workers < 1:
            raise ValueError(f"processes must be at least 1 (got {workers})")
        workers = min(workers, plan.runs)
        chunks = _chunks(plan.runs, workers * 4)
        if workers == 1:
            parts = [_rows(definition, chunk) for chunk in chunks]
        else:
            parts = _in_processes(definition, chunks, workers)
    text = plan.header() + "".join(line for part in parts for line in part)
    if out is not None:
        _write_whole(os.fspath(out), text)
    return pd.read_csv(io.StringIO(text), float_precision="round_trip")
