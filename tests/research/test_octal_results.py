"""The committed results of research/octal reproduce: checksums, published figures, periods."""

from __future__ import annotations

import csv
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from nimlab.registry import game
from nimlab.solve.sequences import grundy_sequence

FOLDER = Path(__file__).parents[2] / "research" / "octal"


def rows(name: str) -> list[dict[str, str]]:
    with (FOLDER / name).open(newline="") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("spec", ["grundy-game", "octal:0.6", "octal:0.14", "octal:4.344"])
def test_the_checksums_of_the_first_values_reproduce(spec: str) -> None:
    row = next(r for r in rows("unsolved.csv") if r["game"] == spec)
    values = grundy_sequence(game(spec), 2**16).astype("<u4")
    assert hashlib.sha256(values.tobytes()).hexdigest() == row["sha256_2^16"]


def test_every_published_figure_agrees() -> None:
    checks = rows("published.csv")
    assert len(checks) == 16
    assert all(r["published"] == r["computed"] for r in checks)


def test_the_periods_found_are_proven_where_the_values_were_computed() -> None:
    found = {r["game"]: r for r in rows("unsolved.csv") if r["period"]}
    assert set(found) == {"octal:4.064", "octal:4.344", "octal:4.364", "octal:4.406"}
    row = found["octal:4.344"]
    values = np.asarray(grundy_sequence(game("octal:4.344"), 20_000), dtype=np.int64)
    n0, p = int(row["preperiod"]), int(row["period"])
    assert (values[n0 + p :] == values[n0:-p]).all()
    assert values[n0 - 1 + p] != values[n0 - 1]  # n0 is the least preperiod


def test_the_committed_certificate_of_4_344_checks() -> None:
    from nimlab.checker import check_text

    verdict = check_text((FOLDER / "certificates" / "4_344.json").read_text())
    assert (verdict.game, verdict.preperiod, verdict.period) == ("octal:4.344", 998, 51)
    row = next(r for r in rows("periods.csv") if r["game"] == "octal:4.344")
    assert row["naive_recursion_agrees"] == "True"
    assert row["independent_checker"].startswith("valid")


@pytest.mark.parametrize("name", ["4_344.json", "4_364.json"])
def test_periods_csv_gives_each_committed_certificates_checksum(name: str) -> None:
    # the certificates were remade with the theorem's newer words and the CSV kept the old
    # checksums (docs audit of stop 45)
    cert = json.loads((FOLDER / "certificates" / name).read_text())
    row = next(r for r in rows("periods.csv") if r["game"] == cert["game"])
    assert row["sha256"] == cert["sha256"]


def test_every_period_found_was_checked_by_the_independent_checker() -> None:
    periods = rows("periods.csv")
    assert {r["game"] for r in periods} == {
        "octal:4.064",
        "octal:4.344",
        "octal:4.364",
        "octal:4.406",
    }
    for r in periods:
        assert r["naive_recursion_agrees"] == "True", r["game"]
        assert r["independent_checker"] == f"valid (verified_to {r['verified_to']})", r["game"]
