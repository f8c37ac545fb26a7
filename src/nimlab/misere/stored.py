"""Misère quotients with a proven period, kept in the tablebase between runs.

A quotient whose period is proven answers every heap size of its game, and building it is
the whole cost of a misère answer: Kayles' takes 1.3 M states (about 6 s), Dawson's Kayles'
more than the default limit. Like a compiled table (:mod:`nimlab.solve.tablebase`), such
a quotient is kept on disk once built, so the next process reads it instead of building it
again. It is stored as JSON (its elements, presentation, table, heaps' images and the
period's proof), under the tablebase's checksum and code fingerprint; only built-in games
are kept, and a quotient without a proven period never is (it answers only the heaps it
was built for, so it is cheap to build again).

>>> from nimlab.misere.quotient import periodic_quotient
>>> q = periodic_quotient("octal:0.603", 200)
>>> q.period.period, decode(encode(q)) == q
(28, True)
"""

from __future__ import annotations

import array
import json
from typing import TYPE_CHECKING, Any

from nimlab.games.base import HeapRuleset
from nimlab.limits import Limits

if TYPE_CHECKING:
    from nimlab.misere.quotient import MisereQuotient

KIND = "misere-periodic"
"""The tablebase's kind of entry: one quotient with a proven period per game."""
FIELDS = (
    "game",
    "max_heap",
    "elements",
    "generators",
    "relations",
    "p_indices",
    "heap_indices",
    "table",
    "growth",
    "expansions",
)


def encode(q: MisereQuotient) -> bytes:
    """The quotient as JSON bytes (``period`` included; no option lists)."""
    fields: dict[str, Any] = {name: getattr(q, name) for name in FIELDS}
    fields["p_indices"] = sorted(q.p_indices)
    fields["period"] = None if q.period is None else vars(q.period)
    return json.dumps(fields, ensure_ascii=False, separators=(",", ":")).encode()


def decode(data: bytes) -> MisereQuotient:
    """The quotient :func:`encode` wrote."""
    from nimlab.misere.periodicity import QuotientPeriod
    from nimlab.misere.quotient import MisereQuotient

    fields = json.loads(data, parse_float=_refused, parse_constant=_refused)
    if not _consistent(fields):
        raise ValueError("not a quotient: its parts do not fit together")
    return MisereQuotient(
        game=fields["game"],
        max_heap=fields["max_heap"],
        elements=tuple(fields["elements"]),
        generators=dict(fields["generators"]),
        relations=tuple(fields["relations"]),
        p_indices=frozenset(fields["p_indices"]),
        heap_indices=tuple(fields["heap_indices"]),
        table=tuple(tuple(row) for row in fields["table"]),
        growth=tuple(fields["growth"]),
        expansions=tuple(fields["expansions"]),
        period=None if fields["period"] is None else QuotientPeriod(**fields["period"]),
    )


def _refused(text: str) -> Any:
    """A number a quotient never holds (a fraction, NaN): the entry is not encode's."""
    raise ValueError(f"not a quotient's number: {text}")


def _consistent(fields: dict[str, Any]) -> bool:
    """Whether the parts of a stored quotient fit together (sizes, indexes, the period's
    bounds), so that no answer read through it can fail: a file edited with its checksum
    recomputed is refused here, not met later as an index out of range. (Its numbers are
    integers: :func:`decode` refuses others. A part of the wrong kind — text for a list —
    raises ``TypeError``, which the caller takes as a refusal too.)

    >>> _consistent({"elements": ["1"], "table": [[0]], "p_indices": [], "max_heap": 0,
    ...              "heap_indices": [0], "growth": [1], "period": None})
    True
    """
    order = len(fields["elements"])

    def indexes(xs: list[int]) -> bool:
        return all(0 <= x < order for x in xs)

    table, heaps, period = fields["table"], fields["heap_indices"], fields["period"]
    shaped = (
        order >= 1
        and len(table) == order
        and all(len(row) == order and indexes(row) for row in table)
        and indexes(fields["p_indices"])
        and indexes(heaps)
        and len(heaps) == fields["max_heap"] + 1 == len(fields["growth"])
    )
    if not shaped or period is None:
        return shaped
    p, n0 = period["period"], period["proven_from"]
    return bool(p >= 1 and 0 <= period["preperiod"] <= n0 and n0 + p <= fields["max_heap"] + 1)


def load_periodic(game: HeapRuleset, limits: Limits) -> MisereQuotient | None:
    """The stored quotient of ``game`` with a proven period, if the tablebase has one
    (within ``limits``' memory)."""
    from nimlab.solve.tablebase import load_table

    stored = load_table(KIND, game, 0, limits)
    if stored is None:
        return None
    try:
        q = decode(stored.values.tobytes())
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None  # not encode's (or JSON nested past the parser's depth): built again
    return q if q.game == game.spec and q.period is not None else None


def keep_periodic(game: HeapRuleset, q: MisereQuotient) -> None:
    """Keep a quotient with a proven period of a built-in game in the tablebase."""
    from nimlab.solve.tablebase import keep_table

    if q.period is not None:
        keep_table(KIND, game, q.max_heap, array.array("B", encode(q)))
