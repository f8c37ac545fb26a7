"""``nimlab tablebase``: what the tablebase keeps on disk, and ``--clear`` to forget it.

The tablebase (:mod:`nimlab.solve.tablebase`) keeps the compiled tables of
built-in games in one SQLite file, so that the next question inside a stored
table answers without loading the kernels, and their misère quotients with a
proven period (:mod:`nimlab.misere.stored`), so that they are not built again.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from typing import TextIO

from nimlab.cli.commands import emit_json
from nimlab.cli.options import language
from nimlab.errors import InvalidOption
from nimlab.messages import both, count, say

EXAMPLES = {
    "tablebase": [
        "nimlab tablebase",
        "nimlab tablebase --json",
        "nimlab tablebase --clear",
        "NIMLAB_TABLEBASE=off nimlab analyze wythoff 1000,2000",
    ],
}

Adder = Callable[..., argparse.ArgumentParser]


def _tables(n: int, lang: str) -> str:
    """``1 table``, ``3 tables`` (``表 3 個``)."""
    return count(n, "table", lang)


def add_commands(command: Adder) -> None:
    """Add ``tablebase`` with ``command(name, run, help)`` of the main parser."""
    p = command(
        "tablebase",
        tablebase,
        both(
            "list the compiled tables kept on disk, or forget them",
            "ディスクに保存したコンパイル済みの表の一覧、または消去",
        ),
    )
    p.add_argument(
        "--clear",
        action="store_true",
        help=both("forget every stored table", "保存したすべての表を消す"),
    )


def _bytes(n: int) -> str:
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} B"


def tablebase(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.solve.tablebase import default_tablebase

    lang = language(args)
    base = default_tablebase()
    if base is None:
        value = os.environ.get("NIMLAB_TABLEBASE", "")
        if args.json:
            emit_json(out, {"path": None, "tables": []})
        else:
            out.write(say("tablebase.off", lang, value=value) + "\n")
        return 0
    reason = base.unusable()
    if reason is not None:
        raise InvalidOption(
            f"the tablebase {base.path} cannot be used ({reason}): every table is computed "
            "anew; set $NIMLAB_TABLEBASE to a file path nimlab can write, or to off",
            ja=f"テーブルベース {base.path} を使えません（{reason}）。表は毎回計算します。"
            "$NIMLAB_TABLEBASE に書き込めるファイルのパスか off を指定します",
        )
    if args.clear:
        import sqlite3

        try:
            forgotten = base.clear()
        except (sqlite3.Error, OSError) as error:
            why = (error.strerror if isinstance(error, OSError) else None) or str(error)
            raise InvalidOption(
                f"the tablebase {base.path} cannot be cleared ({why}); its tables are kept",
                ja=f"テーブルベース {base.path} を消去できません（{why}）。表は残っています",
            ) from None
        if args.json:
            emit_json(out, {"path": str(base.path), "cleared": forgotten})
        else:
            out.write(
                say("tablebase.cleared", lang, path=base.path, count=_tables(forgotten, lang))
                + "\n"
            )
        return 0
    entries = base.entries()
    if args.json:
        emit_json(
            out,
            {
                "path": str(base.path),
                "max_bytes": base.max_bytes,
                "tables": [
                    {
                        "kind": e.kind,
                        "game": e.spec,
                        "size": e.size,
                        "bytes": e.nbytes,
                        "nimlab": e.version,
                        "used": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(e.used)),
                    }
                    for e in entries
                ],
            },
        )
        return 0
    held = sum(e.nbytes for e in entries)
    out.write(
        say(
            "tablebase.head",
            lang,
            path=base.path,
            count=_tables(len(entries), lang),
            size=_bytes(held),
            limit=_bytes(base.max_bytes),
        )
        + "\n"
    )
    for e in entries:
        used = time.strftime("%Y-%m-%d %H:%M", time.localtime(e.used))
        row = say(
            "tablebase.row",
            lang,
            kind=e.kind,
            spec=e.spec,
            size=e.size,
            bytes=_bytes(e.nbytes),
            used=used,
        )
        out.write(row + "\n")
    return 0
