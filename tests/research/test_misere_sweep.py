"""The misère quotient sweep: every octal code's quotient as a results row."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nimlab.misere.quotient import quotient
from nimlab.research.families import octal_misere_family


def _nimlab(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nimlab", *args], capture_output=True, text=True, timeout=300
    )


def test_sweep_rows_are_the_quotients(tmp_path: Path) -> None:
    db = str(tmp_path / "m.db")
    run = _nimlab(
        "sweep", "octal-misere", "--digits", "1", "--max-heap", "10", "--workers", "1",
        "--db", db, "--quiet",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    shown = _nimlab("results", "--db", db, "--family", "octal-misere", "--json", "--limit", "50")
    rows = {r["params"]: r for r in json.loads(shown.stdout)["results"]}
    assert sorted(rows) == [f"0.{d}" for d in range(1, 8)]
    for code, row in rows.items():
        q = quotient(f"octal:{code}", 10)
        assert row["count"] == q.order and row["data"]["order"] == q.order
        assert row["data"]["p_portion"] == list(q.p_portion)
        assert row["data"]["reached"] == 10 and row["data"]["stopped"] is None
        if q.period is None:  # where it stopped changing is only observed
            assert row["data"]["stable_from_status"] == "observed" and row["proven"] == 0
            assert row["period"] is None and row["data"]["period"] is None
        else:  # the images repeat, proven by the game's criterion
            assert row["data"]["stable_from_status"] == "proven" and row["proven"] == 1
            assert (row["preperiod"], row["period"]) == (q.period.preperiod, q.period.period)
            assert row["data"]["period"] == q.period.to_dict()
    proven = sorted(code for code, row in rows.items() if row["proven"])
    assert proven == ["0.1", "0.2", "0.3", "0.5", "0.7"]  # 0.4 and 0.6 need more heaps
    assert rows["0.3"]["count"] == 2  # take one stone: every sum is a parity (order 2)
    # run again: nothing to do
    again = _nimlab(
        "sweep", "octal-misere", "--digits", "1", "--max-heap", "10", "--db", db, "--quiet",
    )  # fmt: skip
    assert again.returncode == 0 and "nothing to do" in again.stdout


def test_a_quotient_that_explodes_stops_at_its_time_and_says_so() -> None:
    from nimlab.limits import Limits
    from nimlab.research.compute import _octal_misere

    row = _octal_misere("0.16", 60, 0.5, Limits())
    data = json.loads(row[11])
    assert data["reached"] < 60 and data["stopped"] == "time (0.5 s)"
    assert data["order"] == quotient("octal:0.16", data["reached"]).order


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--digits", "2", "--max-heap", "5,6"], "takes one --max-heap N"),
        (["--digits", "4", "--max-heap", "5"], "--digits must be 1..3"),
        (["--digits", "2", "--max-heap", "401"], "--max-heap must be 1..400"),
        (["--digits", "2", "--max-heap", "5", "--task-seconds", "0"], "give seconds in (0, 3600]"),
        (["--digits", "2"], "needs --max-heap"),
    ],
)
def test_bad_sweeps_are_refused(tmp_path: Path, args: list[str], message: str) -> None:
    run = _nimlab("sweep", "octal-misere", *args, "--db", str(tmp_path / "x.db"))
    assert run.returncode == 2 and message in run.stderr and "Traceback" not in run.stderr


def test_task_seconds_belongs_to_the_misere_sweep(tmp_path: Path) -> None:
    run = _nimlab(
        "sweep", "octal", "--digits", "1", "--task-seconds", "3", "--db", str(tmp_path / "x.db")
    )
    assert run.returncode == 2 and "--task-seconds is for octal-misere sweeps" in run.stderr


def test_family_identity_includes_its_bounds() -> None:
    assert octal_misere_family(2, 20).parameters() == '{"digits":2,"max_heap":20,"seconds":10.0}'
    assert octal_misere_family(3, 20).count() == 7 + 7 * 8 + 7 * 64
