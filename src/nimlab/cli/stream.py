"""Long answers written as they are rendered: JSON lists in stretches, text a line at a time.

A table of 10^8 cells or a sequence of 10^8 values is never turned into one
string, nor into a Python int for each value at once: ``--max-memory`` counts
the arrays of the answer, and its output stays within a few megabytes beside
them (the text of ``table wythoff --size 10000`` once took 15 GB).

>>> import io, numpy as np
>>> out = io.StringIO()
>>> emit(out, {"game": "nim", "rows": Stretched(np.eye(2, dtype=int)), "misere": True})
>>> out.getvalue()
'{"game": "nim", "rows": [[1, 0], [0, 1]], "misere": true}\\n'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from nimlab.solve.results import json_value

STRETCH = 10_000
"""Values one write of a JSON list turns into Python ints and text (about 1 MB)."""
BATCH = 1 << 16
"""Characters of text lines gathered into one write."""


@dataclass(frozen=True)
class Stretched:
    """A long JSON list written a stretch at a time: a numpy array (a row of a 2-D array
    is one item), a tuple or a list; each item is what :func:`json_value` makes of it.

    ``width`` is the values in one item (a row's length, a position's heaps), so that
    a stretch holds about ``STRETCH`` values; by default it is read off the first item.
    """

    items: Any
    width: int = 0

    def stretch(self) -> int:
        """Items per write."""
        return max(1, STRETCH // max(1, self.width or _width(self.items)))


def _width(items: Any) -> int:
    """The values in the first item: an array row's size, a tuple's length, else 1."""
    if not len(items):
        return 1
    first = items[0]
    if hasattr(first, "size"):
        return int(first.size)
    return len(first) if isinstance(first, tuple | list) else 1


class Rows:
    """Rows made on demand, again each time they are read: a table's widths are found in
    one reading and its lines written in another, without holding the rows between.

    >>> rows = Rows(lambda: ([n, n * n] for n in range(3)))
    >>> list(rows) == list(rows) == [[0, 0], [1, 1], [2, 4]]
    True
    """

    def __init__(self, make: Callable[[], Iterator[Any]]) -> None:
        self._make = make

    def __iter__(self) -> Iterator[Any]:
        return self._make()


def emit(out: TextIO, obj: dict[str, Any]) -> None:
    """``out.write(json.dumps(obj, ensure_ascii=False) + "\\n")``, the same text, with each
    :class:`Stretched` value (at any depth of dicts) written in stretches."""
    write_json(out, obj)
    out.write("\n")


def write_json(out: TextIO, value: Any) -> None:
    """``value`` as ``json.dumps(value, ensure_ascii=False)`` writes it, a piece at a time.

    >>> import io
    >>> out = io.StringIO()
    >>> write_json(out, {"a": {}, "b": {"c": Stretched(()), "d": Stretched([(1, 2)] * 3)}})
    >>> out.getvalue() == '{"a": {}, "b": {"c": [], "d": [[1, 2], [1, 2], [1, 2]]}}'
    True
    """
    if isinstance(value, Stretched):
        _write_list(out, value)
    elif isinstance(value, dict) and _streams(value):
        out.write("{")
        for i, (key, item) in enumerate(value.items()):
            out.write((", " if i else "") + json.dumps(key, ensure_ascii=False) + ": ")
            write_json(out, item)
        out.write("}")
    else:
        out.write(json.dumps(value, ensure_ascii=False))


def _streams(value: dict[str, Any]) -> bool:
    """Does ``value`` hold a :class:`Stretched` list, at any depth of dicts?"""
    return any(
        isinstance(v, Stretched) or (isinstance(v, dict) and _streams(v)) for v in value.values()
    )


def _write_list(out: TextIO, listed: Stretched) -> None:
    items, stretch = listed.items, listed.stretch()
    out.write("[")
    for first in range(0, len(items), stretch):
        text = json.dumps(json_value(items[first : first + stretch]), ensure_ascii=False)
        out.write((", " if first else "") + text[1:-1])
    out.write("]")


def write_lines(out: TextIO, lines: Iterable[str]) -> None:
    """Each line and a newline, about ``BATCH`` characters to a write.

    >>> import io
    >>> out = io.StringIO()
    >>> write_lines(out, (str(n) for n in range(3)))
    >>> out.getvalue()
    '0\\n1\\n2\\n'
    """
    batch: list[str] = []
    size = 0
    for line in lines:
        batch.append(line)
        size += len(line)
        if size >= BATCH:
            out.write("\n".join(batch) + "\n")
            batch, size = [], 0
    if batch:
        out.write("\n".join(batch) + "\n")


def streamed(result: Any, key: str, width: int = 0) -> dict[str, Any]:
    """``result.to_dict()`` with its long field ``key`` left :class:`Stretched` (written in
    stretches, never made whole), from the ``JSON`` fields the result declares.

    >>> from nimlab.solve.results import PPositions
    >>> found = PPositions("nim", 2, 1, ((0, 0), (1, 1)))
    >>> listed = streamed(found, "positions")
    >>> listed["positions"]
    Stretched(items=((0, 0), (1, 1)), width=0)
    >>> listed | {"positions": [[0, 0], [1, 1]]} == found.to_dict()
    True
    """
    return {
        f.key: (
            Stretched(getattr(result, f.source), width)
            if f.key == key
            else json_value(getattr(result, f.source))
        )
        for f in type(result).JSON
    }
