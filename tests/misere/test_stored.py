"""Quotients with a proven period: kept in the tablebase, and extended past their heaps.

The extension is checked against the construction itself, heap by heap: every field of
the quotient of heaps ≤ N, built, equals the proven quotient extended to N.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.games.heap import heap_game
from nimlab.limits import Limits
from nimlab.misere import analyze, quotient
from nimlab.misere.quotient import periodic_quotient
from nimlab.misere.stored import KIND, decode, encode, keep_periodic, load_periodic
from nimlab.registry import game
from nimlab.solve.context import Context
from nimlab.solve.tablebase import Tablebase

quotients = importlib.import_module("nimlab.misere.quotient")

PROVEN = ("octal:0.603", "octal:0.351", "octal:0.716", "octal:0.147", "octal:0.312", "octal:0.772")
"""Games whose quotient proves a period within a second (research/misere/periods.csv)."""


def built(spec: str, max_heap: int) -> quotients.MisereQuotient:
    """The quotient of heaps ≤ ``max_heap`` built heap by heap, nothing else asked."""
    builder = quotients._Builder(game(spec), Limits())
    builder.extend_to(max_heap)
    return quotients._present(game(spec).spec, builder)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(PROVEN), st.integers(0, 80))
def test_a_proven_quotient_extended_is_the_quotient_built(spec: str, beyond: int) -> None:
    with Context():
        proven = periodic_quotient(spec, 400)
        assert proven.period is not None
        n = proven.max_heap + beyond
        assert quotient(spec, n) == built(spec, n)


def test_kayles_past_its_proof_is_extended_not_built(monkeypatch: pytest.MonkeyPatch) -> None:
    by_construction = built("kayles", 300)  # 1.36 M states
    with Context():
        proven = periodic_quotient("kayles", 400)
        assert proven.max_heap == 204
        monkeypatch.setattr(quotients, "_Builder", None)  # building now would fail
        q = quotient("kayles", 300)
    assert q == by_construction
    assert q.max_heap == 300 and q.order == 40 and q.growth[204:] == (40,) * 97
    assert q.period is not None and q.period.verified_to == 300 + 1 - 12
    assert [q.heap_indices[h] for h in range(83, 301)] == [
        q.heap_indices[h - 12] for h in range(83, 301)
    ]


def test_a_quotient_below_its_proof_is_built() -> None:
    with Context():
        proven = periodic_quotient("octal:0.603", 400)
        assert quotient("octal:0.603", 50) == built("octal:0.603", 50) != proven


def test_what_is_stored_reads_back_whole() -> None:
    for spec in PROVEN:
        with Context():
            q = periodic_quotient(spec, 400)
        again = decode(encode(q))
        assert again == q and again.period == q.period and again.to_dict() == q.to_dict()


def test_the_next_context_reads_the_proven_quotient_from_the_tablebase(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tb.sqlite"
    with Context(tablebase=path):
        first = periodic_quotient("octal:0.603", 400)
    assert [e.kind for e in Tablebase(path).entries()] == [KIND]
    monkeypatch.setattr(quotients, "_Builder", None)  # building now would fail
    with Context(tablebase=path):
        assert periodic_quotient("octal:0.603", 400) == first
        assert quotient("octal:0.603", 500).max_heap == 500  # extended from it
        assert load_periodic(game("octal:0.603"), Limits()) == first


def test_only_proven_quotients_of_built_in_games_are_stored(tmp_path: Path) -> None:
    path = tmp_path / "tb.sqlite"
    user = heap_game(lambda n: [(n - 1,)] if n else [], name="one-at-a-time")
    with Context(tablebase=path):
        keep_periodic(user, periodic_quotient(user, 30))  # no criterion: no period
        quotient("octal:0.6", 12)  # no period proven in 12 heaps
        keep_periodic(game("kayles"), quotient("kayles", 20))
    assert Tablebase(path).entries() == []


def test_a_damaged_entry_is_built_again(tmp_path: Path) -> None:
    path = tmp_path / "tb.sqlite"
    with Context(tablebase=path):
        first = periodic_quotient("octal:0.351", 400)
    import sqlite3

    with sqlite3.connect(path) as db:
        db.execute("UPDATE tables SET data = ? WHERE kind = ?", (b'{"game": 1}', KIND))
    with Context(tablebase=path):
        assert load_periodic(game("octal:0.351"), Limits()) is None
        assert periodic_quotient("octal:0.351", 400) == first


def test_a_second_run_answers_kayles_misere_within_a_small_limit(tmp_path: Path) -> None:
    # Kayles' proof takes 1.3 M states: refused under 1 M until a run has stored it
    env = {**os.environ, "NIMLAB_TABLEBASE": str(tmp_path / "tb.sqlite")}
    command = [sys.executable, "-m", "nimlab", "analyze", "kayles", "1000,7", "--misere"]
    small = ["--max-states", "1000000", "--json"]
    refused = subprocess.run([*command, *small], env=env, capture_output=True, text=True)
    assert refused.returncode == 3 and "--max-states" in refused.stderr
    assert subprocess.run(command, env=env, capture_output=True).returncode == 0
    answered = subprocess.run([*command, *small], env=env, capture_output=True, text=True)
    assert answered.returncode == 0, answered.stderr
    assert json.loads(answered.stdout)["outcome"] == "N"


@pytest.mark.parametrize(
    "forge",
    [
        lambda q: q | {"heap_indices": q["heap_indices"][:10]},
        lambda q: q | {"heap_indices": [999, *q["heap_indices"][1:]]},
        lambda q: q | {"max_heap": 10**6},
        lambda q: q | {"table": []},
        lambda q: q | {"table": [[1.0] * len(row) for row in q["table"]]},
        lambda q: q | {"period": q["period"] | {"period": 0}},
        lambda q: q | {"period": q["period"] | {"proven_from": q["max_heap"]}},
        lambda q: q | {"p_indices": [len(q["elements"])]},
        lambda q: [q],
        lambda q: q | {"table": ["0" * len(row) for row in q["table"]]},
        lambda q: q | {"max_heap": float("nan")},
    ],
)
def test_an_entry_edited_with_its_checksum_recomputed_cannot_crash_an_answer(
    tmp_path: Path, forge: Any
) -> None:
    # found by the audit of 2026-11-28: a stored quotient whose parts do not fit
    # together (its checksum recomputed by hand) ended analyze with an IndexError
    import hashlib
    import sqlite3

    path = tmp_path / "tb.sqlite"
    with Context(tablebase=None):
        truth = analyze("octal:0.603", [150, 7])  # through the quotient of heaps ≤ 150
    with Context(tablebase=path):
        first = periodic_quotient("octal:0.603", 400)
    with sqlite3.connect(path) as db:
        (data,) = db.execute("SELECT data FROM tables WHERE kind = ?", (KIND,)).fetchone()
        forged = json.dumps(forge(json.loads(data))).encode()
        db.execute(
            "UPDATE tables SET data = ?, sha256 = ?, nbytes = ?, shape = ? WHERE kind = ?",
            (forged, hashlib.sha256(forged).hexdigest(), len(forged), str(len(forged)), KIND),
        )
    with Context(tablebase=path):
        assert load_periodic(game("octal:0.603"), Limits()) is None
        assert analyze("octal:0.603", [150, 7]) == truth
        assert periodic_quotient("octal:0.603", 400) == first


def test_an_entry_nested_past_the_json_parsers_depth_is_built_again(tmp_path: Path) -> None:
    """A stored quotient of 100,000 nested brackets (its checksum recomputed) ended analyze
    with a RecursionError traceback (files audit)."""
    import hashlib
    import sqlite3

    path = tmp_path / "tb.sqlite"
    with Context(tablebase=path):
        periodic_quotient("octal:0.603", 400)
    forged = b"[" * 100_000 + b"]" * 100_000
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE tables SET data = ?, sha256 = ?, nbytes = ?, shape = ? WHERE kind = ?",
            (forged, hashlib.sha256(forged).hexdigest(), len(forged), str(len(forged)), KIND),
        )
    with Context(tablebase=path):
        assert load_periodic(game("octal:0.603"), Limits()) is None
