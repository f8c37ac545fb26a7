"""Conway's genus of single heaps (On Numbers and Games, ch. 12).

The genus of a game G is g^{g₀g₁g₂…}: g its normal-play Grundy value and g_k
the misère Grundy value of G + k copies of *2 (the nim-heap of 2). The misère
Grundy value is the mex rule with a terminal position valued 1. The sequence
g₀, g₁, … is eventually alternating; the symbol is written up to where its last
two digits alternate (0^120 is g₀ = 1, g₁ = 2, then 0, 2, 0, 2, …). Each g_k is
computed until the last eight values alternate (at least g₀..g₄, at most g₄₀): the
alternation beyond them is observed, not proven, and ``misere`` lists every value
computed.

*Tame* genera (ONAG ch. 12; those of misère Nim positions) are 0^120, 1^031
and a^{a(a⊕2)} for every a ≥ 0 (0^02, 1^13, 2^20, 3^31, …). A game whose genus
is not tame is wild. A heap whose genus is not tame is a wild game, so one
such heap makes the game *wild*. When every heap ≤ N has a tame genus, the
heaps ≤ N are tame games (by induction: a heap's positions are sums of
smaller heaps, sums of tame games are tame), and misère play of sums of them
is misère Nim play on their genera; that is the *tame up to N* verdict.

Values are computed by exhaustive memoised search over the positions of
heap + k·*2 (every position counted against ``limits``), so this is for modest N.

>>> from nimlab.games.heap import Nim
>>> [e.symbol for e in genus(Nim(), to=5).entries]
['0^120', '1^031', '2^20', '3^31', '4^46']
>>> from nimlab.games.octal import Octal
>>> t = genus(Octal.from_code("0.77"), to=5)
>>> t.entries[0].symbol, t.classification
('0^120', 'tame up to 4')
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nimlab.errors import InvalidGame, InvalidOption, TooLarge
from nimlab.games.base import HeapRuleset, Ruleset
from nimlab.limits import Budget, Limits, check_limits
from nimlab.messages import say
from nimlab.misere.quotient import heap_ruleset
from nimlab.text import markdown

MEMO_BYTES = 150
"""Bytes a remembered position costs (its key, a tuple of heaps; its value; the entry): 142 MB
for the 878,382 of Kayles to 40."""
MEMORY_CHECK_EVERY = 4096
"""The memo is checked against ``max_memory`` once per this many positions."""
MIN_COPIES = 4
MAX_COPIES = 40
"""g_k is computed for k ≤ MIN_COPIES, then further until it alternates (at most this)."""
ALTERNATING = 8
"""How many last values must alternate before the sequence is taken to alternate from there.

Four were not enough: 4.7's heap 12 has g_k = 1, 3, 1, 3, 1, 4, 2, 0, 2, 0, … (audit of
2026-11-27). The alternation is observed, not proven: the symbol is exact up to the values
listed in ``misere``."""


OBSERVED = (
    f"observed: each symbol's tail is taken to alternate once its last {ALTERNATING} values do "
    "(not proven); exact up to the values in misere"
)
"""What a genus symbol (and so a verdict of tame) rests on, as the JSON says it."""


def _mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def tame_symbol(grundy: int, misere: tuple[int, ...]) -> bool:
    """True for the tame genera 0^120, 1^031 and a^{a(a⊕2)}.

    >>> tame_symbol(0, (1, 2, 0)), tame_symbol(5, (5, 7)), tame_symbol(0, (0, 1))
    (True, True, False)
    """
    seq = _alternating(misere)
    if grundy == 0 and seq == (1, 2, 0):
        return True
    if grundy == 1 and seq == (0, 3, 1):
        return True
    return seq == (grundy, grundy ^ 2)


def _alternating(misere: tuple[int, ...]) -> tuple[int, ...]:
    """The digits up to where the last two alternate (the rest of the sequence)."""
    j = len(misere) - 2
    while j > 0 and misere[j - 1] == misere[j + 1]:
        j -= 1
    return misere[: j + 2]


def _settled(values: list[int]) -> bool:
    """Have the last :data:`ALTERNATING` values alternated (never, while fewer are known)?

    >>> _settled([1, 3, 1, 3, 1]), _settled([1, 2, 0, 2, 0, 2, 0, 2, 0])
    (False, True)
    """
    tail = values[-ALTERNATING:]
    return len(tail) == ALTERNATING and all(tail[i] == tail[i + 2] for i in range(len(tail) - 2))


def symbol(grundy: int, misere: tuple[int, ...]) -> str:
    """Conway's symbol, e.g. ``0^120``; digits over 9 are comma-separated in braces."""
    digits = _alternating(misere)
    if all(d < 10 for d in digits):
        return f"{grundy}^{''.join(map(str, digits))}"
    return f"{grundy}^{{{','.join(map(str, digits))}}}"


@dataclass(frozen=True)
class HeapGenus:
    """The genus of one heap."""

    heap: int
    grundy: int
    misere: tuple[int, ...]
    symbol: str
    tame: bool
    settled: bool = True
    """Did the last :data:`ALTERNATING` values alternate within :data:`MAX_COPIES`? If not,
    the symbol ends in "…": the sequence was cut, not seen to alternate."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "heap": self.heap,
            "grundy": self.grundy,
            "misere": list(self.misere),
            "symbol": self.symbol,
            "tame": self.tame,
            # only when it did not: a settled sequence is the rule, and its JSON stays as it was
            **({} if self.settled else {"settled": False}),
        }


@dataclass(frozen=True)
class GenusTable:
    """The genus of every heap 0..to-1 and what it decides about tameness."""

    game: str
    entries: tuple[HeapGenus, ...]
    classification: str
    wild_heaps: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "genus": [e.to_dict() for e in self.entries],
            "classification": self.classification,
            "wild_heaps": list(self.wild_heaps),
            "criterion": "tame genera 0^120, 1^031, a^{a(a⊕2)} (Conway, ONAG ch. 12)",
            "symbols": OBSERVED,
        }

    def _repr_markdown_(self) -> str:
        rows = "".join(
            f"| {e.heap} | {e.grundy} | {e.symbol} | {'tame' if e.tame else 'wild'} |\n"
            for e in self.entries
        )
        return (
            f"**{markdown(self.game)}**: {self.classification} ({OBSERVED})\n\n"
            f"| heap | G | genus | |\n|---|---|---|---|\n{rows}"
        )


class _Search:
    """Memoised misère Grundy values of (heaps, copies of *1, copies of *2)."""

    def __init__(self, game: HeapRuleset, budget: Budget) -> None:
        self.game = game
        self.budget = budget
        self.options: list[tuple[tuple[int, ...], ...]] = []
        self.memo: dict[tuple[tuple[int, ...], int, int], int] = {}

    def heap_options(self, n: int) -> tuple[tuple[int, ...], ...]:
        while len(self.options) <= n:
            h = len(self.options)
            opts = set()
            try:
                for r in self.game.heap_options(h):
                    opts.add(tuple(sorted(x for x in r if self.options[x])))
            except RecursionError:  # the rules' own code, not the depth of the genus search
                raise InvalidGame(
                    f"{self.game.spec}: the options of a heap of {h} recurse without end",
                    ja=f"{self.game.spec}: {h} 個の山の選択肢の計算が終わらない再帰になります",
                ) from None
            self.options.append(tuple(sorted(opts)))
        return self.options[n]

    def value(self, heaps: tuple[int, ...], ones: int, twos: int) -> int:
        key = (heaps, ones, twos)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.budget.spend(1 + bool(ones) + 2 * bool(twos))  # the position, its *1/*2 moves
        values = set()
        seen = set()
        for i, h in enumerate(heaps):
            if h in seen:
                continue
            seen.add(h)
            rest = heaps[:i] + heaps[i + 1 :]
            options = self.heap_options(h)
            self.budget.spend(len(options))  # each option generated counts, as Limits says
            for r in options:
                values.add(self.value(tuple(sorted(rest + r)), ones, twos))
        if ones:
            values.add(self.value(heaps, ones - 1, twos))
        if twos:
            values.add(self.value(heaps, ones, twos - 1))
            values.add(self.value(heaps, ones + 1, twos - 1))
        result = _mex(values) if (heaps or ones or twos) else 1
        self.memo[key] = result
        if len(self.memo) % MEMORY_CHECK_EVERY == 0:  # the memo is what grows
            self.budget.check_memory(
                len(self.memo) * MEMO_BYTES,
                f"a genus search over {len(self.memo):,} positions",
                ja=f"{len(self.memo):,} 局面にわたる属の探索",
            )
        return result


def genus(game: Ruleset | str, to: int, limits: Limits | None = None) -> GenusTable:
    """Conway's genus of each heap 0..to-1 of a heap game (exhaustive search).

    ``TooLarge`` when the search is over ``limits.max_states`` positions.
    """
    g = heap_ruleset(game, what="genus")
    if not isinstance(to, int) or isinstance(to, bool) or to < 1:
        raise InvalidOption(
            f"--to must be a positive integer, got {to!r}",
            ja=f"--to は正の整数です（{to!r} が与えられた）",
        )
    limits = check_limits(limits)
    search = _Search(g, limits.budget())
    normal: list[int] = []
    entries = []
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20000))
    try:
        for n in range(to):
            opts = search.heap_options(n)
            gv = _mex({_xor(normal[x] for x in o) for o in opts})
            normal.append(gv)
            base = (n,) if opts else ()
            values: list[int] = []
            k = 0
            while k <= MIN_COPIES or (k <= MAX_COPIES and not _settled(values)):
                values.append(search.value(base, 0, k))
                k += 1
            misere = tuple(values)
            settled = _settled(values)
            written = symbol(gv, misere) + ("" if settled else "…")
            entries.append(HeapGenus(n, gv, misere, written, tame_symbol(gv, misere), settled))
    except RecursionError:
        raise TooLarge(
            "the genus search is too deep for this heap size; lower --to",
            ja="この山の大きさでは属の探索が深すぎます。--to を下げてください",
        ) from None
    finally:
        sys.setrecursionlimit(old)
    wild = tuple(e.heap for e in entries if not e.tame)
    return GenusTable(g.spec, tuple(entries), classify(entries, wild, "en"), wild)


def classify(entries: Sequence[HeapGenus], wild: Sequence[int], lang: str) -> str:
    """What the genera of the heaps decide, in ``lang``: wild (and where) or tame so far."""
    if wild:
        return say("genus.wild_found", lang, heap=wild[0], symbol=entries[wild[0]].symbol)
    return say("genus.tame_up_to", lang, last=len(entries) - 1)


def _xor(values: Any) -> int:
    out = 0
    for v in values:
        out ^= v
    return out
