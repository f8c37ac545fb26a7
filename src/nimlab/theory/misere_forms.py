"""Closed forms of misère play as oracles: misère Wythoff and one heap of a subtraction game.

The predicates live in :mod:`nimlab.misere.closed_forms` (each with its proof or
source); here they become theorems the solver asks under ``--misere`` and
``nimlab verify`` checks against exhaustive misère search.

* **Misère Wythoff**: the P-positions are those of normal play with (0, 0),
  (1, 2), (2, 1) replaced by (0, 1), (1, 0), (2, 2). From (a, b) every normal
  P-position within reach is one of three (the partner of a, the partner of b,
  the pair with difference b − a), so the winning moves are those three and the
  three exceptional positions, filtered by the misère rule: complete at any size.
* **Misère subtraction, one heap, 1 ∈ S**: heap n is a misère P-position exactly
  when n ≥ 1 and n − 1 is a normal-play P-position (proof in
  :func:`nimlab.misere.closed_forms.shifted_subtraction_p`); the normal values come
  from the solver, so a heap of 10^30 is answered through its proven period.

>>> from nimlab.games.wythoff import Wythoff
>>> [m.text for m in MISERE_WYTHOFF.analyze(Wythoff(), (1, 2)).winning_moves]
['take 2 from the heap of 2, leaving (1, 0)']
>>> MISERE_WYTHOFF.analyze(Wythoff(), (1000, 2000)).outcome
'N'
>>> from nimlab.games.heap import Subtraction
>>> game = Subtraction((1, 3, 4))  # normal P-positions: n ≡ 0, 2 (mod 7)
>>> MISERE_SUBTRACTION.analyze(game, (10**30,)).outcome  # 10^30 − 1 ≡ 0 (mod 7)
'P'
>>> [m.action.amount for m in MISERE_SUBTRACTION.analyze(game, (10**30 + 1,)).winning_moves]
[1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import suppress
from typing import ClassVar

from nimlab.errors import TooLarge
from nimlab.games.base import HeapRuleset, Move, Position, Ruleset, as_heap_ruleset
from nimlab.games.wythoff import queen_move
from nimlab.limits import Limits
from nimlab.solve.oracles import Oracle, OracleAnswer
from nimlab.theory.wythoff import beatty_partner, lower, upper

_EXCEPTIONAL = ((0, 1), (2, 2))
"""The misère P-positions that are not normal P-positions (with (1, 0))."""


class MisereWythoff(Oracle):
    """Misère Wythoff: normal P-positions, except (0,0),(1,2),(2,1) → (0,1),(1,0),(2,2)."""

    name: ClassVar[str] = "misere-wythoff"
    title: ClassVar[str] = (
        "misère Wythoff: the normal P-positions with (0,0), (1,2) replaced by (0,1), (2,2)"
    )
    source: ClassVar[str] = (
        "folklore (no primary source verified by us); checked by exhaustive misère search"
    )
    title_ja: ClassVar[str] = (
        "ミゼール・ワイトホフ: 通常形の P 局面のうち (0,0), (1,2) を (0,1), (2,2) に置き換える"
    )
    source_ja: ClassVar[str] = "既知の結果(一次文献は未確認); ミゼールの全探索で検証"
    misere: ClassVar[bool] = True

    def applies(self, game: Ruleset, position: Position) -> bool:
        return game.family == "wythoff"  # not a user's ruleset that only took the name

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        from nimlab.misere.closed_forms import misere_wythoff_p  # the misère package, on use

        a, b = position
        if misere_wythoff_p(a, b):
            return OracleAnswer("P", 0, (), True)
        low, high = min(a, b), max(a, b)
        targets = [
            _sorted(low, beatty_partner(low)),
            _sorted(beatty_partner(high), high),
            (lower(high - low), upper(high - low)),
            *_EXCEPTIONAL,
        ]
        found: dict[Position, Move] = {}
        for to in targets:  # positions are sorted pairs; one move per position reached
            if to in found or to == (low, high) or not misere_wythoff_p(*to):
                continue
            move = queen_move(position, to)
            if move is not None:
                found[to] = move
        return OracleAnswer("N", None, tuple(found.values()), True)


def _sorted(x: int, y: int) -> tuple[int, int]:
    return (x, y) if x <= y else (y, x)


class MisereSubtraction(Oracle):
    """One heap of a subtraction game S with 1 ∈ S: misère P iff n ≥ 1 and n − 1 is normal P."""

    name: ClassVar[str] = "misere-subtraction"
    title: ClassVar[str] = (
        "misère subtraction game with 1 ∈ S, one heap: P iff n ≥ 1 and n − 1 is a normal P-position"
    )
    source: ClassVar[str] = (
        "elementary: taking 1 shifts the misère mex rule by one heap "
        "(proof in nimlab.misere.closed_forms.shifted_subtraction_p)"
    )
    title_ja: ClassVar[str] = (
        "1 ∈ S の引き算ゲームのミゼール(山 1 つ): n ≥ 1 かつ n − 1 が通常形の P 局面のとき P"
    )
    source_ja: ClassVar[str] = (
        "初等的: 1 個取る手があるのでミゼールの mex 規則が山 1 つ分ずれる"
        "(証明はミゼールの閉じた式の解説にある)"
    )
    misere: ClassVar[bool] = True

    def applies(self, game: Ruleset, position: Position) -> bool:
        return lone_heap(position) is not None and 1 in _subtraction_set(game)

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        return self.analyze_within(game, position, Limits())

    def analyze_within(self, game: Ruleset, position: Position, limits: Limits) -> OracleAnswer:
        """The outcome and winning moves by the theorem; an N-position's misère Grundy value,
        which it does not give, from the proven period of the misère values where one is
        proven within ``limits`` (heaps from :data:`MISERE_PERIOD_FROM` on: below it the
        solver's search gives it)."""
        from nimlab.solve.engine import grundy

        heap_game = as_heap_ruleset(game)
        n = lone_heap(position)
        assert heap_game is not None and n is not None

        def misere_p(m: int) -> bool:  # the normal value within the caller's limits
            return m >= 1 and grundy(heap_game, (m - 1,), limits=limits) == 0

        if misere_p(n):
            return OracleAnswer("P", 0, (), True)
        moves = tuple(
            Move(_with_heap(heap_game, position, n - s), heap_game.heap_move(n, (n - s,)))
            for s in _subtraction_set(game)
            if s <= n and misere_p(n - s)
        )
        value = None
        if n >= MISERE_PERIOD_FROM:
            with suppress(TooLarge):  # no period within the limits: the value stays unknown
                value = misere_heap_value(heap_game, limits)(n)
        return OracleAnswer("N", value, moves, True)


MISERE_PERIOD_FROM = 4096
"""Single heaps from this size on are answered through the proven period of the misère values
(below it the misère search answers, with the remoteness too)."""


class MisereOneHeap(Oracle):
    """One heap of a game whose every move leaves at most one heap, through the proven
    period of its misère values (:func:`nimlab.solve.periodicity.misere_criterion`)."""

    name: ClassVar[str] = "misere-one-heap"
    title: ClassVar[str] = (
        "the proven period of the misère values of single heaps (every move leaves at most "
        "one heap, so a heap's value follows from the t values before it: window criterion)"
    )
    source: ClassVar[str] = "elementary: the window argument of subtraction games (docs/misere.md)"
    title_ja: ClassVar[str] = (
        "1 山のミゼールの値の証明済みの周期(どの手も山を 1 つ以下しか残さないので、山の値は"
        "その前の t 個の値で決まる: 窓の判定法)"
    )
    source_ja: ClassVar[str] = "初等的: 引き算ゲームの窓の議論(ミゼールの解説文書にある)"
    misere: ClassVar[bool] = True

    def applies(self, game: Ruleset, position: Position) -> bool:
        from nimlab.solve.periodicity import misere_criterion

        n = lone_heap(position)
        return n is not None and n >= MISERE_PERIOD_FROM and misere_criterion(game) is not None

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        return self.analyze_within(game, position, Limits())

    def analyze_within(self, game: Ruleset, position: Position, limits: Limits) -> OracleAnswer:
        heap_game = as_heap_ruleset(game)
        n = lone_heap(position)
        assert heap_game is not None and n is not None
        value = misere_heap_value(heap_game, limits)
        v = value(n)
        moves = tuple(
            Move(_with_heap(heap_game, position, m), heap_game.heap_move(n, (m,)))
            for m in one_heap_options(heap_game, n)
            if m >= 1 and value(m) == 0
        )
        return OracleAnswer("P" if v == 0 else "N", v, moves, True)


def misere_heap_value(game: HeapRuleset, limits: Limits) -> Callable[[int], int]:
    """g⁻ of any single heap of ``game`` through the proven period of its misère values, or
    ``TooLarge`` when no period is proven within ``limits`` (the solver then searches)."""
    from nimlab.solve.misere_heaps import misere_heap_array
    from nimlab.solve.periodicity import proven_period

    known = proven_period(game, limits, misere=True)
    if known is None:
        raise TooLarge(
            f"no period of the misère values of {game.spec} is proven within the limits",
            "max_states",
            ja=f"{game.spec} のミゼールの値の周期は上限の範囲で証明されません",
        )
    head = misere_heap_array(game, known.preperiod, limits.budget()).tolist()

    def value(m: int) -> int:
        return head[m] if m < known.preperiod else known.value(m)

    return value


def lone_heap(position: Position) -> int | None:
    """The one heap of a position whose other heaps are empty (a heap of 0 is no heap in
    misère play either: it has no move), 0 when every heap is empty, None otherwise.

    >>> lone_heap((0, 0, 7)), lone_heap((0,)), lone_heap((3, 4)), lone_heap(((1, 2),))
    (7, 0, None, None)
    """
    if not position or not all(isinstance(h, int) for h in position):
        return None
    heaps = [h for h in position if h != 0]
    if len(heaps) > 1:
        return None
    return heaps[0] if heaps else 0


def _with_heap(game: HeapRuleset, position: Position, m: int) -> Position:
    """``position`` with its one non-empty heap replaced by a heap of ``m`` (the empty heaps
    stay, so that a move's result reads as the position the user gave)."""
    return game.position((0,) * (len(position) - 1) + (m,))


def one_heap_options(game: HeapRuleset, n: int) -> Iterator[int]:
    """The heaps a move from a heap of n leaves, for a game whose every move leaves at most
    one heap (0: the move empties it), from its declared kernel."""
    kernel = game.capabilities.one_heap
    assert kernel is not None and kernel.single_heap_moves and kernel.misere_window is not None
    if kernel.kind == "subtraction":
        yield from (n - s for s in kernel.subtraction_set if s <= n)
        return
    for k, d in enumerate(kernel.digits):
        if k and d & 1 and k == n:
            yield 0
        if k and d & 2 and k < n:
            yield n - k


def _subtraction_set(game: Ruleset) -> tuple[int, ...]:
    """The finite subtraction set of ``game``, or () if it is not a subtraction game."""
    kernel = game.capabilities.one_heap
    if game.family != "subtraction" or kernel is None or not kernel.subtraction_set:
        return ()
    return tuple(kernel.subtraction_set)


MISERE_WYTHOFF = MisereWythoff()
MISERE_SUBTRACTION = MisereSubtraction()
MISERE_ONE_HEAP = MisereOneHeap()
