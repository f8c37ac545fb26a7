"""Remoteness for play: the k-heap Grundy table where it serves, else one search."""

from __future__ import annotations

from typing import Any

import pytest

import nimlab
from nimlab.limits import Limits
from nimlab.play import Session
from nimlab.play.remoteness import Remoteness
from nimlab.play.values import move_values
from nimlab.solve.search import Search

GAME, START = "delete-nim:less-than-half", (30, 30, 30, 30)


def test_play_of_a_large_four_heap_position_knows_every_remoteness() -> None:
    # before the k-heap Grundy table: remoteness None for the computer's move, the hint and
    # every move's value (the search ran out of its limit), and 1.8 s a hint
    with nimlab.Context():
        start = nimlab.analyze(GAME, START)
        session = Session(GAME, ",".join(map(str, START)), first="computer")
        turn = session.reply()
        assert turn.kind == "win" and turn.remoteness == start.remoteness - 1 == 12
        hint = session.hint()
        assert hint.outcome == "P" and hint.kind == "delay" and hint.remoteness is not None
        game = nimlab.game(GAME)
        here = turn.move.to
        values = move_values(game, here, game.some_moves(here, 2000))
        assert values and all(v.remoteness is not None for _, v in values)
        assert hint.remoteness == max(v.remoteness or 0 for _, v in values)  # lasts longest
        for move, value in values[:: max(1, len(values) // 12)]:
            reached = nimlab.analyze(GAME, move.to)
            assert value.remoteness == reached.remoteness
            assert value.outcome == ("win" if reached.outcome == "P" else "lose")


def test_after_the_table_answers_no_small_position_is_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched: list[Any] = []
    import nimlab.play.remoteness as module

    real = module.Search

    class Counted(real):  # type: ignore[misc,valid-type]
        def value(self, position: Any) -> Any:
            searched.append(position)
            return super().value(position)

    monkeypatch.setattr(module, "Search", Counted)
    game = nimlab.game(GAME)
    with nimlab.Context():
        remote = Remoteness(game, Limits())
        assert remote.value(START) == (2, 13)
        small = (1, 1, 2, 29)  # small enough for search, inside the table's box
        assert remote(small) == Search(game).value(small)[1]
    assert searched == []


def test_small_positions_and_misere_play_are_searched() -> None:
    game = nimlab.game("delete-nim:single")
    small = nimlab.analyze(game, (3, 4, 5))
    assert Remoteness(game, Limits()).value((3, 4, 5)) == (small.grundy, small.remoteness)
    remote = Remoteness(game, Limits(), misere=True)
    misere = nimlab.analyze(game, (3, 4, 5), misere=True)
    assert remote.value((3, 4, 5)) == (misere.grundy, misere.remoteness)
    assert not remote.tabled


def test_a_search_certain_not_to_fit_is_not_started() -> None:
    """Found by the API audit of 2026-11-28: the computer's reply in Nim at 10^30, 10^30 + 5
    took 13 s, a search spending the whole remoteness limit before giving up."""
    nim = nimlab.game("nim")
    remote = Remoteness(nim, Limits())
    assert remote.value((10**30, 10**30)) is None
    assert remote.search.budget.used == 0 and not remote.failed
    assert remote.value((3, 4, 5)) == (2, nimlab.analyze(nim, (3, 4, 5)).remoteness)
    turn = Session("nim", f"{10**30},{10**30 + 5}", first="computer").reply()
    assert turn.kind == "win" and turn.move.to == (10**30, 10**30)


@pytest.mark.parametrize(
    ("game", "start"),
    [
        ("nim + nim", "9,10 + 11,12"),
        ("nim + kayles", "3,4,6 + 8,10"),
        ("wythoff + nim", "9,10 + 11"),
    ],
)
def test_a_sum_s_hint_and_reply_past_the_kernel_size(game: str, start: str) -> None:
    """Found by the play audit of 2026-11-28: a sum's position (a tuple per component) was
    handed to the k-heap table once the search grew past KERNEL_MIN_STATES, a TypeError."""
    session = Session(game, start)
    hint = session.hint()
    reached = nimlab.analyze(game, nimlab.game(game).format_position(hint.move.to))
    assert hint.outcome == nimlab.analyze(game, start).outcome
    if hint.kind == "win":
        assert reached.outcome == "P"
    turn = Session(game, start, first="computer").reply()
    assert turn.kind in ("win", "delay")
