"""Nim: the Grundy value of a position is the nim-sum of its heaps (seed 003; Bouton 1902).

A position is a P-position exactly when the nim-sum is 0 (seed 003, Theorem 4.2).
From any other position, every heap h with h ⊕ s < h (s the nim-sum) can be
reduced to h ⊕ s, and these are all the winning moves.

>>> from nimlab.games.heap import Nim
>>> answer = NIM_SUM.analyze(Nim(), (3, 4, 5))
>>> answer.grundy, [(m.to, m.text) for m in answer.winning_moves]
(2, [((1, 4, 5), 'take 2 from the heap of 3')])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from nimlab.games.base import HeapRuleset, Heaps, Move, Position, Ruleset, as_heap_ruleset
from nimlab.limits import Limits
from nimlab.solve.oracles import Oracle, OracleAnswer, listed
from nimlab.theory.common import nim_sum


class NimSum(Oracle):
    """Bouton's theorem for Nim with any number of heaps of any size."""

    name: ClassVar[str] = "nim"
    title: ClassVar[str] = "Bouton's theorem: the Grundy value is the nim-sum of the heaps"
    source: ClassVar[str] = "seed 003, Theorems 3.5 and 4.2; Bouton 1902"
    title_ja: ClassVar[str] = "Bouton の定理: グランディ数は各山のニム和"
    source_ja: ClassVar[str] = "シード 003, 定理 3.5・4.2; Bouton 1902"

    def applies(self, game: Ruleset, position: Position) -> bool:
        return game.family == "nim"  # not a user's ruleset that only took the name

    def grundy(self, game: Ruleset, position: Position) -> int:
        return nim_sum(position)

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        return self.analyze_within(game, position, Limits())

    def analyze_within(self, game: Ruleset, position: Position, limits: Limits) -> OracleAnswer:
        s = nim_sum(position)
        moves, complete = listed(self._moves(game, position, 0), len(position), limits)
        return OracleAnswer("P" if s == 0 else "N", s, moves, complete)

    def moves_to_value(self, game: Ruleset, position: Position, target: int) -> list[Move]:
        """Reduce a heap h to h ⊕ s ⊕ target wherever that is smaller than h."""
        return list(self._moves(game, position, target))

    def _moves(self, game: Ruleset, position: Position, target: int) -> Iterator[Move]:
        heap_game = as_heap_ruleset(game)
        assert heap_game is not None
        change = nim_sum(position) ^ target
        seen: set[int] = set()
        for i, h in enumerate(position):
            left = h ^ change
            if h in seen or left >= h:
                continue
            seen.add(h)
            rest = position[:i] + position[i + 1 :]
            yield Move(tuple(sorted((*rest, left))), heap_game.heap_move(h, (left,)))


class MisereNim(Oracle):
    """Bouton's misère rule: play as in normal Nim until every heap would be 0 or 1.

    A position with a heap of 2 or more is a misère P-position exactly when its
    nim-sum is 0; a position of heaps 0 and 1 only, exactly when the number of
    1-heaps is odd. Its misère Grundy value is the nim-sum, or the nim-sum ⊕ 1
    when no heap exceeds 1 (Conway, *On Numbers and Games*, ch. 12).

    >>> from nimlab.games.heap import Nim
    >>> MISERE_NIM.analyze(Nim(), (1, 1, 1)).outcome
    'P'
    >>> [m.text for m in MISERE_NIM.analyze(Nim(), (1, 1, 5)).winning_moves]
    ['take 4 from the heap of 5']
    """

    name: ClassVar[str] = "misere-nim"
    title: ClassVar[str] = "Bouton's misère rule: nim-sum, except when every heap is 0 or 1"
    source: ClassVar[str] = "Bouton 1902; Conway 1976 (beyond the seeds)"
    title_ja: ClassVar[str] = (
        "Bouton のミゼールルール: ニム和、ただしすべての山が 0 か 1 のときは例外"
    )
    source_ja: ClassVar[str] = "Bouton 1902; Conway 1976 (シード文書の範囲外)"
    misere: ClassVar[bool] = True

    def applies(self, game: Ruleset, position: Position) -> bool:
        return game.family == "nim"  # not a user's ruleset that only took the name

    def grundy(self, game: Ruleset, position: Position) -> int:
        return misere_nim_value(position)

    def heap_values(self, game: Ruleset, start: int, stop: int) -> list[int]:
        """G⁻(n) = n, except G⁻(0) = 1 and G⁻(1) = 0.

        >>> from nimlab.games.heap import Nim
        >>> MISERE_NIM.heap_values(Nim(), 0, 5)
        [1, 0, 2, 3, 4]
        """
        return [n ^ 1 if n < 2 else n for n in range(start, stop)]

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        return self.analyze_within(game, position, Limits())

    def lists_p_positions(self, game: Ruleset, heaps: int, max_heap: int) -> bool:
        """Every box: the rule lists them (``ppositions nim --heaps 3 --max 100 --misere``
        was searched, 16 s, and refused)."""
        return self.applies(game, ())

    def p_positions(
        self, game: Ruleset, heaps: int, max_heap: int, limits: Limits
    ) -> Iterator[Heaps]:
        """Nim-sum 0 with a heap of 2 or more; an odd number of 1-heaps otherwise. Each
        heap's label is the heap, with a flag above its bits for 2 or more, so a product
        (nim-sum, flags or'ed) says which rule completes it.

        >>> from nimlab.games.heap import Nim
        >>> list(MISERE_NIM.p_positions(Nim(), 3, 3, Limits()))
        [(0, 0, 1), (0, 2, 2), (0, 3, 3), (1, 1, 1), (1, 2, 3)]
        """
        from nimlab.solve.tables import sorted_products

        big = 1 << (max_heap.bit_length() + 1)
        budget = limits.budget()
        budget.spend(max_heap + 1)
        labels = [h | (big if h > 1 else 0) for h in range(max_heap + 1)]

        def times(a: int, b: int) -> int:
            return ((a ^ b) & (big - 1)) | ((a | b) & big)

        def completing(total: int) -> list[int]:
            s = total & (big - 1)
            if total & big:  # a heap of 2 or more already: nim-sum 0
                return [s] if s <= max_heap else []
            # heaps 0 and 1 so far: a last heap of 2 or more with nim-sum 0, or ≤ 1 leaving
            # an odd number of 1-heaps
            small = [h for h in (0, 1) if s ^ h == 1 and h <= max_heap]
            return small + ([s] if 1 < s <= max_heap else [])

        return sorted_products(labels, 0, heaps, budget, times, 0, completing)

    def analyze_within(self, game: Ruleset, position: Position, limits: Limits) -> OracleAnswer:
        value = misere_nim_value(position)
        moves, complete = listed(self._moves(game, position), len(position), limits)
        return OracleAnswer("P" if value == 0 else "N", value, moves, complete)

    def _moves(self, game: Ruleset, position: Position) -> Iterator[Move]:
        """The moves to misère value 0, each heap's value worked out in O(1) from the
        position's nim-sum and its count of heaps ≥ 2 (a move's position is built only when
        it wins: 20,000 heaps took minutes)."""
        heap_game = as_heap_ruleset(game)
        assert heap_game is not None
        s = nim_sum(position)
        big = sum(1 for h in position if h > 1)
        seen: set[int] = set()
        for i, h in enumerate(position):
            if h in seen:
                continue
            seen.add(h)
            others_big = big - (h > 1)
            # A move to value 0 keeps a heap ≥ 2 (then h → h ⊕ s) or leaves heaps ≤ 1 only.
            candidates = {h ^ s} | ({0, 1} if others_big == 0 else set())
            for left in sorted(candidates, reverse=True):
                if left >= h:
                    continue
                after = s ^ h ^ left
                if (after if others_big or left > 1 else after ^ 1) == 0:
                    rest = position[:i] + position[i + 1 :]
                    yield Move(tuple(sorted((*rest, left))), heap_game.heap_move(h, (left,)))


def misere_nim_value(position: Position) -> int:
    """The misère Grundy value of a Nim position (terminal positions have value 1)."""
    s = nim_sum(position)
    return s if any(h > 1 for h in position) else s ^ 1


def nim_value(game: HeapRuleset, n: int) -> int | None:
    """Value source: G(n) = n for a heap of Nim."""
    return n if game.family == "nim" else None


NIM_SUM = NimSum()
MISERE_NIM = MisereNim()
