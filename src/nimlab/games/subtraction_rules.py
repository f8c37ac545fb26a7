"""Subtraction games with infinite sets: squares, Fibonacci numbers, primes, powers of 2, all-but.

``subtraction:squares`` removes a positive square, ``subtraction:fibonacci`` a
Fibonacci number (1, 2, 3, 5, 8, …), ``subtraction:primes`` a prime,
``subtraction:powers-of-2`` a power of two (1, 2, 4, …); ``all-but:S`` removes
any positive number of stones not in the finite set S. Each declares a
one-heap kernel: the members of the set below the heaps asked for are listed
(:func:`members`) and run by the compiled subtraction kernel; all-but games
have their own kernel, which counts the values of all smaller heaps.

>>> InfiniteSubtraction("squares").spec, list(InfiniteSubtraction("squares").heap_options(10))
('subtraction:squares', [(9,), (6,), (1,)])
>>> members("fibonacci", 20), members("primes", 20), members("powers-of-2", 20)
((1, 2, 3, 5, 8, 13), (2, 3, 5, 7, 11, 13, 17, 19), (1, 2, 4, 8, 16))
>>> AllBut((2, 3)).spec, [h for (h,) in AllBut((2, 3)).heap_options(5)]
('all-but:2,3', [4, 1, 0])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import count
from math import isqrt, log
from typing import ClassVar

from nimlab.errors import InvalidGame
from nimlab.games.base import HeapRuleset, Heaps
from nimlab.games.capabilities import RESIDUE_KIND, Capabilities, OneHeapKernel, PeriodCriterion

MAX_EXCLUDED = 1000
"""The most elements an all-but set may have."""
MAX_EXCLUDED_ELEMENT = 10**6
"""The largest element of an all-but set."""


def _squares(limit: int) -> tuple[int, ...]:
    return tuple(k * k for k in range(1, isqrt(limit) + 1))


def _fibonacci(limit: int) -> tuple[int, ...]:
    found, a, b = [], 1, 2
    while a <= limit:
        found.append(a)
        a, b = b, a + b
    return tuple(found)


def _powers_of_2(limit: int) -> tuple[int, ...]:
    return tuple(1 << k for k in range(max(limit, 0).bit_length()))


def _primes(limit: int) -> tuple[int, ...]:
    if limit < 2:
        return ()
    sieve = bytearray([1]) * (limit + 1)
    sieve[0:2] = b"\0\0"
    for p in range(2, isqrt(limit) + 1):
        if sieve[p]:
            sieve[p * p :: p] = bytes(len(range(p * p, limit + 1, p)))
    return tuple(i for i, flag in enumerate(sieve) if flag)


def _primes_bound(limit: int) -> int:
    """An upper bound on the primes up to ``limit``: π(x) < 1.26 x / ln x for x > 1
    (Rosser–Schoenfeld 1962), in integers (1.26 · 2^1024 was past a float: a heap that
    large gave a traceback; audit of huge inputs).

    >>> _primes_bound(100), _primes_bound(2**1024) > 2**1014
    (28, True)
    """
    return 0 if limit < 2 else limit * 1260 // max(int(1000 * log(limit)), 1) + 1


def _each_prime() -> Iterator[int]:
    """2, 3, 5, 7, … one at a time (an incremental sieve: no limit needed)."""
    composites: dict[int, int] = {}
    for n in count(2):
        step = composites.pop(n, None)
        if step is None:
            yield n
            composites[n * n] = n
        else:
            m = n + step
            while m in composites:
                m += step
            composites[m] = step


def _each_fibonacci() -> Iterator[int]:
    a, b = 1, 2
    while True:
        yield a
        a, b = b, a + b


PRIME_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""Miller–Rabin with these bases decides primality exactly below :data:`PRIMES_DECIDED`
(Sorenson and Webster, 2015)."""
PRIMES_DECIDED = 3_317_044_064_679_887_385_961_981


def _is_prime(n: int) -> bool | None:
    """Whether n is prime, or None above :data:`PRIMES_DECIDED` (no test proves it there).

    >>> [k for k in range(30) if _is_prime(k)], _is_prime(2**61 - 1), _is_prime(10**30)
    ([2, 3, 5, 7, 11, 13, 17, 19, 23, 29], True, None)
    """
    if n < 2:
        return False
    if n >= PRIMES_DECIDED:
        return None
    for p in PRIME_BASES:
        if n % p == 0:
            return n == p
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for a in PRIME_BASES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def is_member(rule: str, s: int) -> bool | None:
    """Whether s is in the infinite set ``rule`` (None: primes too large to decide).

    >>> is_member("squares", 10**40), is_member("fibonacci", 144), is_member("powers-of-2", 96)
    (True, True, False)
    """
    if s < 1:
        return False
    if rule == "squares":
        return isqrt(s) ** 2 == s
    if rule == "powers-of-2":
        return s & (s - 1) == 0
    if rule == "fibonacci":
        return s in _fibonacci(s)
    return _is_prime(s)


EACH: dict[str, Callable[[], Iterator[int]]] = {
    "squares": lambda: (k * k for k in count(1)),
    "fibonacci": _each_fibonacci,
    "primes": _each_prime,
    "powers-of-2": lambda: (1 << k for k in count()),
}
"""Each infinite set, member by member, ascending (for one heap of any size)."""

RULES: dict[str, tuple[Callable[[int], tuple[int, ...]], Callable[[int], int]]] = {
    "squares": (_squares, lambda n: isqrt(max(n, 0))),
    "fibonacci": (_fibonacci, lambda n: max(n, 1).bit_length() * 3 // 2 + 2),
    "primes": (_primes, _primes_bound),
    "powers-of-2": (_powers_of_2, lambda n: max(n, 0).bit_length()),
}
"""Each infinite set: its members up to a limit, and a cheap upper bound on how many there are."""

WORDS = {
    "squares": ("a positive square (1, 4, 9, 16, …)", "正の平方数(1, 4, 9, 16, …)"),
    "fibonacci": ("a Fibonacci number (1, 2, 3, 5, 8, …)", "フィボナッチ数(1, 2, 3, 5, 8, …)"),
    "primes": ("a prime (2, 3, 5, 7, 11, …)", "素数(2, 3, 5, 7, 11, …)"),
    "powers-of-2": ("a power of 2 (1, 2, 4, 8, …)", "2 の累乗(1, 2, 4, 8, …)"),
}
"""What one move removes, in English and Japanese."""


def members(rule: str, limit: int) -> tuple[int, ...]:
    """The members of the infinite subtraction set ``rule`` that are ≤ ``limit``, ascending."""
    return RULES[rule][0](limit)


def members_bound(rule: str, limit: int) -> int:
    """An upper bound on ``len(members(rule, limit))``, without listing them.

    >>> [members_bound(r, 1000) >= len(members(r, 1000)) for r in RULES]
    [True, True, True, True]
    """
    return RULES[rule][1](limit)


def members_at_least(rule: str, limit: int) -> int:
    """A lower bound on ``len(members(rule, limit))``, without listing them (heaps of
    10^100 stones too); never more from a smaller ``limit``.

    >>> [members_at_least(r, 1000) <= len(members(r, 1000)) for r in RULES]
    [True, True, True, True]
    >>> members_at_least("primes", 10**100) > 4 * 10**97
    True
    """
    if limit < 1:
        return 0
    if rule == "squares":
        return isqrt(limit)
    if rule == "powers-of-2":
        return limit.bit_length()
    if rule == "fibonacci":  # about 1.44 log₂ limit members: listed
        return len(_fibonacci(limit))
    if limit < PRIMES_FROM:
        return len(_primes(limit))
    # π(x) > x / ln x for x ≥ 17 (Rosser 1941), and ln x < 0.69315 · (bits of x)
    return max(limit * 100_000 // (69_315 * limit.bit_length()), len(_primes(PRIMES_FROM - 1)))


PRIMES_FROM = 17
"""From here :func:`members_at_least` bounds the primes by x / ln x."""


POWERS_OF_2_PERIOD = PeriodCriterion(
    RESIDUE_KIND,
    3,
    reason="a power of 2 is 1 or 2 mod 3, and 1 and 2 are both powers of 2",
    reason_ja="2 の累乗は 3 で割ると 1 か 2 余り、1 と 2 はどちらも 2 の累乗",
)
"""Subtract a power of 2: G(n) = n mod 3. From n ≡ r (mod 3) every move reaches a
residue other than r, and taking 1 or 2 reaches each of the others that is
smaller; so by induction G(n) = r."""


@dataclass(frozen=True, repr=False)
class InfiniteSubtraction(HeapRuleset):
    """The subtraction game whose set is infinite: ``squares``, ``fibonacci``, ``primes``
    or ``powers-of-2`` (remove one member of the set from one heap)."""

    rule: str
    family: ClassVar[str] = "subtraction"

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise InvalidGame(
                f"unknown subtraction set {self.rule!r}; accepted: "
                + ", ".join(f"subtraction:{r}" for r in RULES)
                + " or a finite set such as subtraction:2,4,7",
                ja=f"未知の減算集合 {self.rule!r} です。使えるのは "
                + ", ".join(f"subtraction:{r}" for r in RULES)
                + " か、subtraction:2,4,7 のような有限集合です",
            )

    @property
    def spec(self) -> str:
        return f"subtraction:{self.rule}"

    @property
    def capabilities(self) -> Capabilities:
        criterion = POWERS_OF_2_PERIOD if self.rule == "powers-of-2" else None
        kernel = OneHeapKernel("subtraction-rule", rule=self.rule)
        return Capabilities("heap", one_heap=kernel, period_criterion=criterion)

    def heap_options(self, n: int) -> Iterator[Heaps]:
        for s in EACH[self.rule]():
            if s > n:
                return
            yield (n - s,)

    def is_heap_option(self, n: int, result: Heaps) -> bool | None:
        if len(result) != 1 or not 0 <= result[0] < n:
            return False
        return is_member(self.rule, n - result[0])


@dataclass(frozen=True, repr=False)
class AllBut(HeapRuleset):
    """The all-but subtraction game: remove any positive number of stones not in ``excluded``.

    ``all-but:1`` may never take exactly one stone; an empty set would be Nim.
    """

    excluded: tuple[int, ...]
    family: ClassVar[str] = "all-but"

    def __post_init__(self) -> None:
        values = self.excluded
        if not values:
            raise InvalidGame(
                "all-but needs a non-empty set of positive integers, e.g. all-but:1,2",
                ja="all-but には正の整数の空でない集合が必要です。例 all-but:1,2",
            )
        if len(set(values)) > MAX_EXCLUDED:
            raise InvalidGame(
                f"an all-but set has at most {MAX_EXCLUDED:,} elements",
                ja=f"all-but の集合の要素は {MAX_EXCLUDED:,} 個までです",
            )
        for s in values:
            if not isinstance(s, int) or isinstance(s, bool) or not 1 <= s <= MAX_EXCLUDED_ELEMENT:
                raise InvalidGame(
                    f"all-but set element {s!r} is not an integer from 1 to "
                    f"{MAX_EXCLUDED_ELEMENT:,}; write e.g. all-but:1,2",
                    ja=(
                        f"all-but の集合の要素 {s!r} は 1 から {MAX_EXCLUDED_ELEMENT:,} "
                        "までの整数ではありません。例 all-but:1,2"
                    ),
                )
        object.__setattr__(self, "excluded", tuple(sorted(set(values))))

    @property
    def spec(self) -> str:
        return "all-but:" + ",".join(map(str, self.excluded))

    @property
    def capabilities(self) -> Capabilities:
        kernel = OneHeapKernel("all-but", excluded=self.excluded)
        # all-but:50 is n for n < 50, then looks like n − 50 until 149 (its period is 100,
        # saltus 100): a period seen in fewer values than 2·max(S) past it is no evidence
        past = 2 * self.excluded[-1]
        return Capabilities("heap", one_heap=kernel, arithmetic=True, observe_past=past)

    def heap_options(self, n: int) -> Iterator[Heaps]:
        excluded = set(self.excluded)
        return ((n - k,) for k in range(1, n + 1) if k not in excluded)

    def is_heap_option(self, n: int, result: Heaps) -> bool | None:
        return len(result) == 1 and 0 <= result[0] < n and n - result[0] not in self.excluded
