"""Octal games in Winning Ways notation, ``d0.d1d2d3...``, and take-and-break codes.

Digit ``d_k`` (k ≥ 1) says what removing k stones from a heap may leave:
bit 1 — nothing (the whole heap was k stones), bit 2 — one non-empty heap,
bit 4 — two non-empty heaps. ``d_0 = 4`` allows splitting a heap in two
without removing anything. Kayles is 0.77, Dawson's Kayles 0.07
(Berlekamp, Conway and Guy, *Winning Ways*, ch. 4).

Take-and-break codes (``take-and-break:CODE``) go further: hexadecimal digits,
whose bit 8 leaves three non-empty heaps (``d_0`` may be 0, 4, 8 or C), codes
of up to ``MAX_LONG_DIGITS`` digits, and from CGSuite's notation the braced
digit ``{2,3}`` (the heap counts a removal may leave: ``{2,3}`` = C) and
Grundy's game ``4!.0``. One game has one spec: a code whose digits are all
octal (and at most ``MAX_DIGITS`` long) is the octal game ``octal:CODE``
(``take-and-break:0.77`` is ``kayles``), any other is
``take-and-break:CODE`` with capital hexadecimal digits.

>>> kayles = Octal.from_code("0.77")
>>> kayles.spec, kayles.max_removal
('octal:0.77', 2)
>>> sorted(kayles.heap_options(3))  # take 1 leaving 2 or 1+1, take 2 leaving 1
[(1,), (1, 1), (2,)]
>>> take_and_break("0.{2,3}").spec, take_and_break("0.77") == kayles
('take-and-break:0.C', True)
>>> sorted(take_and_break("0.8").heap_options(5))  # take one, leave three heaps
[(1, 1, 2)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from nimlab.errors import InvalidGame
from nimlab.games.actions import Action, Split, Take, TakeAll, TakeAndSplit
from nimlab.games.base import HeapRuleset, Heaps, Ruleset, is_integer
from nimlab.games.capabilities import GUY_SMITH_KIND, Capabilities, OneHeapKernel, PeriodCriterion
from nimlab.text import quoted, shorten

_CODE = re.compile(r"([0-7]?)\.([0-7]*)|([0-7])")
MAX_DIGITS = 64
"""``octal:`` codes have at most this many digits after the point."""
MAX_LONG_DIGITS = 1024
"""``take-and-break:`` codes have at most this many digits after the point."""
MAX_CODE_CHARACTERS = 16 * MAX_LONG_DIGITS
"""The longest text of a take-and-break code, without its trailing zeros (which are no
digits): room for every digit braced, {0,1,2,3}."""
HEX = "0123456789ABCDEF"
_LONG_CODE = re.compile(r"([0-9A-Fa-f]|\{[0-9,\s]*\})?(!)?\.((?:[0-9A-Fa-f]|\{[0-9,\s]*\})*)")
_DIGIT = re.compile(r"[0-9A-Fa-f]|\{[0-9,\s]*\}")
_AMPERSAND = re.compile(r"&([0-9]+);")
"""CGSuite's ``&N;``: the digit N written in decimal (``0.&11;`` is ``0.B``)."""


@dataclass(frozen=True, repr=False)
class Octal(HeapRuleset):
    """An octal game given by its digits ``(d0, d1, d2, ...)``."""

    digits: tuple[int, ...]
    family: ClassVar[str] = "octal"
    top_digit: ClassVar[int] = 7
    longest: ClassVar[int] = MAX_DIGITS

    def __post_init__(self) -> None:
        digits = self.digits
        top = self.top_digit
        shown = shorten(quoted(digits))
        if not isinstance(digits, tuple):  # Octal(0.77): the spec is octal:0.77
            raise InvalidGame(
                f"{self.family} takes a tuple of digits, e.g. (0, 7, 7) for 0.77 (or "
                f"nimlab.game('{self.family}:0.77')), got {shown}",
                ja=f"{self.family} には桁のタプル（例 0.77 なら (0, 7, 7)、または "
                f"nimlab.game('{self.family}:0.77')）を与えます（{shown} が与えられた）",
            )
        if not digits or any(not is_integer(d) or not 0 <= d <= top for d in digits):
            raise InvalidGame(
                f"{self.family} digits are 0-{HEX[top]}, got {shown}",
                ja=f"{self.family} の桁は 0-{HEX[top]} です（{shown} が与えられた）",
            )
        digits = tuple(int(d) for d in digits)  # numpy's integers as Python's (True is no digit)
        object.__setattr__(self, "digits", digits)
        if digits[0] & 3:
            raise InvalidGame(
                f"{self.family} code {self.code_of(digits)!r}: the digit before the point must be "
                + ("0 or 4" if top == 7 else "0, 4, 8 or C")
                + " (4 = a heap may be split without removing stones)",
                ja=f"{self.family} の符号 {self.code_of(digits)!r}: 小数点の前の桁は "
                + ("0 か 4" if top == 7 else "0, 4, 8, C のどれか")
                + " です（4 = 石を取らずに山を分けてよい）",
            )
        while len(digits) > 1 and digits[-1] == 0:
            digits = digits[:-1]
        if digits == (0,):
            raise InvalidGame(
                f"{self.family} code 0.0 allows no move at all; write e.g. octal:0.77",
                ja=f"{self.family} の符号 0.0 では一手も指せません。例えば octal:0.77 と書きます",
            )
        if len(digits) > self.longest + 1:
            raise InvalidGame(
                f"{self.family} codes have at most {self.longest} digits",
                ja=f"{self.family} の符号は {self.longest} 桁までです",
            )
        object.__setattr__(self, "digits", digits)

    @staticmethod
    def code_of(digits: tuple[int, ...]) -> str:
        """``d0.d1d2...`` (hexadecimal digits, so octal digits print as themselves)."""
        return HEX[digits[0]] + "." + ("".join(HEX[d] for d in digits[1:]) or "0")

    @classmethod
    def from_code(cls, code: str) -> Octal:
        """Parse a code such as ``0.77``, ``.07`` or ``4.0``."""
        text = code.strip()
        match = _CODE.fullmatch(text)
        if match is None or text in (".", ""):
            raise InvalidGame(
                f"malformed octal code {code!r}; write d0.d1d2... with octal digits 0-7 "
                "and d0 = 0 or 4, e.g. octal:0.77",
                ja=(
                    f"8 進符号 {code!r} が不正です。d0.d1d2... と 8 進の桁 0-7（d0 = 0 か 4）"
                    "で書きます。例 octal:0.77"
                ),
            )
        digits: tuple[int, ...]
        if match.group(3) is not None:
            digits = (int(match.group(3)),)
        else:
            head, tail = match.group(1) or "0", match.group(2).rstrip("0")  # 0.770 is 0.77
            digits = (int(head), *map(int, tail))
        if len(digits) > MAX_DIGITS + 1:
            raise InvalidGame(
                f"octal code {code!r} has more than {MAX_DIGITS} digits",
                ja=f"8 進符号 {code!r} が {MAX_DIGITS} 桁を超えています",
            )
        return cls(digits)

    @property
    def code(self) -> str:
        return self.code_of(self.digits)

    @property
    def spec(self) -> str:
        return f"{self.family}:{self.code}"

    @property
    def parts(self) -> int:
        """k: the most heaps one move leaves (3 with a digit's bit 8), at least 2 for Guy–Smith."""
        return 3 if any(d & 8 for d in self.digits) else 2

    @property
    def capabilities(self) -> Capabilities:
        digits = self.digits
        kernel = OneHeapKernel("take-and-break" if self.parts == 3 else "sparse", digits=digits)
        return Capabilities(
            "heap",
            one_heap=kernel,
            period_criterion=PeriodCriterion(GUY_SMITH_KIND, self.max_removal, self.parts),
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
            if d & 8 and left >= 3:
                for a in range(1, left // 3 + 1):
                    for b in range(a, (left - a) // 2 + 1):
                        yield (a, b, left - a - b)

    def is_heap_option(self, n: int, result: Heaps) -> bool | None:
        """Whether a heap of ``n`` may become the heaps ``result``, read off the digits.

        >>> from nimlab.registry import game
        >>> kayles = game("kayles")
        >>> kayles.is_heap_option(10**12, (1, 10**12 - 3)), kayles.is_heap_option(9, (2, 2, 2))
        (True, False)
        """
        taken = n - sum(result)
        if taken < 0 or taken >= len(self.digits) or any(h < 1 for h in result):
            return False
        parts = len(result)
        return parts <= 3 and bool(self.digits[taken] & (1 << parts)) and (taken > 0 or parts > 1)

    def heap_move(self, n: int, result: Heaps) -> Action:
        taken = n - sum(result)
        if not result:
            return TakeAll(n)
        if len(result) == 1:
            return Take(n, taken)
        if taken == 0:
            return Split(n, result)
        return TakeAndSplit(n, taken, result)


@dataclass(frozen=True, repr=False)
class TakeAndBreak(Octal):
    """A take-and-break code that is not an octal game: a hexadecimal digit, or a long code.

    Build it with :func:`take_and_break`, which returns the :class:`Octal`
    game where the code is one (so each game has one identity and one spec).
    """

    family: ClassVar[str] = "take-and-break"
    top_digit: ClassVar[int] = 15
    longest: ClassVar[int] = MAX_LONG_DIGITS

    def __post_init__(self) -> None:
        super().__post_init__()
        if max(self.digits) <= 7 and len(self.digits) <= MAX_DIGITS + 1:
            raise InvalidGame(
                f"{self.code} is an octal game: build it with take_and_break() or Octal",
                ja=f"{self.code} は 8 進ゲームです。take_and_break() か Octal で作ります",
            )


def _digit(text: str, code: str) -> int:
    """One digit: a hexadecimal character, or CGSuite's braced heap counts ``{0,2,3}``."""
    if not text.startswith("{"):
        return int(text, 16)
    counts = [c.strip() for c in text[1:-1].split(",")]
    if not all(c.isascii() and c.isdigit() for c in counts):  # not '٣': int() reads it
        raise InvalidGame(
            f"take-and-break code {code!r}: write braced digits as e.g. {{2,3}}",
            ja=f"取って分ける規則の符号 {code!r}: 括弧の桁は例えば {{2,3}} のように書きます",
        )
    digit = 0
    for c in counts:
        c = c.lstrip("0") or "0"  # (a count of 10,000 digits is not read as an int)
        if len(c) > 1 or int(c) > 3:
            shown = c if len(c) <= 8 else c[:8] + "…"
            raise InvalidGame(
                f"take-and-break code {code[:40]!r}: a move may leave at most 3 heaps here, "
                f"not {shown} (digits 0-F)",
                ja=(
                    f"取って分ける規則の符号 {code[:40]!r}: ここでは一手で残せる山は 3 つまでで、"
                    f"{shown} つではありません（桁は 0-F）"
                ),
            )
        digit |= 1 << int(c)
    return digit


def _ampersand(number: str, code: str) -> str:
    """CGSuite's ``&N;`` as the hexadecimal digit N (N ≤ 15: a move leaves at most 3 heaps)."""
    number = number.lstrip("0") or "0"  # &007; is 7 (a count of 10,000 digits is no int)
    value = int(number) if len(number) <= 2 else 16
    if value > 15:
        raise InvalidGame(
            f"take-and-break code {code!r}: &{number[:8]}; would let a move leave four or more "
            "heaps; digits are 0-15 (&0; to &15;, or 0-F)",
            ja=(
                f"取って分ける規則の符号 {code!r}: &{number[:8]}; では一手で 4 つ以上の山が残り"
                "ます。桁は 0-15（&0; から &15;、または 0-F）です"
            ),
        )
    return HEX[value]


def take_and_break(code: str) -> Ruleset:
    """The game of a take-and-break code: an :class:`Octal` game where the code is one.

    Accepts hexadecimal digits (``0.B1``), a d0 of 0, 4, 8 or C, up to
    ``MAX_LONG_DIGITS`` digits, braced digits (``0.{2,3}``) and ``4!.0``
    (Grundy's game: split a heap into two unequal heaps).
    """
    from nimlab.games.heap import GrundyGame

    text = code.strip()
    code = code if len(code) <= 40 else code[:39] + "…"  # as messages show it
    if len(text.rstrip("0")) > MAX_CODE_CHARACTERS:  # refused before reading digit by digit
        raise InvalidGame(
            f"take-and-break code {code!r} has {len(text):,} characters; at most "
            f"{MAX_CODE_CHARACTERS:,} are accepted ({MAX_LONG_DIGITS} digits after the point)",
            ja=(
                f"取って分ける規則の符号 {code!r} は {len(text):,} 文字あります。"
                f"{MAX_CODE_CHARACTERS:,} 文字までです（小数点以下 {MAX_LONG_DIGITS} 桁まで）"
            ),
        )
    text = _AMPERSAND.sub(lambda m: _ampersand(m.group(1), code), text)
    if len(text) == 1 and text in HEX + HEX.lower():  # a d0 alone, as octal:4 reads it
        text += "."
    match = _LONG_CODE.fullmatch(text)
    if match is None or text == "." or "[" in text:
        raise InvalidGame(
            f"malformed take-and-break code {code!r}; write d0.d1d2... with hexadecimal digits "
            "0-F (bit 1: take all, 2: leave one heap, 4: two heaps, 8: three heaps), braced "
            "heap counts such as {2,3} or &N; (N ≤ 15), e.g. take-and-break:0.B1 (CGSuite's "
            "infinite codes [..] "
            "and the modifiers ? and = are not supported)",
            ja=(
                f"取って分ける規則の符号 {code!r} が不正です。d0.d1d2... と 16 進の桁 0-F（ビット "
                f"1: 全部取る、2: 1 山残す、4: 2 山、8: 3 山）、{{2,3}} "
                "のような括弧の山数か &N;（N ≤ 15）で書きます。例 take-and-break:0.B1"
                "（CGSuite の無限符号 [..] と修飾子 ? と = には対応していません）"
            ),
        )
    head = _digit(match.group(1) or "0", code)
    tail = tuple(_digit(d, code) for d in _DIGIT.findall(match.group(3)))
    zeros = len(tail) - len(bytes(tail).rstrip(b"\0"))  # 0.770 is 0.77, however many zeros
    tail = tail[: len(tail) - zeros]
    if len(tail) > MAX_LONG_DIGITS:
        raise InvalidGame(
            f"take-and-break codes have at most {MAX_LONG_DIGITS} digits after the point, "
            f"got {len(tail)}",
            ja=(
                f"取って分ける規則の符号は小数点以下 {MAX_LONG_DIGITS} 桁までです（{len(tail)} "
                "桁が与えられた）"
            ),
        )
    digits = (head, *tail)
    if head & 3:
        raise InvalidGame(
            f"take-and-break code {code!r}: the digit before the point must be 0, 4, 8 or C "
            "(a heap broken into two or three without removing stones)",
            ja=(
                f"取って分ける規則の符号 {code!r}: 小数点の前の桁は 0, 4, 8, C のどれかです（"
                "石を取らずに山を 2 つか 3 つに分ける）"
            ),
        )
    if match.group(2):
        if digits[0] == 4 and not any(digits[1:]):
            return GrundyGame()
        raise InvalidGame(
            f"take-and-break code {code!r}: the modifier ! is supported only as 4!.0 "
            "(Grundy's game)",
            ja=(
                f"取って分ける規則の符号 {code!r}: 修飾子 ! は 4!.0（グランディのゲーム）"
                "にだけ使えます"
            ),
        )
    if digits == (0,):
        raise InvalidGame(
            "take-and-break code 0.0 allows no move at all; write e.g. take-and-break:0.B1",
            ja=(
                "取って分ける規則の符号 0.0 では一手も指せません。"
                "例えば take-and-break:0.B1 と書きます"
            ),
        )
    if max(digits) <= 7 and len(digits) <= MAX_DIGITS + 1:
        return Octal(digits)
    return TakeAndBreak(digits)
