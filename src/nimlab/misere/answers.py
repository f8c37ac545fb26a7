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

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from nimlab.errors import InvalidOption, TooLarge
from nimlab.games.base import HeapRuleset, Heaps, Ruleset
from nimlab.games.wording import render_move
from nimlab.limits import Budget, Limits, amount, check_limits
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
    """The heaps of a position as the game checks them (text, numpy's integers, …), sorted."""
    return tuple(sorted(game.position(heaps)))


def analyze(
    game: Ruleset | str,
    heaps: Iterable[int] | str,
    limits: Limits | None = None,
    quotient_: MisereQuotient | None = None,
    *,
    with_moves: bool = True,
) -> MisereAnswer:
    """The misère outcome of a sum of heaps and every winning move, through the quotient.

    The quotient is computed (or taken from the cache) for heaps up to the
    largest heap of the position; ``TooLarge`` if that is over ``limits``. Without
    ``with_moves`` no option is listed: the answer has the outcome and the product, and no
    winning moves (``winning_moves_complete`` false for an N-position).
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
    complete = True
    if total not in q.p_indices:  # a P-position's options are all N: none is listed
        complete = False
        if with_moves:
            lister = _Lister(g, q, check_limits(limits), len(position))
            try:
                complete = _winning_moves(lister, position, prefix, suffix, moves)
            except TooLarge as error:
                raise _listing_refused(error) from None
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


def _winning_moves(
    lister: _Lister, position: Heaps, prefix: list[int], suffix: list[int], moves: list[MisereMove]
) -> bool:
    """Append every winning move of an N-position to ``moves`` (heap i's: the options whose
    element times the other heaps' product is in the P-portion); whether they are all."""
    g, q = lister.g, lister.q
    table, p_indices = q.table, q.p_indices
    lister.check(position)
    complete = True
    seen: set[int] = set()
    for i, h in enumerate(position):
        if h in seen:
            continue
        seen.add(h)
        row = table[table[prefix[i]][suffix[i + 1]]]
        by_element, listed = lister.options(h)
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
        lister.hold(len(moves))
    return complete


class ListingRefused(TooLarge):
    """The limits refused listing the options for the winning moves; the quotient had the
    outcome (``explain`` keeps this reason instead of naming the theorems)."""


def _listing_refused(error: TooLarge) -> TooLarge:
    """``error`` with the note that the quotient gave the outcome; the winning moves, each
    heap's options listed, were what the limits refused."""
    return ListingRefused(
        error.reason,
        error.limit,
        "the misère quotient gives this position's outcome at once; listing its winning "
        "moves means listing every option of its heaps (nimlab.misere.outcome answers "
        "without them)",
        ja=error.ja,
        note_ja="ミゼール商はこの局面の勝敗をすぐに与えますが、必勝手を挙げるには各山の選択肢を"
        "すべて列挙する必要があります（nimlab.misere.outcome はそれなしで答えます）",
    )


LISTED_HEAP = 10_000
"""Heaps up to this many stones have every option listed; larger ones of a game that splits
heaps (read off a proven period) show lifted options of a heap below the period's bound, at
least one per element. A move that leaves at most one heap has a few options at any size."""
OPTION_BYTES = 120
"""About the bytes one listed option takes: its tuple and its slot in the lists by element
(115 measured for the options of a Kayles heap of 9,000)."""
MOVE_BYTES = 400
"""About the bytes of one winning move besides its position's heaps."""


def _splits(g: HeapRuleset) -> bool:
    """Whether a move of ``g`` may leave more heaps than it found (options as many as stones)."""
    kernel = g.capabilities.one_heap
    return kernel is None or kernel.splits


class _Lister:
    """The options of an answer's heaps, grouped by element and charged to ``limits``: a
    state each (a search counts every option it generates), and their bytes with those of
    the winning moves found so far (the quotient keeps at most
    :data:`~nimlab.misere.quotient.OPTION_CACHE_BYTES` of lists)."""

    def __init__(self, g: HeapRuleset, q: MisereQuotient, limits: Limits, heaps: int) -> None:
        self.g, self.q, self.limits = g, q, limits
        self.budget = limits.budget()
        self.move_bytes = MOVE_BYTES + 8 * heaps
        self.moves = 0

    def listed_heap(self, h: int) -> int:
        """The heap whose options are listed for h: a heap below the period's bound whose
        options are lifted to h, past :data:`LISTED_HEAP` in a game that splits heaps."""
        period = self.q.period
        if h > max(LISTED_HEAP, self.q.max_heap) and period is not None and _splits(self.g):
            return period.verified_to + (h - period.verified_to) % period.period
        return h

    def check(self, heaps: Iterable[int]) -> None:
        """Refuse up front when the options still to list are known to be over the limits."""
        needed = 0
        for h in dict.fromkeys(self.listed_heap(h) for h in heaps):
            if self.q.option_cache.get(h) is None:
                kernel = self.g.capabilities.one_heap
                bound = None if kernel is None else kernel.option_bound(h)
                if bound is None:
                    return  # counted as they are listed
                needed += bound
        if needed > self.budget.remaining:
            self.limits.check(needed, "options of the heaps")

    def hold(self, moves: int) -> None:
        """The winning moves found so far: refused once their bytes are over the limit."""
        self.moves = moves
        self._memory(0)

    def _memory(self, options: int) -> None:
        needed = options * OPTION_BYTES + self.moves * self.move_bytes
        self.limits.check_memory(
            needed,
            f"{amount(options)} options and {amount(self.moves)} winning moves",
            ja=f"選択肢 {amount(options)} 個と必勝手 {amount(self.moves)} 個",
        )

    def options(self, h: int) -> tuple[dict[int, list[tuple[int, ...]]], bool]:
        """The options of heap h grouped by their element, and whether they are all of them."""
        base = self.listed_heap(h)
        found = self._listed(base)
        if base == h:
            return found, True
        lifted: dict[int, list[tuple[int, ...]]] = {}
        for results in found.values():
            for r in results:  # the largest part is ≥ n₀ (the proof's matching): φ unchanged
                moved = (*r[:-1], r[-1] + h - base)
                lifted.setdefault(self.q.element_of(moved), []).append(moved)
        return lifted, False

    def _listed(self, h: int) -> dict[int, list[tuple[int, ...]]]:
        q = self.q
        found: dict[int, list[tuple[int, ...]]] | None = q.option_cache.get(h)
        if found is not None:
            return found
        found = {}
        count = 0
        for result in dict.fromkeys(tuple(sorted(r)) for r in self.g.heap_options(h)):
            found.setdefault(q.element_of(result), []).append(result)
            count += 1
            if count % LIST_CHUNK == 0:
                self.budget.spend(LIST_CHUNK)
                self._memory(count)
        self.budget.spend(count % LIST_CHUNK)
        self._memory(count)
        q.option_cache.put(h, found, count * OPTION_BYTES)
        return found


LIST_CHUNK = 4096
"""Options listed between two looks at the limits."""


def p_positions(
    q: MisereQuotient, heaps: int, least: int, max_heap: int, budget: Budget
) -> Iterator[Heaps]:
    """Every misère P-position of ``heaps`` heaps from ``least`` to ``max_heap`` stones,
    sorted, in lexicographic order: the sums whose product of elements is in the P-portion
    (each heap ≤ the quotient's ``max_heap``, or of any size through its proven period).

    >>> from nimlab.games.octal import Octal
    >>> q = quotient(Octal.from_code("0.77"), 5)
    >>> list(p_positions(q, 2, 0, 5, Limits().budget()))
    [(0, 1), (0, 4), (1, 5), (2, 2), (3, 3), (4, 5)]
    """
    from nimlab.solve.heaps import LIST_ITEM_BYTES
    from nimlab.solve.tables import sorted_products

    span = max(max_heap - least + 1, 0)
    budget.spend(span)  # each heap's element, and the heaps of each element
    table, p = q.table, q.p_indices
    labels = [q.image(h) if h >= least else 0 for h in range(max_heap + 1)]
    by_element: dict[int, list[int]] = {}
    for h in range(least, max_heap + 1):
        by_element.setdefault(labels[h], []).append(h)
    completing: dict[int, list[int]] = {}
    held = [2 * span * LIST_ITEM_BYTES]

    def completes(total: int) -> list[int]:
        """The heaps (ascending) whose element takes a product of ``total`` into P."""
        known = completing.get(total)
        if known is None:
            known = sorted(h for e, hs in by_element.items() if table[total][e] in p for h in hs)
            held[0] += len(known) * LIST_ITEM_BYTES
            budget.check_memory(
                held[0],
                f"the heaps that complete the products of {heaps:,} heaps to ≤ {max_heap:,}",
                ja=f"{max_heap:,} 以下の山 {heaps:,} 個の積を P にする山の一覧",
            )
            completing[total] = known
        return known

    return sorted_products(labels, least, heaps, budget, lambda a, b: table[a][b], 0, completes)


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


def _given(q: object, g: HeapRuleset) -> MisereQuotient | None:
    """A quotient passed in, refused unless it is this game's (another game's answered)."""
    if q is not None and not isinstance(q, MisereQuotient):
        shown = repr(q)[:40]
        raise InvalidOption(
            f"quotient_ must be a MisereQuotient (from nimlab.misere.quotient) or None, "
            f"got {shown}",
            ja=f"quotient_ は MisereQuotient（nimlab.misere.quotient が返すもの）か None です"
            f"（{shown} が与えられた）",
        )
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
