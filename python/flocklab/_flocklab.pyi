# Types of the compiled module, for editors and type checkers (tests/python/test_stubs.py checks
# that they name exactly what the module has). flocklab.Simulation documents each in full.
from os import PathLike
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

def registry_json() -> str:
    """Every model, its parameters and presets, and the metric schema, as JSON."""

def number_text(value: float) -> str:
    """A number as the command line writes it: the shortest text that reads back to the same bits."""

def analyze_json(positions: Any, velocities: Any, world: List[float], bin: float, link: float, largest: bool,
                 nearest_max: int, threads: int) -> str:
    """``flocklab analyze`` of one state as JSON (flocklab.analyze is its Python face)."""

class Simulation:
    """One run of a model, set up as ``flocklab run`` sets it up (see flocklab.Simulation)."""

    def __init__(self, **keywords: Any) -> None: ...
    def step(self, steps: int = 1) -> None:
        """Advances the run by ``steps`` steps with the GIL released; Ctrl-C raises KeyboardInterrupt within about a second."""
    @property
    def positions(self) -> npt.NDArray[np.float64]:
        """Positions, a read-only (n, dims) view that every step updates in place; no copy."""
    @property
    def velocities(self) -> npt.NDArray[np.float64]:
        """Velocities in the model's units (steering: px/s; lab, abm, vicsek: world units a step), a read-only (n, dims) view like ``positions``."""
    def state(self) -> Tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """Copies of (positions, velocities)."""
    def set_state(self, positions: npt.ArrayLike, velocities: npt.ArrayLike) -> None:
        """Starts the run afresh (step 0) from these (n, dims) arrays, checked as ``--init`` checks a file."""
    def metrics(self) -> Dict[str, Union[int, float]]:
        """The metrics of the current state, by key (the schema's, then the model's own)."""
    @property
    def metric_keys(self) -> List[str]:
        """The keys ``metrics()`` returns, in order."""
    def _series(self, steps: int, every: int, trajectory: bool) -> Tuple[npt.NDArray[np.uint64], npt.NDArray[np.float64], Optional[npt.NDArray[np.float64]]]: ...
    def hash(self) -> str:
        """The state's FNV-1a 64 hash in hex, as ``flocklab run --hash`` prints it."""
    def save(self, path: Union[str, PathLike]) -> None:
        """Writes the state (FILE.csv, as ``run --save``) or the run file (FILE.json, as ``run --write-config``)."""
    @property
    def model(self) -> str:
        """The model's name."""
    @property
    def dims(self) -> int:
        """2 or 3."""
    @property
    def step_count(self) -> int:
        """Steps taken since the start."""
    @property
    def params(self) -> Dict[str, Any]:
        """Every parameter's value, by key."""
    @property
    def space(self) -> Dict[str, Any]:
        """The world: dims, width, height, depth (0 in 2D), wrap (a torus), open (open space: no walls, no wrap;
        the box is where the start lies) and unit, as every front end gives it."""
    @property
    def view(self) -> Dict[str, float]:
        """The box to show now: x0, y0, z0, width, height, depth; in open space the square (cube) that follows
        the group, as the command's pictures frame it."""
    @property
    def appearance(self) -> Dict[str, Any]:
        """Kinds of boid (species), each boid's kind and the food, for pictures."""
    @property
    def obstacles(self) -> List[Tuple[float, ...]]:
        """The obstacles: (x, y, radius), in 3D spheres (x, y, z, radius), as the command's texts give them."""
    @property
    def run_steps(self) -> int:
        """The steps ``flocklab run`` would take with these options (a run file's, else the model's)."""
    @property
    def label(self) -> str:
        """The model with its preset and form, as the command's summary names it."""
    @property
    def threads(self) -> int:
        """Threads a step runs on."""
    def __len__(self) -> int: ...

class SweepPlan:
    """A sweep set up as ``flocklab sweep`` sets it up (see flocklab.sweep)."""

    def __init__(self, specs: Sequence[str], seeds: int, every: int, **keywords: Any) -> None: ...
    @property
    def runs(self) -> int:
        """The number of runs."""
    def header(self) -> str:
        """The CSV's header line."""
    def rows(self, runs: Sequence[int]) -> List[str]:
        """The CSV lines of these runs, computed here with the GIL released; Ctrl-C stops them between steps."""
    @property
    def metric_keys(self) -> List[str]:
        """The metrics of every row."""
    @property
    def steps(self) -> int:
        """Steps of every run."""
    @property
    def fingerprint(self) -> str:
        """The sweep's fingerprint, in every row."""
    @property
    def label(self) -> str:
        """The model and its preset."""
