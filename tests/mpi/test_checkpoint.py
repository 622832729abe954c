"""run --checkpoint-every K DIR and run --resume DIR: a run killed (SIGKILL) and resumed ends with the
bits of an uninterrupted one, in one process and over MPI ranks, with any number of them; a kill
in the middle of writing a checkpoint leaves the one before usable; a checkpoint's model state (a
predator's rest, the food, the sequential abm's order) comes back exactly."""
import json
import os
import signal
import subprocess
import time

import pytest

from support import CLI, HAVE_MPI, checkpoint_content, command, summary, with_checksum

RUNS = {
    "lab, 3D": ["--dims", "3", "--count", "300", "--steps", "300"],
    "abm, sequential": ["--model", "abm", "--steps", "120"],
    "steering, hawks remove prey, food, noise": ["--model", "steering", "--steps", "200", "--noise", "0.2", "--catches", "remove",
                                                 "--species", "prey:300", "--species", "hawk:3:role=predator,catch_radius=14,handling=0.5",
                                                 "--food", "450,280:40"],
    "vicsek, noise": ["--model", "vicsek", "--steps", "150"],
}


@pytest.mark.parametrize("name", list(RUNS))
def test_a_resumed_run_ends_with_the_bits_of_an_uninterrupted_one(tmp_path, name):
    args = RUNS[name]
    whole = summary(args)
    steps = int(args[args.index("--steps") + 1])
    # Stopped after a checkpoint at about half way (--steps cut short), then resumed to the end.
    half = summary([*args[:args.index("--steps")], "--steps", str(steps // 2), *args[args.index("--steps") + 2:],
                    "--checkpoint-every", str(steps // 4), str(tmp_path / "cp")])
    assert half["steps"] == steps // 2
    resumed = summary(["--resume", str(tmp_path / "cp"), "--steps", str(steps)])
    assert resumed["hash"] == whole["hash"]
    assert resumed["end"] == whole["end"]
    # The summary says where the run resumed; its times cover the steps it ran, then the whole run.
    assert resumed["resumed_from"] == str(tmp_path / "cp")
    assert resumed["resumed_at_step"] == (steps // 2) // (steps // 4) * (steps // 4)  # the last checkpoint
    assert "resumed_at_step" not in whole
    assert 0 < resumed["seconds"] <= resumed["seconds_total"]


def test_a_resumed_runs_summary_counts_the_steps_it_ran(tmp_path):
    cp = str(tmp_path / "cp")
    subprocess.run([CLI, "run", "--count", "2000", "--steps", "40", "--checkpoint-every", "40", cp, "-q"],
                   check=True, capture_output=True)
    text = subprocess.run([CLI, "run", "--resume", cp, "--steps", "240", "-q"], check=True, capture_output=True,
                          text=True).stdout
    assert text.splitlines()[0].endswith(f" - 240 steps - seed 42, resumed at step 40 from {cp}")
    time_line = next(line for line in text.splitlines() if line.startswith("time"))
    assert " for 200 steps (" in time_line and "s with start, metrics and outputs" in time_line
    seconds = float(time_line.split()[1])
    rate = float(time_line.split("(")[1].split()[0])
    assert rate == pytest.approx(2000 * 200 / seconds, rel=0.06)  # the 200 steps it ran, not 240


def test_resume_with_another_number_of_ranks(tmp_path):
    if not HAVE_MPI:
        pytest.skip("flocklab-mpi was not built (no MPI)")
    args = ["--model", "steering", "--count", "800", "--steps", "120"]
    whole = summary(args)
    cp = str(tmp_path / "cp")
    summary(["--model", "steering", "--count", "800", "--steps", "60", "--checkpoint-every", "30", cp], 3)
    assert summary(["--resume", cp, "--steps", "120"], 2)["hash"] == whole["hash"]
    assert summary(["--resume", cp, "--steps", "120"])["hash"] == whole["hash"]


def test_a_killed_run_resumes_from_its_last_whole_checkpoint(tmp_path):
    """SIGKILL at moments spread over a run that checkpoints every step, and once while a
    checkpoint is half written (the run is stopped until its temporary file is seen): whatever each
    kill left, --resume gives the bits of the uninterrupted run."""
    # A sparse flock: its steps are short beside the writing of its checkpoints.
    args = ["--count", "20000", "--world", "4000", "--steps", "300"]
    whole = summary(args)
    cp = tmp_path / "cp"
    resumed_from = []
    for delay in ("mid-write", 0.2, 0.4, 0.6):
        process = subprocess.Popen([CLI, "run", *args, "-q", "--threads", "1", "--checkpoint-every", "1", str(cp)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if delay == "mid-write":
            half_written = False
            while not half_written and process.poll() is None:
                time.sleep(0.002)
                process.send_signal(signal.SIGSTOP)
                half_written = (cp / "checkpoint.flk").exists() and len(os.listdir(cp)) > 1
                if not half_written:
                    process.send_signal(signal.SIGCONT)
            assert half_written, "the run ended before a kill caught a checkpoint half written"
        else:
            time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        if not (cp / "checkpoint.flk").exists():
            continue
        resumed_from.append(json.loads(checkpoint_content(cp / "checkpoint.flk").split(b"\n", 1)[0])["step"])
        assert summary(["--resume", str(cp)])["hash"] == whole["hash"], f"killed {delay}"
    assert any(step < 300 for step in resumed_from), f"no kill landed inside the run: {resumed_from}"


def test_resume_refuses_what_would_change_the_run_and_broken_files(tmp_path):
    cp = tmp_path / "cp"
    assert command(["run", "--steps", "20", "-q", "--checkpoint-every", "10", str(cp)]).returncode == 0
    for extra, words in ((["--seed", "3"], "--seed cannot change them"), (["--radius", "5"], "--radius cannot change them"),
                         (["--steps", "5"], "--steps 5 is before the checkpoint's step 20")):
        done = command(["run", "--resume", str(cp), *extra])
        assert done.returncode == 2 and words in done.stderr, done.stderr
    data = (cp / "checkpoint.flk").read_bytes()
    header, body = checkpoint_content(cp / "checkpoint.flk").split(b"\n", 1)
    # Files whose checksum holds (as if edited and given a new one): their header is still checked.
    wrong_kind = with_checksum(header.replace(b'"boids":', b'"boids":"1","was":') + b"\n" + body)
    huge = with_checksum(header.replace(b'"boids":', b'"boids":18446744073709551615,"was":') + b"\n" + body)
    for name, broken in (("cut", data[:-9]), ("text", b"x,y,vx,vy\n1,2,3,4\n"), ("empty", b""), ("wrong kind", wrong_kind),
                         ("huge count", huge), ("cut, checksum right", with_checksum(header + b"\n" + body[:-9]))):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "checkpoint.flk").write_bytes(broken)
        done = command(["run", "--resume", str(folder)])
        assert done.returncode == 2 and ("is not a flocklab checkpoint" in done.stderr or "is damaged or was edited" in done.stderr), \
            (name, done.stderr)
        assert done.stderr.count("\n") == 1
    done = command(["run", "--resume", str(tmp_path / "nowhere")])
    assert done.returncode == 2 and "cannot read" in done.stderr
