"""Fibonacci (Zeckendorf) representations and their generalisation to take-away:C.

Seed 000 numbers the Fibonacci numbers f_1 = 1, f_2 = 2, f_3 = 3, f_4 = 5, ...
(seed 002 writes F_1 = 1, F_2 = 2 too). Every n ≥ 1 is a sum of non-adjacent
Fibonacci numbers in exactly one way (Zeckendorf); written as a binary string,
the digit k from the right says whether f_k is used. Seed 000 calls this string
the *Fibonacci representation* φ(n) ("code"); ℓ(n) is its smallest term, and
``up``/``down`` shift every term one index up or down.

>>> code(31), smallest_term(31), smallest_term(29)
('1010010', 2, 8)
>>> up(4), down(up(4)), trailing_zeros(12), is_even_zero(12)
(7, 4, 0, True)

Take-away:C (take at most C times the opponent's last take) has the same
structure with the sequence H_1 = 1, H_{j+1} = H_j + H_m, m the least index with
C·H_m ≥ H_j (Whinihan 1963; Schwenk 1970): C = 1 gives the powers of 2, C = 2
the Fibonacci numbers.

>>> take_away_sequence(3).terms_upto(30)
[1, 2, 3, 4, 6, 8, 11, 15, 21, 29]
>>> take_away_sequence(3).representation(27)
[21, 6]
>>> take_away_sequence(3).first(6)
[1, 2, 3, 4, 6, 8]
"""

from __future__ import annotations

from bisect import bisect_right

MAX_TERMS = 60_000
"""The most terms of a take-away sequence nimlab builds (H grows geometrically, so this
reaches thousands of digits for small C); beyond it the theorem is not applied."""

_FIB = [1, 2]  # f_1, f_2, ... extended on demand; only ever appended to


def _fibonacci_past(n: int) -> list[int]:
    """The shared list f_1, f_2, ... extended until its last term exceeds n."""
    while _FIB[-1] <= n:
        _FIB.append(_FIB[-1] + _FIB[-2])
    return _FIB


def fibonacci(k: int) -> int:
    """f_k in seed 000's numbering: f_1 = 1, f_2 = 2, f_3 = 3, f_4 = 5.

    >>> [fibonacci(k) for k in range(1, 9)]
    [1, 2, 3, 5, 8, 13, 21, 34]
    """
    if k < 1:
        raise ValueError(f"Fibonacci numbers are numbered from 1, got {k}")
    while len(_FIB) < k:
        _FIB.append(_FIB[-1] + _FIB[-2])
    return _FIB[k - 1]


def zeckendorf(n: int) -> list[int]:
    """The indices k, largest first, of the Fibonacci numbers f_k that sum to n (greedy).

    >>> zeckendorf(31), zeckendorf(1000)
    ([7, 5, 2], [15, 6])
    """
    if n < 0:
        raise ValueError(f"only n ≥ 0 has a Fibonacci representation, got {n}")
    fib = _fibonacci_past(n)
    indices: list[int] = []
    hi = len(fib)
    while n:
        i = bisect_right(fib, n, 0, hi) - 1  # the largest f ≤ n
        indices.append(i + 1)
        n -= fib[i]
        hi = i
    return indices


def from_indices(indices: list[int]) -> int:
    """The number whose Fibonacci terms have these indices (indices ≥ 1)."""
    return sum(fibonacci(k) for k in indices)


def code(n: int) -> str:
    """φ(n): the Fibonacci representation as a string of binary digits ("0" for 0).

    >>> code(1), code(12), code(21)
    ('1', '10101', '1000000')
    """
    if n < 0:
        raise ValueError(f"only n ≥ 0 has a Fibonacci representation, got {n}")
    if n == 0:
        return "0"
    fib = _fibonacci_past(n)
    digits = []
    for f in fib[bisect_right(fib, n) - 1 :: -1]:  # greedy, largest term first
        if f <= n:
            n -= f
            digits.append("1")
        else:
            digits.append("0")
    return "".join(digits)


def smallest_term(n: int) -> int:
    """ℓ(n): the smallest Fibonacci number in n's representation (n ≥ 1).

    >>> [smallest_term(n) for n in range(1, 13)]
    [1, 2, 3, 1, 5, 1, 2, 8, 1, 2, 3, 1]
    """
    if n < 1:
        raise ValueError(f"ℓ(n) is defined for n ≥ 1, got {n}")
    return fibonacci(zeckendorf(n)[-1])


def trailing_zeros(n: int) -> int:
    """The number of 0s to the right of the rightmost 1 of φ(n) (n ≥ 1)."""
    if n < 1:
        raise ValueError(f"φ(n) has a rightmost 1 only for n ≥ 1, got {n}")
    return zeckendorf(n)[-1] - 1


def is_even_zero(n: int) -> bool:
    """偶零数: φ(n) ends in an even number of 0s (0 counts as even-zero: up(0) = 0)."""
    return n == 0 or trailing_zeros(n) % 2 == 0


def up(x: int) -> int:
    """up(x): append a 0 to φ(x), i.e. raise every Fibonacci term one index (up(0) = 0)."""
    return from_indices([k + 1 for k in zeckendorf(x)])


def down(x: int) -> int:
    """down(x): remove the rightmost 0 of φ(x); x must be odd-zero (φ(x) ends in 0)."""
    if x == 0:
        return 0
    indices = zeckendorf(x)
    if indices[-1] == 1:
        raise ValueError(f"down({x}) needs φ({x}) = {code(x)} to end in 0")
    return from_indices([k - 1 for k in indices])


class TakeAwaySequence:
    """H_1 = 1, H_{j+1} = H_j + H_m with m least such that C·H_m ≥ H_j.

    The P-positions of a fresh take-away:C game are exactly the H_j, and every
    n has a greedy representation n = H_{j1} + H_{j2} + ... in which each term is
    more than C times the next smaller one (Whinihan; Schwenk). The first C+1
    terms are 1, 2, ..., C+1; only the terms after them are stored, so a huge C
    costs nothing until n exceeds it.
    """

    def __init__(self, multiplier: int) -> None:
        self.c = multiplier
        self.prefix = multiplier + 1  # H_j = j for j ≤ C+1
        self.stored: list[int] = []  # H_{C+2}, H_{C+3}, ...
        self._m = 0  # index into ``stored`` of the least H_m ≥ H_j / C, once m > C+1

    def _last(self) -> int:
        return self.stored[-1] if self.stored else self.prefix

    def _extend(self) -> None:
        last, c = self._last(), self.c
        m = -(-last // c)  # least m with C·m ≥ last, if H_m = m is still in the prefix
        if m <= self.prefix:
            step = m
        else:
            while c * self.stored[self._m] < last:
                self._m += 1
            step = self.stored[self._m]
        self.stored.append(last + step)

    def reaches(self, n: int) -> bool:
        """True if the terms up to ``n`` fit in ``MAX_TERMS`` (building them if needed)."""
        while self._last() < n:
            if len(self.stored) >= MAX_TERMS:
                return False
            self._extend()
        return True

    def terms_upto(self, n: int) -> list[int]:
        """Every H_j ≤ n (for small n; the prefix 1..C+1 is listed in full)."""
        self.reaches(n)
        return [j for j in range(1, min(n, self.prefix) + 1)] + [h for h in self.stored if h <= n]

    def first(self, count: int) -> list[int]:
        """H_1, ..., H_count."""
        head = list(range(1, min(count, self.prefix) + 1))
        need = count - len(head)
        while len(self.stored) < need:
            self._extend()
        return head + self.stored[: max(need, 0)]

    def representation(self, n: int) -> list[int]:
        """The terms of n's greedy representation, largest first (n ≥ 0)."""
        if not self.reaches(n):
            raise ValueError(f"take-away:{self.c}: more than {MAX_TERMS} terms below {n}")
        terms: list[int] = []
        hi = len(self.stored)
        while n > self.prefix:
            i = bisect_right(self.stored, n, 0, hi) - 1
            term = self.stored[i] if i >= 0 else self.prefix
            terms.append(term)
            n -= term
            hi = max(i, 0)
        if n:
            terms.append(n)
        return terms

    def smallest(self, n: int) -> int:
        """ℓ_C(n): the smallest term of n's representation (n ≥ 1)."""
        return self.representation(n)[-1]

    def code(self, n: int) -> str:
        """n's representation as binary digits over H_1, H_2, ... (rightmost = H_1)."""
        terms = self.representation(n)
        if not terms:
            return "0"
        index = [self.index(h) for h in terms]
        digits = ["0"] * index[0]
        for k in index:
            digits[index[0] - k] = "1"
        return "".join(digits)

    def index(self, h: int) -> int:
        """j with H_j = h (h must be a term)."""
        if h <= self.prefix:
            return h
        i = bisect_right(self.stored, h) - 1
        if i < 0 or self.stored[i] != h:
            raise ValueError(f"{h} is not a term of the take-away:{self.c} sequence")
        return self.prefix + i + 1


def take_away_sequence(multiplier: int) -> TakeAwaySequence:
    """The sequence H of take-away:C, cached in the current solver context."""
    from nimlab.solve.context import current

    cache = current().results
    key = ("take-away-sequence", multiplier)
    sequence: TakeAwaySequence | None = cache.get(key)
    if sequence is None:
        sequence = TakeAwaySequence(multiplier)
        cache.put(key, sequence, 64 * (len(sequence.stored) + 16))
    return sequence
