"""Misère quotients against an independent brute force.

The brute force below knows nothing of quotients: the misère outcome of a sum
of heaps by memoised search over sorted tuples of heap sizes, with the moves
taken straight from ``heap_options``.
"""

from __future__ import annotations

import itertools
import random
import time
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.errors import InvalidOption, NotApplicable, TooLarge
from nimlab.games.base import HeapRuleset
from nimlab.games.heap import GrundyGame, Nim, Subtraction, heap_game
from nimlab.games.octal import Octal
from nimlab.limits import Limits
from nimlab.misere import analyze, outcome, quotient, winning_moves
from nimlab.registry import game


def brute_force(g: HeapRuleset):  # type: ignore[no-untyped-def]
    """Misère outcome ('P'/'N') of a sorted tuple of heaps, by exhaustive search."""

    @cache
    def solve(heaps: tuple[int, ...]) -> str:
        any_move = False
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for r in g.heap_options(h):
                any_move = True
                if solve(tuple(sorted(rest + tuple(r)))) == "P":
                    return "N"
        return "P" if any_move else "N"  # no move: the player to move has won

    return solve


GAMES = [
    Nim(),
    Octal.from_code("0.77"),  # Kayles
    Octal.from_code("0.137"),  # Dawson's chess
    Octal.from_code("0.07"),  # Dawson's Kayles
    Octal.from_code("0.75"),
    Octal.from_code("0.6"),
    Octal.from_code("4.7"),  # Daisies? (4.7: take 1, leave 0-2 heaps)
    Octal.from_code("0.31"),
    Subtraction((1, 2)),
    Subtraction((2, 4, 7)),
    Subtraction((1, 3, 4)),
    GrundyGame(),
]
BOUND = 12


SLOW = {"octal:4.7": 10}  # its quotient to heap 12 takes ~20 s (8 expansions, order 34);
# to heap 10, 4 s and 9 million states: over the default limit


@pytest.mark.parametrize("g", GAMES, ids=lambda g: g.spec)
def test_every_sum_of_up_to_three_heaps(g: HeapRuleset) -> None:
    bound = SLOW.get(g.spec, BOUND)
    q = quotient(g, bound, Limits(max_states=50_000_000) if g.spec in SLOW else None)
    solve = brute_force(g)
    checked = 0
    for k in range(4):
        for heaps in itertools.combinations_with_replacement(range(bound + 1), k):
            assert outcome(g, heaps, quotient_=q) == solve(heaps), heaps
            checked += 1
    assert checked == sum(
        len(list(itertools.combinations_with_replacement(range(bound + 1), k))) for k in range(4)
    )


@pytest.mark.parametrize("code", ["0.77", "0.75", "0.6"])
def test_sums_of_four_and_five_small_heaps(code: str) -> None:
    g = Octal.from_code(code)
    q = quotient(g, 8)
    solve = brute_force(g)
    for k in (4, 5):
        for heaps in itertools.combinations_with_replacement(range(1, 9), k):
            assert q.is_p(heaps) == (solve(heaps) == "P"), heaps


@pytest.mark.parametrize("g", GAMES[:6], ids=lambda g: g.spec)
def test_winning_moves_are_exactly_the_moves_to_p(g: HeapRuleset) -> None:
    q = quotient(g, 10)
    solve = brute_force(g)
    for heaps in itertools.combinations_with_replacement(range(11), 3):
        found = {m.position for m in winning_moves(g, heaps, quotient_=q)}
        expected = {to for _, _, to in g.moves_by_heap(heaps) if solve(to) == "P"}
        assert found == expected, heaps


def test_misere_nim_tame_quotients() -> None:
    # Plambeck & Siegel 2008: T_1 (heaps ≤ 1) has order 2, heaps < 2^k give order 2^k + 2.
    orders = quotient(Nim(), 15).growth
    assert orders[1] == 2
    assert orders[2] == orders[3] == 6
    assert set(orders[4:8]) == {10}
    assert set(orders[8:16]) == {18}
    q = quotient(Nim(), 3)
    assert q.relations == ("a^2 = 1", "b^3 = b")
    assert q.p_portion == ("a", "b^2")


def test_kayles_quotient_and_growth() -> None:
    q = quotient(Octal.from_code("0.77"), 40)
    assert q.order == 40  # observed; the literature's 48 is discussed in research/misere
    assert q.stable_from == 27
    assert q.growth[:13] == (1, 2, 6, 6, 6, 12, 12, 12, 12, 18, 18, 18, 24)
    d = q.to_dict()
    assert set(d) >= {"game", "max_heap", "order", "p_portion", "heaps", "relations", "table"}
    assert len(d["table"]) == 40 and all(len(row) == 40 for row in d["table"])


def test_table_is_a_commutative_monoid() -> None:
    q = quotient(Octal.from_code("0.77"), 30)
    t = q.table
    n = q.order
    for x in range(n):
        assert t[0][x] == x
        for y in range(n):
            assert t[x][y] == t[y][x]
    for x, y, z in itertools.product(range(0, n, 3), repeat=3):
        assert t[t[x][y]][z] == t[x][t[y][z]]


def test_forty_heaps_of_kayles_in_milliseconds() -> None:
    g = Octal.from_code("0.77")
    q = quotient(g, 60)
    rng = random.Random(13)
    heaps = [rng.randrange(1, 61) for _ in range(40)]
    start = time.perf_counter()
    answer = analyze(g, heaps, quotient_=q)
    assert time.perf_counter() - start < 0.05
    assert answer.outcome in "PN"
    for move in answer.winning_moves:
        assert q.is_p(move.position)


def test_user_heap_game() -> None:
    g = heap_game(lambda n: [n - s for s in (1, 3, 4) if s <= n], name="s134")
    q = quotient(g, 12)
    solve = brute_force(g)
    for heaps in itertools.combinations_with_replacement(range(13), 2):
        assert q.is_p(heaps) == (solve(heaps) == "P")


def test_refusals() -> None:
    with pytest.raises(NotApplicable, match="heap games"):
        quotient(game("wythoff"), 3)
    with pytest.raises(InvalidOption):
        quotient(Nim(), -1)
    with pytest.raises(TooLarge, match=r"Limits\.max_states"):
        quotient(Octal.from_code("0.77"), 41, Limits(max_states=50))
    q = quotient(Nim(), 3)
    with pytest.raises(NotApplicable, match="beyond"):
        q.is_p((4,))
    # Answers extend the quotient as needed (or refuse over the limits).
    assert outcome(Nim(), (4, 4, 1), quotient_=q) == brute_force(Nim())((1, 4, 4))
    with pytest.raises(TooLarge):
        outcome(Octal.from_code("0.137"), (60, 61), limits=Limits(max_states=1000))


def test_kayles_past_its_last_expansion() -> None:
    # Every sum of up to four Kayles heaps with at most 36 stones in all: heaps up to 35,
    # past the quotient's last change at heap 27.
    g = Octal.from_code("0.77")
    q = quotient(g, 36)
    solve = brute_force(g)
    checked = 0
    for k in range(1, 5):
        for heaps in itertools.combinations_with_replacement(range(1, 37), k):
            if sum(heaps) <= 36:
                assert q.is_p(heaps) == (solve(heaps) == "P"), heaps
                checked += 1
    assert checked > 5000


@settings(max_examples=25)
@given(
    st.tuples(st.integers(0, 7), st.integers(0, 7)).filter(lambda d: d != (0, 0)),
    st.lists(st.integers(1, 7), min_size=1, max_size=4),
)
def test_random_two_digit_octal_sums(digits: tuple[int, int], heaps: list[int]) -> None:
    # Heaps ≤ 7 keep every two-digit code's quotient quick (0.35, the slowest, ~4 s).
    g = Octal((0, *digits))
    q = quotient(g, 7)
    assert q.is_p(heaps) == (brute_force(g)(tuple(sorted(heaps))) == "P")
    assert q.order % 2 == 0  # every misère quotient has even order (Plambeck and Siegel)


def test_quotient_charges_each_successor_and_the_options_it_carries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A search that charged one state per state popped ran `quotient grundy-game
    # --max-heap 30` for minutes under the default limit: each state makes one
    # successor per generator, and each successor carries the state's option set.
    import importlib

    from nimlab.limits import Budget
    from nimlab.solve.context import Context

    module = importlib.import_module("nimlab.misere.certificate")
    work = {"successors": 0, "options": 0}
    init = module.LightestFirst.__init__

    def counted_init(self, start, generators, step, budget, max_states):  # type: ignore[no-untyped-def]
        def counted(state, key):  # type: ignore[no-untyped-def]
            work["successors"] += 1
            if isinstance(state[1], frozenset):
                work["options"] += len(state[1])
            return step(state, key)

        init(self, start, generators, counted, budget, max_states)

    monkeypatch.setattr(module.LightestFirst, "__init__", counted_init)
    budgets: list[Budget] = []
    budget = Limits.budget
    monkeypatch.setattr(Limits, "budget", lambda self: budgets.append(budget(self)) or budgets[-1])
    with Context():  # nothing cached: the quotient is built here
        quotient(Octal.from_code("4.7"), 8, Limits(max_states=10**9))
    assert work["options"] > 100_000  # enough to tell the countings apart
    assert budgets[0].used >= work["successors"] + work["options"]


def test_the_quotient_path_of_analyze_keeps_to_the_callers_limits() -> None:
    # found by the audit of 2026-11-27: analyze kayles 400,400 --misere --max-states 10
    # answered, building the quotient under its own 3,000,000 states
    import nimlab
    from nimlab.errors import TooLarge
    from nimlab.limits import Limits
    from nimlab.solve.context import Context

    with Context(), pytest.raises(TooLarge, match=r"--max-states|max_states"):
        nimlab.analyze("kayles", "400,400", misere=True, limits=Limits(max_states=10))


def test_a_quotient_refused_for_memory_names_the_memory_limit() -> None:
    from nimlab.cli.flags import FLAGS
    from nimlab.errors import TooLarge
    from nimlab.limits import Limits
    from nimlab.misere.quotient import quotient
    from nimlab.solve.context import Context

    with Context(), pytest.raises(TooLarge) as caught:  # fresh caches: no quotient kept
        quotient("kayles", 30, limits=Limits(max_states=10**8, max_memory=1024))
    assert caught.value.render(FLAGS).endswith("raise the limit with --max-memory")


def test_a_negative_or_odd_heap_is_no_heap_not_beyond_the_quotient() -> None:
    from nimlab.errors import InvalidPosition
    from nimlab.misere.quotient import quotient

    q = quotient("kayles", 8)
    for bad in (-1, 1.5, True):
        with pytest.raises(InvalidPosition, match="is not a heap"):
            q.is_p([2, bad])  # type: ignore[list-item]


def test_a_quotient_of_another_game_is_refused_not_read() -> None:
    # Nim's quotient was read for Kayles: ⟨4⟩ (a misère P-position) came out N.
    nim = quotient("nim", 7)
    for ask in (analyze, outcome):
        with pytest.raises(InvalidOption, match=r"quotient of nim, not of octal:0\.77"):
            ask("kayles", (4,), quotient_=nim)
    assert outcome("kayles", (4,)) == "P"


def test_heaps_over_the_limits_are_refused_before_the_construction() -> None:
    # Built heap by heap: subtraction:1 to 10^12 ran for hours before its refusal, and a
    # memory limit of 10 MB was passed (75 MB after a minute).
    started = time.monotonic()
    with pytest.raises(TooLarge, match="1,000,000,000,001 heaps") as states:
        quotient("subtraction:1", 10**12)
    assert states.value.limit == "max_states"
    with pytest.raises(TooLarge) as memory:
        quotient("subtraction:1", 2_000_000, Limits(max_states=10**8, max_memory=10 * 2**20))
    assert memory.value.limit == "max_memory"
    assert time.monotonic() - started < 5


def test_a_quotient_whose_heaps_options_alone_are_over_the_limit_is_refused_before_it_starts() -> (
    None
):
    """``quotient nim --max-heap 1000000`` built heaps for 10 to 28 s before the state limit
    stopped it: its heaps have half a million million options, each listed (fuzz)."""
    with pytest.raises(TooLarge, match="lists at least 333,334,330,388 options"):
        quotient("nim", 10**6)
    with pytest.raises(TooLarge, match="lists at least"):
        quotient("subtraction:squares", 10**6)
    assert quotient("nim", 7).order > 1  # small ones are built
