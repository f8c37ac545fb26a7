"""The results database: schema, idempotent batches, foreign files left untouched."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

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
        unproven = (*ROW[:4], None, None, None, 0, *ROW[8:])
        assert db.commit_batch(sweep, 1, [unproven]) == 0  # a proof is never replaced
        other = db.sweep("octal", "{}", batch_size=1, tasks=1)
        octal = ("octal", "0.16", 2, 2, None, None, None, 0, 20, None, 16384, "{}", None, None)
        assert db.commit_batch(other, 0, [octal]) == 1
        proven = ("octal", "0.16", 2, 2, 105351, 149459, 0, 1, 23, None, 524288, "{}", None, None)
        assert db.commit_batch(other, 1, [proven]) == 1  # a proof replaces an unproven result
        assert db.commit_batch(other, 2, [octal]) == 0
        period = "SELECT period FROM results WHERE params = '0.16'"
        assert db.connection.execute(period).fetchone() == (149459,)
        assert db.count("subtraction") == 1 and db.count() == 2
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


@pytest.mark.parametrize("create", [True, False])
def test_a_refused_wal_database_is_left_with_no_files_beside_it(
    tmp_path: Path, create: bool
) -> None:
    path = tmp_path / "old.sqlite"
    ResultsDB.open(path).close()  # write-ahead logging, as nimlab makes them
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    raw.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.sqlite"]
    with pytest.raises(InvalidOption, match="schema version 99"):
        ResultsDB.open(path, create=create)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.sqlite"]


def test_a_refusal_keeps_the_log_files_another_process_made(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    holder = sqlite3.connect(path)
    holder.execute("PRAGMA journal_mode = WAL")
    holder.execute("CREATE TABLE t (x)")
    holder.commit()  # the holder keeps -wal and -shm open
    with pytest.raises(InvalidOption, match="not a nimlab results database"):
        ResultsDB.open(path)
    assert (tmp_path / "other.sqlite-wal").exists() and (tmp_path / "other.sqlite-shm").exists()
    holder.close()


def test_reading_needs_an_existing_database(tmp_path: Path) -> None:
    with pytest.raises(InvalidOption, match="no such results database"):
        ResultsDB.open(tmp_path / "missing.sqlite", create=False)
    assert not (tmp_path / "missing.sqlite").exists()


def test_a_process_that_opens_a_refused_database_meanwhile_keeps_its_log_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process that opened the database while it was being checked uses the -shm
    file the check made: removing it lost that process's committed writes (review). The
    files go only under the DMS lock SQLite's last connection takes."""
    import subprocess
    import sys

    from nimlab.research import db

    path = tmp_path / "old.sqlite"
    ResultsDB.open(path).close()
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    raw.close()
    other = (
        "import sqlite3, sys\n"
        "b = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "b.execute('SELECT count(*) FROM meta').fetchone()\n"
        "print('open', flush=True); sys.stdin.readline()\n"
        "b.execute('CREATE TABLE other (x)')\n"
        "print('wrote', flush=True); sys.stdin.readline(); b.close()\n"
    )
    holder: list[subprocess.Popen[str]] = []
    check = db._check

    def opened_meanwhile(connection: sqlite3.Connection, shown: str, *, whole: bool) -> None:
        process = subprocess.Popen(
            [sys.executable, "-c", other, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        holder.append(process)
        assert process.stdout is not None and process.stdout.readline().strip() == "open"
        check(connection, shown, whole=whole)

    monkeypatch.setattr(db, "_check", opened_meanwhile)
    with pytest.raises(InvalidOption, match="schema version 99"):
        ResultsDB.open(path, create=False)
    process = holder[0]
    assert process.stdin is not None and process.stdout is not None
    assert (tmp_path / "old.sqlite-shm").exists()  # still in use: kept
    process.stdin.write("go\n")
    process.stdin.flush()
    assert process.stdout.readline().strip() == "wrote"
    process.stdin.write("go\n")
    process.stdin.flush()
    process.wait(30)
    with sqlite3.connect(path) as after:
        names = {row[0] for row in after.execute("SELECT name FROM sqlite_master")}
    after.close()
    assert "other" in names  # the other process's write survived


def test_a_database_in_a_missing_folder_is_named_so(tmp_path: Path) -> None:
    # sqlite3 says only "unable to open database file", and the message asked whether the
    # folder was writable.
    with pytest.raises(InvalidOption, match=r"the folder .* does not exist"):
        ResultsDB.open(str(tmp_path / "missing" / "r.sqlite"))


def test_a_sweep_started_elsewhere_between_the_look_and_the_insert_is_found(
    tmp_path: Path,
) -> None:
    """Four processes starting one sweep at once: three failed the UNIQUE constraint, told as
    "the database is damaged or locked" (files audit). Here the other process inserts the
    sweep just after this one looked and found none."""

    path = tmp_path / "race.sqlite"
    with ResultsDB.open(path) as other:
        first = other.sweep("octal", "digits=2", batch_size=8, tasks=30)
    with ResultsDB.open(path) as db:
        real = db.connection

        class Racing:
            """The connection, with the row deleted before the first look and put back after."""

            looked = False

            def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
                if not self.looked and sql.startswith("SELECT id, batch_size"):
                    self.looked = True
                    real.execute("DELETE FROM sweeps")
                    cursor = real.execute(sql, *args)
                    found = cursor.fetchall()
                    assert found == []
                    real.execute(
                        "INSERT INTO sweeps (id, family, parameters, nimlab_version, batch_size, "
                        "tasks, created) VALUES (?, 'octal', 'digits=2', 'x', 8, 30, 'now')",
                        (first.id,),
                    )
                    return real.execute("SELECT 1 WHERE 0")
                return real.execute(sql, *args)

            def __getattr__(self, name: str) -> object:
                return getattr(real, name)

        db.connection = Racing()  # type: ignore[assignment]
        again = db.sweep("octal", "digits=2", batch_size=8, tasks=30)
        db.connection = real
    assert again.id == first.id


def test_a_read_only_look_leaves_no_log_files_behind(tmp_path: Path) -> None:
    """``results`` on a database of mode 444 left ``-wal`` and ``-shm`` files of mode 444
    beside it, and the next sweep was refused as read-only until they were deleted (files
    audit)."""
    path = tmp_path / "a.sqlite"
    with ResultsDB.open(path) as db:
        db.sweep("octal", "digits=2", batch_size=8, tasks=30)
    path.chmod(0o444)
    try:
        with ResultsDB.open(path, create=False) as db:
            assert len(db.sweeps()) == 1
        assert sorted(p.name for p in tmp_path.iterdir()) == ["a.sqlite"]
    finally:
        path.chmod(0o644)


def test_rows_in_a_log_that_cannot_be_read_are_not_told_as_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only folder holding a database and its unmerged ``-wal`` (no ``-shm``) was read
    as immutable: the log's rows unseen, "no sweeps yet", exit 0 (files audit). The plain
    read-only connection is refused here, as such a folder refuses it."""
    from nimlab.research import db as module

    path = tmp_path / "a.sqlite"
    writer = ResultsDB.open(path)
    writer.connection.execute("PRAGMA wal_autocheckpoint = 0")
    writer.sweep("octal", "digits=2", batch_size=8, tasks=30)
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("a.sqlite", "a.sqlite-wal"):
        (copy / name).write_bytes((tmp_path / name).read_bytes())
    writer.close()
    assert (copy / "a.sqlite-wal").stat().st_size > 0
    real = sqlite3.connect

    def connect(database: str, **options: Any) -> sqlite3.Connection:
        if "immutable" not in database:
            raise sqlite3.OperationalError("unable to open database file")
        return real(database, **options)

    monkeypatch.setattr(module.sqlite3, "connect", connect)
    with pytest.raises(InvalidOption, match="has rows in its write-ahead log"):
        module._read_only(copy / "a.sqlite", "a.sqlite")
