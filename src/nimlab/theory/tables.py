"""The seeds' own tables, computed by the seeds' own algorithms.

* :func:`w_table` — seed 000's table of w(n), the least winning take from n
  stones with no limit, and the "code" built from it (Games II and III; any
  take-away:C). The code turns out to be n's representation over the sequence H
  (binary for C = 1, Fibonacci for C = 2), and w(n) = ℓ(n).
* :func:`wythoff_table` — seed 000's Game IV table: p_n is the least number not
  yet used, q_n = p_n + n, with their Fibonacci representations.
* :func:`p_matrix` — Table 9 of seed 001: for heaps a, b the c with ⟨a, b, c⟩ a
  P-position, searched up to a stated bound.

>>> [(r.n, r.w, r.code) for r in w_table("fibonacci-nim", 8).rows[-3:]]
[(6, 1, '1001'), (7, 2, '1010'), (8, 8, '10000')]
>>> [(r.n, r.p, r.q, r.q_code) for r in wythoff_table(3).rows]
[(1, 1, 2, '10'), (2, 3, 5, '1000'), (3, 4, 7, '1010')]
>>> p_matrix("split-delete-nim:single", size=3, max_heap=8).cells
(((1,), (), (3,)), ((), (2,), (5,)), ((3,), (5,), (1,)))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from nimlab.checks import check_int
from nimlab.errors import InvalidOption, NotApplicable
from nimlab.games.base import Ruleset
from nimlab.limits import Limits, check_limits
from nimlab.registry import game as as_game
from nimlab.solve.results import PPositions
from nimlab.solve.tables import p_positions
from nimlab.theory.zeckendorf import code

WTABLE_GAMES = "take-le-prev (Game II), fibonacci-nim (Game III) and take-away:C for any C ≥ 1"
WTABLE_GAMES_JA = (
    "take-le-prev（ゲーム II）、fibonacci-nim（ゲーム III）と任意の C ≥ 1 の take-away:C"
)


def _count(value: object, option: str, least: int = 1) -> int:
    return check_int(value, option, least)


@dataclass(frozen=True)
class WRow:
    """One row of seed 000's table: n, w(n) and n's code."""

    n: int
    w: int
    code: str

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "w": self.w, "code": self.code}


@dataclass(frozen=True)
class WTable:
    """w(n) and codes for n = 1..N of a take-away game."""

    game: str
    rows: tuple[WRow, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "rows": [r.to_dict() for r in self.rows]}


W_ROW_BYTES = 320
"""About the bytes one row of :func:`w_table` holds: the row, w(n), n's code as a number
and as text (275 measured at 10^6 rows; the text of the table is made as it is written)."""


def w_table(game: str | Ruleset, to: int, *, limits: Limits | None = None) -> WTable:
    """Seed 000's algorithm: w(n) is the least k with w(n−k) > C·k, or n; then the codes.

    Numbers with w(n) = n get the codes 1, 10, 100, ... in turn; every other n gets
    code(w(n)) + code(n − w(n)), added as binary numbers.
    """
    g = as_game(game)
    multiplier = g.capabilities.take_away_multiplier
    if multiplier is None:
        raise NotApplicable(
            f"wtable applies to {WTABLE_GAMES}; {g.spec} is not one",
            ja=f"wtable は {WTABLE_GAMES_JA} 用です。{g.spec} は違います",
        )
    to = _count(to, "to")
    limits = check_limits(limits)
    limits.check(to, "table rows")
    limits.check_memory(to * W_ROW_BYTES, "the table of w(n)")
    budget = limits.budget()
    c = multiplier
    w = [0] * (to + 1)
    codes = [0] * (to + 1)
    fresh = 1  # the code the next n with w(n) = n gets
    for n in range(1, to + 1):
        k = 1
        while k < n and w[n - k] <= c * k:
            k += 1
        budget.spend(k)
        w[n] = k
        if k == n:
            codes[n], fresh = fresh, fresh << 1
        else:
            codes[n] = codes[k] + codes[n - k]
    rows = tuple(WRow(n, w[n], format(codes[n], "b")) for n in range(1, to + 1))
    return WTable(g.spec, rows)


@dataclass(frozen=True)
class WythoffRow:
    """n, p_n, q_n of seed 000's Game IV table, with their Fibonacci representations."""

    n: int
    p: int
    q: int

    @property
    def n_code(self) -> str:
        return code(self.n)

    @property
    def p_code(self) -> str:
        return code(self.p)

    @property
    def q_code(self) -> str:
        return code(self.q)

    def to_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "n_code": self.n_code,
            "p": self.p,
            "p_code": self.p_code,
            "q": self.q,
            "q_code": self.q_code,
        }


@dataclass(frozen=True)
class WythoffTable:
    """The P-positions {p_n, q_n} of Wythoff's game for n = 1..N."""

    rows: tuple[WythoffRow, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"game": "wythoff", "rows": [r.to_dict() for r in self.rows]}


WYTHOFF_ROW_BYTES = 400
"""About the bytes one row holds: the row, its numbers and their two entries of the numbers
used (320 measured at 10^6 rows; its codes and text are made as it is written)."""


def wythoff_table(to: int, *, limits: Limits | None = None) -> WythoffTable:
    """Seed 000's algorithm: p_n is the least number not used by earlier p, q; q_n = p_n + n."""
    to = _count(to, "to")
    limits = check_limits(limits)
    limits.check(6 * to, "table cells")  # n, p_n, q_n and their three codes
    limits.check_memory(to * WYTHOFF_ROW_BYTES, "the Wythoff table")
    used: set[int] = set()
    p = 1
    rows = []
    for n in range(1, to + 1):
        while p in used:
            p += 1
        used.update((p, p + n))
        rows.append(WythoffRow(n, p, p + n))
    return WythoffTable(tuple(rows))


@dataclass(frozen=True)
class PMatrix:
    """Table 9's layout: cells[a][b] lists every c ≤ ``max`` with ⟨a, b, c⟩ a P-position."""

    game: str
    origin: int
    max: int
    cells: tuple[tuple[tuple[int, ...], ...], ...]
    found: PPositions

    def labels(self) -> list[list[str]]:
        """The cells as the paper prints them: c, or × when no c ≤ ``max`` exists."""
        return list(self.label_rows())

    def label_rows(self) -> Iterator[list[str]]:
        """The rows of :meth:`labels` one by one (a table is printed a row at a time)."""
        return (["/".join(map(str, cell)) or "×" for cell in row] for row in self.cells)

    def to_dict(self) -> dict[str, Any]:
        return {
            "origin": self.origin,
            "max": self.max,
            "rows": [[list(cell) for cell in row] for row in self.cells],
        }


def p_matrix(
    game: str | Ruleset,
    size: int,
    max_heap: int,
    *,
    misere: bool = False,
    limits: Limits | None = None,
) -> PMatrix:
    """For a, b in origin..origin+size−1, the c ≤ ``max_heap`` completing a 3-heap P-position."""
    g = as_game(game)
    found = p_positions(g, heaps=3, max_heap=max_heap, misere=misere, limits=limits)
    lo = g.capabilities.least_heap
    size = _count(size, "size")
    if lo + size - 1 > max_heap:
        raise InvalidOption(
            f"size {size} needs heaps up to {lo + size - 1}, above max_heap {max_heap}; "
            "the partners of a row are only known up to max_heap",
            field="size",
            ja=f"size {size} には {lo + size - 1} までの山が必要で、"
            f"max_heap {max_heap} を超えます。行の相手は max_heap までしかわかりません",
        )
    partners: dict[tuple[int, int], set[int]] = {}
    for a, b, c in found.positions:
        for x, y, z in ((a, b, c), (a, c, b), (b, c, a)):
            partners.setdefault((x, y), set()).add(z)
            partners.setdefault((y, x), set()).add(z)
    cells = tuple(
        tuple(tuple(sorted(partners.get((a, b), ()))) for b in range(lo, lo + size))
        for a in range(lo, lo + size)
    )
    return PMatrix(g.spec, lo, max_heap, cells, found)


def paper_table(game: Ruleset, origin: int) -> str | None:
    """Which of seed 001's Grundy tables 5–8 this two-heap table is, if any (the game
    declares it; those tables count heaps from 1)."""
    source = game.capabilities.grundy_table_source
    return source if source and origin >= 1 else None
