"""Infinite subtraction sets and all-but games: values against a naive mex, known facts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.games.subtraction_rules import RULES, AllBut, InfiniteSubtraction, members
from nimlab.kernels.one_heap import all_but_sequence
from nimlab.kernels.shapes import one_heap_array
from nimlab.limits import Limits
from nimlab.registry import FAMILIES, family_of
from nimlab.solve.heaps import _all_but_values, _declared_values


def naive(game: nimlab.HeapRuleset, count: int) -> list[int]:
    """G(0..count-1) by the mex over the ruleset's own heap_options (no kernel, no cache)."""
    values: list[int] = []
    for n in range(count):
        seen = {values[h] for (h,) in game.heap_options(n)}
        m = 0
        while m in seen:
            m += 1
        values.append(m)
    return values


def naive_members(rule: str, limit: int) -> list[int]:
    tests = {
        "squares": lambda k: round(k**0.5) ** 2 == k,
        "fibonacci": lambda k: k in {1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987},
        "primes": lambda k: k > 1 and all(k % d for d in range(2, k)),
        "powers-of-2": lambda k: k & (k - 1) == 0,
    }
    return [k for k in range(1, limit + 1) if tests[rule](k)]


@pytest.mark.parametrize("rule", list(RULES))
def test_members_are_the_set(rule: str) -> None:
    assert list(members(rule, 1000)) == naive_members(rule, 1000)
    g = InfiniteSubtraction(rule)
    assert [600 - h for (h,) in g.heap_options(600)] == naive_members(rule, 600)


@settings(max_examples=40, deadline=None)
@given(rule=st.sampled_from(sorted(RULES)), count=st.integers(0, 400))
def test_infinite_sets_match_the_naive_mex(rule: str, count: int) -> None:
    g = InfiniteSubtraction(rule)
    expected = naive(g, count)
    budget = Limits().budget()
    assert one_heap_array(g, count, budget).tolist() == expected  # the compiled kernel
    table: list[int] = []
    kernel = g.capabilities.one_heap
    assert kernel is not None
    _declared_values(kernel, table, count, budget)  # the pure-Python declared rule
    assert table == expected
    assert nimlab.grundy_sequence(g, count).tolist() == expected


@settings(max_examples=60, deadline=None)
@given(
    excluded=st.lists(st.integers(1, 30), min_size=1, max_size=6, unique=True),
    count=st.integers(0, 200),
)
def test_all_but_matches_the_naive_mex(excluded: list[int], count: int) -> None:
    g = AllBut(tuple(excluded))
    expected = naive(g, count)
    assert all_but_sequence(g.excluded, count).tolist() == expected
    table: list[int] = []
    _all_but_values(g.excluded, table, count, Limits().budget())
    assert table == expected
    assert nimlab.grundy_sequence(g, count).tolist() == expected


def test_powers_of_2_is_n_mod_3_and_proven() -> None:
    g = nimlab.game("subtraction:powers-of-2")
    assert naive(g, 3000) == [n % 3 for n in range(3000)]  # the theorem, against brute force
    p = nimlab.periodicity(g)
    assert (p.preperiod, p.period, p.saltus, p.proven) == (0, 3, 0, True)
    far = 10**30
    assert nimlab.grundy_sequence(g, far + 6, start=far).tolist() == [
        n % 3 for n in range(far, far + 6)
    ]
    assert nimlab.analyze(g, str(far)).grundy == far % 3


def test_squares_p_positions_and_no_proven_period() -> None:
    values = naive(nimlab.game("subtraction:squares"), 45)
    assert [n for n, v in enumerate(values) if v == 0] == [
        0,
        2,
        5,
        7,
        10,
        12,
        15,
        17,
        20,
        22,
        34,
        39,
        44,
    ]  # OEIS A030193, as the family's fact says
    p = nimlab.periodicity("subtraction:squares", max_length=5000)
    assert not p.proven


def test_fibonacci_is_oeis_a014588() -> None:
    a014588 = [0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 0, 1]
    assert nimlab.grundy_sequence("subtraction:fibonacci", 26).tolist() == a014588


def test_all_but_periods_are_observed_arithmetic() -> None:
    p = nimlab.periodicity("all-but:1,2")
    assert (p.preperiod, p.period, p.saltus, p.proven) == (0, 3, 1, False)
    values = naive(AllBut((1, 2)), 90)
    assert values == [n // 3 for n in range(90)]


def test_long_sequences_use_the_compiled_kernel() -> None:
    plan = nimlab.plan("subtraction:squares", "sequence", stop=200_000)
    assert plan.steps[-1].method.name == "kernel:one-heap"
    plan = nimlab.plan("all-but:2,5", "sequence", stop=2_000_000)
    assert plan.steps[-1].method.name == "kernel:one-heap"


def test_specs_and_families() -> None:
    for rule in RULES:
        g = nimlab.game(f"subtraction:{rule}")
        assert g == InfiniteSubtraction(rule) and nimlab.game(g.spec) == g
        family = family_of(g)
        assert family is not None and family.name == f"subtraction:{rule}" and family.facts
    assert nimlab.game("all-but:5,2,2").spec == "all-but:2,5"
    assert family_of(nimlab.game("all-but:2")) is FAMILIES["all-but"]
    for family in FAMILIES.values():
        for fact in family.facts:
            assert fact.statement_ja and fact.source_ja  # Japanese beside English


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("subtraction:cubes", "not an integer; write e.g. .*subtraction:squares"),
        ("all-but:", "all-but needs a non-empty set"),
        ("all-but:0", "not an integer from 1"),
        ("all-but:x", "is not an integer"),
        ("all-but:2000000", "not an integer from 1"),
    ],
)
def test_bad_specs_say_what_is_accepted(spec: str, words: str) -> None:
    with pytest.raises(nimlab.InvalidGame, match=words):
        nimlab.game(spec)


@pytest.mark.parametrize(
    "spec",
    [
        "subtraction:squares",
        "subtraction:fibonacci",
        "subtraction:primes",
        "subtraction:powers-of-2",
        "all-but:1,2",
        "all-but:3,5,8",
    ],
)
def test_a_heap_option_is_decided_by_the_rule_as_the_list_says(spec: str) -> None:
    # A huge heap's move was looked for among its first 200,000 options and called
    # illegal past them (the computer then played a losing move from a winning position).
    g = nimlab.game(spec)
    for n in range(0, 120):
        listed = {tuple(sorted(r)) for r in g.heap_options(n)}
        for r in range(0, n + 2):
            assert g.is_heap_option(n, (r,)) == ((r,) in listed), (n, r)
        assert not g.is_heap_option(n, (1, 1))


def test_huge_heaps_of_infinite_sets_are_decided_without_listing() -> None:
    from nimlab.games.subtraction_rules import _is_prime, _primes

    n = 10**30
    assert nimlab.game("subtraction:squares").move_to((n,), (n - 10**24,)) is not None
    assert nimlab.game("all-but:1,2").move_to((n,), (10**29,)) is not None
    assert nimlab.game("subtraction:primes").move_to((10**7,), (10**7 - 9_999_991,)) is not None
    primes = set(_primes(50_000))
    assert all(_is_prime(k) == (k in primes) for k in range(50_000))
    assert _is_prime(2**61 - 1) and not _is_prime(2**67 - 1)  # Mersenne: prime, composite
    assert _is_prime(2**89 - 1) is None  # past what the bases decide: listing decides
