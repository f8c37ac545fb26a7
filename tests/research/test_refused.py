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
