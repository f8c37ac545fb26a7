"""Families of games as deterministic lists of tasks, cut into batches.

A sweep computes one result per game of a family. The family's
:meth:`Family.parameters` (canonical JSON) identify the sweep; its tasks come
in a fixed order, so batch i of a sweep is always the same games and an
interrupted sweep resumes at the batches not yet committed.

* ``subtraction`` — every S ⊆ {1..M} with |S| in ``sizes`` (``max_element``
  M), or every S with max S = M (``largest`` M); one task per set, computed
  in batches by :mod:`nimlab.kernels.subtraction_sets`;
* ``octal`` — every code 0.d1…dk with k ≤ ``digits`` and dk ≠ 0;
* ``take-away`` — take-away:C for C in a range, the fresh games to a bound;
* ``split-delete`` — P-positions of the split/delete variants for ranges of
  heap counts and bounds on the heaps (``max_heaps``).

>>> family = subtraction_family(sizes=(3,), max_element=100)
>>> family.count(), family.parameters()
(161700, '{"max_element":100,"sizes":[3]}')
>>> [b.tasks for b in family.batches(100_000)]
[100000, 61700]
>>> len(octal_family(2).items()), octal_family(1).items()[:3]
(63, ['0.1', '0.2', '0.3'])
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, islice
from math import comb
from typing import Any

from nimlab.errors import InvalidOption
from nimlab.games.base import as_heaps_ruleset
from nimlab.games.split_delete import DELETE_VARIANTS, SPLIT_DELETE_VARIANTS

FAMILIES = ("subtraction", "octal", "take-away", "split-delete")
MAX_HEAPS = 64
"""The most heaps a split/delete sweep takes (P-position tables beyond are out of reach)."""
MAX_SUBTRACTION_SIZE = 63
"""The largest subtraction sets a sweep takes (the batch kernel's bitset limit)."""
SPLIT_DELETE_SPECS = tuple(f"split-delete-nim:{v}" for v in SPLIT_DELETE_VARIANTS) + tuple(
    f"delete-nim:{v}" for v in DELETE_VARIANTS
)


@dataclass(frozen=True)
class Batch:
    """Tasks ``first .. first+tasks-1`` of a family: what one worker call computes."""

    index: int
    first: int
    tasks: int
    payload: Any


@dataclass(frozen=True)
class Family:
    """A family of games to sweep: its name, canonical parameters and tasks."""

    name: str
    params: dict[str, Any]

    def parameters(self) -> str:
        """The canonical JSON of the parameters: with the name, the sweep's identity."""
        return json.dumps(self.params, sort_keys=True, separators=(",", ":"))

    def count(self) -> int:
        """How many tasks (games) the sweep has."""
        if self.name == "subtraction":
            return sum(_subtraction_count(self.params, k) for k in self.params["sizes"])
        if self.name == "take-away":  # counted, not listed: the range may be huge
            return int(self.params["c_to"] - self.params["c_from"] + 1)
        return len(self.items())

    def items(self) -> list[Any]:
        """The tasks of the non-subtraction families, in order."""
        p = self.params
        if self.name == "octal":
            return _octal_codes(p["digits"])
        if self.name == "octal-misere":
            return [[code, p["max_heap"], p["seconds"]] for code in _octal_codes(p["digits"])]
        if self.name == "take-away":
            return [[c, p["bound"]] for c in range(p["c_from"], p["c_to"] + 1)]
        if self.name == "split-delete":
            return [
                [spec, heaps, top]
                for spec in p["variants"]
                for heaps in range(p["heaps_from"], p["heaps_to"] + 1)
                if _heap_count_allowed(spec, heaps)
                for top in p["max_heaps"]
            ]
        return list(_subtraction_sets(p))

    def batches(self, size: int) -> Iterator[Batch]:
        """The tasks cut into batches of ``size`` (the last may be shorter)."""
        if self.name == "subtraction":
            sets = _subtraction_sets(self.params)
            index = first = 0
            while chunk := list(islice(sets, size)):
                yield Batch(index, first, len(chunk), chunk)
                index, first = index + 1, first + len(chunk)
            return
        if self.name == "take-away":  # lazily: the range may be huge
            p = self.params
            cs = range(p["c_from"], p["c_to"] + 1)
            for index, first in enumerate(range(0, len(cs), size)):
                pairs = [[c, p["bound"]] for c in cs[first : first + size]]
                yield Batch(index, first, len(pairs), pairs)
            return
        items = self.items()
        for index, first in enumerate(range(0, len(items), size)):
            chunk = items[first : first + size]
            yield Batch(index, first, len(chunk), chunk)


def _subtraction_count(p: dict[str, Any], k: int) -> int:
    if "largest" in p:
        return comb(p["largest"] - 1, k - 1)
    return comb(p["max_element"], k)


def _subtraction_sets(p: dict[str, Any]) -> Iterator[tuple[int, ...]]:
    for k in p["sizes"]:
        if "largest" in p:
            top = p["largest"]
            yield from ((*rest, top) for rest in combinations(range(1, top), k - 1))
        else:
            yield from combinations(range(1, p["max_element"] + 1), k)


def _octal_digit_strings(k: int) -> Iterator[tuple[int, ...]]:
    """Every k-digit tail d1..dk (leading zeros allowed) with dk ≠ 0, in numeric order."""
    for value in range(8**k):
        digits = tuple(int(c) for c in format(value, "o").zfill(k))
        if digits[-1]:
            yield digits


def _octal_codes(digits: int) -> list[str]:
    return [
        "0." + "".join(map(str, d)) for k in range(1, digits + 1) for d in _octal_digit_strings(k)
    ]


def _heap_count_allowed(spec: str, heaps: int) -> bool:
    from nimlab.registry import game

    ruleset = game(spec)
    shaped = as_heaps_ruleset(ruleset)
    return shaped is not None and shaped.check_count(heaps) is None


def _positive(value: int | None, option: str) -> int:
    if value is None or value < 1:
        raise InvalidOption(
            f"{option} must be an integer ≥ 1, got {value}",
            ja=f"{option} は 1 以上の整数です（{value} が与えられた）",
        )
    return value


def _range(lo: int, hi: int, what: str) -> None:
    if lo > hi:
        raise InvalidOption(
            f"{what}: the range {lo}..{hi} is empty; give FROM ≤ TO",
            ja=f"{what}: 範囲 {lo}..{hi} が空です。FROM ≤ TO としてください",
        )


def subtraction_family(
    sizes: Sequence[int] | None = None,
    max_element: int | None = None,
    largest: int | None = None,
) -> Family:
    """Every S ⊆ {1..max_element} with |S| in ``sizes``, or every S with max S = ``largest``."""
    if (max_element is None) == (largest is None):
        raise InvalidOption(
            "a subtraction sweep needs exactly one of --max-element M (S ⊆ {1..M}) "
            "and --largest M (max S = M)",
            ja=(
                "減算ゲームのスイープには --max-element M（S ⊆ {1..M}）と --largest M（max S = M）"
                "のちょうど一方が必要です"
            ),
        )
    bound = _positive(max_element if largest is None else largest, "--max-element/--largest")
    if sizes is None:
        sizes = range(1, min(bound, MAX_SUBTRACTION_SIZE) + 1)
    chosen = sorted(set(sizes))
    for k in chosen:
        if not 1 <= k <= MAX_SUBTRACTION_SIZE:
            raise InvalidOption(
                f"--sizes: set sizes are 1..{MAX_SUBTRACTION_SIZE}, got {k}",
                ja=f"--sizes: 集合の大きさは 1..{MAX_SUBTRACTION_SIZE} です（{k} が与えられた）",
            )
    params: dict[str, Any] = {"sizes": chosen}
    params["max_element" if largest is None else "largest"] = bound
    family = Family("subtraction", params)
    if not chosen or family.count() == 0:
        raise InvalidOption(
            f"no subtraction set has a size in {chosen} and "
            + (f"elements ≤ {bound}" if largest is None else f"largest element {bound}"),
            ja=f"大きさが {chosen} で"
            + (f"要素が {bound} 以下" if largest is None else f"最大要素が {bound}")
            + "の減算集合はありません",
        )
    return family


def octal_family(digits: int) -> Family:
    """Every octal code 0.d1…dk with 1 ≤ k ≤ ``digits`` and a non-zero last digit."""
    if not 1 <= digits <= 6:
        raise InvalidOption(
            f"--digits must be 1..6 (8^6 codes at most), got {digits}",
            ja=f"--digits は 1..6 です（符号は最大 8^6 個）。{digits} が与えられた",
        )
    return Family("octal", {"digits": digits})


MAX_MISERE_HEAP = 400
"""The largest heap bound of a misère quotient sweep (as ``analyze --misere`` uses)."""


def octal_misere_family(digits: int, max_heap: int, seconds: float = 10.0) -> Family:
    """The misère quotient of every octal code 0.d1…dk, k ≤ ``digits``, for heaps ≤ ``max_heap``.

    Each code's quotient is built heap by heap for at most ``seconds`` (some wild
    games' quotients explode); its row says how far it got.

    >>> octal_misere_family(1, 12).count()
    7
    """
    if not 1 <= digits <= 3:
        raise InvalidOption(
            f"--digits must be 1..3 for misère quotients, got {digits}",
            ja=f"ミゼール商では --digits は 1..3 です（{digits} が与えられた）",
        )
    if not 1 <= max_heap <= MAX_MISERE_HEAP:
        raise InvalidOption(
            f"--max-heap must be 1..{MAX_MISERE_HEAP}, got {max_heap}",
            ja=f"--max-heap は 1..{MAX_MISERE_HEAP} です（{max_heap} が与えられた）",
        )
    if not 0 < seconds <= 3600:
        raise InvalidOption(
            f"--task-seconds must be in (0, 3600], got {seconds:g}",
            ja=f"--task-seconds は (0, 3600] の範囲です（{seconds:g} が与えられた）",
        )
    return Family("octal-misere", {"digits": digits, "max_heap": max_heap, "seconds": seconds})


def take_away_family(c_from: int, c_to: int, bound: int) -> Family:
    """take-away:C for C in c_from..c_to, the fresh games n/(n−1) with n ≤ ``bound``."""
    _positive(c_from, "--c-from")
    _range(c_from, c_to, "--c-from/--c-to")
    if not 1 <= bound <= 20_000:
        raise InvalidOption(
            f"--bound must be 1..20000 (an O(N²) table per C), got {bound}",
            ja=f"--bound は 1..20000 です（C ごとに O(N²) の表）。{bound} が与えられた",
        )
    return Family("take-away", {"bound": bound, "c_from": c_from, "c_to": c_to})


def split_delete_family(
    variants: Sequence[str], heaps_from: int, heaps_to: int, max_heaps: Sequence[int]
) -> Family:
    """P-positions of each variant with heaps_from..heaps_to heaps, every heap ≤ each bound."""
    chosen = []
    for v in variants:
        spec = v if ":" in v else None
        if spec not in SPLIT_DELETE_SPECS:
            raise InvalidOption(
                f"unknown split/delete variant {v!r}; accepted: {', '.join(SPLIT_DELETE_SPECS)}",
                ja=f"未知の分割・削除の変種 {v!r} です。使えるのは {', '.join(SPLIT_DELETE_SPECS)}",
            )
        chosen.append(spec)
    # One sweep whatever the order or repetition on the command line, in the order of
    # SPLIT_DELETE_SPECS (the default's, so that databases made with it keep their sweep):
    # reversed, it was another sweep, and its tasks were computed again.
    chosen = sorted(set(chosen), key=SPLIT_DELETE_SPECS.index)
    if not chosen:
        raise InvalidOption(
            f"--variants: give at least one of {', '.join(SPLIT_DELETE_SPECS)}",
            ja=f"--variants: {', '.join(SPLIT_DELETE_SPECS)} の少なくとも 1 つを指定してください",
        )
    _positive(heaps_from, "--heaps-from")
    _range(heaps_from, heaps_to, "--heaps-from/--heaps-to")
    if heaps_to > MAX_HEAPS:
        raise InvalidOption(
            f"--heaps-to must be ≤ {MAX_HEAPS}, got {heaps_to}",
            ja=f"--heaps-to は {MAX_HEAPS} 以下です（{heaps_to} が与えられた）",
        )
    bounds = sorted(set(max_heaps))
    if not bounds:
        raise InvalidOption(
            "--max-heap: give at least one bound N",
            ja="--max-heap: 上限 N を少なくとも 1 つ指定してください",
        )
    for bound in bounds:
        _positive(bound, "--max-heap")
    family = Family(
        "split-delete",
        {"heaps_from": heaps_from, "heaps_to": heaps_to, "max_heaps": bounds, "variants": chosen},
    )
    if not family.items():
        raise InvalidOption(
            f"none of {', '.join(chosen)} is played with {heaps_from}..{heaps_to} heaps",
            ja=f"{', '.join(chosen)} のどれも {heaps_from}..{heaps_to} 山では遊べません",
        )
    return family
