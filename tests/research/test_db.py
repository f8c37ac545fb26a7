"""The results database: schema, idempotent batches, foreign files left untouched."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from nimlab.errors import InvalidOption
from nimlab.research.db import SCHEMA_VERSION, ResultsDB

ROW = ("subtraction", "2,4,7", 3, 7, 8, 3, 0, 1, 3, None, 64, "{}", 4, 3)


def test_a_batch_counts_once(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    with ResultsDB.open(path) as db:
        sweep = db.sweep("subtraction", "{}", batch_size=1, tasks=1)
        assert db.commit_batch(sweep, 0, [ROW]) == 1
        assert db.commit_batch(sweep, 0, [ROW]) == 0  # a batch redone: nothing twice
        assert db.done_batches(sweep) == {0: 1}
        assert db.count() == 1
        again = db.sweep("subtraction", "{}", batch_size=99, tasks=1)
        assert again.id == sweep.id and again.batch_size == 1  # the stored batch size wins
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == (
            str(SCHEMA_VERSION),
        )


def test_a_text_file_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    with pytest.raises(InvalidOption, match="not a nimlab results database"):
        ResultsDB.open(path)
    assert path.read_text() == "my notes\n"


def test_another_sqlite_database_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE t (x)")
    before = path.read_bytes()
    with pytest.raises(InvalidOption, match="not a nimlab results database"):
        ResultsDB.open(path)
    assert path.read_bytes() == before


def test_another_schema_version_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    ResultsDB.open(path).close()
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    raw.close()
    before = path.read_bytes()
    with pytest.raises(InvalidOption, match="schema version 99"):
        ResultsDB.open(path)
    assert path.read_bytes() == before


def test_reading_needs_an_existing_database(tmp_path: Path) -> None:
    with pytest.raises(InvalidOption, match="no such results database"):
        ResultsDB.open(tmp_path / "missing.sqlite", create=False)
    assert not (tmp_path / "missing.sqlite").exists()
