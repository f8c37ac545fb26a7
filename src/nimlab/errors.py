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
    """Base class of every error nimlab raises on purpose.

    ``field`` names the parameter that was wrong (``size``, ``max_heap``) where
    one was: the library's message starts with it, and a front end renders the
    message with its own name for it (the command line's ``--size``).

    >>> e = InvalidOption("size must be an integer ≥ 1, got 0", field="size")
    >>> str(e), e.render({"size": "--size"})
    ('size must be an integer ≥ 1, got 0', '--size must be an integer ≥ 1, got 0')
    """

    exit_code = 2
    kind = "error"

    def __init__(self, message: str = "", field: str | None = None) -> None:
        super().__init__(message)
        self.field = field

    def render(self, names: dict[str, str] | None = None) -> str:
        """The message with the field named as ``names`` (field → front-end name) says."""
        text = str(self)
        name = None if self.field is None else (names or {}).get(self.field)
        if name is not None and text.startswith(self.field or ""):
            return name + text[len(self.field or "") :]
        return text


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

    ``limit`` is the :class:`~nimlab.limits.Limits` field that was reached
    (``max_states``, ``max_memory``, ``remoteness_states``, ``max_seconds``),
    or ``None`` for a front end's own cap. The library's message names the
    field; a front end renders it with its own name for the field
    (:meth:`render`), e.g. the command line's ``--max-states``.

    >>> error = TooLarge("this needs more than 10 states", "max_states")
    >>> str(error)
    'this needs more than 10 states; raise the limit Limits.max_states'
    >>> error.render({"max_states": "--max-states"})
    'this needs more than 10 states; raise the limit with --max-states'
    """

    exit_code = 3
    kind = "too_large"

    def __init__(self, reason: str, limit: str | None = None, note: str = "") -> None:
        self.reason = reason
        self.limit = limit
        self.note = note
        super().__init__(self.render(), field=limit)

    def render(self, names: dict[str, str] | None = None) -> str:
        """The message, naming the limit as ``names`` (field → front-end name) calls it."""
        text = self.reason
        if self.limit is not None:
            name = (names or {}).get(self.limit)
            named = f"with {name}" if name else f"Limits.{self.limit}"
            text += f"; raise the limit {named}"
        return text + (f"; {self.note}" if self.note else "")
