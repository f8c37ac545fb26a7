"""Hypothesis strategies: a small random position of any registered game."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from nimlab.games.base import HeapRuleset, HeapsRuleset, Ruleset
from nimlab.games.split_delete import DeleteNim, SplitDeleteNim
from nimlab.games.sums import Sum
from nimlab.games.take_away import TakeAway
from nimlab.games.wythoff import Wythoff

# At least one spec per registered family (tests check that), plus aliases and sums.
SPECS = [
    "nim",
    "subtraction:1,2,3",
    "subtraction:2,4,7",
    "subtraction:3,5",
    "octal:0.77",
    "dawson-kayles",
    "octal:4.07",
    "octal:0.6",
    "octal:0.137",
    "take-and-break:0.B1",
    "take-and-break:C.3",
    "grundy-game",
    "take-le-prev",
    "fibonacci-nim",
    "take-away:3",
    "wythoff",
    "split-delete-nim:single",
    "split-delete-nim:half",
    "delete-nim:single",
    "delete-nim:half",
    "delete-nim:less-than-half",
    "delete-nim:all-but-one",
    "subtraction:squares",
    "subtraction:fibonacci",
    "subtraction:primes",
    "subtraction:powers-of-2",
    "all-but:1,2",
    "all-but:2,5",
    "nim + subtraction:1,2,3",
    "wythoff + kayles",
    "subtraction:squares + all-but:3",
]


def positions(game: Ruleset) -> st.SearchStrategy[Any]:
    """Small canonical positions of ``game`` (small enough for brute force)."""
    if isinstance(game, Sum):
        return st.tuples(*(positions(c) for c in game.components))
    if isinstance(game, TakeAway):
        return st.integers(0, 25).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n)))
    if isinstance(game, Wythoff):
        return st.tuples(st.integers(0, 12), st.integers(0, 12)).map(lambda p: tuple(sorted(p)))
    if isinstance(game, SplitDeleteNim | DeleteNim):
        even = game.variant == "half"
        counts = st.sampled_from([2, 4] if even else [2, 3, 4])
        top = {2: 12, 3: 7, 4: 5}
        return counts.flatmap(
            lambda k: st.lists(st.integers(1, top[k]), min_size=k, max_size=k)
        ).map(lambda hs: tuple(sorted(hs)))
    if isinstance(game, HeapRuleset):
        return st.lists(st.integers(0, 9), max_size=3).map(lambda hs: tuple(sorted(hs)))
    if isinstance(game, HeapsRuleset):
        return st.lists(st.integers(game.min_heap, 6), min_size=2, max_size=3).map(
            lambda hs: tuple(sorted(hs))
        )
    raise TypeError(f"no strategy for {game.spec}")
