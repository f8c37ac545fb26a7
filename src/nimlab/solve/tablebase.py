"""The tablebase: compiled tables kept on disk (SQLite), so the next question starts warm.

A two-heap Grundy table, a take-away table, a k-heap P-position table or a
k-heap Grundy table (values and remoteness) costs a compiled kernel — and
loading the kernels (numba) costs more than the whole rest of a command. Like
a chess endgame tablebase or Gamesman's solved databases, the tablebase keeps
each such table once it is computed: the next question whose positions lie
inside a stored table reads it from SQLite and never loads numba. Every cell of
a table depends only on smaller positions, so a stored table answers every
question inside its bounds exactly. A misère quotient with a proven period, which
answers every heap size, is kept the same way (:mod:`nimlab.misere.stored`).

Only games with a canonical spec (``nimlab.game(game.spec) == game``) are
kept: a user's unnamed ``heap_game(f)`` is never written to disk. An entry is
the table's bytes with their SHA-256, checked on every read; entries written by
another nimlab version are ignored (the kernels may have changed). The file is
bounded in bytes (least recently used entries go first), and a failure to read
or write it (locked, read-only, full, damaged) is never an error: the table is
computed as if the tablebase were empty.

Where it lives: ``$NIMLAB_TABLEBASE`` (a file path, or ``off``), else
``$XDG_CACHE_HOME/nimlab/tablebase.sqlite`` (``~/.cache/nimlab/…``).
``nimlab tablebase`` lists it, ``nimlab tablebase --clear`` empties it.

>>> import array, tempfile, os
>>> base = Tablebase(os.path.join(tempfile.mkdtemp(), "t.sqlite"))
>>> base.save("grundy-2", "wythoff", 0, 2, array.array("H", [0, 1, 1, 2]), (2, 2))
True
>>> stored = base.load("grundy-2", "wythoff", 2)
>>> stored.size, stored.values[1, 1]
(2, 2)
>>> base.load("grundy-2", "wythoff", 3) is None  # a bigger table is needed
True
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nimlab.games.base import Ruleset
    from nimlab.limits import Budget, Limits

FORMAT = 2
"""The layout of the file; a file of another layout is emptied and rebuilt."""

DEFAULT_MAX_BYTES = 1024**3
"""Bytes of tables one tablebase keeps (1 GiB); ``$NIMLAB_TABLEBASE_BYTES`` changes it."""

MAX_ENTRY_BYTES = 128 * 1024**2
"""The largest table kept (128 MiB): bigger ones are long runs, kept by ``--out`` files."""

GRUNDY_2 = "grundy-2"
TAKE_AWAY = "take-away"
HEAP_VALUES = "heap-values"
K_HEAP_GRUNDY = "k-heap-grundy"
"""The kinds of table kept: two-heap Grundy tables, take-away tables, single-heap
values, ``p-positions-K``, the sorted P-positions with K heaps, and
``k-heap-grundy-K``, the Grundy values (row 0) and remoteness (row 1) of the sorted
positions of K heaps in the order of :func:`nimlab.kernels.k_heap_grundy.rank_of`;
also ``misere-periodic``, a misère quotient with a proven period
(:mod:`nimlab.misere.stored`)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    kind TEXT NOT NULL, spec TEXT NOT NULL, version TEXT NOT NULL,
    origin INTEGER NOT NULL, size INTEGER NOT NULL,
    typecode TEXT NOT NULL, shape TEXT NOT NULL,
    nbytes INTEGER NOT NULL, sha256 TEXT NOT NULL, data BLOB NOT NULL,
    created REAL NOT NULL, used REAL NOT NULL,
    PRIMARY KEY (kind, spec, version)
);
"""

_KEY = "kind = ? AND spec = ? AND version = ?"


@dataclass(frozen=True)
class Stored:
    """One table read back: ``values`` is indexable like the array that was saved.

    ``size`` is the bound it was computed to (rows of a square table, the largest
    heap of a P-position table); ``origin`` the least heap it starts from.
    """

    kind: str
    spec: str
    origin: int
    size: int
    values: memoryview


@dataclass(frozen=True)
class Entry:
    """What ``nimlab tablebase`` lists: one stored table without its bytes."""

    kind: str
    spec: str
    version: str
    size: int
    nbytes: int
    used: float


_FINGERPRINT: list[str] = []


def _version() -> str:
    """nimlab's version and a fingerprint of the code that decides a table's values.

    The rules (``games/``), the kernels, the solver's table paths and the misère
    quotients' construction (``misere/``): an entry written before any of them changed
    is never read again.
    """
    if not _FINGERPRINT:
        from nimlab import __version__

        root = Path(__file__).resolve().parent.parent
        digest = hashlib.sha256()
        files = [
            *sorted((root / "games").glob("*.py")),
            *sorted((root / "kernels").glob("*.py")),
            *sorted((root / "misere").glob("*.py")),
        ]
        for path in [*files, root / "solve" / "compiled.py", root / "solve" / "heaps.py"]:
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
        _FINGERPRINT.append(f"{__version__}+{digest.hexdigest()[:16]}")
    return _FINGERPRINT[0]


SQLITE_MAX = 2**63 - 1
"""SQLite's largest integer: no stored table reaches further."""


class Tablebase:
    """Tables on disk in one SQLite file, bounded by ``max_bytes``.

    Reading and writing never raise: a damaged, locked or unwritable file, or one of
    another program (see :func:`_claim`), reads as empty and refuses to store (``save``
    returns False); :meth:`unusable` says why, and :meth:`clear` raises.
    """

    def __init__(self, path: str | os.PathLike[str], max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=2.0)
        try:
            _claim(db)
        except BaseException:
            db.close()
            raise
        row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        if row is None or row[0] != str(FORMAT):
            with db:
                db.execute("DELETE FROM tables")
                db.execute("INSERT OR REPLACE INTO meta VALUES ('format', ?)", (str(FORMAT),))
        return db

    def load(self, kind: str, spec: str, size: int, max_bytes: int | None = None) -> Stored | None:
        """The stored table of ``kind`` for ``spec`` if it reaches ``size``, else None.

        A table over ``max_bytes`` is not read (the caller computes a smaller one), and
        none reaches a ``size`` past SQLite's integers (2^63 − 1).
        """
        if size > SQLITE_MAX:
            return None
        try:
            db = self._connect()
            try:
                row = db.execute(
                    "SELECT origin, size, typecode, shape, sha256, data FROM tables"
                    " WHERE kind = ? AND spec = ? AND version = ? AND size >= ? AND nbytes <= ?",
                    (kind, spec, _version(), size, max_bytes or self.max_bytes),
                ).fetchone()
                if row is None:
                    return None
                origin, stored_size, typecode, shape, digest, data = row
                key = (kind, spec, _version())
                if hashlib.sha256(data).hexdigest() != digest:
                    with db:  # damaged: forget it, it will be computed again
                        db.execute(f"DELETE FROM tables WHERE {_KEY}", key)
                    return None
                with db:
                    db.execute(f"UPDATE tables SET used = ? WHERE {_KEY}", (time.time(), *key))
            finally:
                db.close()
            dims = [int(d) for d in shape.split("x")]
            return Stored(kind, spec, origin, stored_size, memoryview(data).cast(typecode, dims))
        except (sqlite3.Error, OSError, ValueError, TypeError):
            return None

    def save(
        self,
        kind: str,
        spec: str,
        origin: int,
        size: int,
        values: Any,
        shape: tuple[int, ...] | None = None,
    ) -> bool:
        """Keep ``values`` (C-contiguous: numpy, ``array.array``) as ``kind`` of ``spec``.

        ``size`` is the bound the table was computed to; ``shape`` defaults to
        the array's own. Returns False when nothing was kept.
        """
        buffer = memoryview(values)
        shape = shape or tuple(buffer.shape or (len(buffer),))
        data = buffer.tobytes()
        if len(data) > min(self.max_bytes, MAX_ENTRY_BYTES):
            return False
        typecode = buffer.format
        if typecode not in ("B", "H", "I", "L", "Q", "b", "h", "i", "l", "q", "?"):
            typecode = _typecode(values)
        try:
            db = self._connect()
            try:
                with db:
                    db.execute(f"DELETE FROM tables WHERE {_KEY}", (kind, spec, _version()))
                    self._make_room(db, len(data))
                    now = time.time()
                    db.execute(
                        "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            kind,
                            spec,
                            _version(),
                            origin,
                            size,
                            typecode,
                            "x".join(str(d) for d in shape),
                            len(data),
                            hashlib.sha256(data).hexdigest(),
                            data,
                            now,
                            now,
                        ),
                    )
            finally:
                db.close()
        except (sqlite3.Error, OSError, OverflowError):  # a size past SQLITE_MAX
            return False
        return True

    def _make_room(self, db: sqlite3.Connection, need: int) -> None:
        held = db.execute("SELECT COALESCE(SUM(nbytes), 0) FROM tables").fetchone()[0]
        rows = db.execute("SELECT kind, spec, version, nbytes FROM tables ORDER BY used").fetchall()
        for kind, spec, version, nbytes in rows:
            if held + need <= self.max_bytes:
                break
            db.execute(f"DELETE FROM tables WHERE {_KEY}", (kind, spec, version))
            held -= nbytes

    def unusable(self) -> str | None:
        """Why the file cannot be read as a tablebase (SQLite's or the system's words), or None.

        Reading and writing stay silent about it (the tables are computed instead); this is
        for ``nimlab tablebase``, which should not list an unusable file as empty.
        """
        try:
            db = self._connect()
            try:
                db.execute("SELECT COUNT(*) FROM tables").fetchone()
            finally:
                db.close()
        except OSError as e:
            return e.strerror or type(e).__name__
        except sqlite3.Error as e:
            return str(e)
        return None

    def entries(self) -> list[Entry]:
        """Every stored table, most recently used first."""
        try:
            db = self._connect()
            try:
                rows = db.execute(
                    "SELECT kind, spec, version, size, nbytes, used FROM tables ORDER BY used DESC"
                ).fetchall()
            finally:
                db.close()
        except (sqlite3.Error, OSError):
            return []
        return [Entry(*row) for row in rows]

    def clear(self) -> int:
        """Forget every table; the number forgotten. Unlike reading and writing, this says
        when it cannot (``sqlite3.Error`` or ``OSError``: a read-only file was "0 tables
        forgotten" and kept them all)."""
        db = self._connect()
        try:
            with db:
                count: int = db.execute("DELETE FROM tables").rowcount
            db.execute("VACUUM")
        finally:
            db.close()
        return count


APPLICATION_ID = 0x4E494D54
"""SQLite's application id of a tablebase ("NIMT"), written into every file it makes."""
_COLUMNS = [
    "kind",
    "spec",
    "version",
    "origin",
    "size",
    "typecode",
    "shape",
    "nbytes",
    "sha256",
    "data",
    "created",
    "used",
]


def _claim(db: sqlite3.Connection) -> None:
    """Make ``db`` a tablebase if it is new, else check that it is one: a file of another
    program (``$NIMLAB_TABLEBASE`` set to it by mistake) is refused untouched, where its
    rows named ``tables`` were deleted as an old format (files audit).

    A file without the application id (the tablebases of earlier versions) is taken when
    it holds exactly the tables ``meta`` and ``tables``, the latter with these columns.
    """
    owner = db.execute("PRAGMA application_id").fetchone()[0]
    if owner != APPLICATION_ID:
        names = {
            name
            for (name,) in db.execute("SELECT name FROM sqlite_master")
            if not name.startswith("sqlite_autoindex_")
        }
        columns = [row[1] for row in db.execute("PRAGMA table_info(tables)")]
        ours = not names or (names == {"meta", "tables"} and columns == _COLUMNS)
        if owner != 0 or not ours:
            raise sqlite3.DatabaseError("not a nimlab tablebase: a file of another program")
    db.executescript(_SCHEMA)
    if owner != APPLICATION_ID:
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def _typecode(values: Any) -> str:
    """The struct typecode of a numpy array whose buffer format is spelled otherwise."""
    itemsize = int(values.itemsize)
    signed = str(values.dtype.kind) == "i"
    codes = {1: "b", 2: "h", 4: "i", 8: "q"} if signed else {1: "B", 2: "H", 4: "I", 8: "Q"}
    return codes[itemsize]


def default_path() -> Path | None:
    """Where the tablebase lives, or None when ``$NIMLAB_TABLEBASE`` is ``off``."""
    chosen = os.environ.get("NIMLAB_TABLEBASE", "").strip()
    if chosen.lower() in ("off", "0", "no", "none"):
        return None
    if chosen:
        return Path(chosen).expanduser()
    from nimlab.files import user_cache

    return user_cache() / "tablebase.sqlite"


def default_tablebase() -> Tablebase | None:
    """The tablebase the environment asks for (see the module's docstring)."""
    path = default_path()
    if path is None:
        return None
    from nimlab.checks import env_count

    return Tablebase(path, env_count("NIMLAB_TABLEBASE_BYTES", DEFAULT_MAX_BYTES))


def load_table(kind: str, game: Ruleset, size: int, budget: Budget | Limits) -> Stored | None:
    """The current context's stored table of ``kind`` for ``game`` reaching ``size``, if any.

    Only a table within the budget's (or the limits') memory limit is read.
    """
    from nimlab.solve.context import current

    base = current().tablebase
    spec = disk_spec(game) if base is not None else None
    if base is None or spec is None:
        return None
    stored = base.load(kind, spec, size, max_bytes=budget.max_memory)
    if stored is None or stored.origin != game.capabilities.least_heap:
        return None
    return stored


def keep_table(kind: str, game: Ruleset, size: int, table: Any) -> None:
    """Write a computed table to the current context's tablebase (built-in games only)."""
    from nimlab.solve.context import current

    base = current().tablebase
    spec = disk_spec(game) if base is not None else None
    if base is not None and spec is not None:
        base.save(kind, spec, game.capabilities.least_heap, size, table)


def disk_spec(game: Ruleset) -> str | None:
    """``game``'s spec when it names a built-in game: only those are kept on disk.

    A user's game (from ``--rules`` or an unnamed ``heap_game``) may change
    between runs under one name, so its tables never outlive the process.

    >>> import nimlab
    >>> disk_spec(nimlab.game("kayles")), disk_spec(nimlab.heap_game(lambda n: [], name="x"))
    ('octal:0.77', None)
    """
    from nimlab.errors import NimlabError
    from nimlab.registry import game as named

    try:
        return game.spec if named(game.spec, user_rules=False) == game else None
    except NimlabError:
        return None
