"""Octal codes: parsing and the moves each digit allows (Winning Ways ch. 4)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlab.errors import InvalidGame
from nimlab.games.actions import Split, Take, TakeAll, TakeAndSplit
from nimlab.games.octal import Octal, TakeAndBreak, take_and_break
from nimlab.games.wording import render_move
from nimlab.registry import game


def options_by_definition(digits: tuple[int, ...], n: int) -> set[tuple[int, ...]]:
    """Every option of a heap of n: remove k, leave j ≤ 3 non-empty heaps where bit 2^j is set."""
    found: set[tuple[int, ...]] = set()
    for k, d in enumerate(digits):
        left = n - k
        if left < 0:
            continue
        if k and d & 1 and left == 0:
            found.add(())
        if k and d & 2 and left > 0:
            found.add((left,))
        if d & 4:
            found |= {tuple(sorted((a, left - a))) for a in range(1, left)}
        if d & 8:
            found |= {
                tuple(sorted((a, b, left - a - b)))
                for a in range(1, left)
                for b in range(1, left - a)
            }
    return found


@given(
    st.sampled_from([0, 4]),
    st.lists(st.integers(0, 7), min_size=1, max_size=5).filter(any),
    st.integers(0, 25),
)
def test_heap_options_follow_the_digits(d0: int, rest: list[int], n: int) -> None:
    g = Octal((d0, *rest))
    assert set(g.heap_options(n)) == options_by_definition(g.digits, n)


@pytest.mark.parametrize(
    ("code", "digits", "t"),
    [("0.77", (0, 7, 7), 2), (".07", (0, 0, 7), 2), ("4.0", (4,), 0), ("0.137", (0, 1, 3, 7), 3)],
)
def test_codes(code: str, digits: tuple[int, ...], t: int) -> None:
    g = Octal.from_code(code)
    assert g.digits == digits and g.max_removal == t
    assert Octal.from_code(g.code) == g


@pytest.mark.parametrize("code", ["0.8", "1.7", "0..7", "x", "", ".", "0." + "7" * 65])
def test_bad_codes(code: str) -> None:
    with pytest.raises(InvalidGame):
        Octal.from_code(code)


def test_heap_moves_and_their_texts() -> None:
    g = Octal.from_code("4.77")
    cases = [
        (5, (2, 3), Split(5, (2, 3)), "split the heap of 5 into 2+3"),
        (5, (1, 2), TakeAndSplit(5, 2, (1, 2)), "take 2 from the heap of 5, leaving 1+2"),
        (2, (), TakeAll(2), "take the whole heap of 2"),
        (5, (4,), Take(5, 1), "take 1 from the heap of 5"),
    ]
    for n, result, action, text in cases:
        assert g.heap_move(n, result) == action
        assert render_move(action, "en") == text


# -- take-and-break codes ------------------------------------------------------------------


@given(
    st.sampled_from([0, 4, 8, 12]),
    st.lists(st.integers(0, 15), min_size=1, max_size=4).filter(lambda r: max(r) >= 8),
    st.integers(0, 18),
)
def test_hexadecimal_options_follow_the_digits(d0: int, rest: list[int], n: int) -> None:
    g = take_and_break(format(d0, "X") + "." + "".join(format(d, "X") for d in rest))
    digits = (d0, *rest)
    while digits[-1] == 0:
        digits = digits[:-1]
    assert g.digits == digits  # type: ignore[attr-defined]
    assert sorted(g.heap_options(n)) == sorted(options_by_definition(digits, n))  # type: ignore[attr-defined]


def test_one_game_one_spec() -> None:
    kayles = game("kayles")
    for spelling in ("take-and-break:0.77", "octal:0.77", "take-and-break:.770", "octal:.77"):
        g = game(spelling)
        assert g == kayles and hash(g) == hash(kayles) and g.spec == "octal:0.77"
    assert game("take-and-break:0.{1,2}{0,1,2}").spec == "octal:0.67"
    assert game("take-and-break:4!.0") == game("grundy-game")
    hexa = game("take-and-break:0.b1")
    assert hexa.spec == "take-and-break:0.B1" and game(hexa.spec) == hexa
    assert game("take-and-break:0.{2,3}") == game("take-and-break:0.C")
    assert game("take-and-break:C.0").spec == "take-and-break:C.0"


def test_the_caches_follow_the_identity() -> None:
    from nimlab.solve.context import Context
    from nimlab.solve.periodicity import proven_period

    with Context() as context:
        known = proven_period(game("take-and-break:0.77"))  # type: ignore[arg-type]
        assert known is not None and (known.preperiod, known.period) == (71, 12)
        assert context.periods.get(game("kayles")) is known


def test_long_codes() -> None:
    long_octal = "0." + "7" * 65  # longer than octal: accepts
    g = game("take-and-break:" + long_octal)
    assert g.spec == "take-and-break:" + long_octal and game(g.spec) == g
    assert g.capabilities.one_heap is not None and g.capabilities.one_heap.kind == "sparse"
    assert game("take-and-break:0." + "0" * 999 + "3").max_removal == 1000  # type: ignore[attr-defined]
    with pytest.raises(InvalidGame, match="at most 1024"):
        game("take-and-break:0." + "3" * 1025)


def test_more_spellings_of_one_game() -> None:
    """From the take-and-break audit: CGSuite's ``&N;`` digits, trailing zeros past the
    length limits, and a d0 alone (as ``octal:4`` reads it)."""
    kayles = game("kayles")
    assert game("take-and-break:0.&7;&7;") == kayles
    assert game("take-and-break:0.&11;&1;") == game("take-and-break:0.B1")
    assert game("octal:0.77" + "0" * 70) == kayles  # "more than 64 digits" before
    assert game("take-and-break:0.77" + "0" * 1030) == kayles  # "at most 1024 digits" before
    assert game("take-and-break:4") == game("octal:4") == game("octal:4.0")
    with pytest.raises(InvalidGame, match="four or more heaps"):
        game("take-and-break:0.&16;")
    with pytest.raises(InvalidGame, match=r"^take-and-break code 0\.0 allows no move"):
        game("take-and-break:0.000")


def test_ampersand_digits_with_leading_zeros_and_codes_too_long_to_read() -> None:
    """Found by the take-and-break audit of 2026-11-28: &00007; (seven) was refused as "four
    or more heaps", and a code of 10^7 characters was read digit by digit for 16 s."""
    kayles = game("kayles")
    assert game("take-and-break:0.&00007;&0007;") == kayles
    assert game("take-and-break:0.&" + "0" * 10_000 + "7;&7;") == kayles
    with pytest.raises(InvalidGame, match="&16; would let a move leave four or more heaps"):
        game("take-and-break:0.&00016;")
    with pytest.raises(InvalidGame, match="has 10,000,002 characters; at most 16,384"):
        game("take-and-break:0." + "F" * 10**7)


def test_a_sum_s_refusal_says_that_plus_made_a_sum() -> None:
    """Found by the same audit: take-and-break:+0.7 was refused as "malformed code ''"."""
    with pytest.raises(InvalidGame, match=r"'\+' makes a sum of games: 'take-and-break:' was"):
        game("take-and-break:+0.7")
    with pytest.raises(InvalidGame) as refused:
        game("nim + kayles + wythof")
    assert "'wythof' was read as one of 'nim + kayles + wythof'" in str(refused.value)
    assert "'+' はゲームの和です" in refused.value.ja


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("0.G", "malformed"),
        ("0.[3]", "infinite codes"),
        ("1.0", "0, 4, 8 or C"),
        ("0.{4}", "at most 3 heaps"),
        ("0.{x}", "braced heap counts"),
        ("0.{2+}", "malformed"),
        ("4!.1", "only as 4!.0"),
        ("0.0", "no move"),
        ("0.7?", "malformed"),
        ("", "malformed"),
    ],
)
def test_bad_take_and_break_codes(code: str, words: str) -> None:
    with pytest.raises(InvalidGame, match=re.escape(words)):
        game("take-and-break:" + code)


def test_octal_stays_octal_only() -> None:
    with pytest.raises(InvalidGame):
        game("octal:0.B1")
    with pytest.raises(InvalidGame, match="octal game"):
        TakeAndBreak((0, 7, 7))


def test_three_heap_moves_and_their_texts() -> None:
    g = game("take-and-break:0.8")
    assert list(g.heap_options(6)) == [(1, 1, 3), (1, 2, 2)]  # type: ignore[attr-defined]
    action = g.heap_move(6, (1, 1, 3))  # type: ignore[attr-defined]
    assert action == TakeAndSplit(6, 1, (1, 1, 3))
    assert render_move(action, "en") == "take 1 from the heap of 6, leaving 1+1+3"
    assert render_move(action, "ja") == "6 個の山から 1 個取り 1+1+3 に分ける"
    criterion = g.capabilities.period_criterion
    assert criterion is not None and (criterion.parameter, criterion.parts) == (1, 3)
    assert criterion.proves(10, 4, 3 * 10 + 2 * 4 + 1)
    assert not criterion.proves(10, 4, 3 * 10 + 2 * 4)


@given(
    code=st.lists(st.integers(0, 15), min_size=2, max_size=5).map(
        lambda d: [d[0] & ~3 & 0xC, *d[1:]]
    ),
    n=st.integers(0, 24),
)
def test_is_heap_option_is_what_the_options_list_says(code: list[int], n: int) -> None:
    """The test behind a CLI audit fix: on a huge heap the play commands decide a move's
    legality from the code (listing the options stopped at a few thousand, so every winning
    move of kayles at 10^12 was judged illegal and ``hint`` crashed)."""
    from nimlab.games.heap import GrundyGame, Nim, Subtraction

    if not any(code[1:]) and not code[0]:
        return
    written = "0123456789ABCDEF"[code[0]] + "." + "".join("0123456789ABCDEF"[d] for d in code[1:])
    for ruleset in (take_and_break(written), GrundyGame(), Nim(), Subtraction((2, 3, 7))):
        listed = {tuple(sorted(r)) for r in ruleset.heap_options(n)}
        candidates = listed | {(a, b) for a in range(n + 1) for b in range(a, n + 1)}
        candidates |= {(a,) for a in range(n + 2)} | {(), (1, 1, n)}
        for result in candidates:
            assert ruleset.is_heap_option(n, result) == (result in listed), (code, n, result)


def test_long_runs_of_zeros_and_foreign_digits_in_codes() -> None:
    """Trailing zeros were dropped one at a time (80,000 took 1.9 s), and ``&١١;`` (Arabic
    digits) read as 11 (review)."""
    assert game("take-and-break:0.77" + "0" * 200_000) == game("kayles")
    with pytest.raises(InvalidGame, match="malformed"):
        game("take-and-break:0.&١١;")


def test_a_braced_heap_count_of_thousands_of_digits_is_refused_as_too_many_heaps() -> None:
    # found by the CLI fuzz: take-and-break:0.{999…} (10,000 digits) raised Python's
    # ValueError (integer string conversion limit), a traceback
    from nimlab.registry import game

    with pytest.raises(InvalidGame, match=r"at most 3 heaps here, not 99999999…"):
        game("take-and-break:0.{" + "9" * 10_000 + "}")
    assert game("take-and-break:0.{0,2,3}").spec == game("take-and-break:0.D").spec
    assert game("take-and-break:0.{002}").spec == "octal:0.4"
