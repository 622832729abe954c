"""Every code block of the README and docs/ runs, as a reader would run it.

Design: the pages are read once into blocks (a fence's language, its lines, where it starts).
- python: each block is a script of its own, run by this Python with the built package, in a
  fresh folder (matplotlib draws off screen).
- js: each block is a module (`.mjs`) run by node in a fresh folder whose node_modules/flocklab
  is the built package, as a project that installed the tarball has it.
- cpp: the README's library example is compiled and run by ctest (Docs.ReadmeLibraryExample:
  tests/tools/readme_cpp_example.cmake takes the block out of the README); here only that it is that block.
- shell: every flocklab command line (after `$ `, through `F=...` variables, `for s in ...`
  loops with their first value, `mpirun -n K`, pipes and redirections) is checked with
  `--dry-run`: its options parsed, its model and start set up, every sweep combination too,
  with no step run. A command whose file (--save, --write-config, --checkpoint-every, --out)
  a later command on the page reads runs whole first, in the page's folder. Where a block shows
  a command's output, the dry run's first line must equal the block's. `serve` and `bench`, and
  lines of other programs (the build, npm, node scripts, python scripts, ffmpeg), are left to
  the tests that start them.
A block that is a fragment (a browser page's lines, a sketch with `...`, a batch script) says so
in an HTML comment on the line above its fence: <!-- doc-block: not run: WHY -->.
"""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

import pytest

SOURCE = Path(os.environ.get("FLOCKLAB_SOURCE_DIR", Path(__file__).resolve().parents[2]))
PAGES = ["README.md", "bench/README.md"] + sorted(str(p.relative_to(SOURCE)) for p in (SOURCE / "docs").glob("*.md"))
NOT_RUN = re.compile(r"<!-- doc-block: not run: (.+?) -->")
SHELL = {"", "sh", "bash", "shell", "console"}
# Subcommands checked elsewhere, and why.
LEFT_TO_OTHER_TESTS = {
    "serve": "a server that runs until stopped (the browser tests start it)",
    "bench": "timed workloads of a minute and more (Cli.BenchTimesTheWorkloadsAndDrawsTheScaling runs a short one)",
    "analyze": "reads the files the page's earlier commands write (tests/cli/test_analyze.cpp runs it)",
}
# The options through which a command reads a file an earlier one may write, and those that write one.
READS = {"--init", "--load", "--config", "--resume"}
WRITES = {"--save", "--write-config", "--out"}


@dataclass
class Block:
    page: str
    line: int  # of the opening fence, from 1
    lang: str
    lines: List[str]
    not_run: Optional[str] = None

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def blocks_of(page: str) -> List[Block]:
    lines = (SOURCE / page).read_text(encoding="utf-8").split("\n")
    found, i = [], 0
    while i < len(lines):
        fence = re.match(r"^\s*```(\S*)\s*$", lines[i])
        if fence:
            end = next(j for j in range(i + 1, len(lines)) if lines[j].strip().startswith("```"))
            note = NOT_RUN.search(lines[i - 1]) if i > 0 else None
            found.append(Block(page, i + 1, fence.group(1), lines[i + 1:end], note.group(1) if note else None))
            i = end
        i += 1
    return found


ALL = [b for page in PAGES for b in blocks_of(page)]


def of_lang(*langs: str) -> List[Block]:
    return [b for b in ALL if b.lang in langs]


def block_id(block: Block) -> str:
    return block.where


@pytest.fixture(scope="session")
def cli() -> str:
    path = os.environ.get("FLOCKLAB_CLI")
    if not path or not Path(path).exists():
        pytest.fail("set FLOCKLAB_CLI to the flocklab binary (ctest does)")
    return path


def test_every_fragment_says_why_it_is_not_run():
    fragments = [b for b in ALL if b.not_run is not None]
    assert fragments, "the browser fragment of docs/javascript.md at least is marked"
    for b in fragments:
        assert len(b.not_run.split()) >= 3, f"{b.where}: say why the block is not run"
    unknown = {b.lang for b in ALL} - SHELL - {"python", "js", "cpp"}
    assert not unknown, f"blocks in languages nothing runs: {unknown}"


@pytest.mark.parametrize("block", [b for b in of_lang("python") if not b.not_run], ids=block_id)
def test_python_block_runs(block, tmp_path):
    script = tmp_path / "block.py"  # a file: a sweep's worker processes import the script again
    script.write_text("\n".join(block.lines) + "\n")
    env = dict(os.environ, MPLBACKEND="Agg")
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, f"{block.where}:\n{done.stderr}"


@pytest.mark.parametrize("block", [b for b in of_lang("js") if not b.not_run], ids=block_id)
def test_js_block_runs(block, tmp_path):
    package = os.environ.get("FLOCKLAB_PACKAGE")
    if not package:
        pytest.skip("this build has no npm package (emscripten) to run the JavaScript with")
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "flocklab").symlink_to(package, target_is_directory=True)
    script = tmp_path / "block.mjs"
    script.write_text("\n".join(block.lines) + "\n")
    done = subprocess.run([os.environ.get("FLOCKLAB_NODE", "node"), str(script)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, f"{block.where}:\n{done.stderr}"


def test_the_cpp_block_is_the_compiled_example():
    compiled = [b for b in of_lang("cpp") if not b.not_run]
    first_in_readme = next(b for b in ALL if b.page == "README.md" and b.lang == "cpp")
    assert compiled == [first_in_readme], \
        "ctest compiles the README's first cpp block (Docs.ReadmeLibraryExample); mark any other as not run"
    assert "int main()" in "\n".join(first_in_readme.lines)


# --- shell blocks -------------------------------------------------------------------------------

@dataclass
class Command:
    argv: List[str]  # from the subcommand on
    where: str
    shown: Optional[str] = None  # the first output line the block shows under it
    reads: List[str] = field(default_factory=list)
    writes: List[str] = field(default_factory=list)


def logical_lines(lines: List[str]) -> List[tuple]:
    """(text, index of its last physical line): continuation backslashes joined."""
    out, text = [], ""
    for i, line in enumerate(lines):
        text += line.rstrip()
        if text.endswith("\\"):
            text = text[:-1] + " "
            continue
        out.append((text, i))
        text = ""
    return out


def flocklab_commands(block: Block) -> List[Command]:
    shows_output = any(line.startswith("$ ") for line in block.lines)
    variables: Dict[str, str] = {}
    commands = []
    for text, last in logical_lines(block.lines):
        if shows_output:
            if not text.startswith("$ "):
                continue
            text = text[2:]
        code = re.sub(r"(^|\s)#.*$", "", text).strip()
        loop = re.match(r"for (\w+) in \$\(seq (\d+) \d+\); do$", code)
        if loop:
            variables[loop.group(1)] = loop.group(2)  # the loop's body, once, with its first value
            continue
        assignment = re.match(r'^(\w+)=(?:"([^"]*)"|(\S+))$', code)
        if assignment:
            variables[assignment.group(1)] = assignment.group(2) or assignment.group(3)
            continue
        for name, value in variables.items():
            code = re.sub(r"\$\{?" + name + r"\b\}?", value, code)
        for part in re.split(r"&&|;|\|", code):
            if not re.match(r"\s*(mpirun (-n \d+ )?)?(build/release/)?flocklab (run|sweep|models|serve|bench)\b", part):
                continue  # another program's line, or a block's text that is not a command
            words = shlex.split(re.sub(r"\s\d?>\s*\S+", " ", part))
            if words[:1] == ["mpirun"]:
                words = words[3:] if words[1:2] == ["-n"] else words[1:]
            if not words or not re.fullmatch(r"(build/release/)?flocklab", words[0]):
                continue
            command = Command(words[1:], f"{block.where} (+{last + 1})")
            if shows_output and last + 1 < len(block.lines):
                command.shown = block.lines[last + 1]
            for flag, value in zip(words, words[1:] + [""]):
                if flag in READS:
                    command.reads.append(value)
                if flag in WRITES:
                    command.writes.append(value)
            if "--checkpoint-every" in words:
                command.writes.append(words[words.index("--checkpoint-every") + 2])
            commands.append(command)
    return commands


SHELL_PAGES = sorted({b.page for b in of_lang(*SHELL)})


@pytest.mark.parametrize("page", SHELL_PAGES)
def test_shell_commands_are_checked(page, cli, tmp_path):
    commands = [c for b in of_lang(*SHELL) if b.page == page and not b.not_run for c in flocklab_commands(b)]
    read_later = {path for c in commands for path in c.reads}
    for command in commands:
        if command.argv[0] in LEFT_TO_OTHER_TESTS:
            continue
        runs = command.argv[0] in ("run", "sweep")  # (models and the like are run as they are)
        whole = runs and any(path in read_later for path in command.writes)
        argv = [cli, *command.argv] + (["--dry-run"] if runs and not whole else [])
        if runs and "-q" not in argv and "--quiet" not in argv:
            argv.append("--quiet")
        done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0, f"{command.where}: {' '.join(command.argv)}\n{done.stderr}"
        if command.shown is not None and not whole:
            assert done.stdout.split("\n")[0] == command.shown, f"{command.where}: the block shows another first line"


def test_the_shell_reader_finds_the_commands():
    readme = [c for b in of_lang(*SHELL) if b.page == "README.md" for c in flocklab_commands(b)]
    assert len(readme) >= 40, len(readme)
    # Through a variable, a loop, mpirun and a shown output line:
    assert any(c.argv[:3] == ["run", "--model", "steering"] and "formed.csv" in c.writes for c in readme)
    assert any(c.argv[:4] == ["run", "--model", "steering", "--seed"] and c.argv[4] == "1" for c in readme)
    assert any(c.argv[:2] == ["run", "--count"] and c.argv[2] == "10000000" for c in readme)
    assert any(c.shown and c.shown.startswith("flocklab 0.2.0 - model vicsek") for c in readme)


def test_the_readme_sweep_picture_is_the_commands(cli, tmp_path):
    # "This picture is that command's radius.svg, kept as docs/sweep-radius.svg": to the byte.
    (sweep,) = [c for b in of_lang(*SHELL) if b.page == "README.md" for c in flocklab_commands(b)
                if c.argv[0] == "sweep" and "radius.svg" in c.argv]
    done = subprocess.run([cli, *sweep.argv, "--quiet"], cwd=tmp_path, capture_output=True, text=True, timeout=600,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "radius.svg").read_bytes() == (SOURCE / "docs" / "sweep-radius.svg").read_bytes()
