"""``verify``: every theorem against exhaustive search, up to a bound.

Each check enumerates the positions of its games with every heap at most the
bound and compares the oracle with :class:`~nimlab.solve.search.Search`, which
knows no theorem: the outcome, the Grundy value where the theorem gives one,
every listed winning move (legal, described truthfully, leading to a
P-position), the list's completeness where it claims to be complete, and the
moves to each Grundy value where the oracle lists those. Propositions that are
not oracles are checked the same way (:mod:`nimlab.theory.properties`).

>>> [r.agree for r in verify(["wythoff-beatty", "proposition-4"], bound=8)]
[True, True]
>>> verify(["wythoff-beatty"], bound=8)[0].to_dict()["checked"]  # (a, b) with a ≤ b ≤ 8
45
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import combinations_with_replacement

from nimlab.checks import check_int
from nimlab.errors import InvalidOption, TooLarge
from nimlab.games.actions import Action
from nimlab.games.base import Position, Ruleset
from nimlab.limits import PYTHON_VALUE_BYTES, Budget, Limits, amount, check_limits
from nimlab.registry import game as as_game
from nimlab.solve.oracles import Oracle
from nimlab.solve.search import Search
from nimlab.theory.claims import Check, Verification

Positions = Callable[[int], Iterable[Position]]
"""The positions a check enumerates up to a bound."""


def pairs(low: int) -> Positions:
    """Two-heap positions (a, b), low ≤ a ≤ b ≤ bound."""
    return lambda bound: combinations_with_replacement(range(low, bound + 1), 2)


def heaps(low: int, counts: Iterable[int]) -> Positions:
    """Sorted positions of each given number of heaps, every heap in low..bound."""
    return lambda bound: (
        p for k in counts for p in combinations_with_replacement(range(low, bound + 1), k)
    )


def one_heap_from(first: int) -> Positions:
    """Single heaps first..first + bound (where a theorem for large heaps applies)."""
    return lambda bound: ((n,) for n in range(first, first + bound + 1))


def at_least(stones: int, low: int) -> Positions:
    """Sorted positions of at least ``stones`` stones in all, every heap in low..bound, of
    the fewest heaps (at least 2) that can hold them."""

    def positions(bound: int) -> Iterator[Position]:
        k = max(2, -(-stones // max(bound, 1)))
        every = combinations_with_replacement(range(low, bound + 1), k)
        return (p for p in every if sum(p) >= stones)

    return positions


def beside_small(small: int) -> Positions:
    """One heap 0..bound alone or beside one heap 0..``small`` (a heap past a quotient's
    proof, where a splitting game's misère search stays small)."""
    return lambda bound: (
        p for k in range(bound + 1) for p in [(k,), *((s, k) for s in range(min(small, k) + 1))]
    )


def memories(bound: int) -> Iterator[Position]:
    """Take-away positions n/m with 0 ≤ m ≤ n ≤ bound."""
    return ((n, m) for n in range(bound + 1) for m in range(n + 1))


Scope = tuple[str, str]
"""What a check covers at a bound, in English and Japanese (``{bound}`` filled in)."""

MEMORIES: Scope = ("n/m with m ≤ n ≤ {bound}", "m ≤ n ≤ {bound} の n/m")
PAIRS: Scope = ("(a, b) with a ≤ b ≤ {bound}", "a ≤ b ≤ {bound} の (a, b)")
PAIRS_FROM_1: Scope = ("⟨a, b⟩ with 1 ≤ a ≤ b ≤ {bound}", "1 ≤ a ≤ b ≤ {bound} の ⟨a, b⟩")


class OracleCheck(Check):
    """An oracle against exhaustive search on every position of its games up to the bound."""

    def __init__(
        self,
        oracle: Oracle,
        specs: tuple[str, ...],
        positions: Positions,
        bound: int,
        what: Scope,
    ) -> None:
        self.oracle = oracle
        self.name = oracle.name
        self.source = oracle.source
        self.source_ja = oracle.source_ja
        self.specs = specs
        self.positions = positions
        self.default_bound = bound
        self.what = what

    def scope(self, bound: int, lang: str = "en") -> str:
        what = self.what[1] if lang == "ja" else self.what[0]
        return f"{', '.join(self.specs)}: {what.format(bound=bound)}"

    def problems(self, bound: int, budget: Budget) -> Iterator[str | None]:
        for spec in self.specs:
            game = as_game(spec)
            search = Search(game, self.oracle.misere, budget)
            for position in self.positions(bound):
                yield compare(self.oracle, game, position, search)


def compare(oracle: Oracle, game: Ruleset, position: Position, search: Search) -> str | None:
    """What the oracle gets wrong at ``position`` according to search, or None."""
    where = f"{game.spec} at {game.format_position(position)}"
    if not oracle.applies(game, position):
        return f"{where}: the oracle does not apply"
    value, remoteness = search.value(position)
    answer = oracle.analyze(game, position)
    truth = "P" if value == 0 else "N"
    if answer.outcome != truth:
        return f"{where}: the theorem says {answer.outcome}, search says {truth}"
    for claimed in (answer.grundy, oracle.grundy(game, position)):
        if claimed is not None and claimed != value:
            return f"{where}: Grundy value {claimed}, search says {value}"
    if answer.remoteness is not None and answer.remoteness != remoteness:
        return f"{where}: remoteness {answer.remoteness}, search says {remoteness}"
    legal: dict[Position, set[Action]] = {}  # the legal moves, by the position reached
    for move in game.moves(position):
        legal.setdefault(move.to, set()).add(move.action)
    for move in answer.winning_moves:
        if move.action not in legal.get(move.to, set()):
            return f"{where}: '{move.text}' is not a legal move to {game.format_position(move.to)}"
        if search.grundy(move.to) != 0:
            return f"{where}: '{move.text}' leads to an N-position"
    winning = {to for to in legal if search.grundy(to) == 0}
    if answer.complete and {m.to for m in answer.winning_moves} != winning:
        return (
            f"{where}: {len(winning)} winning moves, the theorem lists {len(answer.winning_moves)}"
        )
    for target in range(4):
        listed = oracle.moves_to_value(game, position, target)
        if listed is not None and {m.to for m in listed} != {
            to for to in legal if search.grundy(to) == target
        }:
            return f"{where}: the moves to Grundy value {target} differ from search"
    return None


def checks() -> dict[str, Check]:
    """Every check ``verify`` knows, by name, in the order they run."""
    from nimlab.theory import properties
    from nimlab.theory.half import HALF_THEOREM_3
    from nimlab.theory.misere_forms import (
        MISERE_ONE_HEAP,
        MISERE_PERIOD_FROM,
        MISERE_SUBTRACTION,
        MISERE_WYTHOFF,
    )
    from nimlab.theory.misere_quotient import (
        MISERE_QUOTIENT,
        MISERE_QUOTIENT_PERIOD,
        SPLIT_SEARCH_STONES,
    )
    from nimlab.theory.nim import MISERE_NIM, NIM_SUM
    from nimlab.theory.split_delete import DELETE_NIM_2, THEOREM_1
    from nimlab.theory.subtraction import GAME_ONE
    from nimlab.theory.take_away import FIBONACCI_NIM, GAME_TWO, TAKE_AWAY_C
    from nimlab.theory.wythoff import WYTHOFF_BEATTY, WYTHOFF_FIBONACCI

    every_delete = tuple(
        f"delete-nim:{v}" for v in ("single", "half", "less-than-half", "all-but-one")
    )
    found: list[Check] = [
        OracleCheck(
            NIM_SUM,
            ("nim",),
            heaps(0, (1, 2, 3)),
            12,
            ("1–3 heaps, each ≤ {bound}", "山 1–3 個、各山 ≤ {bound}"),
        ),
        OracleCheck(
            MISERE_NIM,
            ("nim",),
            heaps(0, (1, 2, 3)),
            12,
            ("misère, 1–3 heaps, each ≤ {bound}", "ミゼール、山 1–3 個、各山 ≤ {bound}"),
        ),
        OracleCheck(
            GAME_ONE,
            ("subtraction:1", "subtraction:1,2", "subtraction:1,2,3", "subtraction:1,2,3,4"),
            heaps(0, (1, 2)),
            40,
            ("1–2 heaps, each ≤ {bound}", "山 1–2 個、各山 ≤ {bound}"),
        ),
        OracleCheck(
            GAME_TWO,
            ("take-away:1",),
            memories,
            80,
            MEMORIES,
        ),
        OracleCheck(
            FIBONACCI_NIM,
            ("take-away:2",),
            memories,
            80,
            MEMORIES,
        ),
        OracleCheck(
            TAKE_AWAY_C,
            tuple(f"take-away:{c}" for c in range(1, 7)),
            memories,
            50,
            MEMORIES,
        ),
        OracleCheck(
            WYTHOFF_BEATTY,
            ("wythoff",),
            pairs(0),
            60,
            PAIRS,
        ),
        OracleCheck(
            WYTHOFF_FIBONACCI,
            ("wythoff",),
            pairs(0),
            60,
            PAIRS,
        ),
        OracleCheck(
            MISERE_WYTHOFF,
            ("wythoff",),
            pairs(0),
            60,
            ("misère, (a, b) with a ≤ b ≤ {bound}", "ミゼール、a ≤ b ≤ {bound} の (a, b)"),
        ),
        OracleCheck(
            MISERE_SUBTRACTION,
            ("subtraction:1,3,4", "subtraction:1,2,5", "subtraction:1,4,6,9", "subtraction:1,7"),
            heaps(0, (1,)),
            300,
            ("misère, one heap ≤ {bound}", "ミゼール、山 1 個 ≤ {bound}"),
        ),
        OracleCheck(  # where the solver asks it: single heaps from MISERE_PERIOD_FROM on
            MISERE_ONE_HEAP,
            ("subtraction:2,4,7", "subtraction:3,5,100", "octal:0.13", "octal:0.0033"),
            one_heap_from(MISERE_PERIOD_FROM),
            200,
            (
                f"misère, one heap from {MISERE_PERIOD_FROM:,} to {MISERE_PERIOD_FROM:,} + "
                "{bound}",
                f"ミゼール、山 1 個、{MISERE_PERIOD_FROM:,} から "
                f"{MISERE_PERIOD_FROM:,} + {{bound}}",
            ),
        ),
        OracleCheck(  # where the solver asks it: splitting games, 32 stones or more in all
            MISERE_QUOTIENT,
            ("kayles", "dawson-kayles", "octal:0.75"),
            at_least(SPLIT_SEARCH_STONES, 1),
            14,
            (
                f"misère, the fewest heaps ≤ {{bound}} of ≥ {SPLIT_SEARCH_STONES} stones in all",
                f"ミゼール、各山 ≤ {{bound}} で石が合計 {SPLIT_SEARCH_STONES} 個以上になる"
                "最少の山数",
            ),
        ),
        OracleCheck(  # the period, past the heaps each proof needed (12, 16, 16, 24)
            MISERE_QUOTIENT_PERIOD,
            ("subtraction:1,2,3", "subtraction:1,3,4", "octal:0.31", "octal:0.75"),
            beside_small(5),
            34,
            (
                "misère, one heap ≤ {bound}, alone or beside a heap ≤ 5",
                "ミゼール、山 ≤ {bound} が 1 個、単独か山 ≤ 5 と並べて",
            ),
        ),
        OracleCheck(
            THEOREM_1,
            ("split-delete-nim:single", "split-delete-nim:half"),
            pairs(1),
            40,
            PAIRS_FROM_1,
        ),
        OracleCheck(
            DELETE_NIM_2,
            every_delete,
            pairs(1),
            40,
            PAIRS_FROM_1,
        ),
        OracleCheck(
            HALF_THEOREM_3,
            ("split-delete-nim:half",),
            heaps(1, (4,)),
            10,
            ("⟨a, b, c, d⟩ with every heap in 1..{bound}", "各山が 1..{bound} の ⟨a, b, c, d⟩"),
        ),
        *properties.CHECKS,
    ]
    return {c.name: c for c in found}


def verify(
    names: Iterable[str] = (), bound: int | None = None, limits: Limits | None = None
) -> list[Verification]:
    """Run the named checks (all when none are named), each up to ``bound`` or its default."""
    known = checks()
    wanted = list(names) or list(known)
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise InvalidOption(
            f"unknown result {unknown[0]!r}; verify knows: {', '.join(known)}",
            ja=f"結果 {unknown[0]!r} は不明です。verify が知っているもの: {', '.join(known)}",
        )
    if bound is not None:
        bound = check_int(bound, "bound", least=1)
    limits = check_limits(limits)
    if bound is not None:
        _check_bound(bound, limits)
    return [
        known[n].run(known[n].default_bound if bound is None else bound, limits) for n in wanted
    ]


def _check_bound(bound: int, limits: Limits) -> None:
    """Refuse up front a bound whose positions cannot fit the limits.

    Every check looks at each heap size up to the bound at least once (one
    state each) and may hold the heap sizes ``0..bound`` as Python ints.

    >>> _check_bound(10**9, Limits())
    Traceback (most recent call last):
    ...
    nimlab.errors.TooLarge: verify up to 1,000,000,000 needs more than 1,000,000,000 states, ...
    """
    if bound > limits.max_states:
        raise TooLarge(
            f"verify up to {amount(bound)} needs more than {amount(bound)} states, over the "
            f"limit of {amount(limits.max_states)}; lower the bound",
            "max_states",
            ja=f"{amount(bound)} までの検証には {amount(bound)} 状態を超える計算が必要で、"
            f"上限 {amount(limits.max_states)} を超えます。範囲を下げてください",
        )
    limits.check_memory(
        (bound + 1) * PYTHON_VALUE_BYTES,
        f"verify up to {amount(bound)}",
        ja=f"{amount(bound)} までの検証",
    )
