"""Builds flocklab's compiled module with CMake for `pip install .` (pyproject.toml).

The module is the CMake target _flocklab. Where the README's build has made build/release, it is
built there with the release preset, so installing compiles nothing more; otherwise in
build/python with the python preset, which builds the module without the command line (no
CLI11, cpp-httplib or librsvg needed). The package's version is the command's
(include/flocklab/version.hpp).
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def version() -> str:
    text = (ROOT / "include" / "flocklab" / "version.hpp").read_text()
    return re.search(r'kVersion = "([^"]+)"', text).group(1)


class CMakeBuild(build_ext):
    """Builds the target _flocklab and copies the module where setuptools expects it."""

    def build_extension(self, ext: Extension) -> None:
        python = getattr(sys, "_base_executable", sys.executable)
        run = lambda *args: subprocess.run(args, cwd=ROOT, check=True)
        preset = "release" if (ROOT / "build" / "release" / "CMakeCache.txt").exists() else "python"
        run("cmake", "--preset", preset, f"-DPython_EXECUTABLE={python}", "-DFLOCKLAB_BUILD_PYTHON=ON")
        run("cmake", "--build", "--preset", preset, "--target", "_flocklab")
        suffix = Path(self.get_ext_filename("_flocklab")).suffix
        built = sorted((ROOT / "build" / preset / "python" / "flocklab").glob(f"_flocklab*{suffix}"))
        if not built:
            raise RuntimeError("the CMake build made no _flocklab module for this Python; see the messages above")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[-1], target)


setup(
    version=version(),
    packages=["flocklab"],
    package_dir={"": "python"},
    package_data={"flocklab": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("flocklab._flocklab", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
