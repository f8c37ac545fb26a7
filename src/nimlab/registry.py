"""The registry: spec strings ⇄ rulesets, for the CLI, the web app, sweeps and tests.

A spec is ``family`` or ``family:parameters``; an alias names a whole spec;
``A + B`` is a disjunctive sum. Specs print back canonically:

>>> game("subtraction:7,2,4").spec
'subtraction:2,4,7'
>>> game("kayles").spec, game("fibonacci-nim").spec
('octal:0.77', 'take-away:2')
>>> game("nim + kayles").spec
'nim + octal:0.77'
>>> game(game("wythoff").spec) == game("wythoff")
True
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nimlab.errors import InvalidGame
from nimlab.games.base import Ruleset
from nimlab.games.heap import GrundyGame, Nim, Subtraction
from nimlab.games.octal import Octal
from nimlab.games.split_delete import (
    DELETE_VARIANTS,
    SPLIT_DELETE_VARIANTS,
    DeleteNim,
    SplitDeleteNim,
)
from nimlab.games.sums import Sum
from nimlab.games.take_away import TakeAway
from nimlab.games.wythoff import Wythoff

MAX_SUBTRACTION_ELEMENTS = 10_000


@dataclass(frozen=True)
class Family:
    """A family of games: its name, parameter, rule and where it comes from."""

    name: str
    build: Callable[[str | None], Ruleset]
    parameter: str | None
    rule: str
    seed: str
    example: str
    position: str
    strategy: str
    aliases: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The family as ``nimlab games --json`` prints it."""
        return {
            "name": self.name,
            "parameter": self.parameter,
            "aliases": dict(self.aliases),
            "seed": self.seed,
            "rule": self.rule,
            "strategy": self.strategy,
            "example": self.example,
            "position": self.position,
        }


def _no_parameter(name: str, ruleset: Callable[[], Ruleset]) -> Callable[[str | None], Ruleset]:
    def build(param: str | None) -> Ruleset:
        if param is not None:
            raise InvalidGame(
                f"{name} takes no parameters; write just {name}",
                ja=f"{name} はパラメータを取りません。{name} とだけ書きます",
            )
        return ruleset()

    return build


def _integer(text: str, what: str, example: str) -> int:
    if not re.fullmatch(r"\s*-?[0-9]+\s*", text):
        raise InvalidGame(
            f"{what} {text.strip()!r} is not an integer; write e.g. {example}",
            ja=f"{what} {text.strip()!r} は整数ではありません。例 {example}",
        )
    if len(text.strip()) > 100:
        raise InvalidGame(
            f"{what} has more than 100 digits; write e.g. {example}",
            ja=f"{what} が 100 桁を超えています。例 {example}",
        )
    return int(text)


def _subtraction(param: str | None) -> Ruleset:
    if param is None or not param.strip():
        raise InvalidGame(
            "subtraction needs a non-empty set of positive integers, e.g. subtraction:2,4,7",
            ja="subtraction には正の整数の空でない集合が必要です。例 subtraction:2,4,7",
        )
    parts = param.split(",")
    if len(parts) > MAX_SUBTRACTION_ELEMENTS:
        raise InvalidGame(
            f"a subtraction set has at most {MAX_SUBTRACTION_ELEMENTS} elements",
            ja=f"減算集合の要素は {MAX_SUBTRACTION_ELEMENTS} 個までです",
        )
    values = tuple(_integer(p, "subtraction set element", "subtraction:2,4,7") for p in parts)
    return Subtraction(values)


def _octal(param: str | None) -> Ruleset:
    if param is None:
        raise InvalidGame(
            "octal needs a code, e.g. octal:0.77 (Kayles) or octal:0.07",
            ja="octal には符号が必要です。例 octal:0.77（ケイレス）、octal:0.07",
        )
    return Octal.from_code(param)


def _take_away(param: str | None) -> Ruleset:
    if param is None:
        raise InvalidGame(
            "take-away needs a multiplier C ≥ 1, e.g. take-away:2 (Fibonacci Nim)",
            ja="take-away には 1 以上の倍率 C が必要です。例 take-away:2（フィボナッチ・ニム）",
        )
    return TakeAway(_integer(param, "take-away multiplier", "take-away:2"))


def _variant(
    cls: type[SplitDeleteNim] | type[DeleteNim], name: str, variants: tuple[str, ...]
) -> Callable[[str | None], Ruleset]:
    def build(param: str | None) -> Ruleset:
        if param is None:
            listed = ", ".join(f"{name}:{v}" for v in variants)
            raise InvalidGame(
                f"{name} needs a variant: {listed}", ja=f"{name} には変種の指定が必要です: {listed}"
            )
        return cls(param.strip().lower())

    return build


FAMILIES: dict[str, Family] = {}
ALIASES: dict[str, str] = {}


def register(family: Family) -> Family:
    """Add a family (and its aliases) to the registry; returns it."""
    for name in (family.name, *(a for a, _ in family.aliases)):
        if name in FAMILIES or name in ALIASES:
            raise ValueError(f"game name {name!r} is already registered")
    FAMILIES[family.name] = family
    for alias, spec in family.aliases:
        ALIASES[alias] = spec
    return family


register(
    Family(
        "nim",
        _no_parameter("nim", Nim),
        None,
        "remove any positive number of stones from one heap",
        "003",
        "nim",
        "3,4,5",
        "move to nim-sum 0: the binary digit sums of the heaps all even",
    )
)
register(
    Family(
        "subtraction",
        _subtraction,
        "S: a finite set of positive integers, e.g. 2,4,7",
        "remove s ∈ S stones from one heap",
        "000, 004",
        "subtraction:2,4,7",
        "10",
        "the Grundy sequence is eventually periodic; move to Grundy value 0",
    )
)
register(
    Family(
        "octal",
        _octal,
        "CODE: d0.d1d2... in Winning Ways notation, e.g. 0.77",
        "removing k stones may leave 0 heaps (bit 1 of d_k), one heap (bit 2) or two (bit 4)",
        "beyond the seeds",
        "octal:0.77",
        "5,7",
        "Grundy values are eventually periodic for many codes (Guy–Smith)",
        aliases=(("kayles", "octal:0.77"), ("dawson-kayles", "octal:0.07")),
    )
)
register(
    Family(
        "grundy-game",
        _no_parameter("grundy-game", GrundyGame),
        None,
        "split one heap into two unequal non-empty heaps",
        "001 (mentioned)",
        "grundy-game",
        "7",
        "move to nim-sum 0 of the heaps' Grundy values",
    )
)
register(
    Family(
        "take-away",
        _take_away,
        "C: an integer ≥ 1",
        "take k ≤ m stones; the opponent may then take at most C·k (fresh game: anything but all)",
        "000, 002",
        "take-away:2",
        "20",
        "C=1: remove the lowest binary 1; C=2: take the smallest Zeckendorf term ℓ(n)",
        aliases=(("take-le-prev", "take-away:1"), ("fibonacci-nim", "take-away:2")),
    )
)
register(
    Family(
        "wythoff",
        _no_parameter("wythoff", Wythoff),
        None,
        "remove stones from one heap, or the same number from both",
        "000, 002",
        "wythoff",
        "4,7",
        "P-positions are (⌊kφ⌋, ⌊kφ²⌋)",
    )
)
register(
    Family(
        "split-delete-nim",
        _variant(SplitDeleteNim, "split-delete-nim", SPLIT_DELETE_VARIANTS),
        "VARIANT: single or half",
        "split heaps in two, then delete as many heaps as were split",
        "001",
        "split-delete-nim:single",
        "3,5",
        "2 heaps: P exactly when a = b and v2(a) is even (Theorem 1)",
    )
)
register(
    Family(
        "delete-nim",
        _variant(DeleteNim, "delete-nim", DELETE_VARIANTS),
        "VARIANT: single, half, less-than-half or all-but-one",
        "delete heaps, then split as many of the rest in two",
        "001",
        "delete-nim:single",
        "3,5",
        "2 heaps: P exactly when both heaps are odd",
    )
)


def names() -> list[str]:
    """Every family name and alias."""
    return sorted([*FAMILIES, *ALIASES])


def game(spec: str | Ruleset) -> Ruleset:
    """The ruleset named by ``spec`` (a ruleset is returned as it is).

    >>> game("split-delete-nim:single")
    SplitDeleteNim(variant='single')
    """
    if isinstance(spec, Ruleset):
        return spec
    if not isinstance(spec, str):
        raise InvalidGame(
            f"a game is named by a spec string such as 'nim', got {spec!r}",
            ja=f"ゲームは 'nim' のような文字列で指定します（{spec!r} が与えられた）",
        )
    parts = spec.split("+")
    if len(parts) > 1:
        return Sum(tuple(_single(p) for p in parts))
    return _single(spec)


def _single(text: str) -> Ruleset:
    name, colon, param = text.strip().partition(":")
    name = name.strip().lower()
    if not name:
        raise InvalidGame(
            f"empty game name in {text!r}; `nimlab games` lists every game",
            ja=f"{text!r} のゲーム名が空です。`nimlab games` で全ゲームの一覧",
        )
    if name in ALIASES:
        if colon:
            raise InvalidGame(
                f"{name} takes no parameters; it stands for {ALIASES[name]}",
                ja=f"{name} はパラメータを取りません。{ALIASES[name]} の別名です",
            )
        return game(ALIASES[name])
    family = FAMILIES.get(name)
    if family is None:
        close = difflib.get_close_matches(name, names(), n=1, cutoff=0.5)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        hint_ja = f"。{close[0]!r} のことですか？" if close else ""
        raise InvalidGame(
            f"unknown game {name!r}{hint} (`nimlab games` lists every game)",
            ja=f"ゲーム {name!r} は不明です{hint_ja}（`nimlab games` で全ゲームの一覧）",
        )
    return family.build(param if colon else None)
