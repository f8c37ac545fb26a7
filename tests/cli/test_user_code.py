"""A ``--rules`` function that never returns is stopped: one line, exit 3, never a hang."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nimlab.cli.main import main
from nimlab.rules import forget_rules

RULES = """
import time
import nimlab

def forever(n):
    while True:
        pass

def sleeps(n):
    time.sleep(1000)

def swallows(n):
    while True:
        try:
            while True:
                pass
        except Exception:
            pass

def slow(n):
    time.sleep(0.2)
    return [n - 1] if n else []

loop = nimlab.heap_game(forever, name="loop")
sleep = nimlab.heap_game(sleeps, name="sleep")
stubborn = nimlab.heap_game(swallows, name="stubborn")
slowgame = nimlab.heap_game(slow, name="slowgame")
"""


def run(tmp_path: Path, *args: str, source: str = RULES) -> subprocess.CompletedProcess[str]:
    rules = tmp_path / "games.py"
    rules.write_text(source)
    env = os.environ | {"NIMLAB_RULES_SECONDS": "1"}
    return subprocess.run(
        [sys.executable, "-m", "nimlab", *args, "--rules", str(rules)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


@pytest.mark.parametrize(
    ("name", "lines"), [("loop", {6}), ("sleep", {10}), ("stubborn", {15, 16, 17, 18})]
)
def test_a_call_that_never_returns_is_stopped(tmp_path: Path, name: str, lines: set[int]) -> None:
    # found by the CLI fuzz of 2026-11-27: `analyze` hung for ever on such a function
    r = run(tmp_path, "analyze", name, "5")
    assert r.returncode == 3, r.stderr
    function = {"loop": "forever", "sleep": "sleeps", "stubborn": "swallows"}[name]
    where, line, said = r.stderr.split(":", 3)[1:]  # the line where the code was running
    assert where.strip() == str(tmp_path / "games.py") and int(line) in lines
    assert said == (
        f" the rules' code ({function}) ran 1 s without returning; set NIMLAB_RULES_SECONDS "
        "to give it longer (0: no limit)\n"
    )


def test_a_file_that_loops_while_it_is_loaded_is_stopped(tmp_path: Path) -> None:
    r = run(tmp_path, "analyze", "nim", "5", source="while True:\n    pass\n")
    assert r.returncode == 3 and "ran 1 s without returning" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_many_short_calls_are_not_one_long_one(tmp_path: Path) -> None:
    # ten calls of 0.2 s each: 2 s of the user's code in all, under 1 s each
    r = run(tmp_path, "sequence", "slowgame", "--to", "10")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1].split() == ["0:"] + ["0", "1"] * 5


def test_the_refusal_speaks_json_and_japanese(tmp_path: Path) -> None:
    r = run(tmp_path, "analyze", "loop", "5", "--lang", "ja")
    assert r.returncode == 3 and "ルールのコード（forever）が 1 秒たっても戻りません" in r.stderr


def test_in_process_the_deadline_stops_the_call_and_leaves_no_handler(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import signal

    rules = tmp_path / "games.py"
    rules.write_text(RULES)
    monkeypatch.setenv("NIMLAB_RULES_SECONDS", "0.5")
    before = signal.getsignal(signal.SIGUSR2)
    try:
        assert main(["analyze", "stubborn", "5", "--rules", str(rules)], io.StringIO()) == 3
    finally:
        forget_rules()
    assert "the rules' code (swallows) ran 0.5 s" in capsys.readouterr().err
    assert signal.getsignal(signal.SIGUSR2) == before


def test_whose_code_a_frame_runs() -> None:
    import json

    from nimlab.cli.user_code import NIMLAB_DIR, _place

    assert _place(f"{NIMLAB_DIR}/cli/main.py") == "nimlab"
    assert _place(f"{NIMLAB_DIR}_games.py") == "user"  # a file beside the package, not in it
    assert _place(json.__file__) == "library" and _place("<frozen runpy>") == "library"
    assert _place("/tmp/my_games.py") == "user"


def test_a_thread_the_rules_leave_running_does_not_keep_the_process(tmp_path: Path) -> None:
    # found by the audit of 2026-11-27: the answer was printed, then the process waited
    # for the user's thread for ever
    source = (
        "import threading, time, nimlab\n"
        "threading.Thread(target=lambda: time.sleep(10**6)).start()\n"
        "threaded = nimlab.heap_game(lambda n: [n - 1] if n else [], name='threaded')\n"
    )
    r = run(tmp_path, "analyze", "threaded", "5", source=source)
    assert r.returncode == 0 and "outcome     N" in r.stdout, r.stderr
    assert r.stderr == (
        "nimlab: the rules' code left a thread running; nimlab ends without waiting for it\n"
    )


def test_a_users_exception_is_said_on_one_short_line(tmp_path: Path) -> None:
    source = (
        "import nimlab\n"
        "def f(n):\n"
        "    raise ValueError('boom ' * 100 + '\\nsecond line')\n"
        "boom = nimlab.heap_game(f, name='boom')\n"
        "neg = nimlab.heap_game(lambda n: [-1] if n else [], name='neg')\n"
    )
    r = run(tmp_path, "analyze", "boom", "5", source=source)
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert "failed: ValueError: boom boom" in r.stderr and len(r.stderr) < 320
    r = run(tmp_path, "analyze", "neg", "5", source=source)
    assert r.returncode == 2
    assert (
        "leaves (-1,); every heap left must be smaller than the heap moved in, and hold 0 "
        in r.stderr
    )
