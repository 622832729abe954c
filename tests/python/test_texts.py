"""Texts that UTF-8 cannot hold, and values of the wrong kind for a text keyword. Python holds a
file name that is not UTF-8 with lone surrogates (os.fsdecode); such a name must open its very
file, and any other text with a lone surrogate must get one clear line naming its keyword, not
pybind11's "Unable to cast Python instance to C++ type"."""
import os

import pytest

import flocklab


@pytest.mark.parametrize("keywords,message", [
    ({"model": "lab\udce9"}, "model is not valid text: it holds the lone surrogate \\udce9 at index 3"),
    ({"model": "lab", "preset": "x\ud800"}, "preset is not valid text: it holds the lone surrogate \\ud800 at index 1"),
    ({"model": "steering", "obstacle": ["1,1,\udcff"]},
     "obstacle is not valid text: it holds the lone surrogate \\udcff at index 4"),
    ({"model": "steering", "edges": "walls\udc80"},
     "edges is not valid text: it holds the lone surrogate \\udc80 at index 5"),
    ({"model": "vicsek", "ramp": "noise=0:1@0-\ud800"},
     "ramp is not valid text: it holds the lone surrogate \\ud800 at index 12"),
    ({"model": "vicsek", "ramp": ["noise=0:1@0-5", "\udce9"]},
     "ramp is not valid text: it holds the lone surrogate \\udce9 at index 0"),
    ({"model": "vicsek", "neighbors": "grid\udce9"},
     "neighbors is not valid text: it holds the lone surrogate \\udce9 at index 4"),
    ({"model": "vicsek", "nois\udce9": 1},
     "a keyword's name is not valid text: it holds the lone surrogate \\udce9 at index 4"),
    ({"model": "vicsek", "init": "\ud800.csv"},
     "init cannot name a file: it holds the lone surrogate \\ud800 at index 0, which no file name has"),
    ({"model": "vicsek", "config": "run\udbff.json"},
     "config cannot name a file: it holds the lone surrogate \\udbff at index 3, which no file name has"),
])
def test_a_lone_surrogate_gets_one_line_naming_its_keyword(keywords, message):
    with pytest.raises(ValueError) as raised:
        flocklab.Simulation(**keywords)
    assert str(raised.value) == message


def test_a_sweep_names_the_text_with_a_lone_surrogate():
    with pytest.raises(ValueError, match=r"^params is not valid text: it holds the lone surrogate \\udce9 at index 6$"):
        flocklab.sweep("lab", params={"radius\udce9": [1, 2]}, steps=2, count=10, processes=1)


@pytest.mark.parametrize("ramp,message", [
    (b"noise=0:1@0-5", "ramp takes a text KEY=FROM:TO@A-B or a list of them (got a bytes)"),
    (5, "ramp takes a text KEY=FROM:TO@A-B or a list of them (got a int)"),
    (["noise=0:1@0-5", b"noise=1:0@5-9"], "ramp takes a text KEY=FROM:TO@A-B or a list of them (got a bytes in the list)"),
])
def test_a_ramp_takes_texts_only(ramp, message):
    with pytest.raises(TypeError) as raised:
        flocklab.Simulation("vicsek", ramp=ramp)
    assert str(raised.value) == message


def test_a_file_whose_name_is_not_utf8_opens(tmp_path):
    # b"caf\xe9" is Latin-1, not UTF-8: Python names it "caf\udce9"; flocklab opens that very file.
    state = os.path.join(tmp_path, os.fsdecode(b"caf\xe9.csv"))
    run = os.path.join(tmp_path, os.fsdecode(b"run\xff.json"))
    sim = flocklab.Simulation("lab", count=50, seed=2)
    sim.step(3)
    sim.save(state)
    sim.save(run)
    assert sorted(os.listdir(os.fsencode(tmp_path))) == [b"caf\xe9.csv", b"run\xff.json"]
    assert flocklab.Simulation.load(state, model="lab").hash() == sim.hash()
    replay = flocklab.Simulation.load(run)
    replay.step(replay.run_steps)
    assert replay.hash() == sim.hash()
    # A message that names such a file says which, with the bytes that are not UTF-8 escaped.
    with pytest.raises(ValueError, match=r"^cannot read .*caf\\xe9-gone\.csv: No such file or directory$"):
        flocklab.Simulation("lab", init=os.path.join(tmp_path, os.fsdecode(b"caf\xe9-gone.csv")))
    with pytest.raises(OSError, match=r"^cannot write .*\\xFFgone/x\.csv"):
        sim.save(os.path.join(tmp_path, os.fsdecode(b"\xffgone"), "x.csv"))
    # A run file is JSON, UTF-8 text, so it cannot name a start file whose name is not.
    started = flocklab.Simulation.load(state, model="lab")
    with pytest.raises(ValueError, match=r"^a run file cannot name this run's start, .*caf\\xE9\.csv, whose name is "
                                         r"not UTF-8; save the state as \.csv, or rename the file$"):
        started.save(os.path.join(tmp_path, "started.json"))
