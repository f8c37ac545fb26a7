"""Typed moves: every syntax, legality decided by the rules, never by listing huge positions."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.errors import IllegalMove
from nimlab.games.base import Move
from nimlab.play.moves import describe, find_move, legal_move
from strategies import SPECS, positions

GAMES = {spec: nimlab.game(spec) for spec in SPECS}


@pytest.mark.parametrize("spec", SPECS)
@given(data=st.data())
def test_legal_move_agrees_with_the_rules(spec: str, data: st.DataObject) -> None:
    g = GAMES[spec]
    p: Any = data.draw(positions(g))
    texts: dict[Any, set[Move]] = {}  # the moves as the rules list them, by position reached
    for m in g.moves(p):
        texts.setdefault(m.to, set()).add(m)
    for to, described in texts.items():
        move = legal_move(g, p, to)
        assert move is not None and move.to == to and move in described
        assert move.text in {m.text for m in described}
    other: Any = data.draw(positions(g))
    assert (legal_move(g, p, other) is not None) == (other in texts)


@pytest.mark.parametrize(
    ("spec", "pos", "typed", "to"),
    [
        ("nim", "3,4,5", "take 2 from 3", (1, 4, 5)),
        ("nim", "3,4,5", "take 2 from the heap of 3", (1, 4, 5)),
        ("nim", "3,4,5", "1,4,5", (1, 4, 5)),
        ("nim", "0,7", "take 7", (0, 0)),
        ("wythoff", "4,6", "take 1 from both", (3, 5)),
        ("wythoff", "4,6", "take 3 from 6", (3, 4)),
        ("take-away:2", "20", "take 3", (17, 6)),
        ("take-away:2", "20", "3", (17, 6)),
        ("take-away:2", "20", "17/6", (17, 6)),
        ("nim + subtraction:1,2,3", "2 + 5", "2 + 2", ((2,), (2,))),
        ("split-delete-nim:single", "5,8", "3,5", (3, 5)),
        ("kayles", "5", "1,3", (1, 3)),
    ],
)
def test_syntaxes(spec: str, pos: str, typed: str, to: Any) -> None:
    g = nimlab.game(spec)
    assert find_move(g, g.parse_position(pos), typed).to == to


def test_listed_moves_by_number() -> None:
    g = nimlab.game("nim")
    listed = g.some_moves((2, 3), 12)
    assert find_move(g, (2, 3), "#2", listed) == listed[1]
    with pytest.raises(IllegalMove, match="#1 to #5"):
        find_move(g, (2, 3), "#9", listed)


@pytest.mark.parametrize(
    ("spec", "pos", "typed", "message"),
    [
        ("nim", "3,4", "take 5 from 3", "legal moves: take 1 to 3 from the heap of 3"),
        ("nim", "3,4", "take 1", "say which heap"),
        ("nim", "3,4", "take 1 from 9", "no heap of 9"),
        ("nim", "3,4", "banana", "cannot read 'banana'"),
        ("wythoff", "2,5", "take 3 from both", "1 to 2 from both"),
        ("take-away:2", "10/2", "take 3", "take 1 to 2"),
        ("take-away:2", "10/2", "take 1 from 3", "just `take K`"),
        ("delete-nim:single", "3,5", "1,1", "#1 delete"),
        ("fibonacci-nim", "1", "take 1", "none"),
        ("subtraction:2,4,7", "5", "take 1 from 5", "s ∈ {2,4,7}"),
        ("split-delete-nim:single", "2,3", "take 1 from 2", "heap games"),
    ],
)
def test_illegal_moves_describe_the_legal_ones(
    spec: str, pos: str, typed: str, message: str
) -> None:
    g = nimlab.game(spec)
    with pytest.raises(IllegalMove, match=message.replace("(", r"\(").replace("{", r"\{")):
        find_move(g, g.parse_position(pos), typed)


def test_huge_split_games_are_checked_by_the_rules() -> None:
    n = 10**30
    sd, dn = nimlab.game("split-delete-nim:single"), nimlab.game("delete-nim:single")
    assert find_move(sd, (n, n + 1), f"{n},{n}").text == f"split {n + 1} into 1+{n}, delete 1"
    half = n // 2
    assert (
        find_move(sd, (n, n + 1), f"{half},{half}").text
        == f"split {n} into {half}+{half}, delete {n + 1}"
    )
    assert (
        find_move(dn, (n, n + 1), f"1,{n - 1}").text == f"delete {n + 1}, split {n} into 1+{n - 1}"
    )
    with pytest.raises(IllegalMove):
        find_move(dn, (n, n + 1), f"{n},{n}")
    assert nimlab.game("split-delete-nim:half").some_moves((n, n, n, n), 5)


def test_describe() -> None:
    assert describe(nimlab.game("nim"), (0, 2)) == "take 1 to 2 from the heap of 2"
    assert describe(nimlab.game("nim"), (0, 0)) == "none"
    assert "#1" in describe(nimlab.game("kayles"), (3,))
    assert "type `moves`" in describe(nimlab.game("kayles"), (30,))


@pytest.mark.parametrize(
    "typed",
    ["take " + "9" * 5000 + " from 5", "9" * 5000, "#" + "9" * 5000, "take 1 from " + "9" * 5000],
)
def test_a_number_of_thousands_of_digits_is_an_illegal_move(typed: str) -> None:
    for spec, pos in (("nim", (3, 4, 5)), ("fibonacci-nim", (20, 19))):
        with pytest.raises(IllegalMove, match="5,000 digits; at most 4000"):
            find_move(nimlab.game(spec), pos, typed)


@pytest.mark.parametrize(
    ("game", "position", "typed", "reached", "words"),
    [
        ("nim + nim", "0,3,5 + 2", "3,4 + 2", "0,3,4 + 2", "take 1 from the heap of 5"),
        ("nim + kayles", "0,2 + 4", "2 + 3", "0,2 + 3", "take 1 from the heap of 4"),
        ("nim", "0,0,1", "0", "0,0,0", "take 1 from the heap of 1"),
        ("wythoff", "1,2", "take 1 from both", "0,1", "take 1 from both heaps"),
        ("wythoff", "2,4", "take 2 from both", "0,2", "take 2 from both heaps"),
    ],
)
def test_more_ways_of_typing_a_move(
    game: str, position: str, typed: str, reached: str, words: str
) -> None:
    """Found by the play audit of 2026-11-28: in a sum an emptied heap could not be left
    out, 0 did not take the last stone, and `take 1 from both` at 1,2 was played and
    recorded as `take 2 from the heap of 2`."""
    g = nimlab.game(game)
    move = find_move(g, g.parse_position(position), typed)
    assert g.format_position(move.to) == reached
    assert words in move.text


@pytest.mark.parametrize("typed", ["take -1 from 3", "take 1.0 from 3", "take x from y", "take"])
def test_a_take_not_understood_is_said_to_be_one(typed: str) -> None:
    """Found by the play audit of 2026-11-28: read as a position, `take -1 from 3` was "heap
    'take -1 from 3' is not a non-negative integer"."""
    g = nimlab.game("nim")
    with pytest.raises(IllegalMove, match=r"write `take K` or `take K from H`") as refused:
        find_move(g, (3, 4), typed)
    assert "`take K from H`（H 個の山から K 個）" in refused.value.ja
