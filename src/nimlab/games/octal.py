"""Octal games in Winning Ways notation, ``d0.d1d2d3...``.

Digit ``d_k`` (k ≥ 1) says what removing k stones from a heap may leave:
bit 1 — nothing (the whole heap was k stones), bit 2 — one non-empty heap,
bit 4 — two non-empty heaps. ``d_0 = 4`` allows splitting a heap in two
without removing anything. Kayles is 0.77, Dawson's Kayles 0.07
(Berlekamp, Conway and Guy, *Winning Ways*, ch. 4).

>>> kayles = Octal.from_code("0.77")
>>> kayles.spec, kayles.max_removal
('octal:0.77', 2)
>>> sorted(kayles.heap_options(3))  # take 1 leaving 2 or 1+1, take 2 leaving 1
[(1,), (1, 1), (2,)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from nimlab.errors import InvalidGame
from nimlab.games.actions import Action, Split, Take, TakeAll, TakeAndSplit
from nimlab.games.base import HeapRuleset, Heaps
from nimlab.games.capabilities import GUY_SMITH_KIND, Capabilities, OneHeapKernel, PeriodCriterion

_CODE = re.compile(r"([0-7]?)\.([0-7]*)|([0-7])")
MAX_DIGITS = 64


@dataclass(frozen=True, repr=False)
class Octal(HeapRuleset):
    """An octal game given by its digits ``(d0, d1, d2, ...)``."""

    digits: tuple[int, ...]
    family: ClassVar[str] = "octal"

    def __post_init__(self) -> None:
        digits = self.digits
        if not digits or any(not isinstance(d, int) or not 0 <= d <= 7 for d in digits):
            raise InvalidGame(f"octal digits are 0-7, got {digits!r}")
        if digits[0] not in (0, 4):
            raise InvalidGame(
                f"octal code {self.code_of(digits)!r}: the digit before the point must be 0 or 4 "
                "(4 = a heap may be split without removing stones)"
            )
        while len(digits) > 1 and digits[-1] == 0:
            digits = digits[:-1]
        if digits == (0,):
            raise InvalidGame("octal code 0.0 allows no move at all; write e.g. octal:0.77")
        object.__setattr__(self, "digits", digits)

    @staticmethod
    def code_of(digits: tuple[int, ...]) -> str:
        return f"{digits[0]}." + ("".join(map(str, digits[1:])) or "0")

    @classmethod
    def from_code(cls, code: str) -> Octal:
        """Parse a code such as ``0.77``, ``.07`` or ``4.0``."""
        text = code.strip()
        match = _CODE.fullmatch(text)
        if match is None or text in (".", ""):
            raise InvalidGame(
                f"malformed octal code {code!r}; write d0.d1d2... with octal digits 0-7 "
                "and d0 = 0 or 4, e.g. octal:0.77"
            )
        digits: tuple[int, ...]
        if match.group(3) is not None:
            digits = (int(match.group(3)),)
        else:
            head, tail = match.group(1) or "0", match.group(2)
            digits = (int(head), *map(int, tail))
        if len(digits) > MAX_DIGITS + 1:
            raise InvalidGame(f"octal code {code!r} has more than {MAX_DIGITS} digits")
        return cls(digits)

    @property
    def code(self) -> str:
        return self.code_of(self.digits)

    @property
    def spec(self) -> str:
        return "octal:" + self.code

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            "heap",
            one_heap=OneHeapKernel("sparse", digits=self.digits),
            period_criterion=PeriodCriterion(GUY_SMITH_KIND, self.max_removal),
        )

    @property
    def max_removal(self) -> int:
        """t: the largest number of stones one move removes (Guy–Smith)."""
        return len(self.digits) - 1

    def heap_options(self, n: int) -> Iterator[Heaps]:
        for k, d in enumerate(self.digits):
            if k > n:
                break
            left = n - k
            if d & 1 and left == 0 and k > 0:
                yield ()
            if d & 2 and left >= 1 and k > 0:
                yield (left,)
            if d & 4 and left >= 2:
                for a in range(1, left // 2 + 1):
                    yield (a, left - a)

    def heap_move(self, n: int, result: Heaps) -> Action:
        taken = n - sum(result)
        if not result:
            return TakeAll(n)
        if len(result) == 1:
            return Take(n, taken)
        if taken == 0:
            return Split(n, result)
        return TakeAndSplit(n, taken, result)
