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
from functools import partial
from typing import Any

from nimlab.checks import check_flag
from nimlab.errors import InvalidGame, InvalidOption
from nimlab.games.base import Ruleset
from nimlab.games.heap import GrundyGame, Nim, Subtraction
from nimlab.games.octal import Octal, take_and_break
from nimlab.games.split_delete import (
    DELETE_VARIANTS,
    SPLIT_DELETE_VARIANTS,
    DeleteNim,
    SplitDeleteNim,
)
from nimlab.games.subtraction_rules import RULES, WORDS, AllBut, InfiniteSubtraction
from nimlab.games.sums import Sum
from nimlab.games.take_away import TakeAway
from nimlab.games.wythoff import Wythoff

MAX_SUBTRACTION_ELEMENTS = 10_000


@dataclass(frozen=True)
class Fact:
    """A known result about a family, with its source, in English and Japanese.

    ``proven`` says whether the statement is a theorem (with a proof in the
    source) or an observation; nimlab reports a period as proven only through
    a declared criterion, never from a fact's words.
    """

    statement: str
    source: str
    statement_ja: str
    source_ja: str
    proven: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"statement": self.statement, "source": self.source, "proven": self.proven}


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
    facts: tuple[Fact, ...] = ()
    named: tuple[tuple[str, str, str], ...] = ()
    """(alias, title, rule): a game of the family known by a name of its own, in its own
    words (Kayles: "knock down one pin, or two adjacent pins"), beside the family's rule."""

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
            "facts": [f.to_dict() for f in self.facts],
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


def _integer(text: str, what: tuple[str, str], example: tuple[str, str]) -> int:
    """``text`` as an int, else ``InvalidGame`` naming ``what`` and giving ``example``
    (each in English and in Japanese)."""
    if not re.fullmatch(r"\s*-?[0-9]+\s*", text):
        raise InvalidGame(
            f"{what[0]} {text.strip()!r} is not an integer; write e.g. {example[0]}",
            ja=f"{what[1]} {text.strip()!r} は整数ではありません。例 {example[1]}",
        )
    if len(text.strip()) > 100:
        raise InvalidGame(
            f"{what[0]} has more than 100 digits; write e.g. {example[0]}",
            ja=f"{what[1]}が 100 桁を超えています。例 {example[1]}",
        )
    return int(text)


def _subtraction(param: str | None) -> Ruleset:
    if param is None or not param.strip():
        raise InvalidGame(
            "subtraction needs a non-empty set of positive integers, e.g. subtraction:2,4,7, "
            "or an infinite set: " + ", ".join(f"subtraction:{r}" for r in RULES),
            ja="subtraction には正の整数の空でない集合か無限集合が必要です。例 subtraction:2,4,7、"
            + "、".join(f"subtraction:{r}" for r in RULES),
        )
    if param.strip().lower() in RULES:
        return InfiniteSubtraction(param.strip().lower())
    parts = param.split(",")
    if len(parts) > MAX_SUBTRACTION_ELEMENTS:
        raise InvalidGame(
            f"a subtraction set has at most {MAX_SUBTRACTION_ELEMENTS} elements",
            ja=f"減算集合の要素は {MAX_SUBTRACTION_ELEMENTS} 個までです",
        )
    example = (
        "subtraction:2,4,7, or an infinite set: " + ", ".join(f"subtraction:{r}" for r in RULES),
        "subtraction:2,4,7。無限集合なら " + "、".join(f"subtraction:{r}" for r in RULES),
    )
    element = ("subtraction set element", "減算集合の要素")
    values = tuple(_integer(p, element, example) for p in parts)
    return Subtraction(values)


def _all_but(param: str | None) -> Ruleset:
    if param is None or not param.strip():
        raise InvalidGame(
            "all-but needs a non-empty set of positive integers, e.g. all-but:1,2",
            ja="all-but には正の整数の空でない集合が必要です。例 all-but:1,2",
        )
    parts = param.split(",")
    if len(parts) > MAX_SUBTRACTION_ELEMENTS:
        raise InvalidGame(
            f"an all-but set has at most {MAX_SUBTRACTION_ELEMENTS} elements",
            ja=f"all-but の集合の要素は {MAX_SUBTRACTION_ELEMENTS} 個までです",
        )
    element = ("all-but set element", "all-but の集合の要素")
    return AllBut(tuple(_integer(p, element, ("all-but:1,2",) * 2) for p in parts))


def _octal(param: str | None) -> Ruleset:
    if param is None:
        raise InvalidGame(
            "octal needs a code, e.g. octal:0.77 (Kayles) or octal:0.07",
            ja="octal には符号が必要です。例 octal:0.77（ケイレス）、octal:0.07",
        )
    return Octal.from_code(param)


def _take_and_break(param: str | None) -> Ruleset:
    if param is None:
        raise InvalidGame(
            "take-and-break needs a code, e.g. take-and-break:0.B1 (hexadecimal digits; "
            "bit 8 leaves three heaps) or take-and-break:4.0",
            ja="take-and-break にはコードが必要です。例 take-and-break:0.B1(16 進数の桁; "
            "ビット 8 は山を 3 つ残す)、take-and-break:4.0",
        )
    return take_and_break(param)


def _take_away(param: str | None) -> Ruleset:
    if param is None:
        raise InvalidGame(
            "take-away needs a multiplier C ≥ 1, e.g. take-away:2 (Fibonacci Nim)",
            ja="take-away には 1 以上の倍率 C が必要です。例 take-away:2（フィボナッチ・ニム）",
        )
    multiplier = ("take-away multiplier", "take-away の倍率")
    return TakeAway(_integer(param, multiplier, ("take-away:2",) * 2))


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
    if not isinstance(family, Family):
        raise InvalidOption(
            f"register takes a nimlab.Family, not {type(family).__name__}",
            ja=f"register には nimlab.Family を渡します（{type(family).__name__} ではない）",
        )
    for name in (family.name, *(a for a, _ in family.aliases)):
        if name in FAMILIES or name in ALIASES:
            raise InvalidOption(
                f"game name {name!r} is already registered",
                ja=f"ゲームの名前 {name!r} はすでに登録されています",
            )
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
        named=(
            (
                "kayles",
                "Kayles",
                "a row of pins: knock down one pin, or two adjacent pins; the row may break in two",
            ),
            (
                "dawson-kayles",
                "Dawson's Kayles",
                "knock down two adjacent pins; the row may break in two",
            ),
        ),
    )
)
register(
    Family(
        "take-and-break",
        _take_and_break,
        "CODE: d0.d1d2... with hexadecimal digits (or {2,3}: heap counts), e.g. 0.B1",
        "removing k stones may leave 0 heaps (bit 1 of d_k), one (bit 2), two (bit 4) or three "
        "(bit 8); octal codes are the octal games, 4!.0 is Grundy's game",
        "beyond the seeds",
        "take-and-break:0.B1",
        "6,9",
        "periods are proven by the Guy–Smith criterion for 3-heap breaks "
        "(k·max(n0, 1) + (k−1)·p + t)",
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
        named=(
            (
                "take-le-prev",
                "Take at most the previous",
                "one heap: the first move takes anything but all; then each takes 1 to what "
                "the opponent just took",
            ),
            (
                "fibonacci-nim",
                "Fibonacci Nim",
                "one heap: the first move takes anything but all; then each takes 1 to twice "
                "what the opponent just took",
            ),
        ),
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


OBSERVED_ONLY = Fact(
    "no theorem proves a period of this game; nimlab reports any period it sees as observed",
    "nimlab: only declared criteria prove periods (docs/theory.md)",
    "この遊びの周期を証明する定理はない。nimlab は見られた周期を観察として示す",
    "nimlab: 周期は宣言された判定法でのみ証明する(docs/theory.md)",
    proven=False,
)
INFINITE_FACTS: dict[str, tuple[Fact, ...]] = {
    "squares": (
        Fact(
            "infinitely many P-positions (0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, …): at least "
            "on the order of √n of them below n",
            "S. W. Golomb, A mathematical investigation of games of “take-away”, "
            "J. Combin. Theory 1 (1966); OEIS A030193",
            "P局面は無限にある(0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, …)。n 未満に"
            "少なくとも √n 程度",
            "S. W. Golomb, J. Combin. Theory 1 (1966); OEIS A030193",
        ),
        Fact(
            "no two P-positions differ by a square, so they have density 0 (Furstenberg–Sárközy); "
            "an ultimately periodic sequence with infinitely many zeros has positive density, so "
            "neither the outcomes nor the Grundy values are ultimately periodic",
            "H. Furstenberg (1977), A. Sárközy (1978): square-difference-free sets have density 0",
            "2 つの P局面の差は平方数にならないので、P局面の密度は 0(Furstenberg–Sárközy)。"
            "0 を無限に含む周期的な数列の密度は正なので、勝敗もグランディ数も周期的にならない",
            "H. Furstenberg (1977), A. Sárközy (1978): 平方差のない集合の密度は 0",
        ),
    ),
    "fibonacci": (
        Fact(
            "the Grundy values 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, … are OEIS A014588 "
            "(Take-a-Fibonacci), its P-positions A001581",
            "OEIS A014588, A001581; R. K. Guy, Unsolved Problems in Number Theory, E26",
            "グランディ数 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, … は OEIS A014588、P局面は A001581",
            "OEIS A014588, A001581; R. K. Guy『Unsolved Problems in Number Theory』E26",
        ),
        OBSERVED_ONLY,
    ),
    "primes": (OBSERVED_ONLY,),
    "powers-of-2": (
        Fact(
            "G(n) = n mod 3: a power of 2 is 1 or 2 mod 3, so no move keeps n mod 3, and "
            "taking 1 or 2 reaches each smaller residue",
            "elementary; checked against the mex recursion in "
            "tests/games/test_subtraction_rules.py",
            "G(n) = n mod 3: 2 の累乗は 3 で割ると 1 か 2 余るので n mod 3 を保つ手はなく、"
            "1 か 2 を取ればより小さい余りのどれにも行ける",
            "初等的。tests/games/test_subtraction_rules.py で mex 再帰と照合",
        ),
    ),
}
"""What is known of each infinite subtraction set."""

for _rule, (_words, _) in WORDS.items():
    register(
        Family(
            f"subtraction:{_rule}",
            _no_parameter(f"subtraction:{_rule}", partial(InfiniteSubtraction, _rule)),
            None,
            f"remove {_words} from one heap",
            "beyond the seeds",
            f"subtraction:{_rule}",
            "10",
            "G(n) = n mod 3; move to a multiple of 3"
            if _rule == "powers-of-2"
            else "move to Grundy value 0 (values by the mex recursion)",
            facts=INFINITE_FACTS[_rule],
        )
    )
register(
    Family(
        "all-but",
        _all_but,
        "S: a finite set of positive integers, e.g. 1,2",
        "remove any positive number of stones not in S from one heap",
        "beyond the seeds",
        "all-but:1,2",
        "10",
        "the Grundy sequence is ultimately arithmetic-periodic; move to Grundy value 0",
        facts=(
            Fact(
                "for every finite S the Grundy sequence is ultimately arithmetic-periodic; "
                "purely arithmetic-periodic when S has 1, 2 (Siegel) or 3 elements "
                "(Sleator–Slusky), not always when it has 4 or more",
                "A. Siegel, Finite excluded subtraction sets and infinite geography (thesis); "
                "D. Sleator, M. Slusky, Subtraction games with FES sets of size 3, "
                "arXiv:1201.3299",
                "どの有限集合 S でもグランディ数列は最終的に等差周期的。S の要素が 1, 2 個"
                "(Siegel)または 3 個(Sleator–Slusky)なら最初から等差周期的、4 個以上では"
                "そうとは限らない",
                "A. Siegel『Finite excluded subtraction sets and infinite geography』(学位論文); "
                "D. Sleator, M. Slusky, arXiv:1201.3299",
            ),
            Fact(
                "nimlab knows no criterion that proves the period and saltus from finitely "
                "many values, so the period it reports is observed",
                "nimlab: only declared criteria prove periods (docs/theory.md)",
                "有限個の値から周期と跳躍を証明する判定法を nimlab は持たないので、"
                "示す周期は観察による",
                "nimlab: 周期は宣言された判定法でのみ証明する(docs/theory.md)",
                proven=False,
            ),
        ),
    )
)


def family_of(ruleset: Ruleset) -> Family | None:
    """The registered family a ruleset belongs to (its own entry for a named infinite set).

    >>> family_of(game("subtraction:squares")).name, family_of(game("subtraction:2,4")).name
    ('subtraction:squares', 'subtraction')
    """
    return FAMILIES.get(ruleset.spec) or FAMILIES.get(ruleset.family)


def named(ruleset: Ruleset) -> tuple[str, str, str] | None:
    """(alias, title, rule) of a ruleset known by a name of its own, else None.

    >>> named(game("octal:0.77"))[:2], named(game("octal:0.6"))
    (('kayles', 'Kayles'), None)
    """
    family = family_of(ruleset)
    for alias, title, rule in family.named if family else ():
        if ALIASES.get(alias) == ruleset.spec:
            return alias, title, rule
    return None


def names() -> list[str]:
    """Every family name and alias."""
    return sorted([*FAMILIES, *ALIASES])


USER_RULES: dict[str, Ruleset] = {}
"""Rulesets a user's file defined (``--rules FILE.py``, :func:`nimlab.rules.load_rules`),
by their spec. Front ends that accept declarative specs only (the web) never read them."""


def game(spec: str | Ruleset, *, user_rules: bool = True) -> Ruleset:
    """The ruleset named by ``spec`` (a ruleset is returned as it is).

    With ``user_rules=False`` only the built-in families are named (the web's rule).

    >>> game("split-delete-nim:single").spec
    'split-delete-nim:single'
    """
    user_rules = check_flag(user_rules, "user_rules")
    if isinstance(spec, Ruleset):
        return spec
    if not isinstance(spec, str):
        raise InvalidGame(
            f"a game is named by a spec string such as 'nim', got {spec!r}",
            ja=f"ゲームは 'nim' のような文字列で指定します（{spec!r} が与えられた）",
        )
    parts = spec.split("+")
    if len(parts) > 1:
        return Sum(tuple(_summand(p, spec, user_rules) for p in parts))
    return _single(spec, user_rules)


def _summand(part: str, spec: str, user_rules: bool) -> Ruleset:
    """One game of the sum ``spec``: its refusal says that '+' was read as a sum."""
    try:
        return _single(part, user_rules)
    except InvalidGame as error:
        note = f" ('+' makes a sum of games: {part.strip()!r} was read as one of {spec!r})"
        note_ja = f"（'+' はゲームの和です: {part.strip()!r} は {spec!r} の一つと読みました）"
        raise InvalidGame(str(error) + note, ja=(error.ja or str(error)) + note_ja) from None


def _single(text: str, user_rules: bool = True) -> Ruleset:
    if user_rules and text.strip() in USER_RULES:
        return USER_RULES[text.strip()]
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
