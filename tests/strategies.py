"""Hypothesis strategies: a small random position of any registered game."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from nimlab.errors import NimlabError
from nimlab.games.base import Ruleset

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
    """Small canonical positions of ``game`` (small enough for brute force), chosen by what
    the ruleset declares — its shape, least heap and the heap counts it accepts — never by
    its class."""
    capabilities = game.capabilities
    if capabilities.shape == "sum":
        return st.tuples(*(positions(c) for c in game.summands()))
    if capabilities.shape == "take-away":
        return st.integers(0, 25).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n)))
    if capabilities.shape == "heap":
        return st.lists(st.integers(0, 9), max_size=3).map(lambda hs: tuple(sorted(hs)))
    if capabilities.shape == "heaps":
        least, top = capabilities.least_heap, {2: 12, 3: 7, 4: 5}
        counts = [k for k in top if _accepts(game, (least,) * k)]
        return (
            st.sampled_from(counts)
            .flatmap(lambda k: st.lists(st.integers(least, top[k]), min_size=k, max_size=k))
            .map(lambda hs: tuple(sorted(hs)))
        )
    raise TypeError(f"no strategy for {game.spec}")


def _accepts(game: Ruleset, position: tuple[int, ...]) -> bool:
    """Whether ``game`` takes ``position`` (asked of its own validation)."""
    try:
        game.validate(position)
    except NimlabError:
        return False
    return True
