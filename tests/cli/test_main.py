"""The command-line contract, through a real subprocess: JSON shapes, exit codes, messages."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from contract import ANALYSIS_KEYS


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nimlab", *args], capture_output=True, text=True, timeout=120
    )


def test_analyze_json_shape_one_object_per_line() -> None:
    r = run("analyze", "nim", "3,4,5", "1,2,3", "--json")
    assert r.returncode == 0, r.stderr
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [d["position"] for d in lines] == ["3,4,5", "1,2,3"]
    first = lines[0]
    assert list(first) == ANALYSIS_KEYS
    assert first["winning_moves"] == [{"to": "1,4,5", "move": "take 2 from the heap of 3"}]
    assert lines[1]["outcome"] == "P" and lines[1]["winning_moves"] == []


def test_a_misere_analysis_says_so_in_its_json() -> None:
    """``analyze --misere --json`` looked like a normal-play answer read alone ("grundy": 1
    for nim 1,1, which is P in normal play); sequence, period, table and ppositions said
    "misere": true already."""
    r = run("analyze", "nim", "1,1", "--misere", "--json")
    answer = json.loads(r.stdout)
    assert list(answer) == [*ANALYSIS_KEYS, "misere"] and answer["misere"] is True
    assert answer["outcome"] == "N" and answer["grundy"] == 1


def test_analyze_text() -> None:
    r = run("analyze", "split-delete-nim:single", "6,5")
    assert r.returncode == 0
    assert "split-delete-nim:single  5,6" in r.stdout and "→" in r.stdout


def test_take_away_positions_print_as_n_over_m() -> None:
    out = json.loads(run("analyze", "fibonacci-nim", "1", "--json").stdout)
    assert (out["game"], out["position"], out["outcome"]) == ("take-away:2", "1/0", "P")


def test_sequence_period_table_ppositions_games_json() -> None:
    seq = json.loads(run("sequence", "subtraction:2,4,7", "--to", "11", "--json").stdout)
    assert seq == {"game": "subtraction:2,4,7", "values": [0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2]}
    per = json.loads(run("period", "subtraction:2,4,7", "--json").stdout)
    assert {k: per[k] for k in ("game", "preperiod", "period", "saltus", "proven")} == {
        "game": "subtraction:2,4,7",
        "preperiod": 8,
        "period": 3,
        "saltus": 0,
        "proven": True,
    }
    assert per["checked_to"] >= 8 + 3 + 7
    table = json.loads(run("table", "delete-nim:single", "--size", "3", "--json").stdout)
    assert table == {
        "game": "delete-nim:single",
        "origin": 1,
        "rows": [[0, 1, 0], [1, 1, 2], [0, 2, 0]],
    }
    pp = json.loads(run("ppositions", "wythoff", "--heaps", "2", "--max", "7", "--json").stdout)
    assert pp == {
        "game": "wythoff",
        "heaps": 2,
        "max": 7,
        "positions": [[0, 0], [1, 2], [3, 5], [4, 7]],
    }
    games = json.loads(run("games", "--json").stdout)["games"]
    assert {g["name"] for g in games} >= {"nim", "octal", "delete-nim"}
    kayles = next(g for g in games if g["name"] == "octal")
    assert kayles["aliases"] == {"kayles": "octal:0.77", "dawson-kayles": "octal:0.07"}


def test_human_outputs() -> None:
    assert "proven by the max(S)-window" in run("period", "subtraction:2,4,7").stdout
    assert "0: 0 0 1 1 2 2 0 3" in run("sequence", "subtraction:2,4,7", "--to", "8").stdout
    assert "╲" in run("table", "nim", "--size", "3").stdout
    out = run("ppositions", "split-delete-nim:single", "--heaps", "2", "--max", "5").stdout
    assert "4 P-positions with 2 heaps, every heap ≤ 5" in out
    assert "kayles = octal:0.77" in run("games").stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyze", "nimm", "3"], "did you mean 'nim'"),
        (["analyze", "subtraction:", "3"], "non-empty set"),
        (["analyze", "subtraction:0,2", "3"], "not a positive integer"),
        (["analyze", "subtraction:-1", "3"], "not a positive integer"),
        (["analyze", "octal:0.8", "3"], "malformed octal code"),
        (["analyze", "take-away:0", "3"], "C ≥ 1"),
        (["analyze", "nim", "-1,2"], "not a non-negative integer"),
        (["analyze", "nim", "2.5"], "not a non-negative integer"),
        (["analyze", "wythoff", "1,2,3"], "exactly 2 heaps"),
        (["analyze", "split-delete-nim:half", "1,2,3"], "even number of heaps"),
        (["analyze", "delete-nim:half", "2,3,4"], "even number of heaps"),
        (["analyze", "delete-nim:single", "3"], "at least 2 heaps"),
        (["analyze", "split-delete-nim:single", "0,3"], "at least 1 stone"),
        (["analyze", "take-away:2", "5/-1"], "must be ≥ 0"),
        (["analyze", "nim + nim", "3"], "2 components but the position has 1"),
        (["sequence", "wythoff", "--to", "5"], "applies to heap games"),
        (["sequence", "nim", "--to", "-3"], "integer ≥ 0"),
        (["sequence", "nim", "--to", "x"], "not an integer"),
        (["table", "nim", "--size", "0"], "integer ≥ 1"),
        (["table", "take-away:1", "--size", "3"], "heaps"),
        (["ppositions", "wythoff", "--heaps", "3", "--max", "4"], "exactly 2 heaps"),
        (["period", "wythoff"], "applies to heap games"),
        (["analyze", "nim"], "required"),
        (["frobnicate"], "invalid choice"),
        (["analyze", "nim", "3", "--max-states", "0"], "positive integer"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    r = run(*args)
    assert r.returncode == 2, (args, r.stderr)
    assert message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    j = run(*args, "--json")
    assert j.returncode == 2
    error = json.loads(j.stdout)["error"]
    assert message in error["message"] and error["kind"]


@pytest.mark.parametrize(
    "args",
    [
        ["analyze", "grundy-game", "300,500", "--max-states", "1000"],  # no theorem applies
        ["sequence", "nim", "--to", "99999999999"],
        ["table", "wythoff", "--size", "100000"],
        ["ppositions", "delete-nim:single", "--heaps", "6", "--max", "300"],
    ],
)
def test_over_the_limit_exits_3_naming_the_option(args: list[str]) -> None:
    r = run(*args)
    assert r.returncode == 3 and "--max-states" in r.stderr and "Traceback" not in r.stderr
    assert json.loads(run(*args, "--json").stdout)["error"]["kind"] == "too_large"


@pytest.mark.parametrize(
    "command", ["games", "analyze", "sequence", "period", "table", "ppositions", "tour"]
)
def test_every_command_has_help_with_examples(command: str) -> None:
    r = run(command, "--help")
    assert r.returncode == 0 and "examples:" in r.stdout and f"nimlab {command}" in r.stdout


def test_no_command_prints_help() -> None:
    r = run()
    assert r.returncode == 2 and "COMMAND" in r.stdout


def test_sequence_from_reads_far_heaps_off_a_proven_period() -> None:
    args = ["sequence", "subtraction:2,4,7", "--from", str(10**18), "--to", str(10**18 + 6)]
    out = json.loads(run(*args, "--json").stdout)
    assert out["values"] == [2, 1, 0, 2, 1, 0]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["sequence", "kayles", "--to", "5", "--max-memory", "0"], 2, "positive integer"),
        (["analyze", "nim", "3,4", "--remoteness-states", "0"], 2, "--remoteness-states"),
        (["analyze", "nim", "3,4", "--max-states", "0"], 2, "--max-states"),
        (["sequence", "kayles", "--to", "5", "--max-memory", "lots"], 2, "4G, 512M"),
        (["sequence", "kayles", "--from", "9", "--to", "5"], 2, "--from"),
        (["sequence", "kayles", "--from", "-1", "--to", "5"], 2, "--from"),
        (
            ["sequence", "subtraction:3,5,8", "--to", "400000000", "--max-states", "10" + "0" * 10],
            3,
            "--max-memory",
        ),
        (["sequence", "subtraction:1,2", "--to", "1" + "0" * 30], 3, "--max-states"),
        (
            ["table", "wythoff", "--size", "30000", "--max-states", "10" + "0" * 12],
            3,
            "--max-memory",
        ),
    ],
)
def test_absurd_sizes_are_refused_up_front(args: list[str], code: int, message: str) -> None:
    r = run(*args, "--max-memory", "300M") if "--max-memory" not in args else run(*args)
    assert r.returncode == code, r.stderr
    assert message in r.stderr and "Traceback" not in r.stderr


SEARCH = ("sequence", "kayles", "--to", "24", "--misere")  # a search of some 10^5 states


def test_off_a_terminal_long_work_logs_plain_progress_lines() -> None:
    import os

    def with_env(**env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "nimlab", *SEARCH],
            capture_output=True,
            text=True,
            timeout=120,
            env=dict(os.environ, **env),
        )

    logged, quiet = with_env(NIMLAB_PROGRESS_SECONDS="0"), with_env()
    assert logged.returncode == quiet.returncode == 0, logged.stderr
    lines = logged.stderr.splitlines()
    assert lines and all(
        line.startswith("working: ") and " of at most 5,000,000 states (" in line for line in lines
    )
    assert quiet.stderr == "" and logged.stdout == quiet.stdout  # the default: a line a minute


def test_on_a_terminal_the_work_meter_is_wiped_before_the_answer() -> None:
    import os

    import pexpect

    child = pexpect.spawn(
        sys.executable,
        # about 5 s of misère search here: well past the meter's 2 s on a faster machine too
        [
            "-m",
            "nimlab",
            "sequence",
            "kayles",
            "--to",
            "46",
            "--misere",
            "--max-states",
            "100000000",
        ],
        encoding="utf-8",
        timeout=120,
        env={k: v for k, v in os.environ.items() if k != "NIMLAB_LANG"} | {"TERM": "xterm"},
    )
    child.expect(r"working: [0-9,]+ of at most 100,000,000 states")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    screen = str(child.before)
    answer = screen[screen.index("octal:0.77: ") :]
    assert screen[: screen.index("octal:0.77: ")].endswith("\r\x1b[K")  # the line wiped first
    assert "working" not in answer and answer.splitlines()[1].startswith(" 0:  1  0  2  3")


def test_main_in_process_gives_back_the_callers_watcher() -> None:
    import io

    from nimlab.cli.main import main
    from nimlab.limits import watch_work

    def mine(budget: object) -> None:
        pass

    previous = watch_work(mine)
    try:
        assert main(["sequence", "kayles", "--to", "30"], io.StringIO()) == 0
        assert watch_work(previous) is mine
    finally:
        watch_work(previous)


def test_a_long_sequence_is_written_in_stretches_within_the_memory_limit() -> None:
    """10^6 values as Python ints would weigh 40 MB, over a 16 MB limit; written from the
    array in stretches they need 1 MB (the --help example of 10^8 values needed 4 GB)."""
    args = ("sequence", "subtraction:3,5,8", "--to", "1000000", "--max-memory", "16M")
    text = run(*args)
    assert text.returncode == 0, text.stderr
    rows = text.stdout.splitlines()
    assert len(rows) == 1 + 50_000 and rows[-1].startswith("999980: 1 1 1 2 2 2 3 3 0")
    data = run(*args, "--json")
    assert data.returncode == 0, data.stderr
    values = json.loads(data.stdout)["values"]
    assert len(values) == 1_000_000 and values[:12] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 0]


def test_misere_tables_and_p_positions_say_so_in_their_json() -> None:
    """``sequence`` and ``period`` wrote ``"misere": true``; a misère table or list of
    P-positions read alone looked like normal play (docs audit)."""
    for args in (
        ("table", "wythoff", "--size", "3"),
        ("table", "nim", "--size", "3", "--origin", "1"),
        ("ppositions", "nim", "--heaps", "2", "--max", "3"),
        ("ppositions", "nim", "--heaps", "3", "--max", "3", "--layout", "matrix"),
    ):
        normal = json.loads(run(*args, "--json").stdout)
        misere = json.loads(run(*args, "--misere", "--json").stdout)
        assert "misere" not in normal and misere["misere"] is True, args


@pytest.mark.parametrize("name", ["NIMLAB_PROGRESS_SECONDS", "NIMLAB_CHECKPOINT_SECONDS"])
def test_a_malformed_seconds_variable_is_said_not_a_traceback(name: str) -> None:
    # found by the long-run audit: NIMLAB_PROGRESS_SECONDS=abc crashed every command, even
    # --help, with ValueError at import
    import os

    env = dict(os.environ, **{name: "abc"})
    script = (
        "import nimlab.solve.long_run; from nimlab.cli.main import main; "
        "raise SystemExit(main(['analyze', 'nim', '3,4']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert f"{name} must be a number of seconds ≥ 0, got 'abc'" in done.stderr
    assert "outcome" in done.stdout


def test_an_empty_range_of_values_says_so() -> None:
    """Found by the audit: ``sequence kayles --to 0`` printed "n = 0..-1" and an empty line."""
    done = run("sequence", "kayles", "--to", "5", "--from", "5")
    assert done.returncode == 0
    assert done.stdout == (
        "octal:0.77: no Grundy values G(n) of single heaps of n (--from 5 is not below --to 5)\n"
    )
    assert "-1" not in run("sequence", "kayles", "--to", "0", "--misere").stdout


def test_ctrl_c_inside_a_compiled_call_is_an_interrupt_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by the sweep audit of 2026-11-28: Ctrl-C on `sweep --workers 1` inside a numba
    # kernel ended in "SystemError: CPUDispatcher(...) returned a result with an exception
    # set", a traceback and exit 1
    from nimlab.cli import commands
    from nimlab.cli.main import main

    def interrupted(*args: object) -> int:
        raise SystemError("CPUDispatcher returned a result with an exception set") from (
            KeyboardInterrupt()
        )

    monkeypatch.setattr(commands, "analyze", interrupted)
    assert main(["analyze", "nim", "3"]) == 130
    assert capsys.readouterr().err.strip() == "nimlab: interrupted"
    monkeypatch.setattr(commands, "analyze", lambda *args: (_ for _ in ()).throw(SystemError()))
    with pytest.raises(SystemError):  # a SystemError of another cause stays a bug
        main(["analyze", "nim", "3"])
