"""Plain-text rendering of results for people (JSON goes through ``to_dict``).

>>> print(grid([["a", "bb"], ["ccc", "d"]]))
a    bb
ccc  d
>>> print(matrix([[0, 1], [1, 0]], origin=1))
 ╲   1  2
 1   0  1
 2   1  0
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any
from unicodedata import east_asian_width

from nimlab.cli.flags import FLAGS
from nimlab.games.base import Ruleset
from nimlab.games.wording import render_move
from nimlab.messages import say
from nimlab.solve.results import Analysis, Periodicity

if TYPE_CHECKING:
    from nimlab.kernels.arrays import Array

OUTCOME_WORDS = {o: say(f"outcome.{o}", "en") for o in ("N", "P")}
"""What P and N mean, in English (:data:`nimlab.messages.MESSAGES` has both languages)."""


def columns(text: str) -> int:
    """The width of ``text`` on a terminal: CJK characters take two columns.

    >>> columns("nim"), columns("一致"), columns("山 3 個")
    (3, 4, 7)
    """
    if text.isascii():
        return len(text)
    return len(text) + sum(1 for c in text if east_asian_width(c) in "WF")


def grid(rows: Iterable[Sequence[object]], gap: int = 2, right: bool = False) -> str:
    """Align a list of rows into columns (by terminal width: Japanese lines up too)."""
    return "\n".join(grid_lines(rows, gap, right))


def grid_lines(
    rows: Iterable[Sequence[object]],
    gap: int = 2,
    right: bool = False,
    widths: Sequence[int] | None = None,
) -> Iterator[str]:
    """The lines of :func:`grid` one by one. Without ``widths`` the rows are read twice,
    for their widths and then for the lines: a list, or :class:`~nimlab.cli.stream.Rows`
    made again each time.

    >>> list(grid_lines([["a", "bb"], ["ccc", "d"]], right=True, widths=[4, 2]))
    ['   a  bb', ' ccc   d']
    """
    if widths is None:
        widths = grid_widths(rows)
    sep = " " * gap
    for row in rows:
        parts = []
        for c, w in zip(row, widths, strict=False):
            text = str(c)
            pad = " " * (w - columns(text))
            parts.append(pad + text if right else text + pad)
        yield sep.join(parts).rstrip()


def grid_widths(rows: Iterable[Sequence[object]]) -> list[int]:
    """The width of each column of ``rows`` on a terminal.

    >>> grid_widths([["a", "bb"], ["ccc"], ["一致", "", "x"]])
    [4, 2, 1]
    """
    widths: list[int] = []
    for row in rows:
        for i, c in enumerate(row):
            size = columns(str(c))
            if i == len(widths):
                widths.append(size)
            elif size > widths[i]:
                widths[i] = size
    return widths


def matrix(rows: Sequence[Sequence[object]], origin: int, corner: str = "╲") -> str:
    """A square table with row and column headers starting at ``origin``."""
    header = [corner] + [str(origin + j) for j in range(len(rows[0]) if rows else 0)]
    body = [[str(origin + i), *map(str, row)] for i, row in enumerate(rows)]
    return grid([header, *body], right=True)


def matrix_lines(values: Array, origin: int, corner: str = "╲") -> Iterator[str]:
    """The lines of :func:`matrix` from a 2-D numpy array of non-negative integers, a row
    at a time (10^8 cells as Python ints and strings at once took 15 GB).

    >>> import numpy as np
    >>> rows = [[0, 10], [10, 0]]
    >>> list(matrix_lines(np.array(rows), 9)) == matrix(rows, 9).splitlines()
    True
    """
    widths = matrix_widths(values, origin, corner)
    yield from grid_lines([matrix_header(values, origin, corner)], right=True, widths=widths)
    cells = "  ".join(f"{{:>{w}}}" for w in widths)
    for i in range(values.shape[0]):
        yield cells.format(origin + i, *values[i].tolist()).rstrip()


def matrix_header(values: Array, origin: int, corner: str) -> list[str]:
    """The corner and the column numbers of a matrix of ``values``."""
    return [corner, *(str(origin + j) for j in range(values.shape[1]))]


def matrix_widths(values: Array, origin: int, corner: str) -> list[int]:
    """The column widths of a matrix of ``values`` (non-negative integers) with its row
    and column numbers from ``origin``, read off each column's largest value.

    >>> import numpy as np
    >>> matrix_widths(np.array([[0, 100], [7, 3]]), 9, "╲")
    [2, 1, 3]
    """
    rows, cols = values.shape
    labels = [columns(corner), len(str(origin + rows - 1)) if rows else 0]
    tops = values.max(axis=0).tolist() if rows else [0] * cols
    numbers = [max(len(str(origin + j)), len(str(top))) for j, top in enumerate(tops)]
    return [max(labels), *numbers]


MOVES_SHOWN = 40
"""Winning moves a text answer lists (``--json`` lists every one found)."""


def analysis(a: Analysis, lang: str = "en") -> str:
    """A readable block for one analysed position, in ``lang``."""
    grundy = say("analyze.unknown", lang) if a.grundy is None else a.grundy
    remoteness = say("analyze.no_remoteness", lang) if a.remoteness is None else a.remoteness
    lines = [
        f"{a.game}  {a.position}",
        say("analyze.outcome", lang, value=say(f"outcome.{a.outcome}", lang)),
        say("analyze.grundy", lang, value=grundy),
        say("analyze.remoteness", lang, value=remoteness),
    ]
    if a.winning_moves:
        complete = a.winning_moves_complete
        lines.append(
            say("analyze.winning_moves" if complete else "analyze.some_winning_moves", lang)
        )
        shown = a.winning_moves[:MOVES_SHOWN]
        words = [m.move if lang == "en" else render_move(m, lang) for m in shown]
        lines.append(grid([[f"    {w}", f"→ {m.to}"] for w, m in zip(words, shown, strict=True)]))
        if len(a.winning_moves) > len(shown):
            more = f"{len(a.winning_moves) - len(shown):,}"
            lines.append(say("analyze.more_moves", lang, more=more))
    elif a.outcome == "P":
        lines.append(say("analyze.no_winning_move_P", lang))
    else:
        lines.append(say("analyze.no_winning_move_found", lang))
    method = a.method
    if a.how is not None and lang != "en":
        from nimlab.solve.methods import render_method

        method = render_method(a.how, lang)
    lines.append(say("analyze.method", lang, value=method))
    return "\n".join(lines)


def values(seq: Sequence[int], per_line: int = 20, start: int = 0) -> str:
    """A Grundy sequence G(start), ... in rows, each starting with the index of its first value."""
    return "\n".join(value_rows(seq, per_line, start))


def value_rows(seq: Sequence[int] | Array, per_line: int = 20, start: int = 0) -> Iterator[str]:
    """The rows of :func:`values` one by one, from a list or a numpy array (read in
    stretches, so 10^8 values are written without a Python int for each at once).

    >>> list(value_rows([0, 1, 12], per_line=2, start=8))
    [' 8:  0  1', '10: 12']
    """
    top = int(seq.max()) if len(seq) and hasattr(seq, "max") else max(seq, default=0)
    width = len(str(top))
    index = len(str(max(start + len(seq) - 1, 0)))
    stretch = per_line * 5000
    for first in range(0, len(seq), stretch):
        part = seq[first : first + stretch]
        part = part.tolist() if hasattr(part, "tolist") else part
        for i in range(0, len(part), per_line):
            row = " ".join(f"{v:>{width}}" for v in part[i : i + per_line])
            yield f"{start + first + i:>{index}}: {row}"


def value_lines(seq: Sequence[int] | Array, per_line: int = 20, start: int = 0) -> Iterator[str]:
    """The rows of :func:`values` with their line ends, many rows to a piece. The full rows
    of a numpy array are laid out by numpy, byte by byte (10^8 values took 34 s one value
    at a time); the rest as :func:`value_rows` writes them.

    >>> import numpy as np
    >>> print("".join(value_lines(np.array([0, 1, 12, 3, 4]), per_line=2, start=98)), end="")
     98:  0  1
    100: 12  3
    102:  4
    >>> "".join(value_lines([5, 1, 12], per_line=2)).splitlines()
    ['0:  5  1', '2: 12']
    """
    whole = len(seq) // per_line * per_line
    kind = getattr(getattr(seq, "dtype", None), "kind", None)
    if kind is None or kind not in "ui" or whole == 0 or start + len(seq) >= NUMPY_INDEX_BELOW:
        yield from (row + "\n" for row in value_rows(seq, per_line, start))
        return
    import numpy as np

    seq = np.asarray(seq)
    top = int(seq.max())
    width = len(str(top))
    index = len(str(max(start + len(seq) - 1, 0)))
    rows = max(1, ROWS_AT_ONCE)
    for first in range(0, whole, rows * per_line):
        part = np.asarray(seq[first : min(whole, first + rows * per_line)])
        count = len(part) // per_line
        line = np.full((count, index + 2 + per_line * (width + 1)), ord(" "), dtype=np.uint8)
        line[:, :index] = _decimal(start + first + per_line * np.arange(count), index)
        line[:, index] = ord(":")
        cells = line[:, index + 2 :].reshape(count, per_line, width + 1)
        cells[:, :, :width] = _decimal(part, width).reshape(count, per_line, width)
        cells[:, -1, width] = ord("\n")
        yield line.tobytes().decode("ascii")
    if whole < len(seq):  # the last, shorter row, aligned as the others
        tail = seq[whole:].tolist()
        row = " ".join(f"{v:>{width}}" for v in tail)
        yield f"{start + whole:>{index}}: {row}\n"


NUMPY_INDEX_BELOW = 10**18
"""Row numbers from here on are written one row at a time (numpy's integers stop at 2^64,
and a start of 2^63 or more made the block's row numbers overflow)."""
ROWS_AT_ONCE = 5000
"""Rows of values laid out at once by :func:`value_lines` (100,000 values: about 3 MB)."""


def _decimal(numbers: Any, width: int) -> Any:
    """Each of ``numbers`` (≥ 0) in decimal, right-aligned in ``width`` ASCII bytes: a
    (len, width) array of bytes.

    >>> import numpy as np
    >>> bytes(_decimal(np.array([7, 120, 0]), 3).ravel())
    b'  7120  0'
    """
    import numpy as np

    n = np.asarray(numbers).astype(np.uint64)
    out = np.empty((len(n), width), dtype=np.uint8)
    for k in range(width):
        power = np.uint64(10 ** (width - 1 - k))
        digit = (n // power % np.uint64(10)).astype(np.uint8) + np.uint8(ord("0"))
        out[:, k] = digit if k == width - 1 else np.where(n >= power, digit, np.uint8(32))
    return out


def periodicity(p: Periodicity, criterion: str | None, lang: str = "en") -> str:
    """One paragraph on a periodicity result, in ``lang``; a search in vain names the
    option whose limit ended it."""
    if p.period is None:
        flag = FLAGS.get(p.stopped_by or "max_states", "--max-states")
        return say("period.none", lang, game=p.game, checked=p.checked_to, flag=flag)
    kind = say("period.arithmetic" if p.saltus else "period.periodic", lang)
    if p.proven:
        proof = say("period.proven", lang, criterion=criterion)
    else:
        proof = say("period.observed", lang)
    found = say(
        "period.found",
        lang,
        game=p.game,
        kind=kind,
        preperiod=p.preperiod,
        period=p.period,
        saltus=p.saltus,
    )
    return found + "\n" + say("period.computed", lang, proof=proof, checked=p.checked_to)


def facts(game: Ruleset, lang: str = "en") -> str:
    """The known results of ``game``'s family, one ``known:`` line each (or nothing)."""
    from nimlab.registry import family_of

    family = family_of(game)
    if family is None:
        return ""
    if lang == "ja":
        return "".join(f"  既知: {f.statement_ja}({f.source_ja})\n" for f in family.facts)
    return "".join(f"  known: {f.statement} ({f.source})\n" for f in family.facts)
