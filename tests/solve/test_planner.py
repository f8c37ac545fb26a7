"""The planner: one place chooses the methods, estimates their cost and refuses up front."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.errors import InvalidOption, InvalidPosition, NotApplicable, TooLarge
from nimlab.explanations import explain
from nimlab.limits import Limits, amount
from nimlab.solve.context import Context
from nimlab.solve.planner import (
    SATURATED,
    _multisets_lower_bound,
    plan,
    reachable_lower_bound,
    saturated_prod,
    search_lower_bound,
)
from nimlab.solve.search import Search
from nimlab.solve.tables import grundy_table


def test_the_plan_is_a_value_naming_each_method_and_cost() -> None:
    p = plan("wythoff", "analyze", "1000,2000")
    assert [s.method.name for s in p.steps] == ["oracle:wythoff-beatty", "kernel:two-heap"]
    assert p.steps[1].optional and p.steps[1].exact and p.steps[1].states == 2001 * 2001
    assert [s.answers for s in p.dropped] == ["remoteness"]  # never started, then abandoned
    d = p.to_dict()
    assert d["question"] == "analyze" and d["steps"][0]["method"]["name"].startswith("oracle:")
    assert "remoteness" in p.render() and "left out" in p.render()


def test_a_plan_over_the_limits_is_refused_before_any_work() -> None:
    p = plan("split-delete-nim:single", "analyze", "300,400,500")
    assert p.steps[0].method.name == "kernel:3-heap" and p.steps[0].exact
    with pytest.raises(TooLarge, match="max_states"):
        p.check(Limits(max_states=1000))
    with pytest.raises(TooLarge, match="max_memory"):
        plan("wythoff", "table", size=5000).check(Limits(max_states=10**9, max_memory=1000))


def test_the_remoteness_search_is_planned_only_where_it_can_fit() -> None:
    # Every sorted triple of smaller heaps is reachable in Split-and-delete Nim: a search of
    # ⟨100, 200, 300⟩ visits at least 10^6 positions, so it is left out, not started.
    assert reachable_lower_bound(nimlab.game("split-delete-nim:single"), (100, 200, 300)) > 10**5
    assert plan("split-delete-nim:single", "analyze", "100,200,300").method("search") is None
    assert plan("nim", "analyze", "3,4,5").method("search") is not None
    assert reachable_lower_bound(nimlab.game("subtraction:1,2"), (50000,)) == 0  # unknown


def test_questions_a_game_cannot_answer_are_refused_naming_them() -> None:
    with pytest.raises(NotApplicable, match="sequence"):
        plan("wythoff", "sequence", stop=10)
    with pytest.raises(NotApplicable, match="heap games"):
        plan("wythoff", "period")


def test_wythoff_small_positions_get_a_grundy_value_under_tight_remoteness_limits() -> None:
    # Regression: the web's limits (remoteness search over its budget, position too small
    # for the kernel threshold) answered Wythoff 50,60 with grundy and remoteness null.
    limits = Limits(max_states=200_000, remoteness_states=25_000)
    a = nimlab.analyze("wythoff", "50,60", limits=limits)
    assert a.grundy == 26


@pytest.mark.parametrize(
    ("spec", "cell", "misere", "expected"),
    [
        ("subtraction:2,4,7", (1, 2), False, 1),
        ("kayles", (1, 2), False, 3),
        ("wythoff", (1, 1), True, 2),
    ],
)
def test_a_table_from_heap_1_holds_the_true_values(
    spec: str, cell: tuple[int, int], misere: bool, expected: int
) -> None:
    # Regression: --origin 1 relabelled the 0-based table without saying so.
    table = grundy_table(spec, 3, origin=1, misere=misere)
    assert table.origin == 1 and table[cell] == expected
    assert expected == nimlab.grundy(spec, ",".join(map(str, cell)), misere=misere)


def test_periodicity_answers_the_same_on_repeated_calls() -> None:
    with Context():
        first = nimlab.periodicity("octal:0.137", limits=Limits(max_states=20_000))
        nimlab.grundy_sequence("octal:0.137", 5000)  # fills the value caches
        again = nimlab.periodicity("octal:0.137", limits=Limits(max_states=20_000))
    assert first.to_dict() == again.to_dict()


def test_misere_sequences_periods_and_explanations() -> None:
    assert nimlab.grundy_sequence("nim", 6, misere=True).tolist() == [1, 0, 2, 3, 4, 5]
    values = nimlab.grundy_sequence("kayles", 12, misere=True).tolist()
    game = nimlab.game("kayles")
    assert values == [_misere_grundy(game, (n,)) for n in range(12)]
    p = nimlab.periodicity("subtraction:1,2,3", misere=True)
    # Proven now (it was observed): every move leaves one heap, so a window of max S misère
    # values repeating proves the period, as in normal play.
    assert (p.preperiod, p.period, p.proven) == (0, 4, True)
    # A game whose moves split heaps has no such criterion: observed at most, never proven.
    assert not nimlab.periodicity("octal:0.77", misere=True).proven
    # Found by the web audit: 512 heaps of subtraction:10^12 have no move at all, and were
    # reported as an (observed) period 1. A period is only observed past the longest move,
    # and proven only by a window of 10^12 values: none is found within the state limit.
    assert (
        nimlab.periodicity("subtraction:1000000000000", misere=True, max_length=512).period is None
    )
    far = nimlab.periodicity("subtraction:1000000000000", misere=True)
    assert far.period is None and far.stopped_by == "max_states" and far.checked_to > 10**6
    assert nimlab.periodicity("subtraction:30", misere=True).period == 60
    e = explain("nim", "1,1,2", misere=True)
    assert e.outcome == "N" and "misère" in e.text()
    assert "1,1,1" in e.text()  # Bouton: leave an odd number of heaps of 1
    assert explain("subtraction:1,2", "3", misere=True).outcome == "N"


def _misere_grundy(game: nimlab.Ruleset, position: tuple[int, ...]) -> int:
    """The misère Grundy value from its definition: 1 at the end, else the mex of options."""
    options = set(game.options(position))
    if not options:
        return 1
    seen = {_misere_grundy(game, o) for o in options}
    g = 0
    while g in seen:
        g += 1
    return g


def test_a_huge_heap_without_a_theorem_is_refused_at_once_not_after_the_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by the API audit: misère Kayles at 10^30 searched for 84 s before running out of
    memory ("a search 704,512 moves deep over 0 positions"). Its chain of single heaps
    10^30, 10^30 − 1, … is a lower bound the planner now checks first.

    Kayles has since got a theorem for such heaps (its misère quotient proves a period,
    ``nimlab.misere.periodicity``): switched off here, it is the game without one."""
    import time

    from nimlab.theory import misere_quotient

    monkeypatch.setattr(misere_quotient, "_periodic", lambda game: False)

    began = time.monotonic()
    # h = 10^30 single heaps of the chain, the pairs and the triples they split into
    h = 10**30
    pairs = (h - 2) * (h - 3) // 4  # Σ (x − 2)/2 for x = h − 1, …, 2
    triples = (h - 2) * (h - 3) * (h - 4) // 36  # Σ (s − 1)(s − 2)/12 for s = h − 2, …, 1
    least = h + pairs + triples
    # (the message writes the bound as 2.7·10^88: the plan holds it exactly)
    with pytest.raises(TooLarge, match=f"at least {re.escape(amount(least))} states"):
        nimlab.analyze("kayles", str(10**30), misere=True)
    steps = plan("kayles", "analyze", str(10**30), misere=True).steps
    assert max(step.least for step in steps) == least
    assert time.monotonic() - began < 10
    monkeypatch.undo()  # with the theorem: answered through the quotient's period
    answered = nimlab.analyze("kayles", str(10**30), misere=True)
    assert answered.how is not None and answered.how.name == "oracle:misere-quotient"


HEAP_GAMES = st.one_of(
    st.lists(st.sampled_from("01234567"), min_size=1, max_size=3)
    .map(lambda d: "octal:0." + "".join(d))
    .filter(lambda s: s.rstrip("0") != "octal:0."),
    st.sets(st.integers(1, 6), min_size=1, max_size=3).map(
        lambda s: "subtraction:" + ",".join(map(str, sorted(s)))
    ),
    st.sets(st.integers(1, 4), max_size=2).map(
        lambda s: "all-but:" + ",".join(map(str, sorted(s))) if s else "nim"
    ),
    st.lists(st.sampled_from("01234567"), min_size=1, max_size=2).map(
        lambda d: "octal:4." + "".join(d)  # splits that take nothing
    ),
    st.sampled_from(
        [
            "subtraction:squares",
            "subtraction:primes",
            "grundy-game",
            "kayles",
            "take-and-break:0.F1",
            "take-and-break:0.C4",
        ]
    ),
)
"""Heap games with a one-heap kernel, for the bounds on what a search visits."""


@settings(max_examples=60, deadline=None)
@given(spec=HEAP_GAMES, heaps=st.lists(st.integers(0, 14), min_size=1, max_size=2))
def test_the_chain_bounds_never_exceed_what_a_search_visits_and_spends(
    spec: str, heaps: list[int]
) -> None:
    from nimlab.solve.planner import chain_lower_bound, chain_option_bound, partition_reach_bound
    from nimlab.solve.search import Search

    game = nimlab.game(spec)
    position = game.position(heaps)
    for misere in (False, True):
        budget = Limits(max_states=10**9).budget()
        search = Search(game, misere, budget)
        search.value(position)
        assert chain_lower_bound(game, position) <= len(search.memo), (spec, heaps, misere)
        assert chain_option_bound(game, position) <= budget.used, (spec, heaps, misere)
        # every position but the start (the partitions of take-and-break heaps)
        assert partition_reach_bound(game, position) <= len(search.memo) - 1, (spec, heaps)


def test_the_chain_bound_also_drops_a_remoteness_search_that_cannot_fit() -> None:
    """Found by the CLI audit: ``analyze kayles 10000000`` spent 33 s and 900 MB on the
    optional remoteness search; misère Fibonacci Nim at 10^100 searched for 184 s."""
    assert plan("kayles", "analyze", "10000000").method("search") is None
    assert plan("kayles", "analyze", "20").method("search") is not None
    with pytest.raises(TooLarge, match="at least"):
        plan("fibonacci-nim", "analyze", str(10**100), misere=True).check(Limits())


@settings(max_examples=200, deadline=None)
@given(
    top=st.integers(0, 400),
    step=st.one_of(st.none(), st.integers(1, 6)),
    split=st.integers(0, 4),
    unequal=st.booleans(),
)
def test_the_split_bounds_closed_forms_are_their_sums(
    top: int, step: int | None, split: int, unequal: bool
) -> None:
    from nimlab.solve.planner import _pairs_along, _triples_along

    heaps = [top] if step is None else list(range(top, 0, -step))  # the chain
    pairs = sum(max(h - split - 2, 0) for h in heaps)  # Σ (x − 2), x ≥ 2
    shift = 4 if unequal else 1
    triples = sum(
        (h - 2 * split - 1) * (h - 2 * split - 1 - shift)
        for h in heaps
        if h - 2 * split >= 1 + shift
    )
    assert _pairs_along(top, step, split) == pairs // 2
    assert _triples_along(top, step, split, unequal) == triples // 12


@pytest.mark.parametrize(
    ("spec", "need"),
    [("kayles", "at least"), ("all-but:2,5", "kernel .* needs 1.0·10\\^30 states")],
)
def test_a_misere_sequence_of_huge_heaps_is_refused_before_it_starts(spec: str, need: str) -> None:
    # It searched for minutes (1.5 GB) before the state limit stopped it. (all-but: the
    # compiled kernel's exact need; subtraction:2,4,7 is read off its proven period, below.)
    n = 10**30
    with pytest.raises(TooLarge, match=need):
        nimlab.grundy_sequence(nimlab.game(spec), n, start=n - 3, misere=True)
    assert nimlab.grundy_sequence(nimlab.game(spec), 12, misere=True)[0] == 1  # small: run
    assert not len(nimlab.grundy_sequence(nimlab.game(spec), n, start=n, misere=True))  # none


def test_a_misere_sequence_of_huge_heaps_is_read_off_a_proven_misere_period() -> None:
    """subtraction:2,4,7 was refused at 10^30 with kayles (above); its misère values now have
    a proven period (every move leaves one heap), so they are read off it."""
    n = 10**30
    game = nimlab.game("subtraction:2,4,7")
    p = nimlab.periodicity(game, misere=True)
    assert p.proven and p.preperiod is not None and p.period is not None
    near = nimlab.grundy_sequence(game, p.preperiod + 2 * p.period, misere=True).tolist()
    same = [p.preperiod + (m - p.preperiod) % p.period for m in range(n - 3, n)]
    far = nimlab.grundy_sequence(game, n, start=n - 3, misere=True).tolist()
    assert far == [near[m] for m in same] == [2, 0, 1]
    assert not len(nimlab.grundy_sequence(game, n, start=n, misere=True))  # none


@pytest.mark.parametrize(
    ("spec", "position"),
    [("nim + nim", "3 + 500000"), ("nim + kayles", "3 + 1000000"), ("wythoff + kayles", "3,4 + 9")],
)
def test_a_sum_is_bounded_by_its_components_searches(spec: str, position: str) -> None:
    # The optional remoteness search of nim + nim at 3 + 500000 ran 37 s (1.2 GB) in vain:
    # a sum had no lower bound, though its search contains each component's.
    g = nimlab.game(spec)
    parts = g.parse_position(position)
    each = max(search_lower_bound(c, p) for c, p in zip(g.summands(), parts, strict=True))
    least = search_lower_bound(g, parts)
    assert least >= each
    dropped = plan(g, "analyze", position).dropped
    assert any(s.answers == "remoteness" for s in dropped) == (least > Limits().remoteness_states)


def test_a_misere_sum_of_many_components_is_refused_before_it_starts() -> None:
    # Its plan said 8.4·10^270 positions at most, and it searched 16–25 s before the limit.
    g = nimlab.game(" + ".join(["nim"] * 300))
    with pytest.raises(TooLarge, match="at least"):
        nimlab.analyze(g, " + ".join(["3"] * 300), misere=True)
    assert search_lower_bound(g, g.parse_position(" + ".join(["3"] * 300))) == 4**300 - 1


@settings(max_examples=40, deadline=None)
@given(
    specs=st.lists(HEAP_GAMES, min_size=2, max_size=3),
    heaps=st.lists(st.integers(0, 7), min_size=3, max_size=3),
)
def test_a_sums_bound_never_exceeds_what_its_search_spends(
    specs: list[str], heaps: list[int]
) -> None:
    from nimlab.solve.search import Search

    game = nimlab.game(" + ".join(specs))
    position = game.parse_position(" + ".join(str(h) for h in heaps[: len(specs)]))
    for misere in (False, True):
        budget = Limits(max_states=10**9).budget()
        Search(game, misere, budget).value(position)
        # (+ 1: the start is visited, not charged as anyone's option)
        assert search_lower_bound(game, position) <= budget.used + 1, (specs, heaps, misere)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["split-delete-nim:single", "delete-nim:single", "delete-nim:less-than-half"]),
    st.lists(st.integers(1, 9), min_size=3, max_size=3).map(sorted),
)
def test_the_positions_of_a_game_that_splits_heaps_are_bounded_by_the_largest(
    spec: str, heaps: list[int]
) -> None:
    # found by the web audit: split-delete-nim:single 1,29,50 reaches 10,336 positions, not
    # the 3,060 of its box, and its search (1.0 M states) was planned at 125,460
    from nimlab.registry import game
    from nimlab.solve.planner import state_box
    from nimlab.solve.search import Search

    g = game(spec)
    search = Search(g, False, Limits(max_states=10**8).budget())
    search.value(tuple(heaps))
    assert len(search.memo) <= state_box(g, tuple(heaps))


def test_a_kernel_answers_where_the_search_would_not_fit_and_a_search_adds_the_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # found by the web audit: a move to 1,29,50 was refused under the server's 10^6 states.
    # The k-heap Grundy table (22,100 states for heaps up to 50) now answers it in full:
    # search is the reference, and the P-position kernel answers as if no table served.
    full = nimlab.analyze("split-delete-nim:single", "1,29,50")
    assert (full.outcome, full.grundy, full.remoteness) == ("N", 75, 35)
    assert full.how is not None and full.how.name == "kernel:table"  # not "(… not computed)"
    unlimited = Limits(max_states=10**8).budget()
    searched = Search(nimlab.game("split-delete-nim:single"), False, unlimited)
    assert searched.value((1, 29, 50)) == (75, 35)
    server = Limits(max_states=10**6)
    assert nimlab.analyze("split-delete-nim:single", "1,29,50", limits=server).grundy == 75
    import importlib

    for module in ("nimlab.solve.planner", "nimlab.solve.compiled"):
        monkeypatch.setattr(
            importlib.import_module(module), "k_heap_grundy_states", lambda *args: None
        )
    with Context():
        over = nimlab.analyze("split-delete-nim:single", "1,29,50", limits=server)
        assert over.outcome == "N" and over.grundy is None and over.winning_moves
        assert over.how is not None and over.how.name == "kernel:p-positions"
        assert {m.to for m in full.winning_moves} == {m.to for m in over.winning_moves}
        searched_too = nimlab.analyze("split-delete-nim:single", "1,29,50")
        assert (searched_too.grundy, searched_too.remoteness) == (75, 35)
        assert searched_too.how is not None and searched_too.how.name == "search"


def test_a_k_heap_kernel_answer_carries_what_is_known_of_the_grundy_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The 3-heap P-position kernel left grundy null even at P-positions (value 0 by
    definition), and its optional search was planned only when the box's bound fit the
    state limit, though the search visits far fewer (split/delete audit). The k-heap
    Grundy table now answers these positions; the P-position kernel is asked here as
    where no table fits."""
    import importlib

    from nimlab.solve.context import Context

    with Context():
        p = nimlab.analyze("split-delete-nim:single", "45,70,105")
        n = nimlab.analyze("delete-nim:single", "39,53,56")
        assert (p.outcome, p.grundy, n.outcome, n.grundy, n.remoteness) == ("P", 0, "N", 7, 13)
        assert p.method == n.method == "compiled 3-heap Grundy table (nimlab.kernels)"
    for module in ("nimlab.solve.planner", "nimlab.solve.compiled"):
        monkeypatch.setattr(
            importlib.import_module(module), "k_heap_grundy_states", lambda *args: None
        )
    with Context():
        p = nimlab.analyze("split-delete-nim:single", "45,70,105")
        assert p.outcome == "P" and p.grundy == 0 and "Grundy value 0" in p.method
        n = nimlab.analyze("delete-nim:single", "39,53,56")
        assert n.outcome == "N" and n.grundy == 7 and n.remoteness == 13
        total = nimlab.analyze("delete-nim:single + nim", "39,53,56 + 0")
        assert total.grundy == n.grundy  # the sum's search agrees


SPLIT_DELETE_GAMES = [
    f"{family}:{variant}"
    for family, variants in (
        ("split-delete-nim", ("single", "half")),
        ("delete-nim", ("single", "half", "less-than-half", "all-but-one")),
    )
    for variant in variants
]


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(SPLIT_DELETE_GAMES),
    st.lists(st.integers(1, 12), min_size=2, max_size=6).filter(lambda h: sum(h) <= 26).map(sorted),
    st.booleans(),
)
@example("delete-nim:half", [1, 1, 4, 20], False)  # a large heap beside small ones
@example("split-delete-nim:half", [1, 2, 3, 20], True)
@example("delete-nim:all-but-one", [1, 1, 20], False)
@example("delete-nim:less-than-half", [1, 1, 1, 2, 20], False)
@example("delete-nim:single", [1, 20], True)
@example("delete-nim:half", [1, 1, 1, 3, 3, 16], False)  # six heaps: the half-split bound
@example("split-delete-nim:half", [1, 1, 1, 3, 3, 16], True)
def test_the_split_reach_bound_never_exceeds_what_a_search_visits_and_spends(
    spec: str, heaps: list[int], misere: bool
) -> None:
    from nimlab.registry import game
    from nimlab.solve.planner import half_split_option_bound, split_reach_lower_bound
    from nimlab.solve.search import Search

    g = game(spec)
    try:
        position = g.position(tuple(heaps))
    except InvalidPosition:  # (half: an even number of heaps)
        return
    budget = Limits(max_states=10**9).budget()
    search = Search(g, misere, budget)
    search.value(position)
    bound = split_reach_lower_bound(g, position)
    assert bound <= len(search.memo) - 1, (spec, heaps)
    assert bound <= budget.used, (spec, heaps)
    assert half_split_option_bound(g, position) <= budget.used, (spec, heaps)


@pytest.mark.parametrize(
    ("spec", "position"),
    [
        ("delete-nim:single", "1000000,7"),
        ("split-delete-nim:single", "7,1000000"),
        ("split-delete-nim:half", "3,3,3,1000000"),
        ("delete-nim:all-but-one", "3,5,1000000"),
        ("delete-nim:less-than-half", "2,3,4,1000000"),
        ("delete-nim:half", "3,3,3,1000000"),
        ("delete-nim:less-than-half", "3,3,3,3,100000"),
        ("split-delete-nim:single", "3,3,3,3,3,100000"),
        ("delete-nim:all-but-one", "3,3,3,3,100000"),
        ("delete-nim:half", "3,3,3,3,3,100000"),
        ("split-delete-nim:half", "1,1,3,3,3,3,3,100000"),
    ],
)
def test_a_misere_search_of_a_huge_split_delete_heap_is_refused_before_it_starts(
    spec: str, position: str
) -> None:
    # Found by the misère audit: delete-nim:single 1000000,7 dived 671,744 moves deep in
    # 17–26 s before its memory refusal, split-delete-nim:half 3,3,3,1000000 ran 94 s,
    # delete-nim:half 3,3,3,1000000 95 s (3.4 GB resident under the 2 GiB limit).
    with pytest.raises(TooLarge, match="at least"):
        plan(spec, "analyze", position, misere=True).check(Limits())


def test_a_sequence_plan_states_the_work_its_kernel_is_charged() -> None:
    """Found by the audit: ``sequence subtraction:squares --to 3000000 --plan`` said 3,000,000
    states (exact), and the run was refused at 5,000,000: each heap costs its moves."""
    step = plan(nimlab.game("subtraction:squares"), "sequence", stop=3_000_000).steps[0]
    assert step.exact and step.states == 81_187_500
    with pytest.raises(TooLarge, match="needs 81,187,500 states"):
        plan(nimlab.game("subtraction:squares"), "sequence", stop=3_000_000).check(Limits())


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(1, 10**6), max_size=40)
    | st.lists(st.integers(1, 3), max_size=3000)
    | st.lists(st.integers(2**13, 2**15), min_size=2800, max_size=3200)
)
def test_the_multisets_bound_is_a_lower_bound_of_the_product_over_k_factorial(
    sizes: list[int],
) -> None:
    """Found by the API audit of 2026-11-28: the planner computed ∏(h + 1) and k! exactly,
    so 10^6 heaps of Nim took over 30 s before any limit applied; the bounds now saturate."""
    exact = math.prod(sizes) // math.factorial(len(sizes))
    bound = _multisets_lower_bound(sizes)
    assert bound <= exact or bound == SATURATED <= exact
    if exact < 2**11_000:
        assert bound == exact or bound >= exact >> 4  # the float path loses a few bits


def test_a_saturated_product_compares_with_every_limit_as_the_product_does() -> None:
    assert saturated_prod([2, 3, 4]) == 24 and saturated_prod([]) == 1
    assert saturated_prod([10**3000, 10**3000, 0]) == SATURATED  # stops at the first excess
    largest_limit = 10**4000 - 1  # every limit has at most 4,000 digits
    assert 50 * largest_limit < SATURATED


@pytest.mark.parametrize("game", ["nim", "subtraction:1,2,3", "kayles"])
def test_a_million_heaps_are_answered_by_the_theory(game: str) -> None:
    heaps = [1] * 999_999 + [6]
    expected = nimlab.grundy(game, "6") ^ 1  # 999,999 heaps of 1, each of value 1
    assert nimlab.analyze(game, heaps).grundy == expected


@pytest.mark.parametrize(
    ("question", "bounds", "named"),
    [
        ("sequence", {"stop": "5"}, "stop must be an integer ≥ 0"),
        ("sequence", {"stop": -1}, "stop must be an integer ≥ 0"),
        ("sequence", {"stop": 3.5}, "stop must be an integer ≥ 0"),
        ("sequence", {"stop": float("nan")}, "stop must be an integer ≥ 0"),
        ("table", {"size": "5"}, "size must be an integer ≥ 1"),
        ("table", {"size": -5}, "size must be an integer ≥ 1"),
        ("ppositions", {"heaps": -3, "max_heap": -2}, "heaps must be an integer ≥ 1"),
        ("ppositions", {"heaps": 2.5, "max_heap": 3}, "heaps must be an integer ≥ 1"),
        ("ppositions", {"heaps": 2, "max_heap": -1}, "max_heap must be an integer ≥ 0"),
    ],
)
def test_a_plan_checks_its_bounds_as_the_question_does(
    question: str, bounds: dict[str, object], named: str
) -> None:
    """Found by the API audit of 2026-11-28: plan() passed its bounds on unchecked (math.comb's
    ValueError, a TypeError deep inside, or a plan for stop=-1)."""
    with pytest.raises(InvalidOption, match=re.escape(named)):
        plan("kayles", question, **bounds)  # type: ignore[arg-type]


def test_the_remoteness_search_of_a_heap_split_into_three_is_dropped_when_it_cannot_fit() -> None:
    """``analyze take-and-break:0.B1 3000`` searched its 300,000 states in vain: the bound
    counted 3,000 states, not the chain's splits into three (n³/36 of them)."""
    assert plan("take-and-break:0.B1", "analyze", "1000").method("search") is None
    assert plan("take-and-break:0.B1", "analyze", "12").method("search") is not None


def test_a_misere_search_of_a_heap_that_splits_into_millions_of_positions_is_refused_at_once() -> (
    None
):
    """``analyze octal:0.07 100 --misere`` searched 20 s before its refusal: the bound counted
    the chain's pairs and triples (13,320), not the 5.4 million partitions it reaches."""
    from nimlab.solve.planner import search_lower_bound

    assert search_lower_bound(nimlab.game("octal:0.07"), (100,)) > Limits().max_states
    # the quotient's refusal stands (its 3,000,000 states), no search after it (5,000,000)
    with pytest.raises(TooLarge, match="more than 3,000,000 states"):
        nimlab.analyze("octal:0.07", "100", misere=True)
