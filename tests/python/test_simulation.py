"""flocklab.Simulation against the command: the same runs, bit for bit, for every model and
dimension; the keywords and their errors; views, state, files and the GIL."""
import json
import re
import threading
import time

import numpy as np
import pytest

import flocklab
from conftest import cli_hash, run_cli, word_list

# Every model of the registry, so that no test lists them by hand (docs/architecture.md's guide).
MODELS = [m["name"] for m in flocklab.models()]
RADIUS_MODELS = [m["name"] for m in flocklab.models()
                 if any("radius" in [p["key"], *p.get("aliases", [])] for p in m["params"])]

# (model, keywords, the same run's flags): the models' own options, and 3D where a model has it
RUNS = [
    ("lab", {}, []),
    ("lab", {"count": 200, "seed": 3, "dims": 3}, ["--count", "200", "--seed", "3", "--dims", "3"]),
    ("steering", {"count": 300, "seed": 7, "vision": 60}, ["--count", "300", "--seed", "7", "--vision", "60"]),
    ("steering", {"count": 300, "seed": 7, "vision": 60, "dims": 3},
     ["--count", "300", "--seed", "7", "--vision", "60", "--dims", "3"]),
    ("steering", {"preset": "school", "obstacle": ["300,300,40", "600,200,25"], "edges": "walls"},
     ["--preset", "school", "--obstacle", "300,300,40", "--obstacle", "600,200,25", "--edges", "walls"]),
    ("steering", {"species": ["sparrow:150", "hawk:2:role=predator"], "food": ["400,300:50"], "seed": 5},
     ["--species", "sparrow:150", "--species", "hawk:2:role=predator", "--food", "400,300:50", "--seed", "5"]),
    ("abm", {"preset": "small"}, ["--preset", "small"]),
    ("abm", {"count": 150, "sync": True}, ["--count", "150", "--sync"]),
    ("vicsek", {"count": 200, "noise": 2.0, "seed": 11}, ["--count", "200", "--noise", "2", "--seed", "11"]),
    ("vicsek", {"density": 2, "noise": 0.5, "seed": 2}, ["--density", "2", "--noise", "0.5", "--seed", "2"]),
]


@pytest.mark.parametrize("model,keywords,flags", RUNS, ids=[f"{r[0]}-{i}" for i, r in enumerate(RUNS)])
def test_hash_equals_the_commands(cli, model, keywords, flags):
    sim = flocklab.Simulation(model, threads=2, **keywords)
    sim.step(40)
    assert sim.hash() == cli_hash(cli, "--model", model, "--steps", "40", *flags)


@pytest.mark.parametrize("model", MODELS)
def test_every_model_gives_the_commands_bits(cli, model):
    sim = flocklab.Simulation(model, count=150, seed=9, threads=2)
    sim.step(20)
    assert sim.hash() == cli_hash(cli, "--model", model, "--count", "150", "--seed", "9", "--steps", "20")


def test_threads_and_search_keep_the_bits():
    runs = [flocklab.Simulation("steering", count=400, seed=2, threads=t, neighbors=n)
            for t, n in [(1, "grid"), (2, "grid"), (1, "brute")]]
    for sim in runs:
        sim.step(30)
    assert len({sim.hash() for sim in runs}) == 1


def test_version_is_the_commands(cli):
    assert run_cli(cli, "--version").stdout.split()[-1] == flocklab.__version__


def test_models_list_every_parameter_from_the_registry():
    models = {m["name"]: m for m in flocklab.models()}
    assert list(models)[0] == flocklab.Simulation().model  # the default first
    vision = next(p for p in models["steering"]["params"] if p["key"] == "vision")
    assert vision["kind"] == "number" and vision["range"] == "(0, 1e100]" and vision["help"]
    assert vision["default"] == flocklab.Simulation("steering").params["vision"]
    assert [m["key"] for m in flocklab.metrics()][:3] == ["polarization", "milling", "flocks"]


@pytest.mark.parametrize("keywords,kind,message", [
    ({"vision": -1}, ValueError, "vision must be a finite number in (0, 1e100] (got -1)"),
    ({"max_speed": "fast"}, ValueError, "max_speed takes a number (got fast)"),
    ({"vison": 60}, ValueError,
     "model steering has no parameter 'vison' (did you mean vision?); flocklab.models() lists each model's parameters"),
    ({"zzzqq": 1}, ValueError, "model steering has no parameter 'zzzqq'; flocklab.models() lists each model's parameters"),
    ({"thread": 2}, ValueError, "no parameter 'thread' (did you mean threads?)"),
    # the run library's sentence, as the package's: the one name a prefix begins, spelled as a keyword
    ({"predato": 2}, ValueError, "no parameter 'predato' (did you mean predator_weight?)"),
    ({"steps": 600}, ValueError, "steps is not a setting of the simulation: give it to step(n) or run(steps, every)"),
    ({"radius": 3}, ValueError, f"radius belongs to model {word_list(RADIUS_MODELS)}, not model steering"),
    ({"vision": [1, 2]}, TypeError, "vision takes one value, not a list"),
    ({"vision": {"a": 1}}, TypeError, "vision takes a number, true or false, or a text (got a dict)"),
    ({"count": "many"}, TypeError, "count takes a whole number (got a str)"),
    ({"count": 0}, ValueError, "count must be a whole number of at least 1 (got 0)"),
    ({"count": 10, "density": 0.001}, ValueError, "give count or density, not both"),
    ({"preset": "herd"}, ValueError, "preset must be flock, school, swarm or chaos with model steering (got herd)"),
    ({"species": ["hawk:2:role=wolf"]}, ValueError, "species hawk: role must be prey or predator (got wolf)"),
    ({"obstacle": ["1,2"]}, ValueError, "obstacle"),
    ({"threads": -1}, ValueError, "threads must be between 0 (all cores) and 1024 (got -1)"),
    ({"neighbors": "kd"}, ValueError, "neighbors must be grid or brute (got 'kd')"),
    ({"seed": -4}, ValueError, "seed must be a whole number from 0 to 2^64-1 (got -4)"),
    ({"seed": 2**64}, ValueError, "seed must be a whole number from 0 to 2^64-1 (got 18446744073709551616)"),
    ({"seed": 1.5}, TypeError, "seed takes a whole number (got a float)"),
])
def test_bad_keywords_raise_with_the_commands_message(keywords, kind, message):
    with pytest.raises(kind) as raised:
        flocklab.Simulation("steering", **keywords)
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


def test_the_models_are_the_commands(cli):
    listed = json.loads(run_cli(cli, "models", "--json").stdout)["models"]
    assert MODELS == [m["name"] for m in listed]
    assert len(set(MODELS)) == len(MODELS) >= 4


def test_a_bad_model_is_named():
    with pytest.raises(ValueError, match=rf"^model must be {re.escape(word_list(MODELS))} \(got boids\)$"):
        flocklab.Simulation("boids")


@pytest.mark.parametrize("dims", [2, 3])
def test_views_share_the_engines_buffer_and_follow_each_step(dims):
    sim = flocklab.Simulation("steering", count=200, seed=1, dims=dims)
    positions, velocities = sim.positions, sim.velocities
    assert positions.shape == (200, dims) and velocities.shape == (200, dims)
    assert positions.dtype == np.float64 and not positions.flags.writeable
    with pytest.raises(ValueError):
        positions[0, 0] = 1.0
    # No copy on access: the same memory each time, and it changes in place with every step.
    assert np.shares_memory(positions, sim.positions)
    before = positions.copy()
    column = positions[:, 0]
    for _ in range(3):
        sim.step(5)
        p, v = sim.state()
        assert np.array_equal(positions, p) and np.array_equal(velocities, v)
        assert np.array_equal(column, p[:, 0])
    assert not np.array_equal(before, positions)
    assert positions.__array_interface__["data"][0] == sim.positions.__array_interface__["data"][0]


def test_a_view_taken_later_and_state_agree_with_the_flock():
    sim = flocklab.Simulation("lab", count=50)
    sim.step(10)  # no view held: filled when asked for
    p, v = sim.state()
    assert np.array_equal(sim.positions, p) and np.array_equal(sim.velocities, v)
    p[0, 0] = -5  # state() hands out copies
    assert sim.state()[0][0, 0] != -5


def test_views_of_a_run_that_removes_boids_stay_valid():
    sim = flocklab.Simulation("steering", species=["prey:200", "hawk:4:role=predator,catch_radius=60"],
                              catches="remove", seed=2)
    held = sim.positions
    start = len(sim)
    sim.step(300)
    assert len(sim) < start  # prey were caught and removed
    assert held.shape == (start, 2) and np.isfinite(held).all()  # the old buffer, still alive
    assert sim.positions.shape == (len(sim), 2)
    assert np.array_equal(sim.positions, sim.state()[0])
    with pytest.raises(ValueError, match="trajectory needs a fixed number of boids"):
        sim.run(10, trajectory=True)


def test_step_releases_the_gil():
    sim = flocklab.Simulation("lab", count=20000, seed=1, threads=1)
    sim.step(1)
    counter = [0]
    stop = threading.Event()

    def count():
        while not stop.is_set():
            counter[0] += 1

    thread = threading.Thread(target=count)
    thread.start()
    time.sleep(0.05)
    at_start = counter[0]
    sim.step(5)  # long enough (about 0.5 s) for the counting thread to run many times
    during = counter[0] - at_start
    stop.set()
    thread.join()
    # With the GIL held for the whole step the other thread would get at most a switch or two.
    assert during > 1000


def test_a_second_thread_is_refused_while_one_steps():
    sim = flocklab.Simulation("lab", count=20000, seed=1, threads=1)
    stepping = threading.Thread(target=sim.step, args=(4,))
    stepping.start()
    time.sleep(0.05)
    with pytest.raises(RuntimeError, match="^this Simulation is in a call on another thread; use one Simulation a thread$"):
        sim.metrics()
    stepping.join()
    assert sim.step_count == 4


def test_set_state_starts_afresh_as_init_does(cli, tmp_path):
    sim = flocklab.Simulation("steering", count=100, seed=9)
    sim.step(20)
    pos, vel = sim.state()
    sim.save(tmp_path / "state.csv")
    other = flocklab.Simulation("steering", count=100, seed=1)
    other.set_state(pos, vel)
    assert other.step_count == 0 and other.hash() == sim.hash()
    other.step(15)
    assert other.hash() == cli_hash(cli, "--model", "steering", "--init", str(tmp_path / "state.csv"), "--steps", "15")
    with pytest.raises(ValueError, match=r"positions must have shape \(n, 2\) \(got \(100, 3\)\)"):
        other.set_state(np.zeros((100, 3)), vel)
    far = pos.copy()
    far[3, 0] = 1e9
    # The messages name the index the caller passed (not a row of a file with a header).
    with pytest.raises(ValueError, match=r"^set_state: positions\[3, 0\] \(x\) = 1000000000 is outside the world \[0, \d+\]$"):
        other.set_state(far, vel)
    bad = vel.copy()
    bad[5, 1] = np.nan
    with pytest.raises(ValueError, match=r"^set_state: velocities\[5, 1\] \(vy\) = nan is not finite$"):
        other.set_state(pos, bad)
    with pytest.raises(ValueError, match="run file cannot name"):
        other.save(tmp_path / "run.json")


def test_save_and_load_use_the_commands_files(cli, tmp_path):
    sim = flocklab.Simulation("steering", count=120, seed=4, vision=70, obstacle=["200,200,30"])
    sim.step(50)
    sim.save(tmp_path / "run.json")
    sim.save(tmp_path / "state.csv")
    assert cli_hash(cli, "--config", str(tmp_path / "run.json")) == sim.hash()
    again = flocklab.Simulation.load(tmp_path / "run.json")
    assert again.run_steps == 50 and again.params == sim.params
    again.step(again.run_steps)
    assert again.hash() == sim.hash()
    done = run_cli(cli, "run", "--quiet", "--model", "steering", "--count", "120", "--seed", "4", "--vision", "70",
                   "--obstacle", "200,200,30", "--steps", "50", "--save", str(tmp_path / "cli.csv"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "cli.csv").read_bytes() == (tmp_path / "state.csv").read_bytes()
    resumed = flocklab.Simulation.load(tmp_path / "state.csv", model="steering", vision=70, obstacle=["200,200,30"])
    assert resumed.hash() == sim.hash()
    with pytest.raises(ValueError, match="save takes FILE.csv"):
        sim.save(tmp_path / "state.txt")
    with pytest.raises(OSError, match="cannot write"):
        sim.save(tmp_path / "missing" / "state.csv")
    with pytest.raises(ValueError, match="seed has no effect with init"):
        flocklab.Simulation.load(tmp_path / "state.csv", model="steering", seed=3)


def test_a_run_file_of_a_run_that_removed_prey_repeats_it(cli, tmp_path):
    """Prey removed as they are caught: the run file keeps the species' start, not the boids left."""
    sim = flocklab.Simulation("steering", species=["a:100", "h:3:role=predator"], catches="remove")
    sim.step(300)
    assert len(sim) < 103
    sim.save(tmp_path / "run.json")
    assert json.loads((tmp_path / "run.json").read_text())["count"] == 103
    assert cli_hash(cli, "--config", str(tmp_path / "run.json")) == sim.hash()
    again = flocklab.Simulation.load(tmp_path / "run.json")
    again.step(again.run_steps)
    assert again.hash() == sim.hash()


@pytest.mark.parametrize("seed", [2**63, 2**64 - 1])
def test_seeds_up_to_2_to_the_64_give_the_commands_run(cli, tmp_path, seed):
    sim = flocklab.Simulation("steering", count=80, seed=seed)
    sim.step(10)
    assert sim.hash() == cli_hash(cli, "--model", "steering", "--count", "80", "--seed", str(seed), "--steps", "10")
    sim.save(tmp_path / "run.json")
    assert cli_hash(cli, "--config", str(tmp_path / "run.json")) == sim.hash()
    again = flocklab.Simulation.load(tmp_path / "run.json")
    again.step(again.run_steps)
    assert again.hash() == sim.hash()


def test_numpy_seeds_are_taken_whole():
    assert flocklab.Simulation("lab", count=30, seed=np.uint64(2**64 - 1)).hash() == \
        flocklab.Simulation("lab", count=30, seed=2**64 - 1).hash()


@pytest.mark.parametrize("call,kind,message", [
    (lambda s: s.step("5"), TypeError, "steps takes a whole number (got a str)"),
    (lambda s: s.step(2.5), TypeError, "steps takes a whole number (got a float)"),
    (lambda s: s.step(-1), ValueError, "steps must be at least 0 (got -1)"),
    (lambda s: s.set_state("abc", np.zeros((40, 2))), TypeError,
     "positions takes an array of numbers, shape (n, dims) (got a str)"),
    (lambda s: s.set_state(np.zeros((40, 2)), [["a", "b"]] * 40), TypeError,
     "velocities takes an array of numbers, shape (n, dims) (got a list)"),
    (lambda s: s.set_state(np.zeros((40, 2)), None), TypeError,
     "velocities takes an array of numbers, shape (n, dims) (got a NoneType)"),
    (lambda s: s.save(5), TypeError, "path takes a text (got a int)"),
    (lambda s: s.save(b"x.csv"), TypeError, "path takes a text (got a bytes)"),
    (lambda s: s.run("many"), TypeError, "steps takes a whole number (got a str)"),
    (lambda s: s.run(10, every=[1]), TypeError, "every takes a whole number (got a list)"),
    (lambda s: flocklab._flocklab.number_text("x"), TypeError, "number_text takes a number (got a str)"),
])
def test_wrong_arguments_get_one_line_naming_them(call, kind, message):
    sim = flocklab.Simulation("lab", count=40, seed=1)
    with pytest.raises(kind) as raised:
        call(sim)
    text = str(raised.value)
    assert text == message, text


def test_one_check_of_the_run_library_in_each_front_ends_words(cli):
    """The ramp's value beside the run's other parameters (apps/runs/ramp.cpp), written once in
    the run library: Python names the keys as keywords, the command as flags (and JavaScript as
    options: tests/web/package/api.test.mjs)."""
    ramp = "max_speed=1e9:1e9@0-10"

    def sentence(ramp_key, speed, dt):
        return (f"{ramp_key} {ramp}: at 1e9, {speed} * {dt} (16666666.666666666 px) "
                "must not exceed the world's smaller side (560 px)")

    with pytest.raises(ValueError) as raised:
        flocklab.Simulation("steering", ramp=[ramp])
    assert str(raised.value) == sentence("ramp", "max_speed", "dt")
    done = run_cli(cli, "run", "--model", "steering", "--ramp", ramp)
    assert done.returncode == 2 and done.stderr == f"flocklab: error: {sentence('--ramp', '--max-speed', '--dt')}\n"


def test_a_ramp_moves_a_parameter_as_the_commands_does(cli, tmp_path):
    ramp = "noise=0.5:4.5@10-20"
    expected = cli_hash(cli, "--model", "vicsek", "--count", "100", "--seed", "7", "--steps", "30", "--ramp", ramp)
    stepped = flocklab.Simulation("vicsek", count=100, seed=7, ramp=[ramp])
    stepped.step(30)
    assert stepped.hash() == expected
    recorded = flocklab.Simulation("vicsek", count=100, seed=7, ramp=ramp)
    recorded.run(30, every=10)
    assert recorded.hash() == expected
    # Saved mid-ramp: the run file holds the value the run began with and the ramp, and replays it.
    halfway = flocklab.Simulation("vicsek", count=100, seed=7, ramp=[ramp])
    halfway.step(15)
    halfway.save(tmp_path / "ramped.json")
    file = json.loads((tmp_path / "ramped.json").read_text())
    assert file["noise"] == 2 and file["ramp"] == [ramp] and file["steps"] == 15
    replay = flocklab.Simulation(config=str(tmp_path / "ramped.json"))
    replay.step(30)
    assert replay.hash() == expected
    with pytest.raises(ValueError, match=r"^ramp nois=0:1@0-5: model vicsek has no parameter 'nois' \(did you mean noise\?\)$"):
        flocklab.Simulation("vicsek", ramp=["nois=0:1@0-5"])
    # Every value the ramps will take is checked when the simulation is made, not mid-step.
    with pytest.raises(ValueError, match=r"^ramp nearest=0:32@0-10: at step 1, nearest must be a whole number"):
        flocklab.Simulation("couzin", ramp=["nearest=0:32@0-10"])
    with pytest.raises(ValueError, match=r"^ramp max_speed=180:3000@0-20: at step \d+, max_speed \* dt"):
        flocklab.Simulation("steering", ramp=["dt=0.01:3@0-20", "max_speed=180:3000@0-20"])


@pytest.mark.parametrize("model, field, index, message", [
    # A velocity whose square overflows froze an abm agent; a position 1e200 off made couzin's NaN.
    ("abm", 1, (0, 0), r"^boid 0 has a velocity component beyond 1e100 \(1e200\)"),
    ("couzin", 0, (1, 0), r"^boid 1 lies beyond 1e120 along an axis \(1e200\)"),
])
def test_set_state_refuses_what_would_overflow(model, field, index, message):
    sim = flocklab.Simulation(model, count=3, seed=1)
    state = [np.array(part) for part in sim.state()]
    state[field][index] = 1e200
    with pytest.raises(ValueError, match=message):
        sim.set_state(*state)


def test_whole_number_parameters_are_ints():
    # A count of things (dims, nearest) is a Python int, as the run file and the registry write it.
    params = flocklab.Simulation("steering", nearest=7).params
    assert type(params["dims"]) is int and params["dims"] == 2
    assert type(params["nearest"]) is int and params["nearest"] == 7
    assert type(params["max_speed"]) is float
