"""One exception hierarchy for everything nimlab refuses.

Every error carries a one-line message that names what was wrong and what is
accepted, and an ``exit_code`` the command-line tool uses: 2 for bad input,
3 for work refused because it is over a resource limit.

>>> from nimlab import game
>>> try:
...     game("nimm")
... except InvalidGame as e:
...     print(e)
unknown game 'nimm'; did you mean 'nim'? (`nimlab games` lists every game)
"""

from __future__ import annotations


class NimlabError(Exception):
    """Base class of every error nimlab raises on purpose."""

    exit_code = 2
    kind = "error"


class InvalidGame(NimlabError, ValueError):
    """A game spec that does not name a game, or has malformed parameters."""

    kind = "invalid_game"


class InvalidPosition(NimlabError, ValueError):
    """A position that is malformed or not a position of the game."""

    kind = "invalid_position"


class InvalidOption(NimlabError, ValueError):
    """A command option or function argument out of its accepted range."""

    kind = "invalid_option"


class NotApplicable(NimlabError, ValueError):
    """An analysis asked of a game it does not apply to (e.g. `period` of Wythoff)."""

    kind = "not_applicable"


class IllegalMove(NimlabError, ValueError):
    """A move that the rules do not allow from the current position."""

    kind = "illegal_move"


class TooLarge(NimlabError):
    """Work refused because it is over a resource limit.

    The message names the limit and the option that raises it.
    """

    exit_code = 3
    kind = "too_large"
