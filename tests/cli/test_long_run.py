"""`sequence --out/--checkpoint/--max-seconds`: resume after SIGKILL, deadlines, bad checkpoints."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import nimlab as lab
from nimlab.limits import Limits
from nimlab.registry import game
from nimlab.solve.long_run import long_sequence

GAME, COUNT = "octal:0.6", 2**19
BIG = ("--max-states", str(10**12))


def nimlab(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nimlab", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The .npy bytes of an uninterrupted run (in-process, no checkpoint)."""
    path = tmp_path_factory.mktemp("ref") / "values.npy"
    run = long_sequence(game(GAME), COUNT, path, Limits(max_states=10**12))
    assert run.complete and run.done == COUNT
    return path.read_bytes()


def _quick_checkpoints() -> dict[str, str]:
    return dict(os.environ, NIMLAB_CHECKPOINT_SECONDS="0.05")


def _interrupted_run(tmp_path: Path, how: signal.Signals) -> tuple[list[str], int, str]:
    """Start a checkpointed run, send ``how`` at its first part-way checkpoint; the command."""
    out, ck = tmp_path / "v.npy", tmp_path / "ck"
    command = [sys.executable, "-m", "nimlab", "sequence", GAME, "--to", str(COUNT)]
    command += ["--out", str(out), "--checkpoint", str(ck), *BIG]
    child = subprocess.Popen(
        command, env=_quick_checkpoints(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    state = ck / "state.json"
    try:
        while child.poll() is None:
            if state.exists():
                done = json.loads(state.read_text())["done"]
                if 0 < done < COUNT:
                    break
            time.sleep(0.02)
        child.send_signal(how)
    finally:
        _, err = child.communicate()
    assert not out.exists()
    return command[3:], child.returncode, err.decode()


def test_a_run_killed_with_sigkill_resumes_to_the_same_bytes(
    tmp_path: Path, reference: bytes
) -> None:
    args, code, _ = _interrupted_run(tmp_path, signal.SIGKILL)
    assert code == -signal.SIGKILL, "the run ended before it could be killed"
    again = nimlab(*args, "--json")
    assert again.returncode == 0, again.stderr
    result = json.loads(again.stdout)
    assert result["complete"] and 0 < result["resumed_from"] < COUNT
    assert (tmp_path / "v.npy").read_bytes() == reference


def test_ctrl_c_writes_a_checkpoint_and_exits_130(tmp_path: Path, reference: bytes) -> None:
    args, code, err = _interrupted_run(tmp_path, signal.SIGINT)
    assert code == 130 and err.strip() == "nimlab: interrupted"
    done = json.loads((tmp_path / "ck" / "state.json").read_text())["done"]
    again = nimlab(*args, "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["resumed_from"] == done > 0
    assert (tmp_path / "v.npy").read_bytes() == reference


def test_max_seconds_stops_with_a_checkpoint_and_says_how_to_resume(
    tmp_path: Path, reference: bytes
) -> None:
    out, ck = tmp_path / "v.npy", tmp_path / "ck"
    args = ["sequence", GAME, "--to", str(COUNT), "--out", str(out), "--checkpoint", str(ck)]
    first = nimlab(*args, *BIG, "--max-seconds", "0.5")
    assert first.returncode == 0, first.stderr
    assert "stopped after" in first.stdout and "Resume with: nimlab sequence" in first.stdout
    assert not out.exists()
    done = json.loads((ck / "state.json").read_text())["done"]
    assert 0 < done < COUNT
    second = nimlab(*args, *BIG)
    assert second.returncode == 0, second.stderr
    assert f"resumed at {done:,}" in second.stdout
    assert out.read_bytes() == reference


def _checkpoint(tmp_path: Path) -> tuple[Path, Path, list[str]]:
    out, ck = tmp_path / "v.npy", tmp_path / "ck"
    args = ["sequence", GAME, "--to", str(2**16), "--out", str(out), "--checkpoint", str(ck)]
    r = nimlab(*args, *BIG)
    assert r.returncode == 0, r.stderr
    return out, ck, [*args, *BIG]


def test_a_tampered_checkpoint_record_is_refused(tmp_path: Path) -> None:
    _, ck, args = _checkpoint(tmp_path)
    state = ck / "state.json"
    record = json.loads(state.read_text())
    record["done"] -= 1000
    state.write_text(json.dumps(record))
    r = nimlab(*args)
    assert r.returncode == 2 and "checksum mismatch" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_damaged_values_are_refused(tmp_path: Path) -> None:
    _, ck, args = _checkpoint(tmp_path)
    values = np.load(ck / "values.npy", mmap_mode="r+")
    values[1234] ^= 1
    values.flush()
    del values
    r = nimlab(*args)
    assert r.returncode == 2 and "do not match their checksum" in r.stderr


def test_a_checkpoint_of_another_game_is_refused(tmp_path: Path) -> None:
    out, ck, _ = _checkpoint(tmp_path)
    r = nimlab(
        "sequence", "grundy-game", "--to", str(2**16), "--out", str(out), "--checkpoint", str(ck)
    )
    assert r.returncode == 2 and "is of octal:0.6 --to 65536, not grundy-game" in r.stderr


def test_a_damaged_record_is_refused(tmp_path: Path) -> None:
    _, ck, args = _checkpoint(tmp_path)
    (ck / "state.json").write_text("{not json")
    r = nimlab(*args)
    assert r.returncode == 2 and "is damaged" in r.stderr


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--out", "/nonexistent-dir/v.npy"], "does not exist"),
        (["--out", "v.txt"], "name it *.npy"),
        (["--checkpoint", "ck"], "--checkpoint needs --out"),
        (["--max-seconds", "5"], "--max-seconds needs --out"),
        (["--out", "{tmp}/v.npy", "--max-seconds", "5"], "--max-seconds needs --checkpoint"),
        (["--out", "{tmp}/v.npy", "--checkpoint", "{tmp}/ck", "--max-seconds", "0"], "positive"),
        (["--out", "{tmp}/v.npy", "--from", "3"], "--from cannot be combined with --out"),
        (["--out", "{tmp}/v.npy", "--checkpoint", "{tmp}/v.npy"], "clash"),  # the CLI audit
        (["--out", "{tmp}/values.npy", "--checkpoint", "{tmp}"], "clash"),
    ],
)
def test_bad_long_run_options_are_one_line_exit_2(
    tmp_path: Path, extra: list[str], message: str
) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in extra]
    r = nimlab("sequence", "kayles", "--to", "100", *args)
    assert r.returncode == 2, r.stdout
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_games_without_the_sparse_kernel_write_values_but_take_no_checkpoint(
    tmp_path: Path,
) -> None:
    r = nimlab("sequence", "subtraction:1,2", "--to", "10", "--out", str(tmp_path / "s.npy"))
    assert r.returncode == 0, r.stderr
    assert np.load(tmp_path / "s.npy").tolist() == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]
    r = nimlab(
        "sequence", "nim", "--to", "10", "--out", str(tmp_path / "n.npy"),
        "--checkpoint", str(tmp_path / "ck"),
    )  # fmt: skip
    assert r.returncode == 2 and "computed in one go" in r.stderr


def test_the_state_limit_applies_and_keeps_the_checkpoint(tmp_path: Path) -> None:
    out, ck = tmp_path / "v.npy", tmp_path / "ck"
    args = ["sequence", GAME, "--to", str(2**18), "--out", str(out), "--checkpoint", str(ck)]
    r = nimlab(*args, "--max-states", str(2**18))
    assert r.returncode == 3 and "--max-states" in r.stderr
    done = json.loads((ck / "state.json").read_text())["done"]
    assert done > 0
    # the long-run audit: the refusal did not say the values were kept, nor that each run
    # has its own budget (the same command goes on)
    assert f"the {done:,} values computed are kept in {ck}" in r.stderr


def test_progress_is_reported_after_every_chunk(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    run = long_sequence(
        game("grundy-game"),
        2**17,
        tmp_path / "g.npy",
        Limits(max_states=10**12),
        checkpoint=tmp_path / "ck",
        progress=lambda done, total: seen.append((done, total)),
    )
    assert run.complete and seen[-1] == (2**17, 2**17)
    assert [d for d, _ in seen] == sorted({d for d, _ in seen})


def test_off_a_terminal_a_long_run_logs_plain_progress_lines(tmp_path: Path) -> None:
    env = dict(os.environ, NIMLAB_PROGRESS_SECONDS="0")
    args = ("sequence", "grundy-game", "--to", str(2**17), "--out", str(tmp_path / "g.npy"))
    r = nimlab(*args, "--checkpoint", str(tmp_path / "ck"), *BIG, env=env)
    assert r.returncode == 0, r.stderr
    lines = r.stderr.splitlines()
    assert lines and lines[-1].startswith("grundy-game to 131,072: 131,072/131,072 values (100.0%)")
    assert all(" values/s, " in line and line.endswith(" left") for line in lines)
    quiet = nimlab(*args, "--checkpoint", str(tmp_path / "ck2"), *BIG)  # the default: 60 s
    assert quiet.returncode == 0 and quiet.stderr == ""


def _resealed(ck: Path, change: Any) -> None:
    """Rewrite the record changed by ``change``, with its checksum made to match."""
    from nimlab.solve.long_run import _sealed

    record = json.loads((ck / "state.json").read_text())
    change(record)
    record["checksum"] = _sealed(record)
    (ck / "state.json").write_text(json.dumps(record))


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.pop("game"),
        lambda r: r.pop("stretches"),
        lambda r: r.update(done="abc"),
        lambda r: r.update(done=r["done"] + 5000),  # values never computed, vouched for
        lambda r: r.update(stretches=[[0, 5]]),
        lambda r: r.update(stretches=[None]),
        lambda r: r.update(stretches=[["a", "b", "c"]]),
        lambda r: r.update(dtype=None),
        lambda r: r.update(dtype="int16"),  # files audit: int16 values written out as such
        lambda r: r.update(dtype=">u2"),  # files audit: a numba TypingError traceback
    ],
)
def test_a_record_rewritten_by_hand_is_refused_not_read_as_far_as_it_goes(
    tmp_path: Path, change: Any
) -> None:
    """Found by the CLI audit: a record edited with its checksum recomputed raised KeyError,
    TypeError or ValueError, or (a false ``done``) wrote uncomputed zeros and exited 0."""
    from nimlab.errors import InvalidOption
    from nimlab.solve.long_run import Checkpoint

    ck = tmp_path / "ck"
    long_sequence(game(GAME), 2**15, tmp_path / "v.npy", Limits(max_states=10**12), checkpoint=ck)
    _resealed(ck, change)
    with pytest.raises(InvalidOption, match="is damaged"):
        Checkpoint(ck, GAME, 2**15).load()


def test_an_empty_values_file_or_a_deeply_nested_record_is_refused(tmp_path: Path) -> None:
    """Found by the CLI audit: EOFError and RecursionError tracebacks."""
    from nimlab.errors import InvalidOption
    from nimlab.solve.long_run import Checkpoint

    ck = tmp_path / "ck"
    long_sequence(game(GAME), 2**15, tmp_path / "v.npy", Limits(max_states=10**12), checkpoint=ck)
    (ck / "values.npy").write_bytes(b"")
    with pytest.raises(InvalidOption, match=r"cannot read values\.npy"):
        Checkpoint(ck, GAME, 2**15).load()
    (ck / "state.json").write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(InvalidOption, match="is damaged"):
        Checkpoint(ck, GAME, 2**15).load()


def test_an_empty_checkpoint_name_is_refused_not_this_folder(tmp_path: Path) -> None:
    """Found by the CLI audit: ``--checkpoint ''`` wrote values.npy and state.json here."""
    args = ["sequence", GAME, "--to", "100", "--out", str(tmp_path / "v.npy")]
    r = nimlab(*args, "--checkpoint", "")
    assert r.returncode == 2 and "--checkpoint needs a directory" in r.stderr


def test_an_empty_out_is_refused_as_empty(capsys: pytest.CaptureFixture[str]) -> None:
    import io

    from nimlab.cli.main import main

    code = main(["sequence", "kayles", "--to", "10", "--out", ""], io.StringIO())
    assert code == 2 and "got an empty one" in capsys.readouterr().err  # it said "--out ."


# -- found by the audit of 2026-11-27 -------------------------------------------------------


def test_sigterm_writes_a_checkpoint_as_ctrl_c_does(tmp_path: Path, reference: bytes) -> None:
    # timeout(1) and batch schedulers send SIGTERM: up to 10 s of work was lost
    args, code, err = _interrupted_run(tmp_path, signal.SIGTERM)
    assert code == 130 and err.strip() == "nimlab: interrupted"
    done = json.loads((tmp_path / "ck" / "state.json").read_text())["done"]
    again = nimlab(*args, "--json")
    assert json.loads(again.stdout)["resumed_from"] == done > 0
    assert (tmp_path / "v.npy").read_bytes() == reference


def test_a_checkpoint_in_use_is_refused_not_shared(tmp_path: Path) -> None:
    # two runs on one new directory: the first died of SIGBUS when the second recreated it
    from nimlab.solve.long_run import Checkpoint

    ck = tmp_path / "ck"
    holder = Checkpoint(ck, GAME, COUNT)
    holder.hold()
    try:
        second = nimlab("sequence", GAME, "--to", "40000", "--out", str(tmp_path / "v.npy"),
                        "--checkpoint", str(ck), *BIG)  # fmt: skip
        assert second.returncode == 2
        assert "is in use by another run" in second.stderr
        assert not (ck / "values.npy").exists()
    finally:
        holder.release()
    assert nimlab("sequence", GAME, "--to", "40000", "--out", str(tmp_path / "v.npy"),
                  "--checkpoint", str(ck), *BIG).returncode == 0  # fmt: skip


def test_a_directory_of_other_files_is_never_taken_over(tmp_path: Path) -> None:
    mine = tmp_path / "mydata"
    mine.mkdir()
    np.save(mine / "values.npy", np.arange(10))
    (mine / "notes.txt").write_text("important")
    before = (mine / "values.npy").read_bytes()
    run = nimlab("sequence", GAME, "--to", "40000", "--out", str(tmp_path / "v.npy"),
                 "--checkpoint", str(mine), *BIG)  # fmt: skip
    assert run.returncode == 2 and "holds files (notes.txt, values.npy) but no checkpoint" in (
        run.stderr
    )
    assert (mine / "values.npy").read_bytes() == before and (mine / "notes.txt").exists()


def test_a_damaged_values_header_is_refused(tmp_path: Path) -> None:
    ck = tmp_path / "ck"
    long_sequence(game(GAME), 2**15, tmp_path / "v.npy", Limits(max_states=10**12), checkpoint=ck)
    data = bytearray((ck / "values.npy").read_bytes())
    data[10] = ord("z")  # '{' of the header's dict: numpy's tokenizer fails
    (ck / "values.npy").write_bytes(bytes(data))
    run = nimlab("sequence", GAME, "--to", str(2**15), "--out", str(tmp_path / "v.npy"),
                 "--checkpoint", str(ck), *BIG)  # fmt: skip
    assert run.returncode == 2 and "cannot read values.npy" in run.stderr
    assert "Traceback" not in run.stderr


def test_a_short_values_file_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    from nimlab.errors import InvalidOption
    from nimlab.solve.long_run import Checkpoint

    ck = tmp_path / "ck"
    long_sequence(game(GAME), 2**15, tmp_path / "v.npy", Limits(max_states=10**12), checkpoint=ck)
    short = (ck / "values.npy").read_bytes()[:1000]
    (ck / "values.npy").write_bytes(short)
    with pytest.raises(InvalidOption, match=r"cannot read values\.npy"):
        Checkpoint(ck, GAME, 2**15).load()
    assert (ck / "values.npy").read_bytes() == short  # mapped to write, it was lengthened


def test_a_negative_count_with_out_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    run = nimlab("sequence", GAME, "--to", "-5", "--out", str(tmp_path / "x.npy"))
    assert run.returncode == 2 and "--to must be an integer ≥ 0" in run.stderr
    assert list(tmp_path.iterdir()) == []


def test_no_room_for_the_values_is_a_message_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a sparse memory map on a full disk ended the process with SIGBUS (exit 135)
    import errno

    from nimlab.errors import InvalidOption

    def full(fd: int, offset: int, length: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "posix_fallocate", full)
    for checkpoint in (None, tmp_path / "ck"):
        with pytest.raises(InvalidOption, match=r"cannot reserve 65,536 bytes .* \(No space left"):
            long_sequence(game(GAME), 2**15, tmp_path / "v.npy", Limits(max_states=10**12),
                          checkpoint=checkpoint)  # fmt: skip
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ck"]
    assert sorted(p.name for p in (tmp_path / "ck").iterdir()) == ["lock"]


@pytest.mark.parametrize("seconds", ["５", "-inf", "1,5", "1e400"])
def test_max_seconds_are_written_in_ascii(tmp_path: Path, seconds: str) -> None:
    # found by the audit of 2026-11-27: float() read "５" as 5, unlike every other option
    r = nimlab("sequence", GAME, "--to", "100", "--out", str(tmp_path / "v.npy"),
               "--checkpoint", str(tmp_path / "ck"), f"--max-seconds={seconds}")  # fmt: skip
    assert r.returncode == 2 and "is not a number of seconds such as 60 or 2.5" in r.stderr


def test_a_checkpoint_record_that_cannot_be_written_is_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by the audit of 2026-11-27: an OSError said "cannot write standard output"
    import errno

    from nimlab.errors import InvalidOption
    from nimlab.solve import long_run

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(long_run, "_write_atomic", full)
    with pytest.raises(InvalidOption, match=r"cannot write its record \(No space left"):
        long_sequence(game(GAME), 2**15, tmp_path / "v.npy", Limits(max_states=10**12),
                      checkpoint=tmp_path / "ck")  # fmt: skip


def test_a_checkpoint_whose_first_record_fails_leaves_no_stranger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by the review: the values file stayed without a record, and the same command
    # was then refused ("holds files but no checkpoint")
    import errno

    from nimlab.errors import InvalidOption
    from nimlab.solve import long_run

    real = long_run._write_atomic

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(long_run, "_write_atomic", full)
    with pytest.raises(InvalidOption, match="cannot write its record"):
        _small_checkpointed_run(tmp_path)
    assert sorted(p.name for p in (tmp_path / "ck").iterdir()) == ["lock"]
    monkeypatch.setattr(long_run, "_write_atomic", real)
    assert _small_checkpointed_run(tmp_path).complete


def _small_checkpointed_run(tmp_path: Path) -> Any:
    """2^15 values of the game into tmp_path/v.npy, checkpointed in tmp_path/ck."""
    return long_sequence(game(GAME), 2**15, tmp_path / "v.npy", Limits(max_states=10**12),
                         checkpoint=tmp_path / "ck")  # fmt: skip


def test_two_runs_to_one_out_do_not_share_a_temporary_file(tmp_path: Path) -> None:
    # found by the review: the second run truncated the first's temporary file (SIGBUS)
    out = tmp_path / "v.npy"
    command = [sys.executable, "-m", "nimlab", "sequence", GAME, "--to", str(COUNT),
               "--out", str(out), *BIG]  # fmt: skip
    runs = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            for _ in range(2)]  # fmt: skip
    codes = [r.wait(600) for r in runs]
    assert codes == [0, 0], [r.stderr.read() for r in runs if r.stderr]  # type: ignore[union-attr]
    assert list(tmp_path.iterdir()) == [out]


def test_a_checkpoint_serves_a_smaller_to_with_the_values_of_a_run_to_it(
    tmp_path: Path,
) -> None:
    _, ck, _ = _checkpoint(tmp_path)  # 0.6 to 2^16, complete
    record = (ck / "state.json").read_text()
    short = tmp_path / "short.npy"
    r = nimlab("sequence", GAME, "--to", "5000", "--out", str(short), "--checkpoint", str(ck),
               "--json", *BIG)  # fmt: skip
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert result["complete"] and result["done"] == 5000 and result["resumed_from"] == 5000
    plain = tmp_path / "plain.npy"
    long_sequence(game(GAME), 5000, plain, Limits(max_states=10**12))
    assert short.read_bytes() == plain.read_bytes()
    assert (ck / "state.json").read_text() == record  # the checkpoint still reaches 2^16


def test_a_checkpoint_grows_for_a_larger_to_and_ends_as_a_run_to_it(
    tmp_path: Path, reference: bytes
) -> None:
    out, ck, _ = _checkpoint(tmp_path)  # to 2^16; the reference goes to 2^19
    r = nimlab("sequence", GAME, "--to", str(COUNT), "--out", str(out), "--checkpoint", str(ck),
               "--json", *BIG)  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["resumed_from"] == 2**16
    assert out.read_bytes() == reference
    record = json.loads((ck / "state.json").read_text())
    assert record["to"] == record["done"] == COUNT
    assert sorted(p.name for p in ck.iterdir()) == ["lock", "state.json", "values.npy"]


def test_a_growth_cut_before_its_record_is_read_on(tmp_path: Path) -> None:
    from numpy.lib.format import open_memmap

    from nimlab.solve.long_run import Checkpoint

    _, ck, _ = _checkpoint(tmp_path)
    old = np.load(ck / "values.npy")
    longer = open_memmap(ck / "values.npy", mode="w+", dtype=old.dtype, shape=(2**17,))
    longer[: len(old)] = old  # the file replaced, the record not yet written
    longer.flush()
    del longer
    values, done = Checkpoint(ck, GAME, 2**16).load() or (None, -1)
    assert done == 2**16 and values is not None and len(values) == 2**17


def test_a_widened_checkpoint_gives_16_bit_values_where_a_run_would() -> None:
    from nimlab.solve.long_run import _first

    wide = np.array([3, 65535, 65536], dtype=np.uint32)
    assert _first(wide, 2).dtype == np.uint16 and _first(wide, 2).tolist() == [3, 65535]
    assert _first(wide, 3).dtype == np.uint32  # the whole file: as the run wrote it


def test_a_run_cut_just_after_widening_to_32_bits_is_read_on(tmp_path: Path) -> None:
    """The values file became 32-bit before the record said so: a kill -9 in between left a
    checkpoint refused as damaged (review). Its 16-bit digests are checked on the values
    read back in 16 bits, and the run goes on to the bytes of an uninterrupted one."""
    from numpy.lib.format import open_memmap

    out, ck, args = _checkpoint(tmp_path)
    reference = out.read_bytes()
    narrow = np.load(ck / "values.npy")
    wide = open_memmap(ck / "values.npy", mode="w+", dtype=np.uint32, shape=narrow.shape)
    wide[:] = narrow
    wide.flush()
    del wide
    (ck / "values.grow.npy").write_bytes(b"left by a growth cut short")
    out.unlink()
    r = nimlab(*args)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == reference  # 16-bit, as a run that never needed 32 bits
    assert not (ck / "values.grow.npy").exists()
    damaged = np.load(ck / "values.npy", mmap_mode="r+")
    damaged[7] += 1
    damaged.flush()
    del damaged
    assert nimlab(*args).returncode == 2


def test_a_checkpoint_cut_while_it_was_created_is_begun_again(
    tmp_path: Path, reference: bytes
) -> None:
    # found by the long-run audit: Ctrl-C or kill -9 in the ~10 ms while a checkpoint's
    # values file was made (1 GB reserved at 2^29) left values.npy without a record, and
    # the same command was refused for good ("holds files but no checkpoint")
    ck = tmp_path / "ck"
    ck.mkdir()
    for name, data in [("lock", b""), ("creating", b""), ("values.npy", b"\x93NUMPY half"),
                       ("state.json.tmp", b'{"format": 1, "ga')]:  # fmt: skip
        (ck / name).write_bytes(data)
    run = long_sequence(game(GAME), COUNT, tmp_path / "v.npy", Limits(max_states=10**12),
                        checkpoint=ck)  # fmt: skip
    assert run.complete and (tmp_path / "v.npy").read_bytes() == reference
    assert sorted(p.name for p in ck.iterdir()) == ["lock", "state.json", "values.npy"]


def test_ctrl_c_while_the_values_space_is_reserved_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nimlab.solve import long_run

    real = long_run._mapped

    def interrupted(path: Path, dtype: Any, count: int) -> Any:
        path.write_bytes(b"\x93NUMPY")  # open_memmap has begun the file
        raise KeyboardInterrupt

    monkeypatch.setattr(long_run, "_mapped", interrupted)
    with pytest.raises(KeyboardInterrupt):
        _small_checkpointed_run(tmp_path)
    assert sorted(p.name for p in (tmp_path / "ck").iterdir()) == ["lock"]
    monkeypatch.setattr(long_run, "_mapped", real)
    assert _small_checkpointed_run(tmp_path).complete


def test_the_temporary_files_of_killed_runs_are_removed(tmp_path: Path) -> None:
    # found by the long-run audit: kill -9 without --checkpoint left OUT.PID.partial.npy,
    # its space reserved (2 bytes a value), and nothing ever removed it
    out = tmp_path / "v.npy"
    gone, alive = (
        out.with_name("v.npy.4194305.partial.npy"),
        out.with_name(f"v.npy.{os.getppid()}.partial.npy"),
    )
    for path in (gone, alive, out.with_name("v.npy.4194305.tmp.npy")):
        path.write_bytes(b"\0" * 4096)
    run = long_sequence(game(GAME), 2**15, out, Limits(max_states=10**12))
    assert run.complete
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([out.name, alive.name])


@pytest.mark.parametrize(
    ("spec", "checkpoint"), [(GAME, True), ("subtraction:2,4,7", False), (GAME, False)]
)
def test_every_run_to_an_out_removes_what_killed_runs_left_there(
    tmp_path: Path, spec: str, checkpoint: bool
) -> None:
    # found by the audit of 2026-11-28: a run killed while it wrote --out left
    # OUT.PID.tmp.npy (up to the whole output) that only runs without a checkpoint
    # of a splitting game ever removed
    out = tmp_path / "v.npy"
    orphans = [out.with_name(f"v.npy.4194305.{kind}.npy") for kind in ("tmp", "partial")]
    for path in orphans:
        path.write_bytes(b"\0" * 4096)
    ck = tmp_path / "ck" if checkpoint else None
    run = long_sequence(game(spec), 2**12, out, Limits(max_states=10**12), checkpoint=ck)
    assert run.complete and not any(path.exists() for path in orphans)


def test_a_full_disk_is_named_when_the_values_are_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by the audit of 2026-11-28: numpy's short write on a full disk names no
    # reason, and --out said "cannot write the values (OSError)"
    import errno

    from nimlab.errors import InvalidOption

    def full(fd: int, offset: int, length: int) -> None:
        if length > 2**12:  # the checkpoint's reservation passes, the --out one does not
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "posix_fallocate", full)
    with pytest.raises(InvalidOption, match=r"cannot write the values \(No space left"):
        long_sequence(game("subtraction:2,4,7"), 2**13, tmp_path / "v.npy", Limits())
    assert list(tmp_path.iterdir()) == []


def test_a_missing_values_file_is_named_with_how_to_start_again(tmp_path: Path) -> None:
    # found by the long-run audit: "checkpoint …/state.json is damaged: cannot read
    # values.npy (FileNotFoundError…)" blamed the record for the missing values
    from nimlab.errors import InvalidOption

    ck = tmp_path / "ck"
    long_sequence(game(GAME), 2**15, tmp_path / "v.npy", Limits(max_states=10**12),
                  checkpoint=ck)  # fmt: skip
    (ck / "values.npy").unlink()
    with pytest.raises(InvalidOption) as refused:
        long_sequence(game(GAME), 2**15, tmp_path / "v.npy", Limits(max_states=10**12),
                      checkpoint=ck)  # fmt: skip
    said = str(refused.value)
    assert "values.npy is missing" in said and f"delete {ck} to start again" in said
    assert "state.json" not in said


def test_a_long_legal_out_name_is_written(tmp_path: Path) -> None:
    """``--out`` of 250 characters was refused, "File name too long": its temporary files
    added ``.PID.partial.npy`` to the whole name (files audit)."""
    out = tmp_path / ("v" * 250 + ".npy")
    r = nimlab("sequence", GAME, "--to", "100", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert np.load(out).tolist() == [int(v) for v in lab.grundy_sequence(game(GAME), 100)]
    assert [p.name for p in tmp_path.iterdir()] == [out.name]  # no temporary file left


def test_no_values_written_are_not_told_as_g_of_0_to_minus_1(tmp_path: Path) -> None:
    """``--to 0 --out`` said "G(0..-1) written" (files audit)."""
    r = nimlab("sequence", GAME, "--to", "0", "--out", str(tmp_path / "z.npy"))
    assert r.returncode == 0 and "G(0..-1)" not in r.stdout
    assert "no values (--to 0), an empty array written to" in r.stdout
    assert np.load(tmp_path / "z.npy").tolist() == []


def test_a_write_refused_for_its_rights_is_not_told_to_make_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A permission error writing ``--out`` said "make room" (files audit)."""
    import errno

    from nimlab.errors import InvalidOption
    from nimlab.solve import long_run

    def refuse(*args: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(long_run.os, "replace", refuse)
    with pytest.raises(InvalidOption, match="make it writable and run") as refused:
        long_run._save_npy(tmp_path / "v.npy", np.zeros(3, dtype=np.uint16))
    assert "make room" not in str(refused.value)
    assert "書き込めるようにして同じ" in refused.value.render({}, "ja")


def test_a_checkpoint_link_to_nothing_or_a_folder_of_other_files_is_left_as_it_was(
    tmp_path: Path,
) -> None:
    """A dangling link at ``--checkpoint`` was "cannot write ck: File exists"; a folder of
    other files was refused with a ``lock`` file made in it (files audit)."""
    out = str(tmp_path / "v.npy")
    (tmp_path / "ck").symlink_to(tmp_path / "nowhere")
    r = nimlab("sequence", GAME, "--to", "100", "--out", out, "--checkpoint", str(tmp_path / "ck"))
    assert r.returncode == 2 and "is not a directory (a file, or a link to nothing)" in r.stderr
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine\n")
    r = nimlab("sequence", GAME, "--to", "100", "--out", out, "--checkpoint", str(other))
    assert r.returncode == 2 and "holds files (notes.txt)" in r.stderr
    assert [p.name for p in other.iterdir()] == ["notes.txt"]


def test_ctrl_c_before_an_uncheckpointed_run_begins_leaves_no_partial_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the signals audit: a Ctrl-C in the second numba's import takes, after the
    temporary file was made and before the run's own cleanup began, left
    ``v.npy.PID.partial.npy`` (7 tries in 10 between 0.7 and 1.05 s)."""
    from nimlab.solve import long_run

    def interrupted(*args: Any) -> Any:
        raise KeyboardInterrupt  # as the import of the kernels in _compute

    monkeypatch.setattr(long_run, "_compute", interrupted)
    with pytest.raises(KeyboardInterrupt):
        long_sequence(game(GAME), 2**15, tmp_path / "v.npy", Limits(max_states=10**12))
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_while_the_values_are_written_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the signals audit: ``_save_npy`` removed its ``OUT.PID.tmp.npy`` on an
    OSError only; a Ctrl-C during the write left 200 MB (5 tries in 8)."""
    from nimlab.solve import long_run

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(np, "save", interrupted)
    with pytest.raises(KeyboardInterrupt):
        long_run._save_npy(tmp_path / "v.npy", np.arange(10, dtype=np.uint16))
    assert list(tmp_path.iterdir()) == []
