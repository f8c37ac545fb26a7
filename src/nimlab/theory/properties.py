"""Statements of seed 001 that are checked properties rather than oracles.

* Proposition 2: in Split-and-delete Nim, G⟨a, b⟩ = 1 exactly on N1 ∪ N2 ∪ N3 ∪ N4.
* Table 5: two-heap Nim where every heap keeps a stone has G⟨a, b⟩ = (a−1) ⊕ (b−1),
  the origin-0 Nim table shifted by one.
* Proposition 4: in 3-heap single Split-and-delete Nim a pair a, b has at most one
  c with ⟨a, b, c⟩ a P-position.
* Proposition 5: if ⟨a, a, c⟩ is a P-position then a ≥ c.

Each is checked against exhaustive search (:class:`~nimlab.solve.search.Search`)
for every heap up to a bound; a property of all heaps is only ever *checked* to
that bound, and ``verify`` says so.

>>> from nimlab.limits import Limits
>>> PROPOSITION_5.run(10, Limits()).agree
True
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from nimlab.games.heap import heap_game
from nimlab.games.split_delete import SplitDeleteNim
from nimlab.limits import Budget
from nimlab.solve.search import Search
from nimlab.theory.claims import Check
from nimlab.theory.split_delete import in_proposition2, nim_at_least_one_grundy

SOURCE = "seed 001"
SOURCE_JA = "シード 001"


class Proposition2(Check):
    name = "proposition-2"
    source = f"{SOURCE} §4, Proposition 2 (proof in appendix A.1)"
    source_ja = f"{SOURCE_JA} §4, 命題 2(証明は付録 A.1)"
    default_bound = 64

    def scope(self, bound: int, lang: str = "en") -> str:
        if lang == "ja":
            return f"split-delete-nim:single: G⟨a, b⟩ = 1 ⇔ ⟨a, b⟩ ∈ N1∪N2∪N3∪N4、a ≤ b ≤ {bound}"
        return f"split-delete-nim:single: G⟨a, b⟩ = 1 iff ⟨a, b⟩ ∈ N1∪N2∪N3∪N4, a ≤ b ≤ {bound}"

    def problems(self, bound: int, budget: Budget) -> Iterator[str | None]:
        search = Search(SplitDeleteNim("single"), budget=budget)
        for a, b in combinations_with_replacement(range(1, bound + 1), 2):
            value = search.grundy((a, b))
            if (value == 1) == in_proposition2(a, b):
                yield None
            else:
                said = "in" if in_proposition2(a, b) else "not in"
                yield f"⟨{a}, {b}⟩ has Grundy value {value} but is {said} N1∪N2∪N3∪N4"


class NimKeepingOne(Check):
    name = "nim-at-least-one"
    source = f"{SOURCE} §4, Table 5 (G⟨a, b⟩ = (a−1) ⊕ (b−1))"
    source_ja = f"{SOURCE_JA} §4, 表 5(G⟨a, b⟩ = (a−1) ⊕ (b−1))"
    default_bound = 40

    def scope(self, bound: int, lang: str = "en") -> str:
        if lang == "ja":
            return f"各山 ≥ 1 のニム: G⟨a, b⟩ = (a−1)⊕(b−1)、1 ≤ a ≤ b ≤ {bound}"
        return f"Nim with every heap ≥ 1: G⟨a, b⟩ = (a−1)⊕(b−1), 1 ≤ a ≤ b ≤ {bound}"

    def problems(self, bound: int, budget: Budget) -> Iterator[str | None]:
        keep_one = heap_game(lambda n: [(k,) for k in range(1, n)], name="nim-keeping-one")
        search = Search(keep_one, budget=budget)
        for a, b in combinations_with_replacement(range(1, bound + 1), 2):
            value = search.grundy((a, b))
            formula = nim_at_least_one_grundy(a, b)
            yield None if value == formula else f"⟨{a}, {b}⟩: search {value}, formula {formula}"


def _partners(bound: int, budget: Budget) -> dict[tuple[int, int], list[int]]:
    """For a ≤ b ≤ bound, every c ≤ bound with ⟨a, b, c⟩ a P-position."""
    search = Search(SplitDeleteNim("single"), budget=budget)
    partners: dict[tuple[int, int], list[int]] = {}
    for a, b in combinations_with_replacement(range(1, bound + 1), 2):
        partners[a, b] = [
            c for c in range(1, bound + 1) if search.grundy(tuple(sorted((a, b, c)))) == 0
        ]
    return partners


class Proposition4(Check):
    name = "proposition-4"
    source = f"{SOURCE} §5.3, Proposition 4"
    source_ja = f"{SOURCE_JA} §5.3, 命題 4"
    default_bound = 24

    def scope(self, bound: int, lang: str = "en") -> str:
        if lang == "ja":
            return (
                f"split-delete-nim:single、山 3 個: 各組 a ≤ b ≤ {bound} に c ≤ {bound} は高々 1 つ"
            )
        return f"split-delete-nim:single, 3 heaps: at most one c ≤ {bound} per pair a ≤ b ≤ {bound}"

    def problems(self, bound: int, budget: Budget) -> Iterator[str | None]:
        for (a, b), cs in _partners(bound, budget).items():
            yield None if len(cs) <= 1 else f"⟨{a}, {b}, c⟩ is P for c in {cs}"


class Proposition5(Check):
    name = "proposition-5"
    source = f"{SOURCE} §5.3, Proposition 5"
    source_ja = f"{SOURCE_JA} §5.3, 命題 5"
    default_bound = 24

    def scope(self, bound: int, lang: str = "en") -> str:
        if lang == "ja":
            return f"split-delete-nim:single、山 3 個: a, c ≤ {bound} で ⟨a, a, c⟩ ∈ P ⇒ a ≥ c"
        return f"split-delete-nim:single, 3 heaps: ⟨a, a, c⟩ ∈ P ⇒ a ≥ c, for a, c ≤ {bound}"

    def problems(self, bound: int, budget: Budget) -> Iterator[str | None]:
        search = Search(SplitDeleteNim("single"), budget=budget)
        for a in range(1, bound + 1):
            for c in range(1, bound + 1):
                p = search.grundy(tuple(sorted((a, a, c)))) == 0
                yield None if not p or a >= c else f"⟨{a}, {a}, {c}⟩ is a P-position with a < c"


PROPOSITION_2 = Proposition2()
NIM_KEEPING_ONE = NimKeepingOne()
PROPOSITION_4 = Proposition4()
PROPOSITION_5 = Proposition5()
CHECKS: tuple[Check, ...] = (PROPOSITION_2, NIM_KEEPING_ONE, PROPOSITION_4, PROPOSITION_5)
