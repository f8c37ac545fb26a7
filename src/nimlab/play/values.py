"""The value of every move for the player making it, as GamesmanUni colours its moves.

A move *wins* for the mover when it reaches a P-position (under misère play, a
misère P-position), else it *loses*. Its remoteness is the remoteness of the
position it reaches — how many more moves perfect play lasts after it — and is
given only where :mod:`nimlab.play.remoteness` computed it (the k-heap Grundy table, or
the search within ``Limits.remoteness_states``); beyond that it is None, never guessed.

The outcomes come from one analysis of the position being moved from (its
winning moves, when the analysis lists them all), so they are the same
definitions as ``nimlab analyze``; only when that list is incomplete is each
move's position analysed on its own (the first :data:`ANALYSED` of them; the
outcome of the rest is "", not known).

>>> from nimlab.registry import game
>>> nim = game("nim")
>>> values = move_values(nim, (1, 2), nim.some_moves((1, 2), 10))
>>> [(nim.format_position(m.to), v.outcome, v.remoteness) for m, v in values]
[('0,2', 'lose', 1), ('1,1', 'win', 2), ('0,1', 'lose', 1)]
>>> [v.outcome for _, v in move_values(nim, (1, 2), nim.some_moves((1, 2), 10), misere=True)]
['lose', 'lose', 'win']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from nimlab.errors import TooLarge
from nimlab.games.base import Move, Position, Ruleset
from nimlab.limits import Limits, check_limits
from nimlab.play.remoteness import Remoteness
from nimlab.solve.results import Analysis

ANALYSED = 100
"""Moves analysed one by one at most, when the analysis of the position lists only some
winning moves (beyond: outcome "", not known)."""

MoveOutcome = Literal["win", "lose", ""]
"""For the mover: the move wins, loses, or "" (not known within the limits)."""


@dataclass(frozen=True)
class MoveValue:
    """A move's value for the player making it."""

    outcome: MoveOutcome
    remoteness: int | None
    """Remoteness of the position reached (None: not computed within the limits)."""


def move_values(
    game: Ruleset,
    position: Position,
    moves: Sequence[Move],
    misere: bool = False,
    limits: Limits | None = None,
    analysis: Analysis | None = None,
) -> list[tuple[Move, MoveValue]]:
    """Each of ``moves`` (legal moves from ``position``) with its value for the mover.

    ``analysis`` is that of ``position`` (under the same ``misere`` and ``limits``)
    when the caller has it already.
    """
    from nimlab.solve.engine import analyze

    limits = check_limits(limits)
    fmt = game.format_position
    if analysis is None:
        try:
            analysis = analyze(game, position, misere=misere, limits=limits)
        except TooLarge:
            return [(m, MoveValue("", None)) for m in moves]
    winning = {w.to for w in analysis.winning_moves}
    listed = analysis.outcome == "P" or analysis.winning_moves_complete
    remote = Remoteness(game, limits, misere)
    # the table's or one search's: every move's position is then remembered
    searching = analysis.remoteness is not None and remote.value(position) is not None
    values = []
    analysed = 0
    for move in moves:
        remoteness: int | None = None
        outcome: MoveOutcome = ""
        known = remote.value(move.to) if searching else None
        if known is not None:
            grundy, remoteness = known
            outcome = "win" if grundy == 0 else "lose"
        if listed:
            outcome = "win" if fmt(move.to) in winning else "lose"
        elif not outcome and analysed < ANALYSED:
            analysed += 1
            outcome = _outcome(game, move.to, misere, limits)
        values.append((move, MoveValue(outcome, remoteness)))
    return values


def _outcome(game: Ruleset, to: Position, misere: bool, limits: Limits) -> MoveOutcome:
    from nimlab.solve.engine import analyze

    try:
        reached = analyze(game, to, misere=misere, limits=limits, optional=False).outcome
    except TooLarge:
        return ""
    return "win" if reached == "P" else "lose"
