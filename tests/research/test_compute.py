"""Each family's rows are what the public API says."""

from __future__ import annotations

import json

import nimlab
from nimlab.research.compute import Job, compute_batch
from nimlab.research.families import (
    Batch,
    octal_family,
    split_delete_family,
    take_away_family,
)

LIMITS = (5_000_000, 2**30)


def _rows(family: str, payload: list[object]) -> list[tuple[object, ...]]:
    return compute_batch(Job(family, Batch(0, 0, len(payload), payload), *LIMITS)).rows


def test_subtraction_rows_match_periodicity() -> None:
    rows = _rows("subtraction", [(3,), (2, 3), (1, 4, 9), (2, 4, 7)])
    for row in rows:
        found = nimlab.periodicity(f"subtraction:{row[1]}")
        assert row[4:8] == (found.preperiod, found.period, 0, 1)
        assert row[10] == found.checked_to


def test_octal_rows_match_periodicity() -> None:
    codes = [*octal_family(2).items()[:12], "0.77", "0.07"]
    for row in _rows("octal", codes):
        found = nimlab.periodicity(f"octal:{row[1]}")
        assert row[4:8] == (found.preperiod, found.period, found.saltus, int(found.proven))
        if found.proven:
            assert found.preperiod is not None and found.period is not None
            seen = found.preperiod + found.period
            values = nimlab.grundy_sequence(f"octal:{row[1]}", seen)
            assert row[8] == int(values.max())


def test_take_away_rows_agree_with_the_theorem() -> None:
    rows = _rows("take-away", take_away_family(1, 3, 60).items())
    first = {row[2]: json.loads(str(row[11]))["first"] for row in rows}
    assert first[1][:6] == [1, 2, 4, 8, 16, 32]  # Game II: powers of two
    assert first[2][:8] == [1, 2, 3, 5, 8, 13, 21, 34]  # Fibonacci Nim
    assert all(json.loads(str(row[11]))["agrees_with_theorem"] for row in rows)


def test_split_delete_rows_are_p_positions() -> None:
    items = split_delete_family(["split-delete-nim:single"], 3, 3, [20]).items()
    (row,) = _rows("split-delete", items)
    expected = nimlab.p_positions("split-delete-nim:single", heaps=3, max_heap=20)
    data = json.loads(str(row[11]))
    assert row[9] == len(expected)
    assert [tuple(p) for p in data["positions"]] == list(expected.positions)
    assert data["first"][:3] == [[1, 1, 1], [1, 3, 3], [1, 4, 4]]


def test_a_task_over_its_limit_is_recorded_as_refused() -> None:
    job = Job("split-delete", Batch(0, 0, 1, [["delete-nim:single", 5, 40]]), 1000, 2**30)
    (row,) = compute_batch(job).rows
    assert row[7] == 0 and row[9] is None
    assert "--max-states" in json.loads(str(row[11]))["error"]


def test_a_subtraction_task_keeps_within_its_states() -> None:
    # left from note 30: a task computed at least 64 values whatever --max-states said
    sets = [(1, 2), (2, 3), (3, 5)]
    for states in (1, 2, 10):
        rows = compute_batch(Job("subtraction", Batch(0, 0, 3, sets), states, 2**30)).rows
        assert all(0 < int(str(row[10])) <= max(1, states // 2) for row in rows), rows
        assert all(row[7] == 0 for row in rows)  # nothing proven from so few values
    (row,) = compute_batch(Job("subtraction", Batch(0, 0, 1, [(1, 2)]), 12, 2**30)).rows
    assert row[4:8] == (0, 3, 0, 1)  # G = 0,1,2,0,1,2: six values prove period 3


def test_a_misere_row_stopped_by_its_limits_names_the_sweeps_option() -> None:
    # found by the audit of 2026-11-27: "raise the limit Limits.max_states"
    from nimlab.limits import Limits
    from nimlab.research.compute import _octal_misere

    row = _octal_misere("0.77", 40, 10.0, Limits(max_states=2000))
    assert json.loads(str(row[11]))["stopped"].endswith("raise the limit with --max-states")


def test_a_row_does_not_depend_on_what_the_process_did_before() -> None:
    """Found by the audit: 0.64 checked 65,536 values in a fresh process, 131,072 in one
    that had computed it before (numba not yet loaded: small sequences ran in Python,
    charged otherwise). In a fresh process, twice, and in one whose earlier work loaded
    the compiled kernels: the same row."""
    import ast
    import os
    import subprocess
    import sys

    job = "Job('octal', Batch(0, 0, 1, ['0.64']), 10**6, 2**30)"
    script = (
        "from nimlab.research.compute import Job, compute_batch\n"
        "from nimlab.research.families import Batch\n"
        f"print(repr([compute_batch({job}).rows, compute_batch({job}).rows]))\n"
    )
    path = os.pathsep.join(sys.path)
    fresh = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": path},
    )
    first, second = ast.literal_eval(fresh.stdout)
    import numba  # noqa: F401  (as an earlier, larger task of this process would have)

    here = compute_batch(Job("octal", Batch(0, 0, 1, ["0.64"]), 10**6, 2**30)).rows
    assert first == second == here
