"""A move: the position it reaches and what it does, as data; its words are a view.

As python-chess's ``Move`` and ``board.san(move)``: the value round-trips, the
text comes from :func:`~nimlab.games.wording.render_move`, in English or Japanese.

>>> from nimlab.games.actions import Take
>>> m = Move((1, 4, 5), Take(3, 2))
>>> m
Move(to=(1, 4, 5), action=Take(heap=3, amount=2))
>>> m.text, m.words("ja")
('take 2 from the heap of 3', '3 個の山から 2 個取る')
>>> eval(repr(m)) == m
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nimlab.games.actions import Action
from nimlab.games.wording import render_move

Position = tuple[Any, ...]


@dataclass(frozen=True)
class Move:
    """One move: the canonical position it leads to and what it does (an :class:`Action`)."""

    to: Position
    action: Action

    def __post_init__(self) -> None:
        if not isinstance(self.action, Action):
            raise TypeError(
                f"a Move's action is a nimlab.games.actions value such as Take(3, 2) or "
                f"MoveTo('1,4,5'), not {type(self.action).__name__} ({self.action!r})"
            )

    @property
    def text(self) -> str:
        """What the move does, in English (as JSON's ``"move"`` and the command line write it)."""
        return render_move(self.action, "en")

    def words(self, lang: str) -> str:
        """What the move does, in ``lang`` (``"en"`` or ``"ja"``)."""
        return render_move(self.action, lang)


__all__ = ["Move"]
