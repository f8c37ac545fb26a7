"""Results: small frozen values with ``to_dict()`` for JSON and a readable repr.

>>> Periodicity(8, 3, 0, proven=True, checked_to=40)
Periodicity(8, 3, 0, proven=True)
>>> from nimlab.games.actions import Take
>>> WinningMove("0,1,1", Take(3, 3)).to_dict()
{'to': '0,1,1', 'move': 'take 3 from the heap of 3'}
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

if TYPE_CHECKING:
    from nimlab.solve.methods import Method

from nimlab.games.actions import Action
from nimlab.games.wording import render_move
from nimlab.text import markdown, quoted, shorten

Outcome = Literal["P", "N"]


NOTEBOOK_ROWS = 64
"""Rows (or positions) a notebook display shows at most."""


def _heap_index(heap: object, first: int, count: int, read: str) -> int:
    """Where ``heap`` is among the ``count`` heaps from ``first``: TypeError for a non-integer
    (a slice, a string, a float), IndexError outside them."""
    if isinstance(heap, bool) or not hasattr(heap, "__index__"):
        raise TypeError(f"{read}: heaps are integers; got {shorten(quoted(heap))}")
    n = operator.index(heap)
    if not first <= n < first + count:
        span = f"{quoted(first)}..{quoted(first + count - 1)}"
        raise IndexError(shorten(f"heap {quoted(n)} is outside the heaps held, {span}"))
    return n - first


@dataclass(frozen=True)
class JsonField:
    """One key of a result's JSON: its type, its meaning, and the attribute it comes from.

    Each result declares its JSON once, as ``JSON``; ``to_dict()`` is derived
    from it (:func:`json_dict`) and so is the web API's schema
    (:mod:`nimlab.web.schemas`).
    """

    key: str
    type: Any
    description: str = ""
    attribute: str = ""

    @property
    def source(self) -> str:
        return self.attribute or self.key


def json_value(value: Any) -> Any:
    """A value as JSON: results by their ``to_dict()``, sequences and arrays as lists."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, tuple | list):
        return [json_value(v) for v in value]
    return value


def json_dict(result: Any) -> dict[str, Any]:
    """The JSON of a result, key by key as its class declares in ``JSON``."""
    return {f.key: json_value(getattr(result, f.source)) for f in type(result).JSON}


@dataclass(frozen=True)
class WinningMove:
    """A move to a P-position: where it goes (canonical text) and what it does (an action).

    ``move`` is the action in English, as JSON carries it; other languages come
    from :func:`nimlab.games.wording.render_move` on ``action``.
    """

    to: str
    action: Action

    JSON: ClassVar[tuple[JsonField, ...]] = (
        JsonField("to", str, "the canonical position the move leads to"),
        JsonField("move", str, "what the move does, in words"),
    )

    @property
    def move(self) -> str:
        """What the move does, in English."""
        return render_move(self.action, "en")

    def to_dict(self) -> dict[str, Any]:
        return json_dict(self)


@dataclass(frozen=True)
class Analysis:
    """Everything the engine says about one position.

    ``outcome`` is ``"P"`` (the player to move loses with best play) or
    ``"N"``; ``grundy`` is the Grundy value (under misère play, the misère
    Grundy value, 0 exactly at P-positions), ``remoteness`` the number of moves
    to the end with best play (the winner hurries, the loser delays);
    either is ``None`` where no method within the limits gives it.
    ``method`` names the theorem or engine used.
    """

    game: str
    position: str
    outcome: Outcome
    grundy: int | None
    remoteness: int | None
    winning_moves: tuple[WinningMove, ...]
    winning_moves_complete: bool
    method: str
    how: Method | None = field(default=None, compare=False, repr=False)
    """The method as a value (``method`` is its English words)."""

    JSON: ClassVar[tuple[JsonField, ...]] = (
        JsonField("game", str, "the canonical spec"),
        JsonField("position", str, "the canonical position"),
        JsonField("outcome", Literal["P", "N"], "P: the player to move loses; N: wins"),
        JsonField("grundy", int | None, "the Grundy value (misère: the misère one), if known"),
        JsonField("remoteness", int | None, "moves to the end with best play, if computed"),
        JsonField("winning_moves", list[WinningMove], "every move to a P-position"),
        JsonField("winning_moves_complete", bool, "false when the list is known to be partial"),
        JsonField("method", str, "the theorem or engine that answered, in words"),
    )

    def to_dict(self) -> dict[str, Any]:
        return json_dict(self)

    def _repr_markdown_(self) -> str:
        # every text here may hold a user's ruleset name (a move "in <img …> (component 1)"
        # was raw HTML; helper audit)
        moves = "".join(f"\n- {markdown(m.move)} → {markdown(m.to)}" for m in self.winning_moves)
        return (
            f"**{markdown(self.game)}** at {markdown(self.position)}: outcome "
            f"**{self.outcome}**, Grundy value {self.grundy}, remoteness {self.remoteness}  \n"
            f"method: {markdown(self.method)}{moves}"
        )


@dataclass(frozen=True)
class Periodicity:
    """Eventual periodicity of a Grundy sequence: G(n+p) = G(n) + s for n ≥ preperiod.

    ``proven`` is true only when a theorem's criterion was checked (the
    max(S)-window for subtraction games, Guy–Smith for octal games);
    ``checked_to`` is how many values were computed. When no period was found
    the three numbers are ``None``, and ``stopped_by`` names what ended the search:
    the :class:`~nimlab.limits.Limits` field that was reached (``max_states``,
    ``max_memory``, ``max_seconds``) or ``max_length``.
    """

    preperiod: int | None
    period: int | None
    saltus: int | None
    proven: bool
    checked_to: int
    game: str = ""
    stopped_by: str | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        return f"Periodicity({self.preperiod}, {self.period}, {self.saltus}, proven={self.proven})"

    JSON: ClassVar[tuple[JsonField, ...]] = (
        JsonField("game", str, "the canonical spec"),
        JsonField("preperiod", int | None, "n0: the period holds from here on"),
        JsonField("period", int | None, "p: G(n + p) = G(n) + saltus for n ≥ n0"),
        JsonField("saltus", int | None, "s: 0 for a plain period"),
        JsonField("proven", bool, "true only when a theorem's criterion was checked"),
        JsonField("checked_to", int, "how many values were computed"),
    )

    def to_dict(self) -> dict[str, Any]:
        return json_dict(self)

    def _repr_markdown_(self) -> str:
        if self.period is None:
            first = f"{self.checked_to:,} values"
            return f"**{markdown(self.game)}**: no period found in the first {first}"
        how = "proven" if self.proven else "observed, not proven"
        saltus = f", saltus {self.saltus}" if self.saltus else ""
        return (
            f"**{markdown(self.game)}**: preperiod {self.preperiod}, period {self.period}{saltus} "
            f"({how}; {self.checked_to:,} values computed)"
        )


@dataclass(frozen=True, eq=False)
class GrundyTable:
    """Grundy values of the two-heap positions ⟨origin+i, origin+j⟩, as a 2-D numpy array.

    ``values`` holds the table (read-only); ``rows`` gives it as tuples of
    Python ints and ``to_dict()`` as lists, for JSON.

    >>> t = GrundyTable.from_rows("nim", 0, [[0, 1], [1, 0]])
    >>> t[1, 0], t.rows, t.to_dict()["rows"]
    (1, ((0, 1), (1, 0)), [[0, 1], [1, 0]])
    """

    game: str
    origin: int
    values: Any

    def __post_init__(self) -> None:
        self.values.flags.writeable = False

    @classmethod
    def from_rows(cls, game: str, origin: int, rows: Any) -> GrundyTable:
        """A table from rows of ints (the smallest unsigned dtype that holds them)."""
        import numpy as np

        from nimlab.kernels.arrays import smallest_unsigned

        top = max((max(r, default=0) for r in rows), default=0)
        array = np.array(rows, dtype=smallest_unsigned(int(top))).reshape(len(rows), len(rows))
        return cls(game, origin, array)

    @property
    def size(self) -> int:
        return int(self.values.shape[0])

    @property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        """The table as tuples of Python ints (built on demand)."""
        return tuple(map(tuple, self.values.tolist()))

    def __getitem__(self, heaps: tuple[int, int]) -> int:
        """G⟨a, b⟩ for two heaps of the table (never numpy's wrap-around below it)."""
        if not isinstance(heaps, tuple) or len(heaps) != 2:
            raise TypeError(f"a table is read at two heaps, table[a, b]; got {heaps!r}")
        a, b = (_heap_index(h, self.origin, self.size, "table[a, b]") for h in heaps)
        return int(self.values[a, b])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GrundyTable):
            return NotImplemented
        return (self.game, self.origin) == (other.game, other.origin) and bool(
            self.values.shape == other.values.shape and (self.values == other.values).all()
        )

    __hash__ = None  # type: ignore[assignment]

    JSON: ClassVar[tuple[JsonField, ...]] = (
        JsonField("game", str, "the canonical spec"),
        JsonField("origin", int, "the smallest heap: row and column 0 are this heap"),
        JsonField("rows", list[list[int]], "G⟨origin + i, origin + j⟩, row i", "values"),
    )

    def to_dict(self) -> dict[str, Any]:
        return json_dict(self)

    def __repr__(self) -> str:
        return f"GrundyTable({self.game!r}, origin={self.origin}, size={self.size})"

    def _repr_html_(self) -> str:
        """A heat map as in seed 001's tables 5–8: P-positions (value 0) dark; 64² at most."""
        from nimlab.notebook import escape, heat_style

        shown = self.values[:NOTEBOOK_ROWS, :NOTEBOOK_ROWS].tolist()
        top = max((max(r, default=0) for r in shown), default=0)
        labels = range(self.origin, self.origin + len(shown))
        head = "".join(f"<th>{b}</th>" for b in labels)
        body = "".join(
            f"<tr><th>{a}</th>"
            + "".join(
                f'<td style="{heat_style(v, top)};text-align:center;padding:2px 4px" '
                f'title="G⟨{a}, {b}⟩ = {v}">{"<b>0</b>" if v == 0 else v}</td>'
                for b, v in zip(labels, row, strict=False)
            )
            + "</tr>"
            for a, row in zip(labels, shown, strict=False)
        )
        more = "" if self.size <= NOTEBOOK_ROWS else f"<p>first {NOTEBOOK_ROWS} rows</p>"
        title = f"<p><b>{escape(self.game)}</b>: G⟨a, b⟩ (rows a, columns b; 0 dark)</p>"
        style = "border-collapse:collapse;font-size:11px"
        table = f'<table style="{style}"><tr><th>a\\b</th>{head}</tr>'
        return f"{title}{table}{body}</table>{more}"


@dataclass(frozen=True, eq=False)
class GrundySequence:
    """G(start), …, G(start + len − 1) of a heap game (fresh games for take-away).

    ``values`` is a read-only numpy array; the notebook display lists the values
    and draws them as bars (P-positions, value 0, in red).

    >>> import numpy as np
    >>> s = GrundySequence("nim", 2, np.arange(2, 6))
    >>> len(s), s[3], s.tolist(), s.to_dict()
    (4, 3, [2, 3, 4, 5], {'game': 'nim', 'values': [2, 3, 4, 5], 'from': 2})
    """

    game: str
    start: int
    values: Any
    misere: bool = False

    def __post_init__(self) -> None:
        self.values.flags.writeable = False

    def __len__(self) -> int:
        return int(self.values.shape[0])

    def __getitem__(self, n: int) -> int:
        """G(n), for start ≤ n < start + len (a heap, not a slice: ``values`` slices)."""
        return int(self.values[_heap_index(n, self.start, len(self), "sequence[n]")])

    def tolist(self) -> list[int]:
        return self.values.tolist()  # type: ignore[no-any-return]

    def to_dict(self) -> dict[str, Any]:
        """As ``nimlab sequence --json`` prints it."""
        extra = ({"from": self.start} if self.start else {}) | (
            {"misere": True} if self.misere else {}
        )
        return {"game": self.game, "values": self.tolist()} | extra

    def __repr__(self) -> str:
        return f"GrundySequence({self.game!r}, start={self.start}, length={len(self)})"

    def _repr_html_(self) -> str:
        from nimlab.notebook import SHOWN_VALUES, escape, sequence_svg

        kind = "misère Grundy values" if self.misere else "Grundy values"
        end = self.start + len(self) - 1
        shown = " ".join(map(str, self.values[:SHOWN_VALUES].tolist()))
        more = " …" if len(self) > SHOWN_VALUES else ""
        span = f"n = {self.start}..{end}" if len(self) else f"none (from n = {self.start})"
        return (
            f"<p><b>{escape(self.game)}</b>: {kind} G(n), {span}</p>"
            f"{sequence_svg(self.values, self.start)}"
            f"<pre style='white-space:pre-wrap'>{shown}{more}</pre>"
        )


@dataclass(frozen=True)
class PPositions:
    """All P-positions with ``heaps`` heaps, each heap at most ``max``."""

    game: str
    heaps: int
    max: int
    positions: tuple[tuple[int, ...], ...]

    JSON: ClassVar[tuple[JsonField, ...]] = (
        JsonField("game", str, "the canonical spec"),
        JsonField("heaps", int, "the number of heaps"),
        JsonField("max", int, "every heap is at most this"),
        JsonField("positions", list[list[int]], "every P-position, sorted"),
    )

    def to_dict(self) -> dict[str, Any]:
        return json_dict(self)

    def __len__(self) -> int:
        return len(self.positions)

    def __repr__(self) -> str:
        return (
            f"PPositions({self.game!r}, heaps={self.heaps}, max={self.max}, "
            f"count={len(self.positions)})"
        )

    def _repr_markdown_(self) -> str:
        shown = ", ".join(
            "⟨" + ", ".join(map(str, p)) + "⟩" for p in self.positions[:NOTEBOOK_ROWS]
        )
        more = " …" if len(self.positions) > NOTEBOOK_ROWS else ""
        return (
            f"**{markdown(self.game)}**: {len(self.positions):,} P-positions with "
            f"{self.heaps} heaps, "
            f"each ≤ {self.max}: {shown}{more}"
        )
