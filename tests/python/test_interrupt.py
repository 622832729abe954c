"""Ctrl-C: a long Simulation call or sweep ends with KeyboardInterrupt within about a second,
and a sweep's worker processes end with their parent. Each test runs a child Python process
that prints a marker once it is about to enter the long call, then gets SIGINT (or SIGKILL).
The dense workloads would take many seconds uninterrupted (one step of 60,000 boids that all
see each other); the 5 s bound catches a call that answers only at its end, it is no timing."""
import os
import select
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

BOUND = 5.0  # s from SIGINT to the child's end
# One lab step or the metrics over 60,000 boids within each other's reach: about 3.6e9 pairs.
DENSE = 'flocklab.Simulation("lab", count=60000, world=100, radius=50, seed=1, threads=2)'
PRELUDE = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)  # even where the test's SIGINT is ignored
import flocklab
"""


def child(body: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", PRELUDE + textwrap.dedent(body)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def wait_for(proc: subprocess.Popen, marker: str) -> None:
    line = proc.stdout.readline()
    assert line.strip() == marker, line + proc.stderr.read()


def interrupt(proc: subprocess.Popen, after: float = 0.5) -> float:
    """SIGINT `after` s past the marker; seconds until the child printed "interrupted" (the
    first thing it does on KeyboardInterrupt: what it checks after that is not timed)."""
    time.sleep(after)
    start = time.monotonic()
    os.kill(proc.pid, signal.SIGINT)
    ready, _, _ = select.select([proc.stdout], [], [], 30)
    seconds = time.monotonic() - start
    if not ready:
        proc.kill()
    return seconds


def ends_with_keyboard_interrupt(proc: subprocess.Popen, seconds: float) -> str:
    """The child's output after its "interrupted" line, once it ended with status 3."""
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 3 and out.startswith("interrupted"), (proc.returncode, out, err)
    assert seconds < BOUND, f"KeyboardInterrupt after {seconds:.1f} s"
    return out.split("\n", 1)[1]


def caught(call: str) -> str:
    return f"""
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


def test_one_long_step_answers_ctrl_c():
    proc = child(f"sim = {DENSE}\nprint('ready', flush=True)\n" + caught("sim.step(1)"))
    wait_for(proc, "ready")
    ends_with_keyboard_interrupt(proc, interrupt(proc))


def test_the_metrics_of_a_dense_start_answer_ctrl_c():
    proc = child(f"sim = {DENSE}\nprint('ready', flush=True)\n" + caught("sim.metrics()"))
    wait_for(proc, "ready")
    ends_with_keyboard_interrupt(proc, interrupt(proc))


def test_many_steps_stop_between_two_and_the_state_is_a_whole_step():
    # 30,000 boids in the default world: steps of a few ms, so Ctrl-C stops between two.
    proc = child("""
        sim = flocklab.Simulation("lab", count=30000, seed=4, threads=1)
        print("ready", flush=True)
        try:
            sim.step(100000)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            done = sim.step_count
            again = flocklab.Simulation("lab", count=30000, seed=4, threads=1)
            again.step(done)
            print(done, sim.hash() == again.hash(), len(sim.positions), flush=True)
            sys.exit(3)
    """)
    wait_for(proc, "ready")
    out = ends_with_keyboard_interrupt(proc, interrupt(proc, after=1.0))
    done, same, count = out.split()
    assert 0 < int(done) < 100000 and same == "True" and count == "30000"


def test_a_call_after_an_interrupted_step_waits_for_that_step():
    # A small dense flock: its first step, slow, makes the next run as a job; that step, left
    # finishing in the background, ends before the next call, which sees it whole.
    proc = child("""
        sim = flocklab.Simulation("lab", count=20000, world=100, radius=50, seed=2, threads=2)
        sim.step(1)
        print("ready", flush=True)
        try:
            sim.step(1)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            again = flocklab.Simulation("lab", count=20000, world=100, radius=50, seed=2, threads=2)
            again.step(2)
            print(sim.step_count, sim.hash() == again.hash(), flush=True)
            sys.exit(3)
    """)
    wait_for(proc, "ready")
    out = ends_with_keyboard_interrupt(proc, interrupt(proc, after=0.05))
    assert out.split() == ["2", "True"], out


def test_the_first_calls_on_a_flock_of_slow_steps_answer_ctrl_c():
    # 10,000 couzin agents in a dense start: about a second a step. Such a call used to step on
    # the calling thread, as no earlier call had measured a step, and look at signals every 16th
    # step only (27-29 s); the next call did the same, as the interrupted one recorded no time.
    proc = child("""
        sim = flocklab.Simulation("couzin", count=10000, start=5, seed=3)
        print("ready", flush=True)
        try:
            sim.step(30)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
        print("again", flush=True)
        try:
            sim.step(30)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(3)
    """)
    wait_for(proc, "ready")
    first = interrupt(proc)
    assert first < BOUND, f"KeyboardInterrupt after {first:.1f} s"
    wait_for(proc, "interrupted")
    wait_for(proc, "again")
    ends_with_keyboard_interrupt(proc, interrupt(proc))


def test_a_call_handed_to_a_thread_midway_keeps_the_bits():
    # 500 boids: the call begins on the calling thread and hands its steps to a thread of its
    # own after 20 ms; stopped there by Ctrl-C, its state is a whole step's, with the same bits.
    proc = child("""
        sim = flocklab.Simulation("lab", count=500, seed=4, threads=1)
        print("ready", flush=True)
        try:
            sim.step(10**9)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            done = sim.step_count
            again = flocklab.Simulation("lab", count=500, seed=4, threads=1)
            for _ in range(done):
                again.step(1)
            print(done, sim.hash() == again.hash(), flush=True)
            sys.exit(3)
    """)
    wait_for(proc, "ready")
    out = ends_with_keyboard_interrupt(proc, interrupt(proc, after=1.0))
    done, same = out.split()
    assert int(done) > 0 and same == "True", out


def test_a_sweep_in_this_process_answers_ctrl_c():
    proc = child('print("ready", flush=True)\n' +
                 caught('flocklab.sweep("lab", params={"radius": [3, 5]}, seeds=4, steps=100000, count=20000, processes=1)'))
    wait_for(proc, "ready")
    ends_with_keyboard_interrupt(proc, interrupt(proc, after=2.0))


SWEEP_SCRIPT = """
if __name__ == "__main__":
    print("ready", flush=True)
    try:
        flocklab.sweep("lab", params={"radius": [3, 5]}, seeds=4, steps=100000, count=20000, processes=2)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        sys.exit(3)
"""


def workers_of(pid: int):
    """The PIDs of `pid`'s spawned worker processes (not multiprocessing's resource tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == pid and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")  # a zombie has ended, waiting only to be reaped


def sweep_parent(tmp_path: Path):
    script = tmp_path / "parent.py"  # spawned workers import the parent's main module: a file
    script.write_text(PRELUDE + textwrap.dedent(SWEEP_SCRIPT))
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_for(proc, "ready")
    deadline = time.monotonic() + 15
    while len(workers_of(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    workers = workers_of(proc.pid)
    assert len(workers) == 2, workers
    time.sleep(1.5)  # the workers import flocklab and start their runs
    return proc, workers


def all_ended(pids, within: float) -> bool:
    deadline = time.monotonic() + within
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not any(alive(p) for p in pids)


def test_a_sweep_in_worker_processes_answers_ctrl_c_to_the_parent_alone(tmp_path):
    proc, workers = sweep_parent(tmp_path)
    ends_with_keyboard_interrupt(proc, interrupt(proc, after=0))
    assert all_ended(workers, 5), [p for p in workers if alive(p)]


def test_workers_end_with_a_parent_killed_outright(tmp_path):
    proc, workers = sweep_parent(tmp_path)
    proc.kill()
    proc.wait()
    survivors = [p for p in workers if alive(p)]
    assert all_ended(workers, 5), survivors
