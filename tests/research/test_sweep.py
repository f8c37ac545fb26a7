"""Sweeps: limits, resuming after kill -9 and Ctrl-C with nothing lost or counted twice."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nimlab.errors import InvalidOption, TooLarge
from nimlab.research import query
from nimlab.research.executors import SerialExecutor
from nimlab.research.families import subtraction_family
from nimlab.research.sweep import run_sweep

SWEEP = ["subtraction", "--sizes", "3", "--max-element", "90", "--batch-size", "128"]


def _rows(path: Path) -> list[tuple[object, ...]]:
    return [r[:-2] for r in query.rows(str(path), query.Filter())]


def _batches_done(path: Path) -> int:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as raw:
            return int(raw.execute("SELECT COUNT(*) FROM batches").fetchone()[0])
    except sqlite3.Error:
        return 0


def _children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(c) for c in found.read_text().split()] if found.exists() else []


def _alive(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status")
    try:
        return "State:\tZ" not in status.read_text()
    except OSError:
        return False


def _interrupt(path: Path, sig: int) -> int:
    """Start a sweep in a subprocess, send ``sig`` once a few batches are in; its exit code."""
    command = [sys.executable, "-m", "nimlab", "sweep", *SWEEP, "--db", str(path), "--quiet"]
    command += ["--workers", "2"]  # a local pool: its workers must not outlive the sweep
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while _batches_done(path) < 5 and time.monotonic() < deadline:
        time.sleep(0.005)
    children = _children(process.pid)
    assert len(children) >= 2  # the pool's workers
    process.send_signal(sig)
    process.wait(30)
    deadline = time.monotonic() + 10
    while any(_alive(c) for c in children) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not any(_alive(c) for c in children), "pool workers outlived the sweep"
    done = _batches_done(path)
    total = -(-subtraction_family(sizes=(3,), max_element=90).count() // 128)
    assert 5 <= done < total, "the sweep finished before it could be interrupted"
    return process.returncode


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_an_interrupted_sweep_resumes_with_nothing_lost(tmp_path: Path, sig: int) -> None:
    family = subtraction_family(sizes=(3,), max_element=90)
    whole = tmp_path / "whole.sqlite"
    run_sweep(family, str(whole), SerialExecutor(), batch_size=128, quiet=True)

    cut = tmp_path / "cut.sqlite"
    code = _interrupt(cut, sig)
    assert code == (-signal.SIGKILL if sig == signal.SIGKILL else 130)
    report = run_sweep(family, str(cut), SerialExecutor(), batch_size=128, quiet=True)
    assert report.already_done + report.computed == report.tasks == family.count()
    assert report.already_done >= 5 * 128  # the batches committed before the signal are kept
    assert report.new_results == report.computed  # nothing counted twice
    assert _rows(cut) == _rows(whole)
    again = run_sweep(family, str(cut), SerialExecutor(), quiet=True)
    assert again.computed == 0 and again.already_done == family.count()


def test_too_many_tasks_is_refused(tmp_path: Path) -> None:
    family = subtraction_family(sizes=(3,), max_element=50)
    with pytest.raises(TooLarge, match="--max-tasks"):
        run_sweep(family, str(tmp_path / "x.sqlite"), SerialExecutor(), max_tasks=1000)
    with pytest.raises(InvalidOption, match="--max-tasks must be ≥ 1"):
        run_sweep(family, str(tmp_path / "x.sqlite"), SerialExecutor(), max_tasks=-5)
    assert not (tmp_path / "x.sqlite").exists()


def test_ctrl_c_while_the_kernels_load_stops_the_sweep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Loading them runs in numba's ctypes callbacks, where Ctrl-C was printed ("Exception
    # ignored …") and lost: the sweep ran to its end and exited 0.
    import os

    from nimlab.research import sweep as module

    def loading(family: str) -> None:
        try:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C
            time.sleep(0.05)
        except KeyboardInterrupt:  # what numba's ctypes callbacks do with it
            pass

    monkeypatch.setattr(module, "warm_up", loading)
    path = tmp_path / "r.sqlite"
    with pytest.raises(KeyboardInterrupt):
        run_sweep(subtraction_family(sizes=(2,), max_element=9), str(path), SerialExecutor())
    assert _batches_done(path) == 0
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # restored
