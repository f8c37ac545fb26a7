"""The misère quotient as a theorem the solver asks: sums of many heaps under misère play.

Registered with the solver by :mod:`nimlab.theory`, like the seeds' theorems (the
quotient itself lives in :mod:`nimlab.misere`, imported only when a position needs it):
``analyze --misere`` of a heap game whose
exhaustive search would be large maps each heap to its element of the
quotient, multiplies, and reads the outcome and every winning move off the
P-portion (Plambeck and Siegel 2008). Where the quotient cannot be built within
its own bound, the solver falls back to misère search.

A heap over :data:`LARGEST_HEAP` is answered when the game has a period criterion
(subtraction and octal games) and the quotient, built heap by heap up to 600 heaps
(``nimlab.misere.quotient.LARGEST_BUILT``), proves a period with it
(:mod:`nimlab.misere.periodicity`): then every heap size maps to an element
(``analyze kayles 1000000000000000000,7 --misere``).

>>> import nimlab
>>> a = nimlab.analyze("kayles", ",".join(["7"] * 40), misere=True)
>>> a.outcome, a.method.startswith("misère quotient")
('P', True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from math import prod
from typing import TYPE_CHECKING, ClassVar

from nimlab.errors import TooLarge
from nimlab.games.base import HeapRuleset, Heaps, Move, Position, Ruleset, as_heap_ruleset
from nimlab.limits import DEFAULT_MAX_STATES, Limits
from nimlab.solve.oracles import Oracle, OracleAnswer

if TYPE_CHECKING:
    from nimlab.misere.answers import MisereAnswer
    from nimlab.misere.quotient import MisereQuotient

SEARCH_BOX = 20_000
"""Positions whose box of smaller heaps is at most this are left to exhaustive search
(it gives the misère Grundy value and the remoteness as well)."""
SPLIT_SEARCH_STONES = 32
"""In a game that splits heaps the search reaches every way of breaking the heaps up, far
more than their box: a misère search of one Kayles heap of 32 takes 0.3 s, and each four
stones more multiply it by about 2.5. From this many stones in all, the quotient answers."""
LARGEST_HEAP = 400
"""The quotient is built for heaps up to this size at most; larger heaps are answered only
through a period it proves, looked for in heaps up to
``nimlab.misere.quotient.LARGEST_BUILT``."""
QUOTIENT_LIMITS = Limits(max_states=3_000_000)
"""The work one quotient may take before the solver falls back to search."""


class MisereQuotientOracle(Oracle):
    """Misère outcomes of sums of heaps through the misère quotient of the game."""

    name: ClassVar[str] = "misere-quotient"
    title: ClassVar[str] = (
        "misère quotient: each heap's element, multiplied, read off the P-portion"
    )
    source: ClassVar[str] = "Plambeck and Siegel, Misère quotients for impartial games (2008)"
    title_ja: ClassVar[str] = "ミゼール商: 各山の元の積が P 部分に入るかで決まる"
    source_ja: ClassVar[str] = "Plambeck・Siegel「不偏ゲームのミゼール商」(2008)"
    misere: ClassVar[bool] = True

    def applies(self, game: Ruleset, position: Position) -> bool:
        if as_heap_ruleset(game) is None or not position:
            return False
        if not all(isinstance(h, int) for h in position):
            return False
        if max(position) > LARGEST_HEAP:
            return _periodic(game)
        if prod(h + 1 for h in position) > SEARCH_BOX:
            return True
        kernel = game.capabilities.one_heap
        return kernel is not None and kernel.splits and sum(position) >= SPLIT_SEARCH_STONES

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        return self.analyze_within(game, position, QUOTIENT_LIMITS)

    def grundy(self, game: Ruleset, position: Position) -> int | None:
        """None: a quotient gives the outcome, never the misère Grundy value (not built)."""
        return None

    def planned_states(self, game: Ruleset, position: Position) -> int | None:
        """None: the quotient's construction (at most :data:`QUOTIENT_LIMITS`) and the
        options listed for the winning moves are counted as they go."""
        return None

    def out_of_reach(self, game: Ruleset, position: Position) -> tuple[str, str] | None:
        """A heap over :data:`LARGEST_HEAP`: the quotient is not built that far, and answers
        such a heap only through a period it proves (games with a criterion).

        >>> from nimlab.registry import game
        >>> MISERE_QUOTIENT.out_of_reach(game("grundy-game"), (401,))[0]
        'the misère quotient answers heaps of at most 400 stones, and this position has one of 401'
        >>> MISERE_QUOTIENT.out_of_reach(game("kayles"), (400, 3)) is None
        True
        """
        if as_heap_ruleset(game) is None or not position:
            return None
        if not all(isinstance(h, int) for h in position) or max(position) <= LARGEST_HEAP:
            return None
        top = max(position)
        if _periodic(game):
            return (
                f"the misère quotient answers heaps of at most {LARGEST_HEAP} stones, and "
                f"larger ones only through a period it proves: none for {game.spec} within "
                "the limits",
                f"ミゼール商が答えるのは石が {LARGEST_HEAP} 個以下の山と、証明した周期による"
                f"ときはそれより大きい山です。{game.spec} では上限内に周期を証明できませんでした",
            )
        return (
            f"the misère quotient answers heaps of at most {LARGEST_HEAP} stones, and this "
            f"position has one of {top:,}",
            f"ミゼール商が答えるのは石が {LARGEST_HEAP} 個以下の山で、"
            f"この局面には石が {top:,} 個の山があります",
        )

    def analyze_within(self, game: Ruleset, position: Position, limits: Limits) -> OracleAnswer:
        """The answer from a quotient built within the caller's ``limits`` and at most
        :data:`QUOTIENT_LIMITS` (past those the solver searches instead)."""
        heap_game = as_heap_ruleset(game)
        assert heap_game is not None
        return _oracle_answer(heap_game, quotient_answer(heap_game, position, limits))

    def lists_p_positions(self, game: Ruleset, heaps: int, max_heap: int) -> bool:
        """A box whose largest position the quotient answers (``ppositions kayles --heaps 2
        --max 100 --misere`` searched 40 s, every way of breaking the heaps up, and was
        refused); the search keeps the small boxes."""
        return heaps >= 1 and max_heap >= 0 and self.applies(game, (max_heap,) * heaps)

    def p_positions(
        self, game: Ruleset, heaps: int, max_heap: int, limits: Limits
    ) -> Iterator[Heaps]:
        """The P-positions of the box, read off one quotient for heaps ≤ ``max_heap``
        (built as for :func:`quotient_answer`)."""
        from nimlab.misere.answers import p_positions

        heap_game = as_heap_ruleset(game)
        assert heap_game is not None
        q = _box_quotient(heap_game, max_heap, limits)
        least = heap_game.capabilities.least_heap
        return p_positions(q, heaps, least, max_heap, limits.budget())


class MisereQuotientPeriod(MisereQuotientOracle):
    """The proven period of the quotient, as the solver reads heaps over
    :data:`LARGEST_HEAP` through it, here for every position of a game whose quotient
    proves one: ``nimlab verify misere-quotient-period`` compares it with exhaustive
    search on heaps past those the proof needed (it is not asked by the solver).
    """

    name: ClassVar[str] = "misere-quotient-period"
    title: ClassVar[str] = (
        "misère quotient with a proven period: a heap past the proof's heaps has the "
        "element of the heap p stones smaller"
    )
    source: ClassVar[str] = (
        "Plambeck and Siegel (2008); the misère form of Guy–Smith in nimlab.misere.periodicity"
    )
    title_ja: ClassVar[str] = (
        "周期を証明したミゼール商: 証明に使った山より大きい山の元は p 個少ない山の元"
    )
    source_ja: ClassVar[str] = (
        "Plambeck・Siegel(2008)、nimlab.misere.periodicity の Guy–Smith 型の判定法"
    )

    def applies(self, game: Ruleset, position: Position) -> bool:
        return bool(position) and all(isinstance(h, int) for h in position) and _periodic(game)

    def analyze_within(self, game: Ruleset, position: Position, limits: Limits) -> OracleAnswer:
        from nimlab.misere.answers import analyze

        heap_game = as_heap_ruleset(game)
        assert heap_game is not None
        proven = _proven(heap_game, max(position), limits)
        return _oracle_answer(heap_game, analyze(heap_game, position, limits, proven))


def _oracle_answer(game: HeapRuleset, answer: MisereAnswer) -> OracleAnswer:
    moves = tuple(
        Move(game.position(m.position), game.heap_move(m.heap, m.result))
        for m in answer.winning_moves
    )
    complete = answer.winning_moves_complete
    return OracleAnswer("P" if answer.outcome == "P" else "N", None, moves, complete)


def quotient_answer(
    game: HeapRuleset, position: Position, limits: Limits, with_moves: bool = True
) -> MisereAnswer:
    """The quotient's answer for ``position``, as the theorem gives it (``explain`` too,
    without the winning moves: ``with_moves`` false): within :data:`QUOTIENT_LIMITS`, and
    through a proven period for a heap over :data:`LARGEST_HEAP`."""
    from nimlab.misere.answers import analyze

    within = _within(limits)
    heaps = [int(h) for h in position]
    if max(heaps) > LARGEST_HEAP:
        proven = _box_quotient(game, max(heaps), limits)
        return analyze(game, heaps, limits, proven, with_moves=with_moves)
    return analyze(game, heaps, within, with_moves=with_moves)


def _within(limits: Limits) -> Limits:
    """``limits`` with at most :data:`QUOTIENT_LIMITS`' states."""
    return replace(limits, max_states=min(limits.max_states, QUOTIENT_LIMITS.max_states))


def _box_quotient(game: HeapRuleset, top: int, limits: Limits) -> MisereQuotient:
    """A quotient for heaps ≤ ``top``, built within :data:`QUOTIENT_LIMITS`; past
    :data:`LARGEST_HEAP` one with a proven period (a limit raised past the default is then
    the quotient's)."""
    if top > LARGEST_HEAP:
        raised = limits.max_states > DEFAULT_MAX_STATES
        return _proven(game, top, limits if raised else _within(limits))
    from nimlab.misere.answers import covering_quotient

    return covering_quotient(game, top, _within(limits))


def _periodic(game: Ruleset) -> bool:
    """Whether the quotient may prove a period of ``game``'s heaps (it has a criterion)."""
    from nimlab.misere.periodicity import quotient_criterion

    heap_game = as_heap_ruleset(game)
    return heap_game is not None and quotient_criterion(heap_game) is not None


def _proven(game: HeapRuleset, top: int, limits: Limits) -> MisereQuotient:
    """The quotient with a proven period, built within ``limits`` (:data:`QUOTIENT_LIMITS`,
    or the caller's ``--max-states`` where raised past the default: Kayles' takes 1.3 M
    states); ``TooLarge`` if the heaps ≤ ``LARGEST_BUILT`` prove none."""
    from nimlab.misere.quotient import LARGEST_BUILT, periodic_quotient
    from nimlab.solve.context import current

    cache = current().quotients
    failed = cache.get((game, "no period"))  # (states it had, the refusal): not tried again
    if failed is not None and failed[0] >= limits.max_states:
        raise failed[1]
    try:
        q = periodic_quotient(game, LARGEST_BUILT, limits)
    except TooLarge as error:
        refused = TooLarge(
            error.reason,
            error.limit,
            f"the misère quotient answers heaps of at most {LARGEST_HEAP} stones, and larger "
            f"ones only through a period it proves; its construction for {game.spec} stopped "
            "at this limit",
            ja=error.ja,
            note_ja=f"ミゼール商が答えるのは石が {LARGEST_HEAP} 個以下の山と、証明した周期による"
            f"ときはそれより大きい山です。{game.spec} の商の構成はこの上限で止まりました",
        )
        cache.put((game, "no period"), (limits.max_states, refused), FAILURE_BYTES)
        raise refused from None
    if q.period is None:
        raise TooLarge(
            f"the misère quotient of {game.spec} proves no period in heaps ≤ {q.max_heap}, "
            f"so it answers heaps of at most {LARGEST_HEAP} stones, and this position has one "
            f"of {top:,}",
            "max_states",
            ja=f"{game.spec} のミゼール商は {q.max_heap} 以下の山で周期を証明できないので、"
            f"答えるのは石が {LARGEST_HEAP} 個以下の山で、この局面には石が {top:,} 個の山が"
            "あります",
        )
    return q


FAILURE_BYTES = 1024
"""What remembering a game whose quotient proved no period costs the context's cache."""

MISERE_QUOTIENT = MisereQuotientOracle()
MISERE_QUOTIENT_PERIOD = MisereQuotientPeriod()
