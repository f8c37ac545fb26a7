"""Exact periodicity of Grundy sequences: (preperiod, period, saltus).

``proven`` is true only when a theorem's criterion has been checked on the
computed values:

* subtraction game S: if G(n+p) = G(n) for max(S) consecutive n from n0,
  then for all n ≥ n0 (each value depends only on the max(S) before it);
* octal game with t = the largest number of stones a move removes: if
  G(n+p) = G(n) for n0 ≤ n < 2·n0 + p + t, then for all n ≥ n0 (Guy–Smith,
  *Winning Ways* ch. 4);
* Nim: G(n) = n, arithmetic periodic with period 1 and saltus 1.

Otherwise a periodicity that merely repeats in the computed values is
reported with ``proven=False``.

>>> periodicity("subtraction:2,4,7")
Periodicity(8, 3, 0, proven=True)
>>> periodicity("kayles")
Periodicity(71, 12, 0, proven=True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nimlab.errors import NotApplicable, TooLarge
from nimlab.games.base import HeapRuleset, Ruleset
from nimlab.games.heap import Nim, Subtraction
from nimlab.games.octal import Octal
from nimlab.limits import Limits
from nimlab.registry import game as as_game
from nimlab.solve.heaps import heap_values
from nimlab.solve.results import Periodicity

Criterion = Callable[[int, int, int], bool]
"""``(n0, p, verified_to)``: does agreement on [n0, verified_to) prove the period?"""

OBSERVED_PERIODS = 3
"""An unproven period must repeat this many times in the computed values."""


def criterion(game: HeapRuleset) -> Criterion | None:
    """The theorem that proves a period of ``game`` from finitely many values, if any."""
    if isinstance(game, Subtraction):
        window = game.subtraction_set[-1]
        return lambda n0, p, verified_to: verified_to - n0 >= window
    if isinstance(game, Octal):
        t = game.max_removal
        return lambda n0, p, verified_to: verified_to >= 2 * n0 + p + t
    return None


def criterion_name(game: Ruleset) -> str | None:
    """The name of the theorem that proves ``game``'s periods, if there is one."""
    if isinstance(game, Nim):
        return "theorem G(n) = n (every smaller value is an option)"
    if isinstance(game, Subtraction):
        return f"max(S)-window criterion (a window of {game.subtraction_set[-1]} values repeats)"
    if isinstance(game, Octal):
        return f"Guy–Smith criterion (t = {game.max_removal})"
    return None


def find_period(
    values: Sequence[int], proof: Criterion | None, arithmetic: bool = False
) -> tuple[int, int, int] | None:
    """The least period (and its preperiod, saltus) of ``values`` that ``proof`` accepts.

    Without a criterion, a period is accepted once it repeats
    ``OBSERVED_PERIODS`` times after its preperiod.

    >>> find_period([0, 0, 1, 1, 2, 2, 0, 3] + [1, 0, 2] * 4, None)
    (8, 3, 0)
    """
    length = len(values)
    for p in range(1, length // 2 + 1):
        saltus = values[-1] - values[-1 - p] if arithmetic else 0
        if saltus < 0 or (arithmetic and saltus == 0):
            continue
        n = length - p - 1
        while n >= 0 and values[n + p] == values[n] + saltus:
            n -= 1
        n0 = n + 1
        verified_to = length - p  # G(n+p) = G(n) + s is known for n0 <= n < verified_to
        if proof is not None:
            if proof(n0, p, verified_to):
                return n0, p, saltus
        elif verified_to - n0 >= OBSERVED_PERIODS * p:
            return n0, p, saltus
    return None


def periodicity(
    game: str | Ruleset, *, limits: Limits | None = None, max_length: int | None = None
) -> Periodicity:
    """The periodicity of a heap game's Grundy sequence, computing as far as needed.

    Values are computed in doubling lengths until a period is proven (or, for
    games without a criterion, observed), up to ``max_length`` values or the
    state limit; then the sequence is reported as not (yet) periodic.
    """
    g = as_game(game)
    limits = limits or Limits()
    if not isinstance(g, HeapRuleset):
        raise NotApplicable(
            f"period applies to heap games (subtraction, octal, nim, grundy-game); "
            f"{g.spec} is not one"
        )
    if isinstance(g, Nim):
        return Periodicity(0, 1, 1, proven=True, checked_to=0, game=g.spec)
    proof = criterion(g)
    top = g.subtraction_set[-1] if isinstance(g, Subtraction) else 16
    length = max(64, 4 * top)
    budget = limits.budget()
    checked = 0
    while max_length is None or checked < max_length:
        if max_length is not None:
            length = min(length, max_length)
        try:
            values = heap_values(g, length, budget)
        except TooLarge:
            break
        checked = length
        found = find_period(values, proof)
        if found is None and proof is None:
            found = find_period(values, None, arithmetic=True)
        if found is not None:
            n0, p, s = found
            return Periodicity(n0, p, s, proven=proof is not None, checked_to=checked, game=g.spec)
        length *= 2
    return Periodicity(None, None, None, proven=False, checked_to=checked, game=g.spec)
