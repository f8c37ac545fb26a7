"""Closed forms for misère play, each with its source and the scope it is checked on.

Every function answers "is this a misère P-position?" in O(1) (or O(number of
heaps)); ``tests/misere/test_closed_forms.py`` checks each against exhaustive
misère search with Hypothesis.

>>> misere_nim_p((1, 1, 1)), misere_nim_p((1, 2, 3))
(True, True)
>>> [n for n in range(12) if take_up_to_p(3, n)]
[1, 5, 9]
>>> [(a, b) for a in range(8) for b in range(a, 8) if misere_wythoff_p(a, b)]
[(0, 1), (2, 2), (3, 5), (4, 7)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import isqrt

from nimlab.errors import InvalidPosition


@dataclass(frozen=True)
class ClosedForm:
    """A misère theorem: what it says, where it comes from, and its test."""

    name: str
    statement: str
    source: str
    checked: str


def misere_nim_p(heaps: Iterable[int]) -> bool:
    """Misère Nim (Bouton 1902): P iff every heap ≤ 1 and an odd number of 1s,
    or some heap ≥ 2 and the nim-sum is 0."""
    values = list(heaps)
    _check(values)
    nim_sum = 0
    for h in values:
        nim_sum ^= h
    if all(h <= 1 for h in values):
        return sum(values) % 2 == 1
    return nim_sum == 0


def take_up_to_p(k: int, n: int) -> bool:
    """One heap of the subtraction game {1, …, k} in misère play: P iff n ≡ 1 (mod k+1)."""
    if k < 1:
        raise InvalidPosition(
            f"the subtraction game {{1..k}} needs k ≥ 1, got {k}",
            ja=f"減算ゲーム {{1..k}} には k ≥ 1 が必要です（{k} が与えられた）",
        )
    _check([n])
    return n % (k + 1) == 1


def shifted_subtraction_p(normal_p: Callable[[int], bool], n: int) -> bool:
    """One heap of a subtraction game S with 1 ∈ S in misère play: P iff n ≥ 1 and
    n − 1 is a normal-play P-position (``normal_p``).

    Proof: every heap n ≥ 1 has a move (take 1), so the misère mex rule on
    1, 2, … is the normal rule on 0, 1, … shifted by one; the extra option 0 is
    a misère N-position and changes nothing.
    """
    _check([n])
    return n >= 1 and normal_p(n - 1)


def _wythoff_normal_p(a: int, b: int) -> bool:
    """(a, b), a ≤ b, is a normal Wythoff P-position: a = ⌊(b − a)·φ⌋ (exact integers)."""
    d = b - a
    return a == (d + isqrt(5 * d * d)) // 2


def misere_wythoff_p(a: int, b: int) -> bool:
    """Misère Wythoff: the P-positions are those of normal play except that (0, 0),
    (1, 2), (2, 1) are replaced by (0, 1), (1, 0), (2, 2)."""
    _check([a, b])
    a, b = min(a, b), max(a, b)
    if (a, b) in ((0, 1), (2, 2)):
        return True
    if (a, b) in ((0, 0), (1, 2)):
        return False
    return _wythoff_normal_p(a, b)


def _check(values: Sequence[int]) -> None:
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise InvalidPosition(
                f"heap {v!r} is not an integer ≥ 0", ja=f"山 {v!r} は 0 以上の整数ではありません"
            )


CLOSED_FORMS = (
    ClosedForm(
        "misere-nim",
        "P iff (all heaps ≤ 1 and an odd number of heaps of 1) or (a heap ≥ 2 and nim-sum 0)",
        "C. L. Bouton, Nim, a game with a complete mathematical theory, Ann. Math. 3 (1902)",
        "exhaustive misère search, up to 5 heaps ≤ 7 (Hypothesis)",
    ),
    ClosedForm(
        "misere-take-up-to",
        "one heap of subtraction {1..k}: P iff n ≡ 1 (mod k+1)",
        "classical (the misère form of Bachet's game); the special case S = {1..k} of "
        "misere-shifted-subtraction, proved in its docstring",
        "exhaustive misère search, k ≤ 8, n ≤ 200 (Hypothesis)",
    ),
    ClosedForm(
        "misere-shifted-subtraction",
        "one heap of a subtraction game S with 1 ∈ S: P iff n ≥ 1 and n−1 is a normal P-position",
        "elementary (proof in nimlab.misere.closed_forms.shifted_subtraction_p)",
        "exhaustive misère and normal search, S ⊆ {1..9} with 1 ∈ S, n ≤ 120 (Hypothesis)",
    ),
    ClosedForm(
        "misere-wythoff",
        "P-positions of normal Wythoff, with (0,0),(1,2),(2,1) replaced by (0,1),(1,0),(2,2)",
        "folklore (no primary source verified by us); checked here by exhaustive search",
        "exhaustive misère search of every (a, b) with a, b ≤ 160",
    ),
)
