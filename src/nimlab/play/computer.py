"""The computer's moves: perfect, random, or a mix of the two.

A perfect player wins whenever it can, taking the winning move that ends the
game soonest (least remoteness). When it is lost it takes the move that
survives longest (greatest remoteness), so a person has to play well to the
end. Remoteness comes from :mod:`nimlab.play.remoteness` (the k-heap Grundy table, or
search within ``Limits.remoteness_states``); beyond that (huge positions) the winning
move comes from the theorem and a lost player takes the smallest move, which changes
the position least.

>>> import random
>>> from nimlab.registry import game
>>> choose(game("nim"), (3, 4, 5), "perfect", random.Random(0)).move.to
(1, 4, 5)
>>> choose(game("nim"), (1, 2, 3), "perfect", random.Random(0)).kind
'delay'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from nimlab.errors import InvalidOption
from nimlab.games.base import Move, Position, Ruleset
from nimlab.limits import Limits, check_limits
from nimlab.play.moves import legal_move
from nimlab.play.remoteness import Remoteness

LEVELS = ("perfect", "random", "mix")
MIX_PERFECT = 0.5
"""At level ``mix`` the computer plays perfectly this often, else at random."""
POOL = 2_000
"""The most moves considered for a random move or for the longest defence."""


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise InvalidOption(
            f"unknown level {level!r}; accepted: {', '.join(LEVELS)}",
            ja=f"レベル {level!r} は不明です。使えるレベル: {', '.join(LEVELS)}",
        )
    return level


@dataclass(frozen=True)
class Choice:
    """A move and why it was chosen: ``win``, ``delay`` (lost, lasting longest) or ``random``."""

    move: Move
    kind: str
    remoteness: int | None = None


def choose(
    game: Ruleset,
    position: Position,
    level: str,
    rng: random.Random,
    limits: Limits | None = None,
    misere: bool = False,
) -> Choice:
    """The computer's move at ``level`` (under misère play when ``misere``)."""
    check_level(level)
    limits = check_limits(limits)
    if level == "random" or (level == "mix" and rng.random() >= MIX_PERFECT):
        moves = game.some_moves(position, POOL)
        if not moves:
            raise InvalidOption(
                f"{game.format_position(position)} has no move",
                ja=f"{game.format_position(position)} には手がありません",
            )
        return Choice(rng.choice(moves), "random")
    return perfect(game, position, limits, misere)


def perfect(
    game: Ruleset, position: Position, limits: Limits | None = None, misere: bool = False
) -> Choice:
    """The winning move that wins soonest, or the losing move that lasts longest.

    >>> from nimlab.registry import game
    >>> perfect(game("nim"), (1, 1, 2), misere=True).move.to  # Bouton: leave three 1s
    (1, 1, 1)
    """
    from nimlab.solve.engine import analyze

    limits = check_limits(limits)
    # The outcome and winning moves only: remoteness comes from the k-heap table or a
    # search of its own, within the remoteness limit (the optional steps could spend the
    # whole state limit)
    analysis = analyze(game, position, misere=misere, limits=limits, optional=False)
    remote = Remoteness(game, limits, misere)
    if analysis.outcome == "N" and analysis.winning_moves:
        found = (
            legal_move(game, position, game.parse_position(m.to)) for m in analysis.winning_moves
        )
        wins = [m for m in found if m is not None]
        if not wins:  # never a losing move from a winning position: say so instead
            raise RuntimeError(
                f"none of the winning moves of {analysis.game} at {analysis.position} is a "
                "legal move (a bug: please report it)"
            )
        best = min(wins, key=lambda m: _or(remote(m.to), 10**9))  # the winner hurries
        return Choice(best, "win", remote(best.to))
    moves = game.some_moves(position, POOL)
    if not moves:
        raise InvalidOption(
            f"{game.format_position(position)} has no move",
            ja=f"{game.format_position(position)} には手がありません",
        )
    best = max(moves, key=lambda m: _or(remote(m.to), -1))  # the loser delays
    return Choice(best, "delay", remote(best.to))


def _or(value: int | None, default: int) -> int:
    return default if value is None else value
