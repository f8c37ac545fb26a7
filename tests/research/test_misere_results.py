"""The committed misère quotients of research/misere: complete, and agreeing with MisereSolver."""

from __future__ import annotations

import csv
from pathlib import Path

from nimlab.misere.quotient import quotient

FOLDER = Path(__file__).parents[2] / "research" / "misere"


def rows(name: str) -> list[dict[str, str]]:
    with (FOLDER / name).open(newline="") as f:
        return list(csv.DictReader(f))


def test_misere_solver_agrees_on_every_code() -> None:
    ours = {r["code"]: r for r in rows("quotients.csv")}
    theirs = {r["code"]: r for r in rows("misere-solver.csv")}
    assert len(ours) == 511 and set(theirs) == set(ours)
    for code, r in theirs.items():
        assert r["agree"] == "True", code
        assert r["max_heap"] == ours[code]["max_heap"], code
        assert r["misere_solver"] == r["nimlab"] == ours[code]["orders_changed_at"], code


def test_kayles_quotient_reproduces_its_row() -> None:
    row = next(r for r in rows("quotients.csv") if r["code"] == "0.77")
    q = quotient("kayles", max_heap=30)
    assert (len(q.elements), int(row["order"])) == (40, 40)
    assert row["orders_changed_at"] == "1:2 2:6 5:12 9:18 12:24 25:32 27:40"
