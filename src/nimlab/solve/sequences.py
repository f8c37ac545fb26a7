"""Grundy sequences of heap games, and of fresh take-away games.

>>> grundy_sequence("subtraction:2,4,7", 14).tolist()
[0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2, 1, 0, 2]
>>> grundy_sequence("take-le-prev", 9).tolist()  # 0 exactly at 1, 2, 4, 8 (and 0): seed 000
[0, 0, 0, 2, 0, 3, 3, 3, 0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nimlab.errors import InvalidOption, NotApplicable
from nimlab.games.base import HeapRuleset, Ruleset
from nimlab.games.take_away import TakeAway
from nimlab.limits import Limits
from nimlab.registry import game as as_game
from nimlab.solve.heaps import heap_values
from nimlab.solve.search import Search

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def check_count(n: object, what: str = "--to") -> int:
    """Check a count argument: an integer ≥ 0."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise InvalidOption(f"{what} must be an integer ≥ 0, got {n!r}")
    return n


def sequence_values(game: Ruleset, n: int, limits: Limits) -> list[int]:
    """G(0..n-1) as a list (heap games; fresh games for take-away)."""
    n = check_count(n)
    limits.check(n, "values")
    if isinstance(game, HeapRuleset):
        return heap_values(game, n, limits.budget())
    if isinstance(game, TakeAway):
        limits.check(n * (n + 1) // 2, "take-away states")
        search = Search(game, budget=limits.budget())
        return [search.grundy((k, max(k - 1, 0))) for k in range(n)]
    raise NotApplicable(
        f"sequence applies to heap games (nim, subtraction, octal, grundy-game) and take-away; "
        f"{game.spec} is not one — try `table` or `ppositions`"
    )


def grundy_sequence(
    game: str | Ruleset, n: int, *, limits: Limits | None = None
) -> npt.NDArray[np.unsignedinteger]:
    """G(0), ..., G(n-1) as a numpy array of the smallest unsigned type that fits.

    For a heap game these are the values of single heaps; for a take-away game
    the values of fresh games of 0, 1, ..., n-1 stones.
    """
    import numpy as np

    values = sequence_values(as_game(game), n, limits or Limits())
    top = max(values, default=0)
    dtype = next(t for t in (np.uint8, np.uint16, np.uint32, np.uint64) if top <= np.iinfo(t).max)
    return np.asarray(values, dtype=dtype)
