"""A task over its limits (or killing its worker every time) is recorded as refused, with the
reason, and the sweep goes on; on the main of issue 12 one such task ended the whole sweep."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import nimlab
from nimlab.errors import TooLarge
from nimlab.research import compute
from nimlab.research.executors import PoolExecutor, SerialExecutor
from nimlab.research.families import octal_family
from nimlab.research.sweep import run_sweep
from sweep_faults import die_on_3


def test_a_job_that_always_kills_its_worker_is_lost_not_fatal() -> None:
    pool = PoolExecutor(2)
    try:
        results = sorted(pool.run(die_on_3, range(6), lost=lambda job, reason: -job))
    finally:
        pool.close()
    assert results == [-3, 0, 1, 4, 16, 25]


def test_without_a_handler_it_still_ends_the_run() -> None:
    pool = PoolExecutor(2)
    try:
        with pytest.raises(TooLarge, match="died 4 times"):
            list(pool.run(die_on_3, range(6)))
    finally:
        pool.close()


def test_an_octal_sweep_records_the_games_over_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = nimlab.periodicity

    def periodicity(game: Any, **options: Any) -> Any:
        if game.spec == "octal:0.6":
            raise MemoryError
        if game.spec == "octal:0.7":
            raise TooLarge("this needs more than 10 states; raise the limit with --max-states")
        return real(game, **options)

    monkeypatch.setattr(nimlab, "periodicity", periodicity)
    path = tmp_path / "octal.sqlite"
    report = run_sweep(octal_family(1), str(path), SerialExecutor(), quiet=True)
    assert report.computed == 7
    with sqlite3.connect(path) as raw:
        rows = dict(raw.execute("SELECT params, data FROM results WHERE proven = 0"))
    raw.close()
    assert json.loads(rows["0.6"])["error"].startswith("ran out of memory")
    assert "--max-states" in json.loads(rows["0.7"])["error"]


def test_a_lost_batch_becomes_refused_rows() -> None:
    from nimlab.research.families import Batch

    job = compute.Job("octal", Batch(0, 0, 2, ["0.7", "0.07"]), 10, 10)
    rows = compute.refused(job, "a worker died 4 times").rows
    assert [(r[1], r[7], json.loads(r[11])) for r in rows] == [
        ("0.7", 0, {"error": "a worker died 4 times"}),
        ("0.07", 0, {"error": "a worker died 4 times"}),
    ]


# -- found by the audit of 2026-11-27 -------------------------------------------------------

SPLIT = ("delete-nim:single", 3, 3, [30])


def _row(path: Path) -> tuple[Any, ...]:
    with sqlite3.connect(path) as raw:
        found = raw.execute("SELECT count, data FROM results").fetchone()
    raw.close()
    return tuple(found)


def test_a_task_refused_under_small_limits_is_computed_again_under_larger(tmp_path: Path) -> None:
    # before: "already done" for good, and the only way out was a new database
    from nimlab.research.families import split_delete_family

    family = split_delete_family([SPLIT[0]], SPLIT[1], SPLIT[2], SPLIT[3])
    path = tmp_path / "rf.sqlite"
    run_sweep(family, str(path), SerialExecutor(), max_states=1000, quiet=True)
    count, data = _row(path)
    assert count is None and json.loads(data)["limits"]["max_states"] == 1000
    same = run_sweep(family, str(path), SerialExecutor(), max_states=1000, quiet=True)
    assert same.computed == 0  # the same limits would refuse it again
    larger = run_sweep(family, str(path), SerialExecutor(), quiet=True)
    assert larger.computed == 1 and larger.new_results == 1
    assert _row(path)[0] == len(nimlab.p_positions("delete-nim:single", 3, 30).positions) == 825


def test_an_overlapping_sweep_replaces_a_refused_row(tmp_path: Path) -> None:
    # before: the second sweep computed the game and INSERT OR IGNORE threw the result away
    from nimlab.research.families import split_delete_family

    path = tmp_path / "rf.sqlite"
    small = split_delete_family([SPLIT[0]], 3, 3, [30])
    run_sweep(small, str(path), SerialExecutor(), max_states=1000, quiet=True)
    wider = split_delete_family([SPLIT[0]], 2, 3, [30])
    assert run_sweep(wider, str(path), SerialExecutor(), quiet=True).computed == 2
    with sqlite3.connect(path) as raw:
        counts = dict(raw.execute("SELECT params, count FROM results"))
    raw.close()
    assert counts["delete-nim:single heaps=3 max=30"] == 825


def test_an_octal_sweep_does_not_depend_on_the_tablebase(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # before: a warm tablebase let tasks compute further (9 of 63 rows of --digits 2 differed)
    from nimlab.solve.context import Context

    monkeypatch.setenv("NIMLAB_TABLEBASE", str(tmp_path / "tb.sqlite"))
    rows = []
    for name in ("a", "b"):
        with Context():  # the environment's tablebase, warmed by the first sweep
            nimlab.periodicity("octal:0.06", limits=nimlab.Limits(max_states=10**8))
            path = tmp_path / f"{name}.sqlite"
            run_sweep(octal_family(2), str(path), SerialExecutor(), max_states=10**6, quiet=True)
        with sqlite3.connect(path) as raw:
            rows.append(raw.execute("SELECT * FROM results ORDER BY params").fetchall())
        raw.close()
    strip = [[r[:-3] for r in rs] for rs in rows]  # not sweep_id, version, time
    assert strip[0] == strip[1]


def test_a_newer_refusal_replaces_the_older_and_overlapping_sweeps_share_them(
    tmp_path: Path,
) -> None:
    # found by the review: a refusal never replaced an older one, so every later run with
    # the same limits computed the batch again; another sweep's refusals were never retried
    from nimlab.research.families import split_delete_family

    family = split_delete_family([SPLIT[0]], 3, 3, [30])
    path = tmp_path / "rf.sqlite"
    run_sweep(family, str(path), SerialExecutor(), max_states=1000, quiet=True)
    run_sweep(family, str(path), SerialExecutor(), max_states=2000, quiet=True)  # refused again
    assert json.loads(_row(path)[1])["limits"]["max_states"] == 2000
    assert run_sweep(family, str(path), SerialExecutor(), max_states=2000, quiet=True).computed == 0
    wider = split_delete_family([SPLIT[0]], 2, 3, [30])  # another sweep holding the same task
    assert run_sweep(wider, str(path), SerialExecutor(), max_states=2000, quiet=True).computed == 2
    again = run_sweep(wider, str(path), SerialExecutor(), quiet=True)  # larger limits: retried
    assert again.computed == 2  # the batch holding it, both tasks
    with sqlite3.connect(path) as raw:
        counts = dict(raw.execute("SELECT params, count FROM results"))
    raw.close()
    assert counts["delete-nim:single heaps=3 max=30"] == 825


def test_a_task_cut_short_by_its_limits_is_computed_again_under_larger(tmp_path: Path) -> None:
    """Found by the audit: a search stopped by --max-states was stored as an ordinary
    unproven row, nothing recorded the limits, and larger limits had nothing to do."""
    from nimlab.research.families import subtraction_family

    family = subtraction_family(sizes=(3,), max_element=30)
    path = tmp_path / "ms.sqlite"
    run_sweep(family, str(path), SerialExecutor(), max_states=300, quiet=True)
    with sqlite3.connect(path) as raw:
        before = {
            r[0]: r[1:]
            for r in raw.execute("SELECT params, proven, work, data, computed_at FROM results")
        }
    raw.close()
    cut = {p for p, (proven, _, _, _) in before.items() if not proven}
    assert cut and all(json.loads(before[p][2])["limits"]["max_states"] == 300 for p in cut)
    same = run_sweep(family, str(path), SerialExecutor(), max_states=300, quiet=True)
    assert same.computed == 0  # the same limits would stop them again
    larger = run_sweep(family, str(path), SerialExecutor(), quiet=True)
    assert larger.computed == 4060 and larger.new_results == len(cut)
    # Those rows were improved, not new: the report had said "N new results".
    from nimlab.messages import say

    words = {k: 0 for k in ("db", "family", "parameters", "tasks", "computed", "already")}
    line = say("research.report", "en", new=len(cut), seconds=1, rate="", executor="", **words)
    assert f"{len(cut):,} results new or improved" in line
    with sqlite3.connect(path) as raw:
        after = {
            r[0]: r[1:]
            for r in raw.execute("SELECT params, proven, work, data, computed_at FROM results")
        }
    raw.close()
    assert all(after[p][0] == 1 for p in cut)  # every one proven under the default limits
    assert all(after[p] == before[p] for p in before if p not in cut)  # proven rows untouched
    smaller = run_sweep(family, str(path), SerialExecutor(), max_states=300, quiet=True)
    assert smaller.computed == 0
