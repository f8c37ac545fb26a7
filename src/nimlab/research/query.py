"""Query the results database: filter, sort, top-N; export CSV and Parquet.

>>> import os, tempfile
>>> from nimlab.research.executors import SerialExecutor
>>> from nimlab.research.families import subtraction_family
>>> from nimlab.research.sweep import run_sweep
>>> path = os.path.join(tempfile.mkdtemp(), "atlas.sqlite")
>>> _ = run_sweep(subtraction_family(sizes=(2,), max_element=9), path, SerialExecutor(), quiet=True)
>>> [(r["params"], r["period"]) for r in select(path, Filter(family="subtraction"), "period", 3)]
[('8,9', 17), ('7,9', 16), ('7,8', 15)]
>>> count(path, Filter(family="subtraction", period=2))  # {a, b} with both odd multiples of a
4
"""

from __future__ import annotations

import csv
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nimlab.errors import InvalidOption
from nimlab.files import atomic_path, shown
from nimlab.limits import check_memory
from nimlab.research.db import COLUMNS, ResultsDB

OUTPUT_COLUMNS = (*COLUMNS, "nimlab_version", "computed_at")
SORT_KEYS = ("period", "preperiod", "max_value", "count", "work", "outcome_period", "params")


@dataclass(frozen=True)
class Filter:
    """Which results: family, set size / heap count / C, top (max S, max heap), period, params."""

    family: str | None = None
    size: int | None = None
    top: int | None = None
    period: int | None = None
    proven: bool | None = None
    params: str | None = None
    """An SQL LIKE pattern on the parameters, e.g. ``'1,%'`` or ``'delete-nim:%'``."""

    def where(self) -> tuple[str, list[Any]]:
        clauses, values = [], []
        for column in ("family", "size", "top", "period"):
            value = getattr(self, column)
            if value is not None:
                clauses.append(f"{column} = ?")
                values.append(value)
        if self.proven is not None:
            clauses.append("proven = ?")
            values.append(int(self.proven))
        if self.params is not None:
            clauses.append("params LIKE ?")
            values.append(self.params)
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", values


def _open(path: str) -> ResultsDB:
    return ResultsDB.open(path, create=False)


def _order(sort: str) -> str:
    if sort not in SORT_KEYS:
        raise InvalidOption(
            f"--sort {sort!r}: accepted: {', '.join(SORT_KEYS)}",
            ja=f"--sort {sort!r}: 使えるのは {', '.join(SORT_KEYS)}",
        )
    if sort == "params":
        return "ORDER BY family, size, top, params"
    return f"ORDER BY {sort} IS NULL, {sort} DESC, family, size, top, params"


def columns_of(names: str | None) -> tuple[str, ...]:
    """The output columns named in ``names`` (comma-separated; None: all)."""
    if names is None:
        return OUTPUT_COLUMNS
    chosen = tuple(n.strip() for n in names.split(",") if n.strip())
    twice = sorted({n for n in chosen if chosen.count(n) > 1})
    if twice:
        raise InvalidOption(
            f"--columns: {', '.join(twice)} named twice; name each column once",
            ja=f"--columns: {', '.join(twice)} が 2 回あります。各列は 1 回だけ指定します",
        )
    unknown = [n for n in chosen if n not in OUTPUT_COLUMNS]
    if unknown or not chosen:
        raise InvalidOption(
            f"--columns: unknown {', '.join(unknown) or '(none given)'}; "
            f"accepted: {', '.join(OUTPUT_COLUMNS)}",
            ja=(
                f"--columns: 未知の列 {', '.join(unknown) or '(指定なし)'}。使えるのは "
                f"{', '.join(OUTPUT_COLUMNS)}"
            ),
        )
    return chosen


def rows(
    path: str,
    where: Filter,
    sort: str = "params",
    limit: int | None = None,
    columns: tuple[str, ...] = OUTPUT_COLUMNS,
) -> Iterator[tuple[Any, ...]]:
    """The matching results as tuples of ``columns`` (all by default), streamed; a row
    damaged by hand is refused (``InvalidOption``) when it comes."""
    clause, values = where.where()
    rest = f"{clause} {_order(sort)}"
    if limit is not None:
        if limit < 1:
            raise InvalidOption(
                f"--limit must be ≥ 1, got {limit}",
                ja=f"--limit は 1 以上です（{limit} が与えられた）",
            )
        rest += f" LIMIT {int(limit)}"
    with _open(path) as db:
        yield from db.results(columns, rest, values)


ROW_BYTES = 1024
"""About the bytes of one result row in Python (its tuple or dict of 16 values), text aside."""
CHUNK = 1 << 16
"""Rows per Parquet row group: a chunk is held in Python lists before Arrow takes it."""


def footprint(path: str, where: Filter, sort: str = "params", limit: int | None = None) -> int:
    """The bytes the matching rows (the top ``limit`` by ``sort``) take once read into Python.

    SQLite counts the rows and their text without handing them over, so a query that
    would not fit in memory is refused before it is run.
    """
    clause, values = where.where()
    inner = f"SELECT data, params FROM results{clause} {_order(sort)}"
    if limit is not None:
        inner += f" LIMIT {max(int(limit), 0)}"
    sql = f"SELECT COUNT(*), COALESCE(SUM(LENGTH(data) + LENGTH(params)), 0) FROM ({inner})"
    with _open(path) as db:
        count, text = db.connection.execute(sql, values).fetchone()
    return int(count) * ROW_BYTES + 2 * int(text)


def check_footprint(
    path: str,
    where: Filter,
    max_memory: int,
    sort: str = "params",
    limit: int | None = None,
    copies: int = 1,
) -> None:
    """Refuse (``TooLarge``, naming ``--max-memory``) rows that would not fit in memory
    (held ``copies`` times: ``--json`` builds a second copy to write)."""
    check_memory(
        copies * footprint(path, where, sort, limit),
        max_memory,
        "reading these results",
        ja="これらの結果の読み込み",
    )


def select(
    path: str, where: Filter, sort: str = "period", limit: int | None = 20
) -> list[dict[str, Any]]:
    """The top ``limit`` matching results by ``sort`` (largest first), as dicts."""
    return [dict(zip(OUTPUT_COLUMNS, r, strict=True)) for r in rows(path, where, sort, limit)]


def count(path: str, where: Filter) -> int:
    """How many results match."""
    clause, values = where.where()
    with _open(path) as db:
        return int(
            db.connection.execute(f"SELECT COUNT(*) FROM results{clause}", values).fetchone()[0]
        )


Progress = Callable[[int], None]
"""Told the rows written so far, every :data:`PROGRESS_ROWS` rows and at the end."""
PROGRESS_ROWS = 1 << 14
PARQUET_ZSTD_LEVEL = 6
"""zstd level of Parquet exports: level 19 made a 2-million-row export take minutes."""


def export_target(target: str) -> str:
    """``target``'s name in lower case, once it is known to be an export file in a folder
    that exists (refused otherwise)."""
    name = target.lower()
    if not name.endswith((".parquet", ".csv", ".csv.gz")):
        raise InvalidOption(
            f"--export {shown(target)}: give a file ending in .csv, .csv.gz or .parquet",
            ja=(
                f"--export {shown(target)}: .csv, .csv.gz, .parquet "
                "で終わるファイルを指定してください"
            ),
        )
    target_path(target, "--export")
    return name


def export(
    path: str,
    where: Filter,
    target: str,
    columns: tuple[str, ...] = OUTPUT_COLUMNS,
    progress: Progress | None = None,
) -> int:
    """Write the matching results to ``target`` (.csv, .csv.gz or .parquet); returns the rows."""
    name = export_target(target)
    not_the_database(target, path, "--export")
    with atomic_path(target, "--export") as written_to:
        told = progress or (lambda written: None)
        if name.endswith(".parquet"):
            return _parquet(path, where, written_to, columns, told)
        return _csv(path, where, written_to, columns, told, gzipped=name.endswith(".gz"))


def _csv(
    path: str,
    where: Filter,
    target: str,
    columns: tuple[str, ...],
    progress: Progress,
    *,
    gzipped: bool,
) -> int:
    import gzip

    opener: Any = gzip.open if gzipped else open
    written = 0
    with opener(target, "wt", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(columns)
        for row in rows(path, where, columns=columns):
            writer.writerow(row)
            written += 1
            if not written % PROGRESS_ROWS:
                progress(written)
    progress(written)
    return written


_ARROW_TYPES = {
    "family": "string",
    "params": "string",
    "data": "string",
    "nimlab_version": "string",
    "computed_at": "string",
    "proven": "bool_",
}


def _parquet(
    path: str, where: Filter, target: str, columns: tuple[str, ...], progress: Progress
) -> int:
    import importlib

    from nimlab.extras import require

    require("research", "nimlab results --export FILE.parquet")
    pa: Any = importlib.import_module("pyarrow")
    pq: Any = importlib.import_module("pyarrow.parquet")

    schema = pa.schema([(c, getattr(pa, _ARROW_TYPES.get(c, "int64"))()) for c in columns])
    written = 0
    level = PARQUET_ZSTD_LEVEL
    with pq.ParquetWriter(target, schema, compression="zstd", compression_level=level) as writer:
        chunk: list[tuple[Any, ...]] = []
        for row in rows(path, where, columns=columns):
            chunk.append(row)
            if len(chunk) == CHUNK:
                writer.write_table(_table(pa, schema, chunk))
                written += len(chunk)
                chunk = []
                progress(written)
        if chunk or not written:
            writer.write_table(_table(pa, schema, chunk))
            written += len(chunk)
    progress(written)
    return written


def _table(pa: Any, schema: Any, chunk: list[tuple[Any, ...]]) -> Any:
    names = schema.names
    columns: list[Any] = list(zip(*chunk, strict=True)) if chunk else [[] for _ in names]
    arrays = [
        pa.array(
            [bool(v) for v in col] if names[i] == "proven" else list(col),
            type=schema.field(i).type,
        )
        for i, col in enumerate(columns)
    ]
    return pa.Table.from_arrays(arrays, schema=schema)


def target_path(target: str, option: str) -> Path:
    """``target`` (given with ``option``) as a path whose directory exists (else refused)."""
    path = Path(target)
    try:
        folder = path.parent.is_dir()
    except OSError as error:
        raise InvalidOption(
            f"{option} {shown(target)}: cannot use this path ({error.strerror})",
            ja=f"{option} {shown(target)}: このパスは使えません（{error.strerror}）",
        ) from None
    if not folder:
        raise InvalidOption(
            f"{option} {shown(target)}: the directory {shown(str(path.parent))} does not exist",
            ja=f"{option} {shown(target)}: ディレクトリ {shown(str(path.parent))} がありません",
        )
    return path


def not_the_database(target: str, db: str, option: str) -> None:
    """Refuse a ``target`` that is the ``--db`` file itself: written, it replaced the
    results it was made from (``results --db a.csv --export a.csv``)."""
    try:
        same = os.path.samefile(target, db)
    except OSError:
        return  # a new file, or one that cannot be looked at (refused when written)
    if same:
        raise InvalidOption(
            f"{option} {shown(target)} is the --db file itself; give another file name",
            ja=f"{option} {shown(target)} は --db のファイルそのものです。別の名前を指定します",
        )
