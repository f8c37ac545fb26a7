"""Two-heap Split-and-delete Nim and Delete Nim (seed 001 §3–4).

* Split-and-delete Nim, Theorem 1: ⟨a, b⟩ is a P-position exactly when a = b and
  v2(a) is even (a ∈ S). Proposition 2: its Grundy value is 1 exactly on
  N1 ∪ N2 ∪ N3 ∪ N4.
* Delete(-and-split) Nim ([1], [11] of seed 001): ⟨a, b⟩ is P exactly when a and b
  are both odd, and its Grundy value is v2((a−1) ∨ (b−1) + 1).
* Nim where every heap keeps at least one stone (Table 5 of seed 001): the Grundy
  value of ⟨a, b⟩ is (a−1) ⊕ (b−1).

Every variant of ``split-delete-nim`` (``delete-nim``) is the paper's game when
there are two heaps, so these oracles apply to all of them at two heaps.

>>> from nimlab.games.split_delete import DeleteNim, SplitDeleteNim
>>> [m.text for m in THEOREM_1.analyze(SplitDeleteNim("single"), (3, 8)).winning_moves]
['split 8 into 3+5, delete 5', 'split 8 into 4+4, delete 3']
>>> DELETE_NIM_2.grundy(DeleteNim("single"), (4, 6)), in_proposition2(11, 13)
(3, True)
"""

from __future__ import annotations

from typing import ClassVar

from nimlab.games.actions import DeleteSplit, SplitDelete
from nimlab.games.base import Move, Position, Ruleset
from nimlab.solve.oracles import OracleAnswer
from nimlab.theory.common import Theorem, v2


def in_s(a: int) -> bool:
    """a ∈ S: 2 divides a an even number of times (S = {1, 3, 4, 5, 7, 9, 11, 12, ...})."""
    return v2(a) % 2 == 0


def _power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def proposition2_part(a: int, b: int) -> str | None:
    """Which of N1..N4 of Proposition 2 contains ⟨a, b⟩ (a ≤ b), if any.

    N1 = ⟨2^(2l−1) − 1, 2^(2l−1)⟩, N2 = ⟨2^(2l), 2^(2l) + 1⟩, N3 = ⟨2(2k+1), 2(2k+1)⟩,
    N4 = ⟨2^(l+1)(2k+1) − 1, 2^(l+1)(2k+1) + 1⟩, with k, l ≥ 1.
    """
    if b == a + 1 and _power_of_two(b) and v2(b) % 2 == 1:
        return "N1"
    if b == a + 1 and _power_of_two(a) and v2(a) % 2 == 0 and a >= 4:
        return "N2"
    if a == b and a % 4 == 2 and a >= 6:
        return "N3"
    m = a + 1
    if b == a + 2 and m % 4 == 0 and (m >> v2(m)) >= 3:
        return "N4"
    return None


def in_proposition2(a: int, b: int) -> bool:
    """True when Proposition 2 says ⟨a, b⟩ has Grundy value 1."""
    return proposition2_part(min(a, b), max(a, b)) is not None


def delete_nim_grundy(a: int, b: int) -> int:
    """v2((a−1) ∨ (b−1) + 1): the Grundy value of two-heap Delete Nim."""
    return v2(((a - 1) | (b - 1)) + 1)


def nim_at_least_one_grundy(a: int, b: int) -> int:
    """(a−1) ⊕ (b−1): two-heap Nim where every heap keeps at least one stone (Table 5)."""
    return (a - 1) ^ (b - 1)


class SplitDeleteTheorem1(Theorem):
    name: ClassVar[str] = "split-delete-theorem-1"
    title: ClassVar[str] = "Theorem 1: ⟨a, b⟩ is P iff a = b and v2(a) is even"
    source: ClassVar[str] = "seed 001 §3, Theorem 1 (Grundy value 1: Proposition 2)"
    title_ja: ClassVar[str] = "定理1: ⟨a, b⟩ が P局面 ⇔ a = b かつ v2(a) が偶数"
    source_ja: ClassVar[str] = "シード 001 §3, 定理1 (グランディ数 1: 命題2)"

    def applies(self, game: Ruleset, position: Position) -> bool:
        return game.family == "split-delete-nim" and len(position) == 2

    def is_p(self, game: Ruleset, position: Position) -> bool:
        a, b = position
        return a == b and in_s(a)

    def grundy(self, game: Ruleset, position: Position) -> int | None:
        if self.is_p(game, position):
            return 0
        return 1 if in_proposition2(*position) else None

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        if self.is_p(game, position):
            return OracleAnswer("P", 0, (), True)
        return OracleAnswer(
            "N", self.grundy(game, position), tuple(self.winning_moves(position)), True
        )

    @staticmethod
    def winning_moves(position: Position) -> list[Move]:
        """All moves to ⟨c, c⟩ with c ∈ S (the proof of Theorem 1, part (ii))."""
        a, b = position
        found: dict[Position, Move] = {}
        if a < b and in_s(a):  # split b into a + (b − a) and delete b − a
            x, y = min(a, b - a), max(a, b - a)
            found[a, a] = Move((a, a), SplitDelete(((b, (x, y)),), (b - a,)))
        for h, other in ((a, b), (b, a)) if a != b else ((a, b),):
            half = h // 2
            if h % 2 == 0 and in_s(half):  # split h in half and delete the other heap
                split = SplitDelete(((h, (half, half)),), (other,))
                found.setdefault((half, half), Move((half, half), split))
        return list(found.values())


class DeleteNimTwoHeaps(Theorem):
    name: ClassVar[str] = "delete-nim-2"
    title: ClassVar[str] = "Delete Nim: ⟨a, b⟩ is P iff both are odd; Grundy v2((a−1)∨(b−1)+1)"
    source: ClassVar[str] = "seed 001 §3–4 (Abuku–Suetsugu, Delete Nim [1])"
    title_ja: ClassVar[str] = "削除ニム: ⟨a, b⟩ が P局面 ⇔ 両方奇数。グランディ数 v2((a−1)∨(b−1)+1)"
    source_ja: ClassVar[str] = "シード 001 §3–4 (Abuku–Suetsugu, 削除ニム [1])"

    def applies(self, game: Ruleset, position: Position) -> bool:
        return game.family == "delete-nim" and len(position) == 2

    def is_p(self, game: Ruleset, position: Position) -> bool:
        return all(h % 2 == 1 for h in position)

    def grundy(self, game: Ruleset, position: Position) -> int:
        return delete_nim_grundy(*position)

    def move_count(self, game: Ruleset, position: Position) -> int:
        return sum(h // 2 for h in position)  # delete one heap, split the other

    def analyze(self, game: Ruleset, position: Position) -> OracleAnswer:
        value = self.grundy(game, position)
        return self.answer(game, position, lambda: self.theorem_moves(position), value)

    @staticmethod
    def theorem_moves(position: Position) -> list[Move]:
        """Delete the other heap and split an even heap h into 1 + (h − 1)."""
        a, b = position
        moves: list[Move] = []
        for h, other in ((a, b), (b, a)) if a != b else ((a, b),):
            if h % 2 == 0:
                moves.append(Move((1, h - 1), DeleteSplit((other,), ((h, (1, h - 1)),))))
        return moves


THEOREM_1 = SplitDeleteTheorem1()
DELETE_NIM_2 = DeleteNimTwoHeaps()
