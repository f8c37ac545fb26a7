"""Four-heap half Split-and-delete Nim: Theorem 3 of seed 001 (§5.1–5.2).

S is the set of positive integers that 2 divides an even number of times. For
a ∈ S, D(1) = ℕ and otherwise D(a) holds no m < a; for a ≤ m ≤ 2a − 1,
m ∈ D(a) iff m ∈ S; for m ≥ 2a, m ∈ D(a) iff m − a ∉ D(a). Theorem 3: ⟨a, b, c, d⟩
sorted ascending is a P-position exactly when a = b = c, a ∈ S and d ∈ D(a).

Membership in D(a) needs no table: subtracting a from m t = ⌊m/a⌋ − 1 times lands
in [a, 2a − 1], and each subtraction flips membership.

>>> [m for m in range(1, 24) if in_d(4, m)]
[4, 5, 7, 10, 12, 13, 15, 18, 20, 21, 23]
>>> HALF_THEOREM_3.proof_move((4, 4, 4, 8)).text
'split 4 into 1+3 and 8 into 4+4, delete 1 and 3'
"""

from __future__ import annotations

from typing import ClassVar

from nimlab.games.base import Move, Position, Ruleset
from nimlab.games.split_moves import split_delete_move
from nimlab.solve.oracles import OracleAnswer
from nimlab.theory.common import Theorem
from nimlab.theory.split_delete import in_s


def in_d(a: int, m: int) -> bool:
    """m ∈ D(a), for a ∈ S."""
    if a == 1:
        return m >= 1
    if m < a:
        return False
    t = m // a - 1  # subtractions of a that bring m into [a, 2a − 1]
    return in_s(m - t * a) != (t % 2 == 1)


class HalfTheorem3(Theorem):
    name: ClassVar[str] = "half-theorem-3"
    title: ClassVar[str] = "Theorem 3: ⟨a, a, a, d⟩ with a ∈ S and d ∈ D(a) are the P-positions"
    source: ClassVar[str] = "seed 001 §5.1–5.2, Theorem 3 (4-heap half Split-and-delete Nim)"
    title_ja: ClassVar[str] = "定理3: a ∈ S、d ∈ D(a) の ⟨a, a, a, d⟩ がちょうど P局面"
    source_ja: ClassVar[str] = "シード 001 §5.1–5.2, 定理3 (4山半数分割削除ニム)"

    def applies(self, game: Ruleset, position: Position) -> bool:
        half = game.family == "split-delete-nim" and game.spec == "split-delete-nim:half"
        return half and len(position) == 4  # (a user's ruleset named so is not the family)

    def is_p(self, game: Ruleset, position: Position) -> bool:
        a, b, c, d = position
        return a == b == c and in_s(a) and in_d(a, d)

    def move_count(self, game: Ruleset, position: Position) -> int:
        splits: list[int] = [h // 2 for h in position]
        return 15 * sum(x * y for i, x in enumerate(splits) for y in splits[i + 1 :])

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        return self.answer(game, position, lambda: [self.proof_move(position)])

    @staticmethod
    def proof_move(position: Position) -> Move:
        """The winning move the proof of Theorem 3 gives (for an N-position)."""
        a, b, c, d = position
        if a == 1:  # ⟨1, b, c, d⟩ → ⟨1, 1, 1, b⟩
            return split_delete_move(position, [(2, 1), (3, 1)], [c - 1, d - 1])
        if not in_s(a):  # case (i): a/2 ∈ S
            h = a // 2
            if in_d(h, b):
                return split_delete_move(position, [(0, h), (2, h)], [c - h, d])
            return split_delete_move(position, [(0, h), (1, h)], [c, d])
        if not a == b == c:  # case (ii)
            if a == b or in_d(a, b):  # → ⟨a, a, a, a⟩ or ⟨a, a, a, b⟩
                return split_delete_move(position, [(2, a), (3, a)], [c - a, d - a])
            if b >= 2 * a:  # b − a ∈ D(a)
                return split_delete_move(position, [(1, a), (2, a)], [c - a, d])
            h = b // 2  # a < b < 2a: b ∉ S, so b/2 ∈ S and a ∈ D(b/2)
            return split_delete_move(position, [(1, h), (2, h)], [c - h, d])
        if d >= 2 * a:  # case (iii): d − a ∈ D(a)
            return split_delete_move(position, [(0, 1), (3, a)], [1, a - 1])
        h = d // 2  # a < d < 2a: d ∉ S, so d/2 ∈ S and a ∈ D(d/2)
        return split_delete_move(position, [(0, h), (3, h)], [a, a - h])


HALF_THEOREM_3 = HalfTheorem3()
