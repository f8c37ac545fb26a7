"""The results database: SQLite (WAL), one transaction per batch, resumable sweeps.

Tables: ``meta`` (application id, schema version), ``sweeps`` (family,
canonical parameters, nimlab version, batch size, task count, created,
finished), ``batches`` (the batches of a sweep already committed) and
``results`` keyed on (family, params) — the game — with the result columns,
a JSON column for structured results, the work done and when.

A batch's results and its ``batches`` row are committed in one transaction,
so after Ctrl-C, ``kill -9`` or a power loss a batch is either entirely in
the database or not at all; a resumed sweep computes exactly the batches not
committed, and the key (family, params) keeps a game from being counted
twice: a result already stored stays, unless it was unproven (a limit
stopped it) and the new one is proven.

A file that is not nimlab's, or from another schema version, is refused
(exit 2) before anything is written to it; so is a row whose cell is not what
the schema declares (a row edited by hand), when it is read.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "atlas.sqlite")
>>> with ResultsDB.open(path) as db:
...     sweep = db.sweep("octal", '{"digits":1}', batch_size=8, tasks=7)
...     row = ("octal", "0.7", 1, 1, 0, 3, 0, 1, 2, None, 64, "{}", None, None)
...     added = db.commit_batch(sweep, 0, [row])
...     sorted(db.done_batches(sweep)), db.count("octal")
([0], 1)
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from stat import S_ISDIR
from types import TracebackType
from typing import Any
from urllib.parse import quote

from nimlab.errors import InvalidOption

APPLICATION_ID = 0x4E494D4C  # "NIML"
SCHEMA_VERSION = 1
INT64 = 2**63 - 1
"""The largest integer SQLite stores."""
BUSY_SECONDS: float = 60
"""How long a start waits for other processes holding the database's write lock."""
COLUMNS = (
    "family",
    "params",
    "size",
    "top",
    "preperiod",
    "period",
    "saltus",
    "proven",
    "max_value",
    "count",
    "work",
    "data",
    "outcome_preperiod",
    "outcome_period",
)
"""The result columns a worker fills, in the order of its rows."""

_SCHEMA = f"""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sweeps (
    id INTEGER PRIMARY KEY,
    family TEXT NOT NULL,
    parameters TEXT NOT NULL,
    nimlab_version TEXT NOT NULL,
    batch_size INTEGER NOT NULL,
    tasks INTEGER NOT NULL,
    created TEXT NOT NULL,
    finished TEXT,
    UNIQUE (family, parameters)
);
CREATE TABLE batches (
    sweep_id INTEGER NOT NULL REFERENCES sweeps (id),
    batch INTEGER NOT NULL,
    tasks INTEGER NOT NULL,
    done_at TEXT NOT NULL,
    PRIMARY KEY (sweep_id, batch)
);
CREATE TABLE results (
    family TEXT NOT NULL,
    params TEXT NOT NULL,
    size INTEGER,
    top INTEGER,
    preperiod INTEGER,
    period INTEGER,
    saltus INTEGER,
    proven INTEGER NOT NULL,
    max_value INTEGER,
    count INTEGER,
    work INTEGER NOT NULL,
    data TEXT NOT NULL,
    outcome_preperiod INTEGER,
    outcome_period INTEGER,
    sweep_id INTEGER NOT NULL REFERENCES sweeps (id),
    nimlab_version TEXT NOT NULL,
    computed_at TEXT NOT NULL,
    PRIMARY KEY (family, params)
) WITHOUT ROWID;
PRAGMA application_id = {APPLICATION_ID}
"""
TABLES = ("meta", "sweeps", "batches", "results")


_UPDATE = ", ".join(
    f"{c} = excluded.{c}" for c in (*COLUMNS[2:], "sweep_id", "nimlab_version", "computed_at")
)
"""A result already stored is replaced only by a proof of what it left unproven, a refused
task's row by a result, or a search the limits stopped by one that went further."""
REFUSED_ROW = "results.data LIKE '{\"error\":%'"
"""A refused task's row: its ``data`` is ``{"error": why, "limits": {...}}``."""
STOPPED_ROW = "results.proven = 0 AND results.data LIKE '{\"limits\":%'"
"""An unproven period search the limits stopped: its ``data`` is ``{"limits": {...}}``."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _version() -> str:
    from nimlab import __version__

    return __version__


class ResultsDB:
    """An open results database (use :meth:`open`)."""

    def __init__(
        self, connection: sqlite3.Connection, path: str, made: tuple[Path, ...] = ()
    ) -> None:
        self.connection = connection
        self.path = path
        self.made = made
        """The ``-wal`` and ``-shm`` files a read-only connection made beside the database,
        removed on :meth:`close` when they hold nothing: left behind with the database's
        read-only permissions, they refused the next sweep as read-only (files audit)."""

    @classmethod
    def open(cls, path: str | Path, *, create: bool = True) -> ResultsDB:
        """Open the database at ``path`` to write (creating it if new) or, without ``create``,
        only to read; refuse foreign, damaged or altered files before writing anything.

        Every check runs on a read-only connection first; a database opened to
        write is also checked whole (``PRAGMA quick_check``) and must be writable.
        Creation is one ``BEGIN IMMEDIATE`` transaction, so concurrent first
        starts on one new file all succeed.
        """
        if not str(path).strip():  # Path("") would be ".", this folder
            raise InvalidOption(
                "--db needs a file name; got an empty one",
                ja="--db にはファイル名が必要です（空でした）",
            )
        file = Path(path)
        shown = _shown(str(path))
        try:
            stat = file.stat() if file.exists() else None
            hot = Path(f"{file}-journal").exists()
        except OSError as error:
            raise InvalidOption(
                f"--db {shown}: cannot use this path ({error.strerror})",
                ja=f"--db {shown}: このパスは使えません（{error.strerror}）",
            ) from None
        if stat is not None and S_ISDIR(stat.st_mode):
            raise InvalidOption(
                f"--db {shown} is a directory; give a database file",
                ja=f"--db {shown} はディレクトリです。データベースのファイルを指定してください",
            )
        fresh = stat is None or stat.st_size == 0 or hot
        if fresh and not create:
            what = "is empty" if stat is not None else "does not exist"
            raise InvalidOption(
                f"--db {shown} {what}: no such results database",
                ja=f"--db {shown} は"
                + ("空です" if stat is not None else "存在しません")
                + ": そのような結果データベースはありません",
            )
        if not fresh:
            _check_header(file, shown)
            strays = [Path(f"{file}{end}") for end in ("-wal", "-shm")]
            strays = [stray for stray in strays if not stray.exists()]
            reader = _read_only(file, shown)
            try:
                _check(reader, shown, whole=create)
            except BaseException:
                reader.close()
                _remove_empty_log(strays)
                raise
            if not create:
                return cls(reader, str(path), tuple(strays))
            reader.close()
            _remove_empty_log(strays)
        folder = file.parent
        if not folder.is_dir():  # (sqlite3 says only "unable to open database file")
            raise InvalidOption(
                f"--db {shown}: the folder {folder} does not exist; create it, or name a file "
                "in a folder that does",
                ja=f"--db {shown}: フォルダ {folder} がありません。作成するか、ある"
                "フォルダのファイルを指定してください",
            )
        try:
            connection = sqlite3.connect(str(file), timeout=BUSY_SECONDS, isolation_level=None)
            connection.text_factory = _text
        except sqlite3.Error as error:
            raise InvalidOption(
                f"--db {shown}: cannot create or open it ({error}); is its folder writable?",
                ja=(
                    f"--db {shown}: 作成も開くこともできません（{error}）。"
                    "フォルダに書き込めますか？"
                ),
            ) from None
        try:
            if fresh:
                _create(connection, shown)
            _check_writable(connection, shown)
            _use_wal(connection, shown)
            connection.execute("PRAGMA synchronous = FULL")
        except BaseException:
            connection.close()
            raise
        return cls(connection, str(path))

    def sweep(self, family: str, parameters: str, *, batch_size: int, tasks: int) -> Sweep:
        """The sweep of ``family`` with ``parameters``: found again, or recorded now."""
        find = "SELECT id, batch_size, tasks FROM sweeps WHERE family = ? AND parameters = ?"
        row = self.connection.execute(find, (family, parameters)).fetchone()
        if row is None:
            # The same sweep started in another process between the look and the insert
            # is taken as found: it failed the UNIQUE constraint, told as a damaged database.
            self.connection.execute("BEGIN IMMEDIATE")
            try:
                self.connection.execute(
                    "INSERT INTO sweeps (family, parameters, nimlab_version, batch_size, tasks, "
                    "created) VALUES (?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (family, parameters) DO NOTHING",
                    (family, parameters, _version(), batch_size, tasks, _now()),
                )
                row = self.connection.execute(find, (family, parameters)).fetchone()
            except BaseException:
                self.connection.execute("ROLLBACK")
                raise
            self.connection.execute("COMMIT")
        _check_row(self.path, "sweeps", ("id", "batch_size", "tasks"), row)
        return Sweep(int(row[0]), family, parameters, int(row[1]), int(row[2]))

    def done_batches(self, sweep: Sweep) -> dict[int, int]:
        """The batches of ``sweep`` already committed, with their task counts."""
        query = "SELECT sweep_id, batch, tasks FROM batches WHERE sweep_id = ?"
        done = {}
        for row in self.connection.execute(query, (sweep.id,)):
            _check_row(self.path, "batches", ("sweep_id", "batch", "tasks"), row, key=2)
            done[int(row[1])] = int(row[2])
        return done

    def commit_batch(self, sweep: Sweep, batch: int, rows: Sequence[Sequence[Any]]) -> int:
        """Store one batch's rows and mark it done, atomically; returns the rows new here."""
        now, version = _now(), _version()
        placeholders = ", ".join("?" * (len(COLUMNS) + 3))
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            before = self.connection.total_changes
            self.connection.executemany(
                f"INSERT INTO results ({', '.join(COLUMNS)}, sweep_id, nimlab_version, "
                f"computed_at) VALUES ({placeholders}) ON CONFLICT (family, params) DO UPDATE "
                f"SET {_UPDATE} WHERE (results.proven = 0 AND excluded.proven = 1) OR "
                f"{REFUSED_ROW} "  # a refused row: by a result, or by the newer refusal
                f"OR ({STOPPED_ROW} AND excluded.work >= results.work)",
                [(*r, sweep.id, version, now) for r in rows],
            )
            added = self.connection.total_changes - before
            self.connection.execute(
                "INSERT OR IGNORE INTO batches VALUES (?, ?, ?, ?)",
                (sweep.id, batch, len(rows), now),
            )
            self.connection.execute("COMMIT")
        except BaseException:  # Ctrl-C may land just after COMMIT: then there is nothing to undo
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
            raise
        return added

    def stopped_below(self, sweep: Sweep, max_states: int, max_memory: int) -> set[str]:
        """The params of tasks of ``sweep``'s family that larger limits may now compute:
        those refused, or whose search for a period was stopped, under a lower
        ``max_states`` or ``max_memory`` (or limits not recorded), whichever sweep ran them."""
        found = set()
        rows = self.connection.execute(
            f"SELECT params, data FROM results WHERE family = ? AND ({REFUSED_ROW} OR "
            f"{STOPPED_ROW})",
            (sweep.family,),
        )
        for params, data in rows:
            try:
                limits = json.loads(data).get("limits") or {}
                states, memory = limits.get("max_states", 0), limits.get("max_memory", 0)
                if states < max_states or memory < max_memory:
                    found.add(params)
            except (ValueError, AttributeError, TypeError):
                found.add(params)  # not as nimlab writes it: computing again mends it
        return found

    def finish(self, sweep: Sweep) -> None:
        """Record that every batch of ``sweep`` is committed."""
        self.connection.execute(
            "UPDATE sweeps SET finished = ? WHERE id = ? AND finished IS NULL", (_now(), sweep.id)
        )

    def count(self, family: str | None = None) -> int:
        """How many results are stored (of one family)."""
        if family is None:
            return int(self.connection.execute("SELECT COUNT(*) FROM results").fetchone()[0])
        query = "SELECT COUNT(*) FROM results WHERE family = ?"
        return int(self.connection.execute(query, (family,)).fetchone()[0])

    def sweeps(self) -> list[dict[str, Any]]:
        """Every sweep with the tasks committed so far (a damaged row refused)."""
        rows = self.connection.execute(
            "SELECT s.id, s.family, s.parameters, s.nimlab_version, s.tasks, s.created, "
            "s.finished, COALESCE(SUM(b.tasks), 0) FROM sweeps s "
            "LEFT JOIN batches b ON b.sweep_id = s.id GROUP BY s.id ORDER BY s.id"
        )
        keys = ("id", "family", "parameters", "nimlab_version", "tasks", "created", "finished")
        found = []
        for r in rows:
            _check_row(self.path, "sweeps", keys, r[:7])
            found.append({**dict(zip(keys, r[:7], strict=True)), "done": int(r[7])})
        return found

    def results(
        self, columns: Sequence[str], rest: str = "", values: Sequence[Any] = ()
    ) -> Iterator[tuple[Any, ...]]:
        """The ``columns`` of the rows of ``results`` that ``rest`` (its WHERE, ORDER BY and
        LIMIT, with ``values``) selects, each checked first: a row with a cell not what
        the schema declares (edited by hand) is refused, ``InvalidOption`` naming its key.
        """
        names = ("family", "params", *columns)
        sql = f"SELECT {', '.join(names)} FROM results{rest}"
        for row in self.connection.execute(sql, values):
            _check_row(self.path, "results", names, row, key=2)
            yield row[2:]

    def close(self) -> None:
        self.connection.close()
        _remove_empty_log(list(self.made))

    def __enter__(self) -> ResultsDB:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


@dataclass(frozen=True)
class Sweep:
    """A sweep's row: its id, identity, batch size and task count."""

    id: int
    family: str
    parameters: str
    batch_size: int
    tasks: int


def _shown(path: str) -> str:
    """A path as messages show it: cut to a short prefix when it is long."""
    return path if len(path) <= 80 else path[:72] + "…"


def _check_header(file: Path, shown: str) -> None:
    """Refuse a file that is not an SQLite database, without opening it for writing."""
    try:
        with file.open("rb") as handle:
            header = handle.read(100)
    except OSError as error:
        raise InvalidOption(
            f"--db {shown}: cannot read it ({error.strerror})",
            ja=f"--db {shown}: 読めません（{error.strerror}）",
        ) from None
    if not header.startswith(b"SQLite format 3\x00"):
        raise InvalidOption(
            f"--db {shown} is not a nimlab results database (not SQLite); left untouched",
            ja=(
                f"--db {shown} は nimlab の結果データベースではありません（SQLite ではない）。"
                "手を付けずに残しました"
            ),
        )
    if int.from_bytes(header[68:72], "big") != APPLICATION_ID:
        raise InvalidOption(
            f"--db {shown} is an SQLite database but not a nimlab results database "
            "(left untouched); give a new file name",
            ja=(
                f"--db {shown} は SQLite データベースですが nimlab "
                "の結果データベースではありません（手を付けずに残しました）。"
                "新しいファイル名を指定してください"
            ),
        )


SHM_DMS_BYTE = 128
"""The byte of a ``-shm`` file every SQLite connection using it holds a shared lock on
(its "DMS" lock, ``(22 + 8) * 4`` in SQLite's unix VFS); SQLite's last connection takes it
exclusively before it removes the file."""


def _remove_empty_log(made: list[Path]) -> None:
    """Remove the ``-wal`` and ``-shm`` files a read-only look at a refused write-ahead-log
    database made beside it (its WAL empty: they hold nothing), so "left untouched" is so —
    only as SQLite's last connection would: holding the ``-shm`` file's DMS lock
    exclusively, which fails while any other process uses them (one may have opened the
    database meanwhile)."""
    import fcntl

    shm = [path for path in made if path.name.endswith("-shm")]
    wal = [path for path in made if path.name.endswith("-wal")]
    try:
        if any(path.stat().st_size for path in wal if path.exists()):
            return
        if not shm or not shm[0].exists():
            for path in wal:
                path.unlink(missing_ok=True)
            return
        with open(shm[0], "r+b") as held:
            fcntl.lockf(held, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, SHM_DMS_BYTE)
            for path in made:
                path.unlink(missing_ok=True)
    except OSError:
        return  # in use by another process, or a folder we may not change: they stay


def _read_only(file: Path, shown: str) -> sqlite3.Connection:
    """A connection that cannot write; ``immutable`` where SQLite cannot make its WAL index
    (a read-only folder): nobody can be writing to the database there."""
    uri = "file:" + quote(str(file.absolute()))
    failure: sqlite3.Error | None = None
    for options in ("?mode=ro", "?mode=ro&immutable=1"):
        log = Path(f"{file}-wal")
        if "immutable" in options and log.exists() and log.stat().st_size:
            # immutable reads the database file alone: rows committed to the log were
            # not seen ("no sweeps yet", exit 0, over a log of 32 rows; files audit)
            raise InvalidOption(
                f"--db {shown} has rows in its write-ahead log {_shown(str(log))} that cannot "
                "be read here (a read-only folder); open it once where it can be written",
                ja=f"--db {shown} の先行書き込みログ {_shown(str(log))} にある行はここでは"
                "読めません（読み取り専用のフォルダ）。書き込める場所で一度開いてください",
            )
        try:
            connection = sqlite3.connect(uri + options, uri=True, timeout=BUSY_SECONDS)
        except sqlite3.Error as error:
            failure = error
            continue
        connection.text_factory = _text
        try:
            connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            return connection
        except sqlite3.OperationalError as error:
            connection.close()
            failure = error
        except sqlite3.DatabaseError as error:
            connection.close()
            raise InvalidOption(
                f"--db {shown} is damaged ({error}); left untouched: restore a copy or give a "
                "new file",
                ja=(
                    f"--db {shown} は壊れています（{error}）。手を付けずに残しました。"
                    "コピーを戻すか新しいファイルを指定してください"
                ),
            ) from None
    raise InvalidOption(
        f"--db {shown}: cannot read it ({failure})", ja=f"--db {shown}: 読めません（{failure}）"
    )


def _statements() -> list[str]:
    """The statements of the schema, one by one (``executescript`` would commit first)."""
    return [s for s in _SCHEMA.split(";") if s.strip()]


@cache
def _layout() -> dict[str, list[tuple[Any, ...]]]:
    """Each table's columns as ``PRAGMA table_info`` lists them in a database made now."""
    memory = sqlite3.connect(":memory:")
    try:
        for statement in _statements():
            memory.execute(statement)
        return {t: memory.execute(f"PRAGMA table_info({t})").fetchall() for t in TABLES}
    finally:
        memory.close()


def _check(connection: sqlite3.Connection, shown: str, *, whole: bool) -> None:
    """Refuse a file not nimlab's, of another version or layout, or (``whole``) damaged."""
    try:
        (app,) = connection.execute("PRAGMA application_id").fetchone()
        if app != APPLICATION_ID:
            raise InvalidOption(
                f"--db {shown} is an SQLite database but not a nimlab results database "
                "(left untouched); give a new file name",
                ja=(
                    f"--db {shown} は SQLite データベースですが nimlab "
                    "の結果データベースではありません（手を付けずに残しました）。"
                    "新しいファイル名を指定してください"
                ),
            )
        row = connection.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None or row[0] != str(SCHEMA_VERSION):
            found = "none" if row is None else row[0]
            raise InvalidOption(
                f"--db {shown} has results schema version {found}; this nimlab reads "
                f"version {SCHEMA_VERSION} (left untouched; use a new file)",
                ja=(
                    f"--db {shown} の結果スキーマは版 {found} です。この nimlab が読めるのは版 "
                    f"{SCHEMA_VERSION} です（手を付けずに残しました。"
                    "新しいファイルを使ってください）"
                ),
            )
        for table, columns in _layout().items():
            if connection.execute(f"PRAGMA table_info({table})").fetchall() != columns:
                raise InvalidOption(
                    f"--db {shown}: its table {table!r} is not the one nimlab makes (the schema "
                    "was altered); left untouched: use a new file",
                    ja=(
                        f"--db {shown}: 表 {table!r} が nimlab の作るものと違います（"
                        "スキーマが変更されています）。手を付けずに残しました。"
                        "新しいファイルを使ってください"
                    ),
                )
        if whole:
            problems = [r[0] for r in connection.execute("PRAGMA quick_check(3)")]
            if problems != ["ok"]:
                raise InvalidOption(
                    f"--db {shown} is damaged ({' '.join(' '.join(problems).split())[:200]}); left "
                    "untouched: "
                    "restore a copy or give a new file",
                    ja=(
                        f"--db {shown} は壊れています（"
                        f"{' '.join(' '.join(problems).split())[:200]}）。手を付けずに残しました。"
                        "コピーを戻すか新しいファイルを指定してください"
                    ),
                )
    except sqlite3.DatabaseError as error:
        raise InvalidOption(
            f"--db {shown} is damaged or not a nimlab results database ({error}); left untouched",
            ja=(
                f"--db {shown} は壊れているか nimlab の結果データベースではありません（{error}）。"
                "手を付けずに残しました"
            ),
        ) from None


@cache
def _declared(table: str) -> dict[str, tuple[str, bool]]:
    """Each column of ``table``: its declared type (``data`` and ``proven`` their own)
    and whether it may be NULL."""
    special = {"data": "JSON", "proven": "BOOLEAN"}
    return {c[1]: (special.get(c[1], c[2]), not c[3]) for c in _layout()[table]}


_EXPECTED = {
    "INTEGER": ("an integer ≥ 0", "0 以上の整数"),
    "BOOLEAN": ("0 or 1", "0 か 1"),
    "TEXT": ("text", "文字列"),
    "UTF8": ("text in UTF-8", "UTF-8 の文字列"),
    "JSON": ("JSON text of an object", "JSON のオブジェクトの文字列"),
    "POSITIONS": (
        "JSON whose positions are lists of two or more integers ≥ 0",
        "positions が 2 個以上の 0 以上の整数のリストからなる JSON",
    ),
}
"""What a column of each declared type holds, in English and Japanese."""
_UNDECODED = re.compile("[\udc80-\udcff]")
"""A byte that was not UTF-8, as :func:`_text` keeps it (nimlab never writes one)."""
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape of a UTF-16 surrogate: half of a pair, alone it is no character to print."""


def _text(data: bytes) -> str:
    """A TEXT cell as Python reads it: UTF-8, any other byte kept as a lone surrogate, so
    that a cell edited into other bytes is refused with its row (:func:`_check_row`)
    instead of failing the whole query.

    >>> _text(b"1,2"), _text(b"\\xff1")
    ('1,2', '\\udcff1')
    """
    return data.decode("utf-8", "surrogateescape")


def _check_row(
    path: str, table: str, names: Sequence[str], row: Sequence[Any], *, key: int = 1
) -> None:
    """Refuse a row of ``table`` (the columns ``names``; its first ``key`` name it) with a
    cell that is not what the schema declares: NULL only where it may be, an integer ≥ 0
    (``proven`` 0 or 1), text, or for ``data`` the JSON object nimlab writes.

    >>> _check_row("t.sqlite", "sweeps", ("id", "tasks", "finished"), (1, 3, None))
    >>> _check_row("t.sqlite", "sweeps", ("id", "tasks", "finished"), (1, "abc", None))
    Traceback (most recent call last):
    ...
    nimlab.errors.InvalidOption: --db t.sqlite is damaged (the row of sweeps with id 1: tasks is
    'abc', not an integer ≥ 0); left untouched: restore a copy or give a new file
    """
    declared = _declared(table)
    for name, value in zip(names, row, strict=True):
        flaw = _flaw(*declared[name], value)
        if flaw is None:
            continue
        shown, (what, what_ja) = _shown(path), _EXPECTED[flaw]
        named = ", ".join(f"{n} {_brief(v)}" for n, v in zip(names[:key], row, strict=False))
        value_text = _brief(value)
        raise InvalidOption(
            f"--db {shown} is damaged (the row of {table} with {named}: {name} is {value_text}, "
            f"not {what}); left untouched: restore a copy or give a new file",
            ja=(
                f"--db {shown} は壊れています（{table} の {named} の行: {name} が {value_text} "
                f"で、{what_ja}ではありません）。手を付けずに残しました。"
                "コピーを戻すか新しいファイルを指定してください"
            ),
        )


def _flaw(kind: str, nullable: bool, value: Any) -> str | None:
    """None when ``value`` fits a column of ``kind`` (NULL only where ``nullable``); else
    what it should be (a key of :data:`_EXPECTED`)."""
    if value is None:
        return None if nullable else kind
    if kind in ("TEXT", "JSON"):
        if not isinstance(value, str):
            return kind
        if _UNDECODED.search(value):
            return "UTF8"
        return _json_flaw(value) if kind == "JSON" else None
    top = 1 if kind == "BOOLEAN" else INT64
    integer = isinstance(value, int) and not isinstance(value, bool)
    return None if integer and 0 <= value <= top else kind


def _json_flaw(text: str) -> str | None:
    """What ``data``'s ``text`` is not (``JSON`` or ``POSITIONS``), or None when it is well formed:
    strict JSON of an object, its ``positions`` (if kept) lists of at least two heaps."""
    if text == "{}":  # most results: nothing to read
        return None
    try:
        data = _STRICT.decode(text)
        if _SURROGATE.search(text):  # rare: then check that the text it holds is text
            json.dumps(data, ensure_ascii=False).encode()
    except (ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        return "JSON"
    if not isinstance(data, dict):
        return "JSON"
    positions = data.get("positions", [])
    if not isinstance(positions, list) or not all(
        isinstance(p, list) and len(p) >= 2 and all(_heap(h) for h in p) for p in positions
    ):
        return "POSITIONS"
    return None


def _heap(value: Any) -> bool:
    """An integer that SQLite holds and a heap may be (JSON's ``true`` is no heap)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= INT64


def _refuse(constant: str) -> None:
    """Refuse ``NaN`` and ``Infinity``, which Python reads as JSON but JSON does not have."""
    raise ValueError(constant)


_STRICT = json.JSONDecoder(parse_constant=_refuse)


def _brief(value: Any) -> str:
    """``value`` as a message shows it: its ``repr``, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:36] + "…"


def _create(connection: sqlite3.Connection, shown: str) -> None:
    """Make the tables in a new (empty) file, unless a concurrent start has just made them."""
    try:
        connection.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        raise InvalidOption(
            f"--db {shown}: cannot create it ({error}); is its folder writable?",
            ja=f"--db {shown}: 作成できません（{error}）。フォルダに書き込めますか？",
        ) from None
    try:
        tables = connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
        if tables == 0:
            for statement in _statements():
                connection.execute(statement)
            connection.execute(
                "INSERT INTO meta VALUES ('application', 'nimlab results'), "
                "('schema_version', ?), ('created_by', ?)",
                (str(SCHEMA_VERSION), f"nimlab {_version()}"),
            )
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    if tables:  # made by another process meanwhile: check it as any existing file
        _check(connection, shown, whole=False)


def _use_wal(connection: sqlite3.Connection, shown: str) -> None:
    """Switch the database to write-ahead logging, waiting for other processes as SQLite's
    busy timeout would.

    SQLite answers a contested switch (another process took the write lock while this one
    held its read lock, e.g. two first starts switching at once) with "database is locked"
    at once instead of waiting, since waiting there could deadlock; so the wait is here.
    """
    deadline = time.monotonic() + BUSY_SECONDS
    pause = 0.002
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            if time.monotonic() >= deadline:
                raise InvalidOption(
                    f"--db {shown} stayed locked by another process for {BUSY_SECONDS:g} s; "
                    "run again when that process has finished",
                    ja=(
                        f"--db {shown} は別のプロセスに {BUSY_SECONDS:g} 秒ロックされたままでした。"
                        "そのプロセスが終わってから実行し直してください"
                    ),
                ) from None
        time.sleep(pause)
        pause = min(2 * pause, 0.05)


def _check_writable(connection: sqlite3.Connection, shown: str) -> None:
    """Refuse, before any write, a database this process may not write to."""
    try:
        connection.execute("BEGIN IMMEDIATE")
        try:  # a write that changes nothing: SQLite refuses it on a read-only file
            connection.execute("UPDATE meta SET value = value WHERE 0")
        finally:
            connection.execute("ROLLBACK")
    except sqlite3.OperationalError as error:
        if "readonly" in str(error) or "read-only" in str(error):
            raise InvalidOption(
                f"--db {shown} is read-only (file or folder permissions): a sweep cannot write "
                "to it; `nimlab results` can still read it",
                ja=(
                    f"--db {shown} は読み取り専用です（ファイルかフォルダの権限）。"
                    "スイープは書き込めません。`nimlab results` で読むことはできます"
                ),
            ) from None
        raise
