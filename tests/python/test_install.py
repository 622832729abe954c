"""The documented install: `pip install .` into a virtual environment that sees Debian's numpy,
offline, with Debian's build backend; then the README's Python example runs with it. The install
builds in build/release (setup.py), so this runs where that is the build under test (the
README's test command); elsewhere it is skipped."""
import os
import re
import subprocess
from pathlib import Path

import pytest


def readme_commands(source_dir: Path):
    """The install command and the Python example of the README's section "Python"."""
    text = (source_dir / "README.md").read_text()
    section = text[text.index("\n## Python\n"):]
    section = section[:section.index("\n## ", 1)]
    install = re.search(r"```\n(/usr/bin/python3 -m venv[^\n]*)\n```", section).group(1)
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    return install, example


def test_the_documented_install_and_example(source_dir, tmp_path):
    binary = Path(os.environ.get("FLOCKLAB_BINARY_DIR", ""))
    if binary.resolve() != (source_dir / "build" / "release").resolve():
        pytest.skip("the install builds in build/release; this build is " + str(binary))
    install, example = readme_commands(source_dir)
    assert ".venv" in install and "--no-build-isolation" in install
    venv = tmp_path / "venv"
    command = re.sub(r" \.$", f" {source_dir}", install.replace(".venv", str(venv)))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PIP_NO_INPUT"] = "1"
    done = subprocess.run(command, shell=True, cwd=source_dir, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    python = venv / "bin" / "python"
    ran = subprocess.run([str(python), "-c", example], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr
    # The installed package, not the build tree's, and the command's version.
    where = subprocess.run([str(python), "-c", "import flocklab; print(flocklab.__file__, flocklab.__version__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True)
    assert str(venv) in where.stdout, where.stdout + where.stderr
    version = re.search(r'kVersion = "([^"]+)"', (source_dir / "include/flocklab/version.hpp").read_text()).group(1)
    assert where.stdout.split()[-1] == version
    assert re.search(r"[0-9a-f]{16}", ran.stdout), ran.stdout
