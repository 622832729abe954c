"""Fixtures of the Python package's tests: the command (FLOCKLAB_CLI) to compare with, and the
source tree (FLOCKLAB_SOURCE_DIR). ctest sets both, and PYTHONPATH to the build's package; in a
build without the command FLOCKLAB_CLI is empty and the tests that compare with it are skipped."""
import os
import re
import subprocess
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def cli() -> str:
    path = os.environ.get("FLOCKLAB_CLI")
    if path == "":
        pytest.skip("this build has no flocklab command to compare with (FLOCKLAB_BUILD_CLI=OFF)")
    if not path or not Path(path).exists():
        pytest.fail("set FLOCKLAB_CLI to the flocklab binary (ctest does)")
    return path


@pytest.fixture(scope="session")
def source_dir() -> Path:
    return Path(os.environ.get("FLOCKLAB_SOURCE_DIR", Path(__file__).resolve().parents[2]))


def run_cli(cli: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([cli, *args], capture_output=True, text=True, check=False)


def cli_hash(cli: str, *args: str) -> str:
    """The state hash `flocklab run ARGS --hash` prints."""
    done = run_cli(cli, "run", "--quiet", "--hash", *args)
    assert done.returncode == 0, done.stderr
    found = re.search(r"state hash\s+([0-9a-f]{16})", done.stdout)
    assert found, done.stdout
    return found.group(1)


def word_list(words, last: str = "or") -> str:
    """Words as the messages list them (flocklab/word_list.hpp): "a", "a or b", "a, b or c"."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]
