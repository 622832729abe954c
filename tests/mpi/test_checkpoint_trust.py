"""What a checkpoint, a run file and an input file are trusted with: a checkpoint proves its content
by a checksum and its values are checked on reading; every run file flocklab writes repeats its
run; a checkpoint's file clashes with no other output and is tried before the first step; inputs
that are not regular files, or larger than memory, are refused without waiting or reading."""
import json
import os
import time

from support import checkpoint_content, command, summary, with_checksum

STEERING = ["--model", "steering", "--species", "prey:200",
            "--species", "hawk:3:role=predator,catch_radius=14,handling=0.5", "--food", "450,280:40"]
SPECIES = ["--model", "steering", "--species", "a:100", "--species", "h:3:role=predator", "--catches", "remove"]


def checkpointed(tmp_path, args, steps, every):
    cp = tmp_path / "cp"
    done = command(["run", *args, "--steps", str(steps), "-q", "--checkpoint-every", str(every), str(cp)])
    assert done.returncode == 0, done.stderr
    return cp / "checkpoint.flk"


def resume_refused(tmp_path, name, data, extra=()):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "checkpoint.flk").write_bytes(data)
    done = command(["run", "--resume", str(folder), "-q", *extra])
    assert done.returncode == 2, (name, done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and "checkpoint.flk" in done.stderr, (name, done.stderr)
    return done.stderr


def test_an_edited_or_flipped_checkpoint_is_refused(tmp_path):
    path = checkpointed(tmp_path, ["--count", "50"], 20, 10)
    data = path.read_bytes()
    assert b'"alignment":1.0' in data
    message = resume_refused(tmp_path, "edited", data.replace(b'"alignment":1.0', b'"alignment":0.0'))
    assert "is damaged or was edited" in message
    # One bit flipped at 60 places spread over the whole file, the first line included.
    for k, at in enumerate(range(0, len(data), max(1, len(data) // 60))):
        flipped = bytearray(data)
        flipped[at] ^= 1 << (k % 8)
        message = resume_refused(tmp_path, f"flip{at}", bytes(flipped))
        assert "damaged or was edited" in message or "is not a flocklab checkpoint" in message, (at, message)


def test_a_checkpoint_from_an_older_flocklab_is_refused(tmp_path):
    path = checkpointed(tmp_path, ["--count", "20"], 10, 10)
    header, body = checkpoint_content(path).split(b"\n", 1)
    old = header.replace(b'{"boids"', b'{"flocklab_checkpoint":1,"boids"') + b"\n" + body
    assert "older flocklab, which wrote no checksum" in resume_refused(tmp_path, "old", old)


def test_the_values_behind_a_right_checksum_are_checked(tmp_path):
    """Files edited and given a new checksum: each value out of what a run can reach is refused, the
    run's parameters named as --resume gives them."""
    path = checkpointed(tmp_path, STEERING, 40, 20)
    content = checkpoint_content(path)
    header, body = content.split(b"\n", 1)
    head = json.loads(header)
    assert list(head["reals"]) == ["food", "totals"] and head["wholes"]["counts"] == 2
    dims, n = head["dims"], head["boids"]
    reals_at = len(header) + 1 + 2 * dims * n * 8  # the food: x, y, z, amount
    wholes_at = reals_at + 8 * (head["reals"]["food"] + head["reals"]["totals"])
    counts_at = wholes_at  # the wholes in the order of their names: counts, rest, species_of

    def patched(at, raw):
        return with_checksum(content[:at] + raw + content[at + len(raw):])

    nan, inf = b"\x00\x00\x00\x00\x00\x00\xf8\x7f", b"\x00\x00\x00\x00\x00\x00\xf0\x7f"
    cases = {
        "food at NaN": (patched(reals_at, nan), "food source 1 outside the world"),
        "infinite food": (patched(reals_at + 24, inf), "food source 1 an amount outside"),
        "catches 2^64-1": (patched(counts_at, b"\xff" * 8), "more catches than its predators could make"),
        "alignment a word": (with_checksum(header.replace(b'"alignment":1.0', b'"alignment":"x"') + b"\n" + body),
                             "--resume " + str(tmp_path / "alignment a word" / "checkpoint.flk") + ": key 'alignment'"),
        "step past the run": (with_checksum(header.replace(b'"step":40', b'"step":41') + b"\n" + body),
                              "step 41 is past its run's 40 steps"),
        "a boid outside": (patched(len(header) + 1, inf), "boid 0 has a non-finite value"),
    }
    for name, (data, words) in cases.items():
        message = resume_refused(tmp_path, name, data)
        assert words in message, (name, message)
        assert "--config" not in message, (name, message)
    # --steps on the command line: the run's own steps are still checked (they were not read).
    steps_a_word = with_checksum(header.replace(b'"steps":40', b'"steps":"x"') + b"\n" + body)
    message = resume_refused(tmp_path, "steps a word", steps_a_word, ["--steps", "100"])
    assert "key 'steps' must be a whole number" in message, message


def test_a_checkpoint_holds_as_many_boids_as_its_run_starts_with(tmp_path):
    """Issue 43, item 8: behind a right checksum, "boids":0 resumed as a run of no agents (which
    --count 0 is not), and 5 boids of a run of 6 resumed as 5 while --write-config wrote 6."""
    for model in ("lab", "couzin"):
        path = checkpointed(tmp_path / model, ["--model", model, "--count", "6"], 20, 10)
        header, body = checkpoint_content(path).split(b"\n", 1)
        head = json.loads(header)
        dims, n = head["dims"], head["boids"]
        assert n == 6
        arrays = [body[k * n * 8:(k + 1) * n * 8] for k in range(2 * dims)]
        state = body[2 * dims * n * 8:]

        def with_boids(count, model=model):
            kept = b"".join(a[:count * 8] for a in arrays) if count <= n else b"".join(a + a[:(count - n) * 8] for a in arrays)
            return with_checksum(header.replace(b'"boids":6', b'"boids":%d' % count) + b"\n" + kept + state)

        unit = "agents" if model == "couzin" else "boids"
        assert f"it holds no {unit}; a run needs at least 1" in resume_refused(tmp_path, model + "0", with_boids(0))
        for count in (5, 7):
            message = resume_refused(tmp_path, f"{model}{count}", with_boids(count), ["--write-config", str(tmp_path / "w.json")])
            assert f"it holds {count} {unit}, but its run starts with 6" in message, message
            assert not (tmp_path / "w.json").exists()
        # The checkpoint as written resumes.
        assert summary(["--resume", str(path.parent)])["count"] == 6


def test_every_run_file_flocklab_writes_repeats_its_run(tmp_path):
    # Prey removed as they are caught: the run file keeps the species' start, not the count left.
    wr = tmp_path / "wr.json"
    written = summary([*SPECIES, "--steps", "300", "--write-config", str(wr)])
    assert written["count"] == 103
    assert json.loads(wr.read_text())["count"] == 103
    assert summary(["--config", str(wr)])["hash"] == written["hash"]
    # A run started from a file, checkpointed and resumed: its run file names that file again.
    start = tmp_path / "start.csv"
    assert command(["run", "--count", "150", "--steps", "5", "-q", "--save", str(start)]).returncode == 0
    whole = summary(["--init", str(start), "--steps", "80"])
    cp = tmp_path / "cp"
    summary(["--init", str(start), "--steps", "40", "--checkpoint-every", "20", str(cp)])
    again = tmp_path / "again.json"
    resumed = summary(["--resume", str(cp), "--steps", "80", "--write-config", str(again)])
    assert resumed["hash"] == whole["hash"]
    run = json.loads(again.read_text())
    assert run["init"] == str(start) and "count" not in run
    assert summary(["--config", str(again)])["hash"] == whole["hash"]
    # The sequential abm, whose order is as long as its start: from a file too.
    summary(["--model", "abm", "--init", str(start), "--steps", "30", "--checkpoint-every", "10", str(tmp_path / "abm")])
    assert summary(["--resume", str(tmp_path / "abm"), "--steps", "60"])["hash"] == \
        summary(["--model", "abm", "--init", str(start), "--steps", "60"])["hash"]


def test_a_checkpoint_clashes_with_no_output_and_is_tried_first(tmp_path):
    cp = tmp_path / "cp"
    cp.mkdir()
    done = command(["run", "--steps", "20", "-q", "--checkpoint-every", "10", str(cp), "--save", str(cp / "checkpoint.flk")])
    assert done.returncode == 2 and "--checkpoint-every and --save both name" in done.stderr, done.stderr
    # A checkpoint that cannot be written is found before the first step (the run would take hours).
    (tmp_path / "taken" / "checkpoint.flk").mkdir(parents=True)
    begun = time.monotonic()
    done = command(["run", "--count", "100000", "--steps", "1000000", "-q", "--checkpoint-every", "999999", str(tmp_path / "taken")])
    assert done.returncode == 2 and "checkpoint.flk" in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert time.monotonic() - begun < 60


def test_inputs_that_are_not_regular_files_are_refused_at_once(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "cp").mkdir()
    os.mkfifo(tmp_path / "cp" / "checkpoint.flk")
    for args in (["--init", str(fifo)], ["--init", "/dev/zero"], ["--resume", str(tmp_path / "cp")]):
        done = command(["run", *args, "-q"], timeout=30)
        assert done.returncode == 2 and "not a regular file" in done.stderr, (args, done.stderr)
    # A file larger than the memory this machine has (here said to be 1000 bytes) is not read.
    start = tmp_path / "start.csv"
    assert command(["run", "--count", "100", "--steps", "1", "-q", "--save", str(start)]).returncode == 0
    done = command(["run", "--init", str(start), "-q"], env={**os.environ, "FLOCKLAB_MEMORY_BYTES": "1000"})
    assert done.returncode == 2 and "that fit in memory here" in done.stderr, done.stderr
