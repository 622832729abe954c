"""Pictures of a flock with matplotlib: a still (``flock``), a movie (``animate``), PNG bytes (``png``).

Design: one drawing (``_Drawing``) owns every artist of a flock picture and refreshes them in
place from the simulation, so a still and each frame of a movie are the same code and a frame
costs no new artists. It reads the picture the way ``flocklab run --picture`` draws it: a boid is
a triangle centred on its position with its tip along the velocity, coloured by heading (the
command's hue wheel, 0 deg = +x, counter-clockwise) or, when the run has species, by its kind's
colour, predators larger and outlined; obstacles grey, food a green disc whose area is the
amount left (a ring marks the full source). The world's box is the axes' limits; y grows upward.
In 3D a boid is a dot with a short tail behind it. ``png`` draws on a ``Figure`` of its own with
the Agg canvas, leaving pyplot's global state alone; ``flock`` and ``animate`` use pyplot only to
make a figure when given no axes, so that Jupyter shows it.
"""
from __future__ import annotations

import colorsys
import io
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PolyCollection
from matplotlib.colors import ListedColormap, Normalize
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle
from mpl_toolkits.mplot3d import art3d

from .simulation import _registry_model

__all__ = ["flock", "animate", "png", "HEADING_COLOURS"]

#: The heading colour wheel of ``flocklab run --picture``: hue = heading in degrees, at 75%
#: saturation and 45% lightness, so that no heading is too pale to see on white.
HEADING_COLOURS = ListedColormap([colorsys.hls_to_rgb(h / 360, 0.45, 0.75) for h in range(360)],
                                 name="flocklab_heading")
_HEADING_NORM = Normalize(0, 360)
_OUTLINE = "#111111"
_FOOD, _FOOD_EDGE = "#3a9d3a", "#1e5e1e"


def _units(velocities: np.ndarray) -> np.ndarray:
    """Unit vectors along ``velocities``; +x for a boid standing still."""
    speed = np.linalg.norm(velocities, axis=1, keepdims=True)
    out = np.zeros_like(velocities)
    out[:, 0] = 1.0
    moving = speed[:, 0] > 0
    out[moving] = velocities[moving] / speed[moving]
    return out


def _headings(velocities: np.ndarray) -> np.ndarray:
    """Heading in the xy plane, degrees in [0, 360), as the command's hue wheel takes it."""
    return np.degrees(np.arctan2(velocities[:, 1], velocities[:, 0])) % 360


def _mark_length(space: dict, count: int) -> float:
    """A boid's length in world units: under the flock's mean spacing, at most 2% of the world."""
    extent = [space["width"], space["height"]] + ([space["depth"]] if space["dims"] == 3 else [])
    spacing = float(np.prod(extent)) ** (1 / len(extent)) / max(count, 1) ** (1 / len(extent))
    return min(0.7 * spacing, 0.02 * max(extent))


def _obstacles(sim: Any) -> List[Tuple[float, ...]]:
    """Obstacles as (x, y, radius) in 2D and (x, y, z, radius) in 3D."""
    return [tuple(o) for o in sim.obstacles]


class _Drawing:
    """Every artist of one flock picture on one axes, refreshed in place by ``update``."""

    def __init__(self, sim: Any, ax: Axes, arrows: bool) -> None:
        self.ax, self.arrows, self.three_d = ax, arrows, sim.dims == 3
        self.space = sim.space
        look = sim.appearance
        self.kinds = look["kinds"]
        self.length = _mark_length(self.space, len(sim))
        self.boids: List[Any] = []  # one artist per kind (one in all without kinds); 3D: dots
        self.tails: List[Any] = []  # 3D with arrows: the tails, one per kind
        self.food: List[Any] = []  # 2D: (ring, disc) a source; 3D: one scatter of them all
        self.reach = 0.025 * max(self.space["width"], self.space["height"])  # a full source's radius
        self._draw_world(sim, look["food"])
        for kind in (self.kinds or [None]):
            self._add_boids(kind)
        self.title = ax.set_title("")
        self.colorbar = None
        if not self.kinds:
            self.colorbar = ax.figure.colorbar(self.boids[0], ax=ax, shrink=0.6 if self.three_d else 0.8,
                                               pad=0.1 if self.three_d else 0.03)
            self.colorbar.set_ticks([0, 90, 180, 270, 360],
                                    labels=["0° (+x)", "90° (+y)", "180° (−x)", "270° (−y)", "360°"])
            self.colorbar.set_label("heading in the xy plane" if self.three_d else "heading")
        self._legend(look["kind_of"], look["food"])
        self.update(sim)

    def _draw_world(self, sim: Any, food: Sequence[dict]) -> None:
        """Obstacles, food and the world's box, behind the boids."""
        ax, s = self.ax, self.space
        ax.set_xlabel("x")
        ax.set_ylabel("y")
        if self.three_d:
            u, v = np.mgrid[0:2 * np.pi:24j, 0:np.pi:12j]
            for x, y, z, r in _obstacles(sim):
                ax.plot_surface(x + r * np.cos(u) * np.sin(v), y + r * np.sin(u) * np.sin(v), z + r * np.cos(v),
                                color="0.6", alpha=0.35, linewidth=0, gid="flocklab.obstacle")
            if food:
                self.food.append(ax.scatter([], [], [], c=_FOOD, edgecolors=_FOOD_EDGE, depthshade=False,
                                            gid="flocklab.food"))
            ax.set_zlabel("z")
            self._frame(sim)
            # Zoomed out from matplotlib's 1.0, so that the x and y axes' tick labels and names stay
            # inside the figure (at 1.0 png()'s 6 x 4 inches cut them off at the bottom).
            ax.set_box_aspect((1, 1, 1) if s.get("open") else (s["width"], s["height"], s["depth"]), zoom=0.8)
            return
        for x, y, r in _obstacles(sim):
            ax.add_patch(Circle((x, y), r, facecolor="0.75", edgecolor="0.45", zorder=1, gid="flocklab.obstacle"))
        for _ in food:
            ring = ax.add_patch(Circle((0, 0), self.reach, fill=False, edgecolor=_FOOD_EDGE, linestyle=":",
                                       zorder=1))
            disc = ax.add_patch(Circle((0, 0), self.reach, facecolor=_FOOD, edgecolor=_FOOD_EDGE, alpha=0.85,
                                       zorder=1, gid="flocklab.food"))
            self.food.append((ring, disc))
        self._frame(sim)
        ax.set_aspect("equal")

    def _frame(self, sim: Any) -> None:
        """The axes' limits: the engine's view (``sim.view``), the world's box or, in open space, the square
        (cube) that follows the group, as the command's pictures and the page frame it."""
        ax, v = self.ax, sim.view
        limits = [(v["x0"], v["x0"] + v["width"]), (v["y0"], v["y0"] + v["height"])]
        if self.three_d:
            limits.append((v["z0"], v["z0"] + v["depth"]))
        ax.set_xlim(*limits[0])
        ax.set_ylim(*limits[1])
        if self.three_d:
            ax.set_zlim(*limits[2])

    def _add_boids(self, kind: Optional[dict]) -> None:
        """The artist(s) of one kind of boid, or of all boids coloured by heading (``kind`` None)."""
        predator, size = bool(kind and kind["predator"]), kind["size"] if kind else 1.0
        common = {"label": kind["name"] if kind else "boids", "gid": "flocklab.boids",
                  **({"edgecolors": _OUTLINE, "linewidths": 0.8} if predator else {"linewidths": 0})}
        by_heading = {"cmap": HEADING_COLOURS, "norm": _HEADING_NORM}
        if self.three_d or not self.arrows:  # dots
            colour = {"color": kind["colour"]} if kind else {"c": np.empty(0), **by_heading}
            if self.three_d:
                dots = self.ax.scatter([], [], [], s=10 * (2.5 if predator else 1) * size, depthshade=False,
                                       **colour, **common)
            else:
                dots = self.ax.scatter([], [], s=12 * (3 if predator else 1) * size, zorder=3 if predator else 2,
                                       **colour, **common)
            self.boids.append(dots)
            if self.three_d and self.arrows:
                self.tails.append(self.ax.add_collection(art3d.Line3DCollection(
                    [], linewidths=1.2 if predator else 0.8, colors=kind["colour"] if kind else "k",
                    gid="flocklab.tails")))
            return
        colour = {"facecolors": kind["colour"]} if kind else by_heading
        self.boids.append(self.ax.add_collection(PolyCollection([], zorder=3 if predator else 2, **colour, **common)))

    def _scale(self, kind: Optional[dict]) -> float:
        """A kind's triangle length against a plain boid's: its size's square root, predators 1.6 at least."""
        if not kind:
            return 1.0
        scale = float(np.clip(np.sqrt(kind["size"]), 0.8, 1.6))
        return max(scale, 1.6) if kind["predator"] else scale

    def _legend(self, kind_of: np.ndarray, food: Sequence[dict]) -> None:
        """Each kind with its count (and food), as ``flocklab run --picture`` names them."""
        handles = []
        for kind in self.kinds:
            outline = {"markeredgecolor": _OUTLINE, "markeredgewidth": 0.8} if kind["predator"] \
                else {"markeredgewidth": 0}
            handles.append(Line2D([], [], linestyle="", marker="o" if self.three_d or not self.arrows else ">",
                                  markersize=7 * self._scale(kind), color=kind["colour"], **outline))
        if food:
            handles.append(Line2D([], [], linestyle="", marker="o", markersize=8, color=_FOOD,
                                  markeredgecolor=_FOOD_EDGE))
        texts = self._legend_texts(kind_of, food)
        if self.kinds and self.three_d:  # in the corner the box leaves free (constrained layout keeps no room beside a 3D axes)
            self.ax.legend(handles, texts, loc="upper left", fontsize="small", frameon=False)
        elif self.kinds:  # beside the world, where it hides no boid
            self.ax.legend(handles, texts, loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0,
                           fontsize="small", frameon=False)
        elif handles:  # food alone: a small box in the corner, the colour bar taking the side
            self.ax.legend(handles, texts, loc="upper right", fontsize="small", framealpha=0.8)

    def _legend_texts(self, kind_of: np.ndarray, food: Sequence[dict]) -> List[str]:
        counts = np.bincount(kind_of, minlength=len(self.kinds))
        texts = [f"{k['name']} ({'predator, ' if k['predator'] else ''}{counts[i]})" for i, k in enumerate(self.kinds)]
        if food:
            texts.append("food" if len(food) == 1 else f"food ({len(food)} sources)")
        return texts

    def update(self, sim: Any) -> List[Any]:
        """Moves every artist to the simulation's current state; returns the artists it changed."""
        look = sim.appearance
        positions, velocities = sim.positions, sim.velocities
        units = _units(velocities)
        groups = [np.flatnonzero(look["kind_of"] == i) for i in range(len(self.kinds))] if self.kinds \
            else [np.arange(len(positions))]
        for i, (members, artist) in enumerate(zip(groups, self.boids)):
            p, u = positions[members], units[members]
            length = self.length * self._scale(self.kinds[i] if self.kinds else None)
            if self.three_d:
                artist.set_offsets(p[:, :2])
                artist.set_3d_properties(p[:, 2], "z")
                if self.tails:
                    self.tails[i].set_segments(np.stack([p - 1.5 * length * u, p], axis=1))
            elif self.arrows:
                tip, base = p + u * length * 2 / 3, p - u * length / 3
                side = np.stack([-u[:, 1], u[:, 0]], axis=1) * 0.28 * length
                artist.set_verts(np.stack([tip, base + side, base - side], axis=1))
            else:
                artist.set_offsets(p)
            if not self.kinds:
                artist.set_array(_headings(velocities[members]))
                if self.tails:
                    self.tails[i].set_color(HEADING_COLOURS(_HEADING_NORM(_headings(velocities[members]))))
        self._update_food(look["food"])
        if self.ax.get_legend() is not None:
            texts = self._legend_texts(look["kind_of"], look["food"])
            for text, label in zip(self.ax.get_legend().get_texts(), texts):
                text.set_text(label)
        self.title.set_text(f"{sim.label}: {_count_text(sim)}, step {sim.step_count}")
        if self.space.get("open"):
            self._frame(sim)
        food = self.food if self.three_d else [a for source in self.food for a in source]
        return [*self.boids, *self.tails, *food, self.title]

    def _update_food(self, food: Sequence[dict]) -> None:
        """Food where it is now, its disc's area the share left."""
        left = [min(max(f["amount"] / f["full"], 0.0), 1.0) if f["full"] > 0 else 1.0 for f in food]
        if self.three_d:
            if self.food:
                dots = self.food[0]
                dots.set_offsets(np.array([[f["x"], f["y"]] for f in food]).reshape(-1, 2))
                dots.set_3d_properties(np.array([f["z"] for f in food]), "z")
                dots.set_sizes(120 * np.array(left) + 10)
            return
        for (ring, disc), f, share in zip(self.food, food, left):
            ring.set_center((f["x"], f["y"]))
            disc.set_center((f["x"], f["y"]))
            disc.set_radius(self.reach * np.sqrt(share))


def _check_axes(sim: Any, ax: Axes) -> None:
    three_d = getattr(ax, "name", "") == "3d"
    if sim.dims == 3 and not three_d:
        raise ValueError("a 3D simulation draws on a 3D axes: fig.add_subplot(projection='3d')")
    if sim.dims == 2 and three_d:
        raise ValueError("a 2D simulation draws on a 2D axes, not a 3D one")


def _count_text(sim: Any) -> str:
    """The count with the model's noun for what it moves: "100 agents" (couzin), "1 boid"."""
    unit = _registry_model(sim.model)["count_unit"]
    return f"{len(sim)} {unit[:-1] if len(sim) == 1 and unit.endswith('s') else unit}"


def _figure_size(sim: Any) -> Tuple[float, float]:
    """Inches that fit the world's shape: its box at most 6 by 4.5, room for titles and the key."""
    if sim.dims == 3:
        return (7.5, 6.0)
    width, height = sim.space["width"], sim.space["height"]
    scale = min(6 / width, 4.5 / height)
    key = 2.0 if sim.appearance["kinds"] else 1.5  # the legend of kinds, or the colour bar
    return (width * scale + 0.8 + key, height * scale + 1.1)


def _new_axes(sim: Any) -> Axes:
    """A pyplot figure with one axes fit for ``sim`` (so that Jupyter shows it)."""
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=_figure_size(sim), layout="constrained")
    return fig.add_subplot(projection="3d" if sim.dims == 3 else None)


def _drawing(sim: Any, ax: Optional[Axes], arrows: bool) -> _Drawing:
    if ax is None:
        ax = _new_axes(sim)
    else:
        _check_axes(sim, ax)
    return _Drawing(sim, ax, arrows)


def flock(sim: Any, ax: Optional[Axes] = None, *, arrows: bool = True) -> Axes:
    """Draws the flock as it is now and returns the axes.

    Args:
        sim: a ``flocklab.Simulation``.
        ax: the axes to draw on (a 3D axes, ``projection="3d"``, for a 3D simulation); default: a
            new pyplot figure.
        arrows: boids as triangles along their velocity (in 3D, dots with tails); ``False``: dots.

    Boids are coloured by heading (with a colour bar), or by their kind's colour when the run
    has species (a legend names each kind and its count; predators are larger and outlined).
    Obstacles are grey, food a green disc whose area is the share left. The axes' limits are
    the world's box, with equal aspect. The artists carry gids: ``flocklab.boids`` (one per kind),
    ``flocklab.obstacle``, ``flocklab.food`` and in 3D ``flocklab.tails``.

    Raises:
        ValueError: ``ax`` is 2D for a 3D simulation, or 3D for a 2D one.
    """
    return _drawing(sim, ax, arrows).ax


def animate(sim: Any, steps: int, every: int = 1, *, ax: Optional[Axes] = None, interval: int = 33) -> FuncAnimation:
    """A movie of the flock: ``steps // every`` frames, the first the state now, each next ``every`` steps on.

    The frames step ``sim`` itself, when they are drawn: a second save (or a window that
    repeats the movie) goes on from where the first ended. Save with
    ``anim.save("flock.gif", writer="pillow")`` or ``anim.save("flock.mp4", writer="ffmpeg")``.

    Args:
        sim: a ``flocklab.Simulation``.
        steps: steps the movie covers.
        every: steps between frames, at least 1.
        ax: the axes to draw on (see ``flock``); default: a new pyplot figure.
        interval: ms between frames on screen (a saved movie's frame rate is 1000 / interval).

    Raises:
        ValueError: ``every`` under 1, or ``steps`` under ``every`` (no frame).
    """
    if every < 1 or steps < every:
        raise ValueError(f"animate needs every >= 1 and steps >= every for a frame (got steps={steps}, every={every})")
    drawing = _drawing(sim, ax, True)

    def frame(index: int) -> List[Any]:
        if index > 0:
            sim.step(every)
        return drawing.update(sim)

    return FuncAnimation(drawing.ax.figure, frame, frames=steps // every, interval=interval, blit=False)


def png(sim: Any, size: Tuple[float, float] = (6, 4), dpi: int = 100) -> bytes:
    """The flock's picture (as ``flock`` draws it) as PNG bytes of ``size`` inches at ``dpi``.

    Drawn on a figure of its own with the Agg canvas, not pyplot's: ``Simulation._repr_png_``
    uses it for Jupyter. The image is ``size[0] * dpi`` by ``size[1] * dpi`` pixels.
    """
    fig = Figure(figsize=size, dpi=dpi, layout="constrained")
    FigureCanvasAgg(fig)
    _Drawing(sim, fig.add_subplot(projection="3d" if sim.dims == 3 else None), True)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=dpi)
    return out.getvalue()
