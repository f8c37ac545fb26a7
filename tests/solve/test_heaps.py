"""Single-heap Grundy values: the cached table and the value sources."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.errors import TooLarge
from nimlab.games.base import HeapRuleset
from nimlab.games.octal import Octal
from nimlab.limits import Limits
from nimlab.solve import heaps
from nimlab.solve.context import Context
from nimlab.solve.heaps import HeapValues, heap_values, register_value_source


def test_values_extend_the_cache_consistently() -> None:
    g = nimlab.Subtraction((2, 3))
    short = heap_values(g, 5, Limits().budget())
    long = heap_values(g, 12, Limits().budget())
    assert long[:5] == short == [0, 0, 1, 1, 2]
    assert heap_values(g, 3, Limits().budget()) == [0, 0, 1]


def test_values_respect_the_budget() -> None:
    with Context(), pytest.raises(TooLarge):  # a fresh context: nothing cached to answer from
        heap_values(nimlab.game("grundy-game"), 5000, Limits(max_states=10_000).budget())


def test_value_sources_answer_first_and_are_named() -> None:
    g = nimlab.heap_game(lambda n: [n - 1] if n else [], name="countdown-test")
    source = lambda game, n: (n % 2) if game == g and n > 100 else None  # noqa: E731
    register_value_source("parity of countdown", source)
    try:
        values = HeapValues(g, Limits().budget())
        assert values(10**30) == 0 and values(7) == 1
        assert values.sources_used == {"parity of countdown"}
        assert values.of([3, 10**30 + 1]) == 0
    finally:
        heaps._SOURCES.pop()


def test_cached_arrays_cannot_be_corrupted_by_a_caller() -> None:
    game = Octal((0, 3, 3, 3))
    values = heaps.heap_array(game, 200_000, Limits(max_states=10**9).budget())
    with pytest.raises(ValueError, match="read-only"):
        values[1] = 7
    again = heaps.heap_array(game, 1000, Limits().budget())
    assert np.array_equal(again, values[:1000])


def _generic_values(game: HeapRuleset, count: int) -> list[int]:
    """G(0..count-1) from the ruleset's own heap_options: the definition, option by option."""
    values: list[int] = []
    for n in range(count):
        seen = set()
        for result in game.heap_options(n):
            g = 0
            for h in result:
                g ^= values[h]
            seen.add(g)
        m = 0
        while m in seen:
            m += 1
        values.append(m)
    return values


@given(
    digits=st.lists(st.integers(0, 7), min_size=1, max_size=5),
    first=st.sampled_from([0, 4]),
    subtraction=st.lists(st.integers(1, 12), min_size=1, max_size=5),
)
def test_declared_rules_match_the_rulesets_options(
    digits: list[int], first: int, subtraction: list[int]
) -> None:
    # The declared rule (set per heap, no numba) must be the ruleset's own rule.
    from nimlab.games.heap import GrundyGame, Subtraction
    from nimlab.games.octal import Octal
    from nimlab.solve.heaps import _declared_values

    games: list[HeapRuleset] = [GrundyGame(), Subtraction(tuple(subtraction))]
    if any([first, *digits]):
        games.append(Octal((first, *digits)))
    for game in games:
        kernel = game.capabilities.one_heap
        assert kernel is not None
        table: list[int] = []
        _declared_values(kernel, table, 60, Limits().budget())
        assert table == _generic_values(game, 60), game.spec


@pytest.mark.parametrize("spec", ["kayles", "dawson-kayles"])
def test_a_heap_whose_values_are_over_the_limit_is_answered_from_a_period_proven_within_it(
    spec: str,
) -> None:
    """Kayles heaps of about 1,400 to 2,500 were refused within a million states while larger
    ones were answered (from 4096 on, the proven period answers; web audit): the values up
    to 2003 cost more than the limit, the period's proof 156 of them."""
    g = nimlab.game(spec)
    expected = [int(v) for v in nimlab.grundy_sequence(g, 2004)]
    with Context():
        answer = nimlab.analyze(g, (2003,), limits=Limits(max_states=1_000_000))
        assert answer.grundy == expected[2003]
        assert "proven period" in answer.method
        values = HeapValues(g, Limits(max_states=1_000_000).budget())
        assert [values(h) for h in range(1990, 2004)] == expected[1990:]
    with Context(), pytest.raises(TooLarge):  # no period to fall back on: still refused
        nimlab.analyze("grundy-game", (5000,), limits=Limits(max_states=10_000))


def test_the_period_fallback_is_charged_to_the_budget_and_keeps_its_deadline() -> None:
    """The fallback's period search spent states the caller's budget never saw, and ran on
    after a time limit's refusal (0.007 at 4000 within a millisecond took 23 s; review)."""
    with Context():
        budget = Limits(max_states=1_000_000).budget()
        values = HeapValues(nimlab.game("kayles"), budget)
        values(2003)
        assert "the proven period of the Grundy sequence" in values.sources_used
        assert budget.used > 0  # the proof's values were charged
    with Context(), pytest.raises(TooLarge, match="time limit"):
        nimlab.analyze("octal:0.007", (4000,), limits=Limits(max_states=10**9, max_seconds=0.001))


def test_known_work_over_the_budget_is_refused_before_any_is_spent() -> None:
    # The declared rules spent the budget as they went: a periodicity search that then tried
    # fewer values had nothing left, and answered "no period in 0 values".
    budget = Limits(max_states=30_000).budget()
    with pytest.raises(TooLarge):
        heap_values(nimlab.game("subtraction:20003"), 80_012, budget)
    assert budget.used == 0
    assert len(heap_values(nimlab.game("subtraction:20003"), 20_003, budget)) == 20_003


@pytest.mark.parametrize(
    "spec",
    ["nim", "grundy-game", "kayles", "octal:0.6", "octal:4.07", "take-and-break:0.B1",
     "take-and-break:4.F", "subtraction:2,4,7", "subtraction:primes", "all-but:1,2"],
)  # fmt: skip
@given(start=st.integers(0, 200), more=st.integers(0, 200))
def test_the_work_refused_up_front_is_never_more_than_the_work_done(
    spec: str, start: int, more: int
) -> None:
    # The refusal first used the kernel's estimate, count²/2 for Nim: G(0..1999) under
    # 1,000,000 states (2,000 spent) was refused.
    from nimlab.solve.heaps import _declared_cost, _declared_values

    kernel = nimlab.game(spec).capabilities.one_heap
    assert kernel is not None
    table: list[int] = []
    _declared_values(kernel, table, start, Limits(max_states=10**12).budget())
    budget = Limits(max_states=10**12).budget()
    _declared_values(kernel, table, start + more, budget)
    assert _declared_cost(kernel, start, start + more) <= budget.used
    assert _declared_cost(nimlab.game("nim").capabilities.one_heap, 0, 2000) == 2000  # type: ignore[union-attr]


def test_values_computed_as_a_python_list_are_held_to_the_memory_limit() -> None:
    """``sequence all-but:1000 --to 10000 --max-memory 1`` wrote all its values: the mex
    recursion's list was the one table of values not checked against ``max_memory``."""
    with Context(), pytest.raises(TooLarge) as caught:
        nimlab.grundy_sequence("all-but:1000", 10_000, limits=Limits(max_memory=1_000))
    assert caught.value.limit == "max_memory" and "10,000 Grundy values" in str(caught.value)
    with Context():  # within the limit: G(n) = n below 1000, then 0 (1000 cannot be taken)
        assert nimlab.grundy_sequence("all-but:1000", 10_000)[998:1002].tolist() == [998, 999, 0, 1]


def test_a_value_from_a_source_or_a_fallback_is_asked_of_it_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each of the 750,000 three-heap splits of a heap of 3,000 of take-and-break:0.B1 asked
    the proven period again for each part (its values to 3,000 were over the state limit):
    ``analyze take-and-break:0.B1 3000`` took 181 s (fuzz)."""
    g = nimlab.game("kayles")
    expected = [int(v) for v in nimlab.grundy_sequence(g, 2004)]
    far = nimlab.grundy(g, (5000,))
    asked: list[int] = []

    def counted(ask: Callable[..., int | None]) -> Callable[..., int | None]:
        def wrapper(g: HeapRuleset, n: int, *rest: object) -> int | None:
            asked.append(n)
            return ask(g, n, *rest)

        return wrapper

    monkeypatch.setattr(heaps, "_SOURCES", [(name, counted(s)) for name, s in heaps._SOURCES])
    monkeypatch.setattr(heaps, "_FALLBACKS", [(name, counted(f)) for name, f in heaps._FALLBACKS])
    with Context():
        values = HeapValues(g, Limits(max_states=1_000_000).budget())
        for n, value in ((2003, expected[2003]), (5000, far)):
            assert values(n) == value
            first = asked.count(n)
            assert first >= 1
            assert values(n) == value
            assert asked.count(n) == first  # answered by a lookup, the sources not asked
        assert "the proven period of the Grundy sequence" in values.sources_used
