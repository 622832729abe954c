#!/usr/bin/env python3
"""Checks that the Python package builds without the command line (docs/architecture.md, "The
layers"): configures the source tree as `cmake --preset python` does (the command, the page, MPI,
the benchmarks and examples off) into a scratch folder and asks ninja, without building, for
every command that making the module `_flocklab` takes. It must compile no file of apps/cli and link none of
CLI11, cpp-httplib or librsvg; the configure must not look for them either. Exits 1 naming what
it found. Usage: check_python_alone.py SOURCE_DIR SCRATCH_DIR PYTHON
"""
import shutil
import subprocess
import sys
from pathlib import Path

source, scratch, python = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
shutil.rmtree(scratch, ignore_errors=True)
configure = subprocess.run(
    ["cmake", "-S", str(source), "-B", str(scratch), "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
     "-DFLOCKLAB_BUILD_CLI=OFF", "-DFLOCKLAB_BUILD_PYTHON=ON", "-DFLOCKLAB_BUILD_TESTS=OFF",
     "-DFLOCKLAB_BUILD_WEB=OFF", "-DFLOCKLAB_BUILD_MPI=OFF", "-DFLOCKLAB_BUILD_BENCH=OFF",
     "-DFLOCKLAB_BUILD_EXAMPLES=OFF", "-DFLOCKLAB_INSTALL=OFF", f"-DPython_EXECUTABLE={python}"],
    capture_output=True, text=True)
if configure.returncode != 0:
    print("check_python_alone: the configure failed:\n" + configure.stdout[-2000:] + configure.stderr[-2000:])
    sys.exit(1)
plan = subprocess.run(["ninja", "-C", str(scratch), "-t", "commands", "_flocklab"], capture_output=True, text=True)
if plan.returncode != 0:
    print("check_python_alone: ninja has no plan for _flocklab:\n" + plan.stdout[-2000:] + plan.stderr[-2000:])
    sys.exit(1)
cache = (scratch / "CMakeCache.txt").read_text()
faults = []
if "apps/cli/" in plan.stdout:
    faults.append("building _flocklab compiles files of apps/cli")
for name in ("CLI11", "httplib", "rsvg"):
    if name.lower() in plan.stdout.lower():
        faults.append(f"building _flocklab names {name}")
    if f"{name}_DIR" in cache or f"{name.upper()}_FOUND" in cache:
        faults.append(f"the configure looks for {name}")
if "apps/runs/" not in plan.stdout:
    faults.append("building _flocklab compiles nothing of the run library (is the plan empty?)")
shutil.rmtree(scratch, ignore_errors=True)
for fault in faults:
    print("check_python_alone: " + fault)
print("check_python_alone: the Python package builds without the command line" if not faults else "")
sys.exit(1 if faults else 0)
