"""The type stubs name exactly what the compiled module has, and every public name of the
package has a docstring."""
import ast
import inspect
from pathlib import Path

import flocklab
from flocklab import _flocklab


def stub_names(source_dir: Path):
    tree = ast.parse((source_dir / "python" / "flocklab" / "_flocklab.pyi").read_text())
    names = {"": set()}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)} - {"__init__", "__len__"}
            names[""].add(node.name)
        elif isinstance(node, ast.FunctionDef):
            names[""].add(node.name)
    return names


def public(obj):
    return {n for n in dir(obj) if not n.startswith("__")}


def test_stubs_name_exactly_the_modules_functions_and_classes(source_dir):
    names = stub_names(source_dir)
    assert names[""] == public(_flocklab) - {"__version__"}
    for cls in ("Simulation", "SweepPlan"):
        assert names[cls] == public(getattr(_flocklab, cls)), cls


def test_every_public_name_has_a_docstring():
    import flocklab.plot

    missing = []
    for module in (flocklab, flocklab.plot):
        for name in getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")]:
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not callable(obj) or getattr(obj, "__module__", "").split(".")[0] != "flocklab":
                continue
            if not inspect.getdoc(obj):
                missing.append(f"{module.__name__}.{name}")
    for name, member in inspect.getmembers(flocklab.Simulation):
        if not name.startswith("_") and not inspect.getdoc(member):
            missing.append(f"Simulation.{name}")
    assert not missing
