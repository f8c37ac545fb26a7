"""Position parsing and validation shared by every heap game, and user rulesets."""

from __future__ import annotations

import pytest

import nimlab
from nimlab.errors import InvalidPosition
from nimlab.games.actions import MoveTo
from nimlab.games.base import Ruleset, check_heaps, parse_heaps


@pytest.mark.parametrize(
    ("text", "heaps"), [("3,4,5", (3, 4, 5)), (" 5 , 3 ", (5, 3)), ("", ()), ("0", (0,))]
)
def test_parse_heaps(text: str, heaps: tuple[int, ...]) -> None:
    assert parse_heaps(text, "nim") == heaps


@pytest.mark.parametrize("text", ["-1", "1.5", "a", "3,,4", "3,", "1e3", "+2", "٣"])
def test_parse_heaps_refuses(text: str) -> None:
    with pytest.raises(InvalidPosition, match="comma-separated integers ≥ 0"):
        parse_heaps(text, "nim")


def test_huge_heaps_are_exact_integers() -> None:
    big = 10**40
    assert parse_heaps(f"{big},3", "nim") == (big, 3)


@pytest.mark.parametrize(
    ("game", "position"),
    [("nim", [10**5000, 1]), ("wythoff", (1, 10**4000)), ("fibonacci-nim", (10**4001, 3))],
)
def test_a_sequence_position_with_a_number_past_the_digit_cap_is_refused(
    game: str, position: object
) -> None:
    """Found by the API audit: text positions were capped at 4,000 digits but sequences
    were not, and printing them raised Python's own ``ValueError`` (4,300 digits)."""
    with pytest.raises(InvalidPosition, match="more than 4000 digits"):
        nimlab.analyze(game, position)
    assert nimlab.analyze("nim", [10**3999, 1]).outcome == "N"  # 4,000 digits: accepted


def test_integers_of_any_integer_type_are_heaps() -> None:
    """Found by the API audit: numpy's integers (as ``grundy_sequence`` returns) were
    refused as heaps; they are integers. ``bool`` stays refused."""
    import numpy as np

    assert nimlab.analyze("nim", [np.int64(3), np.uint8(4)]).position == "3,4"
    assert nimlab.analyze("fibonacci-nim", (np.int32(20), 5)).position == "20/5"
    assert check_heaps((np.int16(2), 1), "nim") == (1, 2)
    assert all(type(h) is int for h in check_heaps((np.int16(2), 1), "nim"))
    with pytest.raises(InvalidPosition):
        check_heaps((np.bool_(True),), "nim")


def test_check_heaps_sorts_and_refuses_bad_values() -> None:
    assert check_heaps((5, 1, 3), "nim") == (1, 3, 5)
    for bad in [(1, -2), (1, 2.0), (True,), [1, 2]]:
        with pytest.raises(InvalidPosition):
            check_heaps(bad, "nim")


def test_heaps_ruleset_counts_and_minimum() -> None:
    with pytest.raises(InvalidPosition, match="exactly 2 heaps"):
        nimlab.Wythoff().position("1,2,3")
    with pytest.raises(InvalidPosition, match="at least 1 stone"):
        nimlab.DeleteNim("single").position("0,4")
    with pytest.raises(InvalidPosition, match="even number of heaps"):
        nimlab.SplitDeleteNim("half").position("1,2,3")
    assert nimlab.Nim().position([5, 0, 3]) == (0, 3, 5)


def test_a_ruleset_must_define_moves_or_options() -> None:
    class Empty(Ruleset):
        pass

    with pytest.raises(TypeError, match="must define"):
        list(Empty().moves((1,)))
    with pytest.raises(TypeError, match="must define"):
        list(Empty().options((1,)))


def test_a_user_ruleset_with_only_options_gets_every_analysis() -> None:
    class Countdown(Ruleset):
        """One counter; subtract 1 or 2, or halve it when even."""

        def validate(self, position: object) -> tuple[int, ...]:
            return check_heaps(position, "countdown")

        def options(self, position: tuple[int, ...]):  # type: ignore[no-untyped-def]
            (n,) = position
            yield from ((n - k,) for k in (1, 2) if k <= n)
            if n and n % 2 == 0:
                yield (n // 2,)

    a = nimlab.analyze(Countdown(), "9")
    assert a.outcome in "PN" and a.winning_moves_complete
    assert all(m.move.startswith("move to") for m in a.winning_moves)
    assert all(m.action == MoveTo(m.to) for m in a.winning_moves)


def test_a_refusal_asks_for_the_game_s_least_heap() -> None:
    # found by the audit of 2026-11-28: split/delete games asked for "integers ≥ 0"
    # and then refused a 0 ("has at least 1 stone")
    game = nimlab.game("split-delete-nim:single")
    with pytest.raises(InvalidPosition, match="comma-separated integers ≥ 1") as info:
        game.parse_position("-3,4,5")
    assert "山は 1 以上の整数" in info.value.ja
    with pytest.raises(InvalidPosition, match="comma-separated integers ≥ 0"):
        nimlab.game("nim").parse_position("-3,4,5")
