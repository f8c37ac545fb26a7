"""Hostile input found by issue 12 and the fuzz test: one line on stderr, exit 2 or 3, no traceback.

Each case failed on the main of issue 12 (a traceback, a hang or gigabytes of memory).
"""

from __future__ import annotations

import io
import json
import os
import resource
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from nimlab.cli.main import main

HUGE = str(10**30)


def capped(*args: str) -> subprocess.CompletedProcess[str]:
    """One call in a subprocess whose address space is capped at 3 GiB (main took 18 GB)."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (3 * 1024**3, 3 * 1024**3))

    return subprocess.run(
        [sys.executable, "-m", "nimlab", *args],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=cap,
    )


def cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), out)
    return code, out.getvalue()


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (("ppositions", "nim", "--heaps", "1000", "--max", "2"), 3, "--max-states"),
        (("ppositions", "kayles", "--heaps", "2", "--max", "100000"), 3, "--max-states"),
        (
            ("ppositions", "kayles", "--heaps", "2", "--max", "100000", "--max-states", HUGE[:12]),
            3,
            "--max-memory",
        ),
        (
            ("ppositions", "nim", "--heaps", "100000", "--max", "1", "--max-memory", "64M"),
            3,
            "--max-memory",
        ),
        (("verify", "wythoff-beatty", "--max", "1000000000"), 3, "--max-states"),
        (("verify", "--max", HUGE), 3, "--max-states"),
        (("verify", "--max", "²"), 2, "integer ≥ 1"),
        (("sequence", "subtraction:18446744073709551616", "--to", "10"), 2, "2^63 - 1"),
        (("table", "nim", "--size", "3", "--origin", "１"), 2, "not an integer"),
        (("play", "nim", "3", "--seed", "３"), 2, "not an integer"),
    ],
)
def test_refused_with_one_line(args: tuple[str, ...], code: int, said: str) -> None:
    done = capped(*args)
    assert done.returncode == code, done.stderr
    assert said in done.stderr and done.stderr.count("\n") == 1


def test_a_thousand_heaps_of_nim_are_answered() -> None:
    code, out = cli("ppositions", "nim", "--heaps", "1000", "--max", "1")
    assert code == 0 and out.count("\n") == 1 + 501  # an even number of ones


@pytest.mark.parametrize(
    "extra",
    [
        ("--batch-size", HUGE),
        ("--workers", HUGE),
        ("--workers", str(4 * (os.cpu_count() or 1) + 1)),
        ("--dask-local", str(4 * (os.cpu_count() or 1) + 1)),
        ("--dask-local", "0"),
        ("--scheduler", "tcp://"),
        ("--scheduler", "tcp://host:99999"),
        ("--digits", "３"),
    ],
)
def test_sweep_options_bounded(
    extra: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "x.sqlite"
    args = ("sweep", "octal", "--db", str(db), *extra)
    if "--digits" not in extra:
        args = (*args, "--digits", "1")
    assert cli(*args)[0] == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not db.exists()  # refused before the database is made


@pytest.mark.parametrize("option", ["--limit", "--size", "--top", "--period"])
def test_results_options_bounded(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli("results", "--db", str(tmp_path / "x.sqlite"), option, HUGE)[0] == 2
    assert "is not an integer" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["-3", "abc", "1.5"])
def test_research_counts_name_their_range(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # left from note 30: the range text advertised negative values for --limit; then it
    # advertised 0, which was refused later as "--limit must be ≥ 1" (fuzz)
    assert cli("results", "--db", str(tmp_path / "x.sqlite"), "--limit", value)[0] == 2
    assert "is not an integer from 1 to 9223372036854775807" in capsys.readouterr().err
    assert (
        cli("--lang", "ja", "results", "--db", str(tmp_path / "x.sqlite"), "--limit", value)[0] == 2
    )
    assert "1 から 9223372036854775807 までの整数ではありません" in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--workers", "--dask-local", "--batch-size", "--max-tasks"])
def test_a_sweeps_counts_of_at_least_one_say_so_for_every_value_refused(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--workers -1`` was "not an integer from 0 to 2^63 − 1", ``--workers 0`` then "must be
    1 to 8": the two refusals disagreed on the range (fuzz)."""
    base = ("sweep", "subtraction", "--max-element", "3", "--db", str(tmp_path / "x.sqlite"))
    for value in ("-1", "0"):
        assert cli(*base, option, value)[0] == 2
        err = capsys.readouterr().err
        assert "from 1 to" in err or "must be 1 to" in err, (option, value, err)
        assert "from 0" not in err
    assert not (tmp_path / "x.sqlite").exists()


def test_a_limit_copied_from_a_refusal_is_taken_as_it_reads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # a refusal prints "over the limit of 5,000,000; raise the limit with --max-states":
    # the count as printed, 1e9 and 1_000_000 were "not an integer"
    code, _ = cli("sequence", "octal:0.6", "--to", "6000000")
    assert code == 3 and "5,000,000" in capsys.readouterr().err
    for spelled in ("6,000,000", "6e6", "6_000_000", "0.6e7"):
        code, out = cli("sequence", "kayles", "--to", "1e1", "--max-states", spelled, "--json")
        assert code == 0 and json.loads(out)["values"] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]
    assert cli("sequence", "kayles", "--to", "1e400")[0] == 2
    assert "1e400... has more than 100 digits" in capsys.readouterr().err
    for wrong in ("6,00", "1.5e0", "1e-3", "6,000.5", "1__0"):
        assert cli("sequence", "kayles", "--to", wrong)[0] == 2
        assert f"'{wrong}' is not an integer" in capsys.readouterr().err


def test_a_huge_input_is_not_echoed_whole(capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the CLI audit: a 100 KB game name came back whole on stderr (and in the
    ``--json`` error). Long runs are cut as the web app cuts them, with the command line's
    longer bounds, so paths stay whole."""
    from nimlab.text import CLI_ECHO

    for extra in ([], ["--json"]):
        out = io.StringIO()
        assert main(["analyze", "a" * 100_000, "3", *extra], out) == 2
        said = capsys.readouterr().err
        assert len(said) < 2 * CLI_ECHO and "aaa…" in said
        assert len(out.getvalue()) < 2 * CLI_ECHO


@pytest.mark.parametrize(
    "args",
    [
        ("analyze", "+".join(["nim"] * 750), "3"),
        ("analyze", " + ".join(["kayles"] * 400), "3"),
        ("analyze", "nim", "3, " * 1500 + "x"),
        ("analyze", "nim", "3", "--max-states", "x" * 3000),
        ("table", "subtraction:" + ",".join(map(str, range(1, 900))), "--size", "x" * 500),
    ],
)
def test_a_huge_sum_or_position_is_quoted_by_its_start_and_length(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the CLI fuzz: a sum of 3,000 characters (``nim+nim+...``, its spec
    ``nim + nim + ...`` has spaces, so no run was long) came back whole, and so did a
    position of thousands of characters: an input is shown by its first 60 characters and
    its length, in both languages and in the ``--json`` error."""
    for lang, characters in (("en", "characters)"), ("ja", "文字）")):
        out = io.StringIO()
        assert main([*args, "--lang", lang, "--json"], out) == 2
        said = capsys.readouterr().err
        assert len(said) < 500 and "…" in said and characters in said, said
        message = json.loads(out.getvalue())["error"]["message"]
        assert len(message) < 500 and "characters)" in message, message


@pytest.mark.parametrize(
    ("args", "most"),
    [
        (("genus", "kayles", "--to", "9" * 99), 12),
        (("wtable", "take-away:2", "--to", "9" * 101), 100),
    ],
)
def test_a_number_past_a_digit_cap_is_called_too_long_not_no_integer(
    args: tuple[str, ...], most: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the CLI audit: 10^99 was "not an integer ≥ 0"; it is one, with too many digits."""
    assert main(list(args), io.StringIO()) == 2
    assert f"digits; at most {most} are accepted here" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["games"], ["tour"], ["tablebase"]])
def test_a_bad_limit_is_refused_by_every_command(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the CLI audit: commands that compute nothing accepted ``--max-states -1``."""
    assert main([*command, "--max-states", "-1"], io.StringIO()) == 2
    assert "--max-states" in capsys.readouterr().err


def test_an_empty_db_name_is_said_to_be_empty(capsys: pytest.CaptureFixture[str]) -> None:
    # found by the audit of 2026-11-27: "--db  is a directory"
    assert cli("results", "--db", "")[0] == 2
    assert "--db needs a file name; got an empty one" in capsys.readouterr().err


def test_a_certificate_into_a_pipe_is_written_not_waited_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``period kayles --certificate /dev/stdout | cat`` never returned: the look at what the
    file held read the pipe, waiting for a writer (files audit)."""
    read, write = os.pipe()
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(os.fdopen(read, "rb").read()))
    reader.start()
    try:
        assert cli("period", "kayles", "--certificate", f"/dev/fd/{write}")[0] == 0
    finally:
        os.close(write)
        reader.join(60)
    assert json.loads(got[0])["period"] == 12


def test_a_certificate_never_replaces_a_file_that_is_not_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by the audit of 2026-11-27: `period kayles --certificate notes.txt` replaced it
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    assert cli("period", "kayles", "--certificate", str(notes))[0] == 2
    assert "exists and is not a certificate" in capsys.readouterr().err
    assert notes.read_text() == "my notes\n"
    target = tmp_path / "k.json"
    for _ in range(2):  # a certificate is replaced by the next
        assert cli("period", "kayles", "--certificate", str(target))[0] == 0


def test_an_export_or_a_plot_never_replaces_the_database_it_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``results --db atlas.csv --export atlas.csv`` said "export atlas.csv, rows 28" and the
    database was a CSV file after it; ``--plot --out`` on the database made it a PNG (files
    audit)."""
    for name, extra in (("atlas.csv", ("--export",)), ("atlas.png", ("--plot", "period", "--out"))):
        db = tmp_path / name
        sweep = ("sweep", "subtraction", "--sizes", "2", "--max-element", "6", "--workers", "1")
        assert cli(*sweep, "--quiet", "--db", str(db))[0] == 0
        before = db.read_bytes()
        assert cli("results", "--db", str(db), *extra, str(db))[0] == 2
        assert "is the --db file itself" in capsys.readouterr().err
        assert db.read_bytes() == before
        assert cli("results", "--db", str(db), "--sweeps")[0] == 0


@pytest.mark.parametrize("command", ["wtable take-away:2", "wythoff-table", "genus kayles"])
def test_every_to_takes_a_count_as_the_other_commands_do(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``wtable``, ``wythoff-table`` and ``genus`` refused ``--to 1e1``, ``1_0`` and ``1,0`` as
    "not an integer ≥ 1", where ``table --size`` and ``rare --to`` took them (helper audit)."""
    outputs = []
    for count in ("10", "1e1", "1_0"):
        assert cli(*command.split(), "--to", count)[0] == 0, count
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] == outputs[2]
