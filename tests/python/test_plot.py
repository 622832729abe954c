"""flocklab.plot: what a picture shows (one mark per boid, where it is and which way it flies;
each kind's colour and count; obstacles, food and the world's box), 3D axes, movies whose
frames are the steps asked for, and PNG bytes of the size asked for."""
import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from PIL import Image

import flocklab
import flocklab.plot as fplot

SPECIES = ["sparrow:150", "hawk:2:role=predator"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def species_sim(**keywords):
    sim = flocklab.Simulation("steering", seed=5, species=SPECIES, food=["400,300:50"],
                              obstacle=["300,300,40", "600,200,25"], threads=1, **keywords)
    sim.step(10)
    return sim


def boid_artists(ax):
    return [c for c in ax.collections if c.get_gid() == "flocklab.boids"]


def test_each_kind_is_drawn_in_its_colour_with_its_count():
    sim = species_sim()
    ax = fplot.flock(sim)
    kinds = sim.appearance["kinds"]
    artists = boid_artists(ax)
    assert [len(a.get_paths()) for a in artists] == [k["count"] for k in kinds] == [150, 2]
    assert sum(len(a.get_paths()) for a in artists) == len(sim)
    for artist, kind in zip(artists, kinds):
        assert np.allclose(artist.get_facecolor(), to_rgba(kind["colour"]))
    assert artists[1].get_linewidths()[0] > 0 and artists[0].get_linewidths()[0] == 0  # the hawks outlined
    predator, prey = artists[1].get_paths()[0].vertices, artists[0].get_paths()[0].vertices
    assert np.ptp(predator[:3], axis=0).max() > 1.4 * np.ptp(prey[:3], axis=0).max()  # and larger
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["sparrow (150)", "hawk (predator, 2)", "food"]


def test_triangles_sit_on_the_boids_and_point_along_their_velocities():
    sim = flocklab.Simulation("steering", count=200, seed=3, threads=1)
    sim.step(5)
    ax = fplot.flock(sim)
    (artist,) = boid_artists(ax)
    triangles = np.array([p.vertices[:3] for p in artist.get_paths()])
    assert np.allclose(triangles.mean(axis=1), sim.positions)
    tips = triangles[:, 0] - sim.positions
    cosine = (tips * sim.velocities).sum(axis=1) / np.linalg.norm(tips, axis=1) / np.linalg.norm(sim.velocities, axis=1)
    assert np.allclose(cosine, 1)


def test_without_species_the_colour_is_the_heading():
    sim = flocklab.Simulation("lab", seed=2, threads=1)
    sim.step(20)
    ax = fplot.flock(sim)
    (artist,) = boid_artists(ax)
    v = sim.velocities
    assert np.allclose(artist.get_array(), np.degrees(np.arctan2(v[:, 1], v[:, 0])) % 360)
    assert artist.get_cmap() is fplot.HEADING_COLOURS and artist.norm.vmin == 0 and artist.norm.vmax == 360
    assert ax.get_legend() is None and len(ax.figure.axes) == 2  # the colour bar instead
    assert ax.get_title() == "lab: 120 boids, step 20"


def test_dots_instead_of_triangles():
    sim = species_sim()
    ax = fplot.flock(sim, arrows=False)
    artists = boid_artists(ax)
    kind_of = sim.appearance["kind_of"]
    for i, artist in enumerate(artists):
        assert np.allclose(artist.get_offsets(), sim.positions[kind_of == i])


def test_obstacles_food_and_the_world():
    sim = species_sim()
    fig, ax = plt.subplots()
    assert fplot.flock(sim, ax) is ax
    obstacles = [p for p in ax.patches if p.get_gid() == "flocklab.obstacle"]
    assert sorted((p.center[0], p.center[1], p.radius) for p in obstacles) == sorted(sim.obstacles)
    (food,) = [p for p in ax.patches if p.get_gid() == "flocklab.food"]
    mark = sim.appearance["food"][0]
    assert food.center == (mark["x"], mark["y"]) and to_rgba(food.get_facecolor())[1] > 0.5  # green
    assert ax.get_xlim() == (0, sim.space["width"]) and ax.get_ylim() == (0, sim.space["height"])
    assert ax.get_aspect() == 1.0
    assert sim.label in ax.get_title() and "step 10" in ax.get_title()


@pytest.mark.parametrize("dims", [2, 3])
def test_the_view_is_the_documented_box(dims):
    # docs/python.md: the world's box, or in open space the square (cube) centred on the middle of
    # the group's extent, 1.2 times its widest extent and never less than the start's box.
    sim = flocklab.Simulation("couzin", dims=dims, count=40, seed=2)
    sim.step(300)
    p = sim.positions
    lo, hi = p.min(axis=0), p.max(axis=0)
    side = max(sim.space["width"], 1.2 * float((hi - lo).max()))
    lower = (lo + hi) / 2 - side / 2
    view = sim.view
    assert [view["x0"], view["y0"]] + ([view["z0"]] if dims == 3 else []) == pytest.approx(list(lower), abs=0, rel=1e-15)
    assert view["width"] == side and view["depth"] == (side if dims == 3 else 0)
    lab = flocklab.Simulation("lab", count=10)
    assert lab.view == {"x0": 0, "y0": 0, "z0": 0, "width": 100, "height": 100, "depth": 0}
    assert lab.space == {"dims": 2, "width": 100, "height": 100, "depth": 0, "wrap": True, "open": False,
                         "unit": "world units"}


@pytest.mark.parametrize("dims", [2, 3])
def test_open_space_is_framed_on_the_group_as_it_flies(dims):
    # The couzin model's open space: a parallel group far from the start's box stays in view,
    # and the view moves with it when the picture is redrawn.
    sim = flocklab.Simulation("couzin", dims=dims, dro=8, count=60, seed=4)
    assert sim.space["open"] is True
    sim.step(1500)
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d" if dims == 3 else None)
    drawing = fplot._drawing(sim, ax, True)
    limits = [ax.get_xlim(), ax.get_ylim()] + ([ax.get_zlim()] if dims == 3 else [])

    def inside():
        p = sim.positions
        return all(((lo <= p[:, k]) & (p[:, k] <= hi)).all() for k, (lo, hi) in enumerate(limits))

    assert inside() and limits[0] != (0, sim.space["width"])  # not the start's box: the group left it
    sim.step(500)
    drawing.update(sim)
    limits = [ax.get_xlim(), ax.get_ylim()] + ([ax.get_zlim()] if dims == 3 else [])
    assert inside()
    plt.close(fig)


def test_3d_axes_hold_the_world_box():
    sim = flocklab.Simulation("steering", count=150, dims=3, seed=4, obstacle=["450,280,280,60"], threads=1)
    sim.step(5)
    ax = fplot.flock(sim)
    assert ax.name == "3d"
    assert ax.get_xlim3d() == (0, 900) and ax.get_ylim3d() == (0, 560) and ax.get_zlim3d() == (0, 560)
    (dots,) = boid_artists(ax)
    assert np.allclose(np.column_stack(dots._offsets3d), sim.positions)
    (tails,) = [c for c in ax.collections if c.get_gid() == "flocklab.tails"]
    ax.figure.canvas.draw()  # projects the 3D artists
    assert len(dots.get_offsets()) == len(tails.get_segments()) == len(sim)
    assert len([c for c in ax.collections if c.get_gid() == "flocklab.obstacle"]) == 1


def inside(box, frame):
    return frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1


@pytest.mark.parametrize("dims", [2, 3])
def test_the_legend_lies_whole_in_the_saved_picture(dims, tmp_path):
    sim = flocklab.Simulation("steering", seed=5, dims=dims, species=SPECIES, threads=1)
    fig = fplot.flock(sim).figure
    fig.savefig(tmp_path / "flock.png")  # as a user saves it: constrained layout, the figure's size
    (legend,) = [a for a in [*fig.legends, *(ax.get_legend() for ax in fig.axes)] if a is not None]
    box = legend.get_window_extent(fig.canvas.get_renderer())
    assert inside(box, fig.bbox), f"the legend {box} runs out of the picture {fig.bbox}"
    assert [t.get_text() for t in legend.get_texts()] == ["sparrow (150)", "hawk (predator, 2)"]


def test_3d_axis_labels_lie_whole_in_the_png_and_the_title_names_what_the_model_moves():
    """png()'s 6 x 4 inches cut the 3D x axis's tick labels and name off at the bottom before."""
    sim = flocklab.Simulation("couzin", seed=1)
    sim.step(30)
    fig = Figure(figsize=(6, 4), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fplot.flock(sim, fig.add_subplot(projection="3d"))
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
        low, high = sorted(axis.get_view_interval())
        shown = [t.label1 for t in axis.get_major_ticks() if t.get_loc() is not None and low <= t.get_loc() <= high]
        texts = [t for t in shown if t.get_visible() and t.get_text()] + [axis.label]
        for text in texts:
            box = text.get_window_extent(renderer)
            assert inside(box, fig.bbox), f"{text.get_text()!r} at {box} runs out of the picture {fig.bbox}"
    assert ax.get_title() == "couzin: 100 agents, step 30"
    assert fplot.flock(flocklab.Simulation("lab", count=1)).get_title() == "lab: 1 boid, step 0"


def test_the_axes_must_fit_the_dimensions():
    fig = plt.figure()
    with pytest.raises(ValueError, match="3D axes"):
        fplot.flock(flocklab.Simulation("lab", dims=3), fig.add_subplot(1, 2, 1))
    with pytest.raises(ValueError, match="2D axes"):
        fplot.flock(flocklab.Simulation("lab"), fig.add_subplot(1, 2, 2, projection="3d"))


@pytest.mark.parametrize("dims", [2, 3])
def test_a_gif_has_a_frame_every_every_steps(tmp_path, dims):
    sim = species_sim() if dims == 2 else flocklab.Simulation("lab", dims=3, threads=1)
    start = sim.step_count
    fig = plt.figure(figsize=(3, 2), dpi=50)
    ax = fig.add_subplot(projection="3d" if dims == 3 else None)
    anim = fplot.animate(sim, 14, every=3, ax=ax)
    anim.save(tmp_path / "flock.gif", writer="pillow")
    with Image.open(tmp_path / "flock.gif") as gif:
        assert gif.n_frames == 14 // 3
        assert gif.size == (150, 100)
        first = np.asarray(gif.convert("RGB"))
        gif.seek(gif.n_frames - 1)
        assert not np.array_equal(first, np.asarray(gif.convert("RGB")))  # the boids moved
    assert sim.step_count == start + 3 * (14 // 3 - 1)  # the first frame is the state it started from
    assert ax.get_title().endswith(f"step {sim.step_count}")


def test_an_mp4_saves_with_ffmpeg(tmp_path):
    sim = flocklab.Simulation("lab", threads=1)
    fig = plt.figure(figsize=(2, 2), dpi=50)
    fplot.animate(sim, 5, ax=fig.add_subplot()).save(tmp_path / "flock.mp4", writer="ffmpeg")
    data = (tmp_path / "flock.mp4").read_bytes()
    assert len(data) > 100 and data[4:8] == b"ftyp"


@pytest.mark.parametrize("steps,every", [(10, 0), (2, 3)])
def test_an_animation_needs_a_frame(steps, every):
    with pytest.raises(ValueError, match="every"):
        fplot.animate(flocklab.Simulation("lab"), steps, every)


@pytest.mark.parametrize("keywords,size,dpi,pixels", [
    ({}, (6, 4), 100, (600, 400)),
    ({"species": SPECIES}, (4, 3), 50, (200, 150)),
    ({"dims": 3, "count": 100}, (5, 5), 80, (400, 400)),
])
def test_png_bytes_decode_to_the_size_asked(keywords, size, dpi, pixels):
    sim = flocklab.Simulation("steering", threads=1, **keywords)
    figures = plt.get_fignums()
    data = fplot.png(sim, size=size, dpi=dpi)
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG" and image.size == pixels
        assert len(set(image.convert("RGB").getdata())) > 10  # a picture, not a blank
    assert plt.get_fignums() == figures  # pyplot untouched


def test_jupyter_gets_the_png():
    data = flocklab.Simulation("vicsek", count=50)._repr_png_()
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        assert image.size == (600, 400)
