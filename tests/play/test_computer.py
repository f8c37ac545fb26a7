"""The computer: perfect wins whenever it can and, when lost, survives longest; random is legal."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.errors import InvalidOption
from nimlab.play import Session
from nimlab.play.computer import choose, perfect
from nimlab.solve.search import Search
from strategies import SPECS, positions

GAMES = {spec: nimlab.game(spec) for spec in SPECS}
SINGLE = [spec for spec in SPECS if "+" not in spec]  # sums' searches are too big for this test


@pytest.mark.parametrize("spec", SINGLE)
@given(data=st.data())
def test_perfect_play(spec: str, data: st.DataObject) -> None:
    g = GAMES[spec]
    p: Any = data.draw(positions(g))
    if g.is_terminal(p):
        with pytest.raises(InvalidOption, match="no move"):
            perfect(g, p)
        return
    search = Search(g)
    choice = perfect(g, p)
    assert choice.move.to in set(g.options(p))
    if search.grundy(p) != 0:  # wins, as fast as possible
        wins = [o for o in g.options(p) if search.grundy(o) == 0]
        assert choice.kind == "win" and search.grundy(choice.move.to) == 0
        best = min(search.value(o)[1] for o in wins)
    else:  # lost: lasts as long as possible
        assert choice.kind == "delay"
        best = max(search.value(o)[1] for o in g.options(p))
    # Remoteness is unknown only where search is over Limits.remoteness_states.
    assert choice.remoteness in (best, None)
    assert choice.remoteness is not None or nimlab.analyze(g, p).remoteness is None


def test_random_and_mix_levels_are_legal_and_seeded() -> None:
    g = nimlab.game("nim")
    a = [choose(g, (5, 6, 7), "random", random.Random(3)).move for _ in range(3)]
    b = [choose(g, (5, 6, 7), "random", random.Random(3)).move for _ in range(3)]
    assert a == b
    kinds = {choose(g, (5, 6, 7), "mix", random.Random(s)).kind for s in range(20)}
    assert kinds == {"random", "win"}
    with pytest.raises(InvalidOption, match="perfect, random, mix"):
        choose(g, (1,), "genius", random.Random(0))


def test_huge_positions_use_the_theorems() -> None:
    n = 10**40
    win = perfect(nimlab.game("wythoff"), (n, 3 * n))
    assert win.kind == "win" and win.remoteness is None
    lost = perfect(nimlab.game("nim"), (n, n))
    assert lost.kind == "delay" and lost.move.text == f"take 1 from the heap of {n}"


def test_the_computer_plays_the_half_game_of_big_heaps() -> None:
    # At 250 ×4 this used to crash: the theorem's winning move was "not legal" (listing
    # the moves was over the limit and only the single variants were decided by rules).
    s = Session("split-delete-nim:half", "250,250,250,250", first="computer")
    assert s.reply().move.to == (125, 125, 125, 125)


@pytest.mark.parametrize(
    "spec", ["split-delete-nim:half", "delete-nim:half", "delete-nim:less-than-half"]
)
def test_a_random_move_of_big_heaps_is_accepted_back(spec: str) -> None:
    g, here = nimlab.game(spec), (1000, 1000, 1000, 1000)
    move = choose(g, here, "random", random.Random(1)).move
    s = Session(spec, "1000,1000,1000,1000")
    assert s.play(g.format_position(move.to)).move.to == move.to
