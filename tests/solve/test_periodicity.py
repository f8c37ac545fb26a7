"""Periodicity: exact values from the literature, proofs only from a criterion."""

from __future__ import annotations

import importlib
from collections.abc import Iterable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.errors import InvalidOption, NotApplicable
from nimlab.solve.periodicity import (
    criterion_name,
    find_period,
    options_of_value,
    periodicity,
    proven_period,
)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("subtraction:1,2,3", (0, 4, 0)),  # seed 004
        ("subtraction:2,3", (0, 5, 0)),  # seed 004
        ("subtraction:2,4,7", (8, 3, 0)),  # seed 004
        ("kayles", (71, 12, 0)),  # Winning Ways; CGSuite
        ("dawson-kayles", (53, 34, 0)),  # CGSuite's 0.07: period 34, preperiod 53
        ("nim", (0, 1, 1)),
    ],
)
def test_known_periods_are_proven(spec: str, expected: tuple[int, int, int]) -> None:
    p = periodicity(spec)
    assert (p.preperiod, p.period, p.saltus) == expected and p.proven


@pytest.mark.parametrize("spec", ["subtraction:3,5,9", "subtraction:1,4", "octal:0.137"])
def test_proven_period_holds_far_beyond_the_values_used(spec: str) -> None:
    p = periodicity(spec)
    assert p.proven and p.preperiod is not None and p.period is not None
    values = nimlab.grundy_sequence(spec, 8 * p.checked_to + 100).tolist()
    for n in range(p.preperiod, len(values) - p.period):
        assert values[n + p.period] == values[n]
    n0 = p.preperiod
    assert n0 == 0 or any(values[n0 - 1 + k * p.period] != values[n0 - 1] for k in range(1, 50))


def test_games_without_a_criterion_are_observed_only() -> None:
    g = nimlab.heap_game(lambda n: [n - k for k in (1, 3) if k <= n], name="s13")
    p = periodicity(g)
    assert (p.preperiod, p.period, p.proven) == (0, 2, False)
    assert criterion_name(g) is None
    assert criterion_name(nimlab.game("kayles")) is not None


def test_arithmetic_periodicity_is_detected() -> None:
    # Taking one or two from a heap, or halving it: G(n) = n − ⌊n/3⌋... any saltus found is
    # only observed; here a plain arithmetic sequence built directly:
    assert find_period(list(range(0, 40, 2)), None, arithmetic=True) == (0, 1, 2)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [("all-but:1000", (0, 2000, 1000)), ("all-but:50", (0, 100, 50)), ("all-but:3,7", (0, 6, 3))],
)
def test_an_all_but_period_is_observed_only_past_its_largest_excluded_move(
    spec: str, expected: tuple[int, int, int]
) -> None:
    # all-but:1000 is G(n) = n up to 999 and all-but:50 looks like n − 50 from 50 to 149:
    # 64 and 128 values were once reported as period 1, saltus 1 (the CLI fuzz found it).
    p = periodicity(spec)
    assert (p.preperiod, p.period, p.saltus, p.proven) == (*expected, False)
    values = nimlab.sequence(spec, 4 * p.checked_to)
    n0, period, saltus = expected
    assert all(values[n + period] == values[n] + saltus for n in range(n0, len(values) - period))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 120), min_size=1, max_size=5))
def test_an_observed_all_but_period_holds_far_beyond_the_values_seen(excluded: list[int]) -> None:
    spec = "all-but:" + ",".join(map(str, excluded))
    p = periodicity(spec)
    if p.period is None:  # all-but:2,5,49,51 has preperiod 1,595,839: over the default limit
        assert p.stopped_by == "max_states" and p.checked_to >= 2**20
        return
    assert p.saltus is not None and p.preperiod is not None
    far = nimlab.Limits(max_states=10**8)
    values = nimlab.sequence(spec, max(20_000, 4 * p.checked_to), limits=far)
    n0, period, saltus = p.preperiod, p.period, p.saltus
    assert all(values[n + period] == values[n] + saltus for n in range(n0, len(values) - period))


def test_a_misere_all_but_period_is_not_observed_before_its_excluded_move() -> None:
    # 512 values: the misère search's default length before the compiled kernel
    assert periodicity("all-but:1000", misere=True, max_length=512).period is None
    # The kernel computes as far as normal play does: the period shows past 2 · 1000
    # (observed only: no criterion is known for all-but games), and holds far beyond.
    far = periodicity("all-but:1000", misere=True)
    assert (far.preperiod, far.period, far.saltus, far.proven) == (1002, 2000, 1000, False)
    values = nimlab.sequence("all-but:1000", 4 * far.checked_to, misere=True).values
    assert all(values[n + 2000] == values[n] + 1000 for n in range(1002, len(values) - 2000))
    p = periodicity("all-but:2", misere=True)
    assert (p.preperiod, p.period, p.saltus, p.proven) == (4, 4, 2, False)


def test_no_period_found_is_reported_honestly() -> None:
    p = periodicity("grundy-game", max_length=200)
    assert p.period is None and not p.proven and p.checked_to == 200


def test_only_heap_games() -> None:
    with pytest.raises(NotApplicable):
        periodicity("wythoff")


def test_unproven_periods_are_never_called_proven() -> None:
    # .6 (Couples-are-forever) has no known period: within the limit none is proven.
    p = periodicity("octal:0.6", max_length=4096)
    assert not p.proven and p.checked_to == 4096


@pytest.mark.parametrize(("spec", "n"), [("kayles", 10**18), ("subtraction:2,4,7", 10**20 + 7)])
def test_a_proven_period_answers_huge_heaps(spec: str, n: int) -> None:
    known = proven_period(nimlab.game(spec))  # type: ignore[arg-type]
    assert known is not None
    values = nimlab.grundy_sequence(spec, known.preperiod + 3 * known.period).tolist()
    expected = values[known.preperiod + (n - known.preperiod) % known.period]
    assert nimlab.grundy(spec, str(n)) == expected
    assert nimlab.grundy_sequence(spec, n + 2, start=n).tolist()[0] == expected
    a = nimlab.analyze(spec, f"{n},1")
    assert a.grundy == expected ^ values[1]
    for move in a.winning_moves:
        assert nimlab.grundy(spec, move.to) == 0


@pytest.mark.parametrize("n", [5003, 5004, 6011])
def test_options_of_a_huge_heap_by_the_period(n: int) -> None:
    kayles = nimlab.game("kayles")
    values = nimlab.grundy_sequence(kayles, n + 1).tolist()
    for target in range(10):
        found = options_of_value(kayles, n, target)  # type: ignore[arg-type]
        assert found is not None
        listed, complete = found
        every = {
            o
            for o in kayles.heap_options(n)  # type: ignore[attr-defined]
            if _xor(values[h] for h in o) == target
        }
        assert set(listed) <= every
        assert complete == (set(listed) == every)


def _xor(values: Iterable[int]) -> int:
    total = 0
    for v in values:
        total ^= v
    return total


@pytest.mark.parametrize("bad", [0, -5, True])
def test_max_length_must_be_positive(bad: int) -> None:
    with pytest.raises(InvalidOption, match=r"^max_length"):
        periodicity("kayles", max_length=bad)


def test_long_runs_are_no_obstacle_and_the_limit_is_honest() -> None:
    # S = {k}: G(n) = ⌊n/k⌋ mod 2, period 2k, long runs of equal values.
    p = nimlab.periodicity("subtraction:20000")
    assert (p.preperiod, p.period, p.proven) == (0, 40000, True)
    p = nimlab.periodicity("subtraction:20001", limits=nimlab.Limits(max_states=30_000))
    assert not p.proven and p.period is None


@pytest.mark.parametrize("code", ["0.B1", "4.F", "0.F3", "0.A7", "4.C"])
def test_three_heap_options_of_a_huge_heap_by_classes_match_brute_force(code: str) -> None:
    """Every listed option has the value asked for, and every class of options is listed."""
    from nimlab.registry import game
    from nimlab.solve.heaps import heap_array
    from nimlab.solve.periodicity import PERIOD_SOURCE_FROM, options_of_value, proven_period

    g = game(f"take-and-break:{code}")
    known = proven_period(g)
    assert known is not None, code
    n0, p = known.preperiod, known.period
    n = PERIOD_SOURCE_FROM + 37
    head = heap_array(g, n0, nimlab.Limits().budget()).tolist()  # then the proven period
    values = [*head, *(known.value(h) for h in range(n0, n + 1))]
    brute: dict[int, set[tuple[int, ...]]] = {}
    for result in g.heap_options(n):
        value = 0
        for h in result:
            value ^= values[h]
        brute.setdefault(value, set()).add(tuple(sorted(result)))

    def shape(options: Iterable[tuple[int, ...]]) -> set[tuple[object, ...]]:
        """Options by kind: each part but the largest small (itself) or a class mod p."""
        return {
            (len(r), *((h,) if h < n0 else ("class", (h - n0) % p) for h in r[:-1]))
            for r in options
        }

    for target in range(max(brute) + 2):
        by_classes = options_of_value(g, n, target)
        assert by_classes is not None
        listed, complete = by_classes
        wanted = brute.get(target, set())
        assert set(listed) <= wanted, code
        assert shape(listed) == shape(wanted), code
        assert complete == (set(listed) == wanted), code


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 15), min_size=1, max_size=3),
    st.integers(0, 12),
    st.integers(0, 3),
    st.integers(0, 40),
)
@example(tail=[11], d0=0, target=0, beyond=1)  # every class short: the list is complete
def test_options_by_classes_match_brute_force_on_any_periodic_code(
    tail: list[int], d0: int, target: int, beyond: int
) -> None:
    """Random take-and-break codes (bit 8 included, d0 splits too) with a proven period."""
    from hypothesis import assume

    from nimlab.errors import InvalidGame
    from nimlab.registry import game

    periodicity = importlib.import_module("nimlab.solve.periodicity")  # (the package exports a
    # function of the same name)
    code = f"{'0123456789ABCDEF'[d0 & 12]}.{''.join('0123456789ABCDEF'[d] for d in tail)}"
    try:
        g = game(f"take-and-break:{code}")
    except InvalidGame:
        assume(False)
        return
    known = periodicity.proven_period(g, nimlab.Limits(max_states=200_000))
    assume(known is not None and known.preperiod + known.period <= 40)
    assert known is not None
    t = g.capabilities.period_criterion.parameter  # type: ignore[union-attr]
    n = 3 * (known.preperiod + known.period) + 2 * t + 2 + beyond
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(periodicity, "PERIOD_SOURCE_FROM", 0)
        by_classes = periodicity.options_of_value(g, n, target)
    assert by_classes is not None
    listed, complete = by_classes
    values = nimlab.grundy_sequence(g, n + 1).tolist()
    wanted = set()
    for result in g.heap_options(n):
        value = 0
        for h in result:
            value ^= values[h]
        if value == target:
            wanted.add(tuple(sorted(result)))
    assert set(listed) <= wanted
    assert len(set(listed)) == len(listed)  # each option once
    n0, p = known.preperiod, known.period

    def shape(options: Iterable[tuple[int, ...]]) -> set[tuple[object, ...]]:
        return {
            (len(r), *((h,) if h < n0 else ("class", (h - n0) % p) for h in r[:-1]))
            for r in options
        }

    assert shape(listed) == shape(wanted)
    assert complete == (set(listed) == wanted)


def test_the_classes_of_a_huge_heap_are_counted_against_the_callers_limits() -> None:
    """4.C (preperiod 54, period 34) has 88² pairs of kinds to weigh: over 500 states."""
    from nimlab.errors import TooLarge

    with pytest.raises(TooLarge):
        nimlab.analyze("take-and-break:4.C", "1000000000000", limits=nimlab.Limits(max_states=500))
    assert nimlab.analyze("take-and-break:4.C", "1000000000000").grundy == 1


def test_a_first_stretch_over_the_limit_is_shortened_and_no_period_is_seen_in_it() -> None:
    # It answered "no period found in the first 0 values": the first stretch (4 max S)
    # was over the limit, and nothing shorter was tried.
    p = nimlab.periodicity(nimlab.game("subtraction:3000000"))
    assert p.period is None and p.checked_to == 3_000_000
    # Ten heaps with no move show G = 0 ten times: no evidence of period 1.
    p = nimlab.periodicity(nimlab.game("subtraction:3000000"), max_length=10)
    assert p.period is None and p.checked_to == 10


def test_nothing_computed_is_a_refusal_not_an_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # A web worker whose time ran out in the first stretch answered "no period, checked to 0"
    # (and kept it as known): every shorter stretch was refused too, and the loop gave up.
    from nimlab.errors import TooLarge
    from nimlab.solve.context import Context

    module = importlib.import_module("nimlab.solve.periodicity")

    def spent(*args: object) -> None:
        raise TooLarge("the time limit is spent", "max_seconds", ja="時間の上限を使い切った")

    monkeypatch.setattr(module, "heap_array", spent)
    with Context():  # nothing known before: no answer kept from an earlier test
        with pytest.raises(TooLarge, match="time limit"):
            periodicity("subtraction:999999,1000000", max_length=10**9)
        with pytest.raises(TooLarge):
            periodicity("octal:0.6")


@settings(max_examples=200, deadline=None)
@given(
    unit=st.lists(st.integers(0, 2), min_size=1, max_size=6),
    times=st.integers(1, 6),
    head=st.lists(st.integers(0, 3), max_size=4),
)
def test_the_least_divisor_period_is_the_shortest_repeating_unit(
    unit: list[int], times: int, head: list[int]
) -> None:
    from nimlab.solve.periodicity import _least_divisor_period

    block = unit * times
    p = len(block)
    least = min(d for d in range(1, p + 1) if p % d == 0 and block == block[:d] * (p // d))
    values = head + block + block
    assert _least_divisor_period(values, len(head), p, 0) == (len(head), least, 0)


def _octal_values(code: str, count: int) -> list[int]:
    """G(0..count−1) of the octal game ``code`` by a plain mex (independent of nimlab)."""
    d0, _, rest = code.partition(".")
    digits = [int(d0), *map(int, rest)]
    values: list[int] = []
    for n in range(count):
        seen = set()
        for k, d in enumerate(digits):
            if d & 1 and n == k and k:
                seen.add(0)
            if d & 2 and n - k >= 1 and k:
                seen.add(values[n - k])
            if d & 4:
                seen.update(values[a] ^ values[n - k - a] for a in range(1, (n - k) // 2 + 1))
        values.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return values


def test_a_preperiod_of_zero_proves_no_false_period() -> None:
    # found by the audit of 2026-11-27: from n0 = 0 the bound 2·n0 + p + t lets a heap
    # vanish; 0.0…04 (t = 62) was "proven" period 1 with G = 0, but G(64) = 1
    code = "0." + "0" * 61 + "4"
    found = nimlab.periodicity(f"octal:{code}")
    values = _octal_values(code, 200)
    assert values[63:65] == [0, 1]
    if found.proven:
        assert found.preperiod is not None and found.period is not None
        n0, p = found.preperiod, found.period
        assert all(values[n + p] == values[n] for n in range(n0, 200 - p))
    assert nimlab.analyze(f"octal:{code}", "150").grundy == values[150]


def test_every_proven_period_of_a_short_code_holds_whatever_the_length() -> None:
    # every octal code 0.d1d2d3 and 4.d1d2d3, cut at lengths where the false proofs were
    checked = 0
    for d0 in "04":
        for rest in range(8**3):
            code = f"{d0}.{rest // 64}{rest // 8 % 8}{rest % 8}"
            if code == "0.000":  # no move at all: not a game
                continue
            values = _octal_values(code, 160)
            for length in (3, 4, 5, 8, 13, 34):
                found = nimlab.periodicity(f"octal:{code}", max_length=length)
                if not found.proven or found.preperiod is None or found.period is None:
                    continue
                n0, p = found.preperiod, found.period
                assert all(values[n + p] == values[n] for n in range(n0, 160 - p)), (code, length)
                checked += 1
    assert checked > 600


def test_a_search_in_vain_says_which_limit_ended_it() -> None:
    assert periodicity("grundy-game", max_length=100).stopped_by == "max_length"
    small = nimlab.Limits(max_states=5000)
    assert periodicity("grundy-game", limits=small).stopped_by == "max_states"
    assert periodicity("kayles", misere=True, max_length=10).stopped_by == "max_length"
    assert periodicity("kayles").stopped_by is None


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(
        st.sets(st.integers(1, 40), min_size=1, max_size=5).map(
            lambda s: "subtraction:" + ",".join(map(str, sorted(s)))
        ),
        st.tuples(st.lists(st.integers(0, 3), max_size=5), st.integers(1, 3)).map(
            lambda d: "octal:0." + "".join(map(str, [*d[0], d[1]]))
        ),
    )
)
def test_a_proven_misere_period_holds_far_beyond_the_values_checked(spec: str) -> None:
    """Every move of these games leaves at most one heap, so the misère values obey the window
    criterion (max S values; t + 1 for an octal code): the period is proven, and it is the
    least, from the least preperiod, on four times the values the proof looked at."""
    p = periodicity(spec, misere=True)
    assert p.proven and p.preperiod is not None and p.period is not None
    values = nimlab.sequence(spec, 4 * p.checked_to + 100, misere=True).values.tolist()
    n0, period = p.preperiod, p.period
    assert all(values[n + period] == values[n] for n in range(n0, len(values) - period))
    assert n0 == 0 or values[n0 - 1 + period] != values[n0 - 1]  # the least preperiod
    for d in range(1, period):  # the least period
        if period % d == 0:
            assert any(values[n + d] != values[n] for n in range(n0, len(values) - d))


def test_misere_periods_of_games_that_split_heaps_are_never_proven() -> None:
    for spec in ("kayles", "octal:0.4", "octal:4.3"):
        assert not periodicity(spec, misere=True, max_length=128).proven
