#!/usr/bin/env python3
"""Checks the layers of docs/architecture.md: what each part of the tree may include.

The engine's public headers (include/) include only themselves, its internals (src/) both;
nothing else includes the internals; the run library's pure part (the files of
flocklab_run_setup in apps/runs) the engine and itself; its host part (the rest of apps/runs)
the engine and both parts; each front end (apps/cli, apps/mpi, python/, fuzz/) the engine, the
run library and its own files, never another front end's; the page's glue (web/glue) only the
pure part of the run library, which is all its WebAssembly build has. A quoted include is resolved beside the file, then in
every include folder of the build (so one that only another part's folder would find is caught
too); an include that resolves into a layer the file may not use is reported as FILE:LINE and the
script exits 1. Usage: check_layers.py [SOURCE_DIR]
"""
import re
import sys
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2])

# part -> (its folders, the parts it may include)
RUN_SETUP = [f"apps/runs/{name}.{suffix}" for name in ["run_options", "model_setup", "start_count", "runner", "ramp",
                                                         "nearest_name", "unknown_param"] for suffix in ["hpp", "cpp"]]
RUN_SETUP += ["apps/runs/usage_error.hpp", "apps/runs/counted.hpp"]
PARTS = {
    "engine": (["include"], {"engine"}),
    "engine_internal": (["src"], {"engine", "engine_internal"}),
    "run_setup": (RUN_SETUP, {"engine", "run_setup"}),
    "runs": (["apps/runs"], {"engine", "run_setup", "runs"}),
    "cli": (["apps/cli"], {"engine", "run_setup", "runs", "cli", "mpi", "scenes"}),
    "mpi": (["apps/mpi"], {"engine", "run_setup", "runs", "mpi"}),
    "python": (["python/src"], {"engine", "run_setup", "runs", "python"}),
    "web": (["web/glue"], {"engine", "run_setup", "web"}),
    "fuzz": (["fuzz"], {"engine", "run_setup", "runs", "fuzz"}),
    "scenes": (["scenes"], {"engine", "scenes"}),
}
# Every include folder the build gives some part.
SEARCH = ["include", "src", "apps", "apps/cli", "apps/mpi", "python/src", "scenes", "fuzz", "web/glue"]
# Only flocklab-mpi's main (the command line over MPI) reaches into apps/mpi from apps/cli.
ALLOWED_FILES = {("apps/cli/mpi_main.cpp", "mpi")}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def part_of(path: Path) -> str | None:
    relative = path.relative_to(ROOT).as_posix()
    for name, (folders, _) in PARTS.items():
        if any(relative == f or relative.startswith(f + "/") for f in folders):
            return name
    return None


def resolve(source: Path, included: str) -> Path | None:
    for folder in [source.parent] + [ROOT / s for s in SEARCH]:
        candidate = (folder / included).resolve()
        if candidate.is_file():
            return candidate
    return None


def main() -> int:
    faults = []
    for name, (folders, allowed) in PARTS.items():
        for folder in folders:
            sources = [ROOT / folder] if (ROOT / folder).is_file() else sorted((ROOT / folder).rglob("*"))
            for source in sources:
                if source.suffix not in {".cpp", ".hpp", ".h"} or part_of(source) != name:
                    continue
                for number, line in enumerate(source.read_text(errors="replace").splitlines(), 1):
                    match = INCLUDE.match(line)
                    if not match:
                        continue
                    target = resolve(source, match.group(1))
                    if target is None:
                        continue  # a generated or system header
                    owner = part_of(target)
                    relative = source.relative_to(ROOT).as_posix()
                    if owner and owner not in allowed and (relative, owner) not in ALLOWED_FILES:
                        faults.append(f"{relative}:{number}: the {name} layer includes {match.group(1)} of {owner}")
                    elif owner == "mpi" and name == "cli" and (relative, owner) not in ALLOWED_FILES:
                        faults.append(f"{relative}:{number}: only mpi_main.cpp of the command line includes apps/mpi")
    for fault in faults:
        print(fault)
    print(f"check_layers: {len(faults)} include(s) across layers" if faults else "check_layers: every include keeps to its layer")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
