"""Misère answers for sums of heaps, read from the misère quotient.

A sum of heaps maps to the product of its heaps' elements; it is a misère
P-position exactly when that product is in the P-portion (the quotient is
certified faithful, see :mod:`nimlab.misere.quotient`). A move in heap h to
heaps o₁ + o₂ + … wins exactly when the product with h's element replaced by
the elements of o₁, o₂, … is in the P-portion. No search is made.

A quotient with a proven period (:mod:`nimlab.misere.periodicity`) answers heaps of
any size. The options of a heap of up to :data:`LISTED_HEAP` stones are all listed;
past that, in a game that splits heaps, each option of the heap h′ in [B, B + p) with
h′ ≡ h (mod p) is lifted to h by adding h − h′ to its largest part (the matching the
period's proof uses), so every element h's options reach is shown by moves of h, and
the list says it is not complete.

>>> from nimlab.games.octal import Octal
>>> kayles = Octal.from_code("0.77")
>>> outcome(kayles, (1, 1))
'N'
>>> outcome(kayles, (1, 1, 1))
'P'
>>> [m.position for m in winning_moves(kayles, (3,))]
[(1,)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from nimlab.errors import InvalidOption, InvalidPosition
from nimlab.games.base import HeapRuleset, Heaps, Ruleset
from nimlab.games.wording import render_move
from nimlab.limits import Limits
from nimlab.misere.periodicity import QuotientPeriod, quotient_criterion
from nimlab.misere.quotient import (
    LARGEST_BUILT,
    MisereQuotient,
    cached_quotients,
    heap_ruleset,
    periodic_quotient,
    quotient,
)


@dataclass(frozen=True)
class MisereMove:
    """A winning misère move: the heap moved in, what replaces it, the position reached."""

    heap: int
    result: Heaps
    position: Heaps
    text: str
    element: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "heap": self.heap,
            "result": list(self.result),
            "position": list(self.position),
            "text": self.text,
            "element": self.element,
        }


@dataclass(frozen=True)
class MisereAnswer:
    """The misère outcome of a sum of heaps and how the quotient gives it."""

    game: str
    position: Heaps
    outcome: str
    element: str
    factors: tuple[str, ...]
    p_portion: tuple[str, ...]
    quotient_order: int
    quotient_max_heap: int
    winning_moves: tuple[MisereMove, ...]
    winning_moves_complete: bool = True
    period: QuotientPeriod | None = None

    @property
    def arithmetic(self) -> str:
        """The product, e.g. ``a · b · ab = b^2 ∈ P``; a factor repeated three times or more
        is written once with its count (forty heaps of 2 in Kayles: ``b^40 = b^2``, a run of
        ``ab``: ``(ab)^3``)."""
        shown: list[str] = []
        factors = [f for f in self.factors if f != "1"]
        k = 0
        while k < len(factors):
            run = 1
            while k + run < len(factors) and factors[k + run] == factors[k]:
                run += 1
            f = factors[k]
            shown.append(f if run < 3 else f"({f})^{run}" if len(f) > 1 else f"{f}^{run}")
            if run == 2:
                shown.append(f)
            k += run
        product = " · ".join(shown) or "1"
        where = "∈" if self.outcome == "P" else "∉"
        return f"{product} = {self.element} {where} P"

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "position": list(self.position),
            "play": "misère",
            "outcome": self.outcome,
            "element": self.element,
            "arithmetic": self.arithmetic,
            "p_portion": list(self.p_portion),
            "quotient": {
                "order": self.quotient_order,
                "max_heap": self.quotient_max_heap,
                "period": None if self.period is None else self.period.to_dict(),
            },
            "winning_moves": [m.to_dict() for m in self.winning_moves],
            "winning_moves_complete": self.winning_moves_complete,
            "proof": "misère quotient (certified for all sums of heaps ≤ max_heap"
            + ("" if self.period is None else ", and of every heap size by its proven period")
            + ")",
        }


def covering_quotient(
    game: Ruleset | str, max_heap: int, limits: Limits | None = None
) -> MisereQuotient:
    """A quotient of ``game`` for heaps ≤ at least ``max_heap`` (a cached larger one if any);
    past :data:`~nimlab.misere.quotient.LARGEST_BUILT` heaps, one with a proven period if the
    heaps up to there prove one.

    >>> covering_quotient("kayles", 10**18).period.period
    12
    """
    g = heap_ruleset(game)
    best = [q for q in cached_quotients(g) if q.max_heap >= max_heap or q.period is not None]
    if best:
        return min(best, key=lambda q: q.max_heap)
    if max_heap > LARGEST_BUILT and quotient_criterion(g) is not None:
        periodic = periodic_quotient(g, LARGEST_BUILT, limits)
        if periodic.period is not None:
            return periodic
    return quotient(g, max_heap, limits)


def _heaps(heaps: Iterable[int] | str, game: Ruleset) -> Heaps:
    if isinstance(heaps, str):
        return tuple(game.parse_position(heaps))
    position = tuple(heaps)
    for h in position:
        if not isinstance(h, int) or isinstance(h, bool) or h < 0:
            raise InvalidPosition(
                f"heap {h!r} of {position!r} is not an integer ≥ 0",
                ja=f"{position!r} の山 {h!r} は 0 以上の整数ではありません",
            )
    return tuple(sorted(position))


def analyze(
    game: Ruleset | str,
    heaps: Iterable[int] | str,
    limits: Limits | None = None,
    quotient_: MisereQuotient | None = None,
) -> MisereAnswer:
    """The misère outcome of a sum of heaps and every winning move, through the quotient.

    The quotient is computed (or taken from the cache) for heaps up to the
    largest heap of the position; ``TooLarge`` if that is over ``limits``.
    """
    g = heap_ruleset(game)
    position = _heaps(heaps, g)
    top = max(position, default=0)
    q = _given(quotient_, g)
    if q is None or (q.max_heap < top and q.period is None):
        q = covering_quotient(g, top, limits)
    table = q.table
    elems = [q.image(h) for h in position]
    n = len(elems)
    # prefix[i] = product of elems[:i]; suffix[i] = product of elems[i:]
    prefix = [0] * (n + 1)
    for i, e in enumerate(elems):
        prefix[i + 1] = table[prefix[i]][e]
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = table[elems[i]][suffix[i + 1]]
    total = prefix[n]
    moves: list[MisereMove] = []
    seen: set[int] = set()
    p_indices = q.p_indices
    complete = True
    for i, h in enumerate(position):
        if h in seen:
            continue
        seen.add(h)
        rest = table[prefix[i]][suffix[i + 1]]
        row = table[rest]
        by_element, listed = _options_by_element(g, q, h)
        winning = [x for x in by_element if row[x] in p_indices]
        if not winning:
            continue
        complete = complete and listed
        rest_heaps = position[:i] + position[i + 1 :]
        for x in winning:
            for result in by_element[x]:
                moves.append(
                    MisereMove(
                        h,
                        result,
                        tuple(sorted(rest_heaps + result)),
                        render_move(g.heap_move(h, result), "en"),
                        q.elements[row[x]],
                    )
                )
    return MisereAnswer(
        game=g.spec,
        position=position,
        outcome="P" if total in q.p_indices else "N",
        element=q.elements[total],
        factors=tuple(q.elements[e] for e in elems),
        p_portion=q.p_portion,
        quotient_order=q.order,
        quotient_max_heap=q.max_heap,
        winning_moves=tuple(moves),
        winning_moves_complete=complete,
        period=q.period,
    )


LISTED_HEAP = 10_000
"""Heaps up to this many stones have every option listed; larger ones of a game that splits
heaps (read off a proven period) show lifted options of a heap below the period's bound, at
least one per element. A move that leaves at most one heap has a few options at any size."""


def _splits(g: HeapRuleset) -> bool:
    """Whether a move of ``g`` may leave more heaps than it found (options as many as stones)."""
    kernel = g.capabilities.one_heap
    return kernel is None or kernel.splits


def _options_by_element(
    g: HeapRuleset, q: MisereQuotient, h: int
) -> tuple[dict[int, list[tuple[int, ...]]], bool]:
    """The options of heap h grouped by their element (cached on the quotient), and
    whether they are all of them."""
    period = q.period
    if h > max(LISTED_HEAP, q.max_heap) and period is not None and _splits(g):
        base = period.verified_to + (h - period.verified_to) % period.period
        lifted: dict[int, list[tuple[int, ...]]] = {}
        for results in _options_by_element(g, q, base)[0].values():
            for r in results:  # the largest part is ≥ n₀ (the proof's matching): φ unchanged
                moved = (*r[:-1], r[-1] + h - base)
                lifted.setdefault(q.element_of(moved), []).append(moved)
        return lifted, False
    found = q.option_cache.get(h)
    if found is None:
        found = {}
        for result in dict.fromkeys(tuple(sorted(r)) for r in g.heap_options(h)):
            found.setdefault(q.element_of(result), []).append(result)
        q.option_cache[h] = found
    return found, True


def outcome(
    game: Ruleset | str,
    heaps: Iterable[int] | str,
    limits: Limits | None = None,
    quotient_: MisereQuotient | None = None,
) -> str:
    """``'P'`` or ``'N'``: the misère outcome of a sum of heaps, read from the quotient."""
    g = heap_ruleset(game)
    position = _heaps(heaps, g)
    q = _given(quotient_, g)
    top = max(position, default=0)
    if q is None or (q.max_heap < top and q.period is None):
        q = covering_quotient(g, top, limits)
    return "P" if q.is_p(position) else "N"


def _given(q: MisereQuotient | None, g: HeapRuleset) -> MisereQuotient | None:
    """A quotient passed in, refused unless it is this game's (another game's answered)."""
    if q is not None and q.game != g.spec:
        raise InvalidOption(
            f"quotient_ is the misère quotient of {q.game}, not of {g.spec}",
            ja=f"quotient_ は {g.spec} ではなく {q.game} のミゼール商です",
        )
    return q


def winning_moves(
    game: Ruleset | str,
    heaps: Iterable[int] | str,
    limits: Limits | None = None,
    quotient_: MisereQuotient | None = None,
) -> list[MisereMove]:
    """Every winning misère move of a sum of heaps (empty for a P-position)."""
    return list(analyze(game, heaps, limits, quotient_).winning_moves)
