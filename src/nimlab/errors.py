"""One exception hierarchy for everything nimlab refuses.

Every error carries a one-line message that names what was wrong and what is
accepted, and an ``exit_code`` the command-line tool uses: 2 for bad input,
3 for work refused because it is over a resource limit. An input the message
quotes is shown whole up to 120 characters, else by its first 60 and its length
(:func:`nimlab.text.cut_echoes`), in every language and front end.

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

    ``ja`` is the same message in Japanese, written beside the English where
    the error is raised; :meth:`render` picks the language (English where an
    error has no Japanese yet, which the tests refuse for nimlab's own errors).

    >>> e = InvalidOption("size must be an integer ≥ 1, got 0", field="size",
    ...                   ja="size は 1 以上の整数です（0 が与えられた）")
    >>> str(e), e.render({"size": "--size"})
    ('size must be an integer ≥ 1, got 0', '--size must be an integer ≥ 1, got 0')
    >>> e.render({"size": "--size"}, "ja")
    '--size は 1 以上の整数です（0 が与えられた）'
    """

    exit_code = 2
    kind = "error"

    def __init__(self, message: str = "", field: str | None = None, *, ja: str = "") -> None:
        from nimlab.text import cut_echoes  # (imports only re)

        # an input of thousands of characters is quoted by its start and its length
        super().__init__(cut_echoes(message))
        self.field = field
        self.ja = cut_echoes(ja, "ja")

    def render(self, names: dict[str, str] | None = None, lang: str = "en") -> str:
        """The message in ``lang``, the field named as ``names`` (field → front-end name) says."""
        text = self.ja if lang == "ja" and self.ja else str(self)
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


class ClusterLost(NimlabError):
    """The machines computing a sweep went away (a Dask scheduler lost mid-run).

    Not a failure of any task: nothing is recorded for the unfinished work, and the
    same sweep run again computes it.
    """

    kind = "cluster_lost"


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
    >>> TooLarge("over 10 states", "max_states", ja="10 状態を超える").render(
    ...     {"max_states": "--max-states"}, "ja")
    '10 状態を超える。上限は --max-states で引き上げられます'
    """

    exit_code = 3
    kind = "too_large"

    def __init__(
        self,
        reason: str,
        limit: str | None = None,
        note: str = "",
        *,
        ja: str = "",
        note_ja: str = "",
    ) -> None:
        from nimlab.text import cut_echoes

        self.reason = cut_echoes(reason)
        self.limit = limit
        self.note = cut_echoes(note)
        self.note_ja = cut_echoes(note_ja, "ja")
        super().__init__(self.render(), field=limit, ja=ja)

    def render(self, names: dict[str, str] | None = None, lang: str = "en") -> str:
        """The message in ``lang``, naming the limit as ``names`` (field → front-end name) does."""
        from nimlab.messages import say

        ja = lang == "ja" and bool(self.ja)
        text = self.ja if ja else self.reason
        lang = "ja" if ja else "en"
        if self.limit is not None:
            name = (names or {}).get(self.limit)
            if name:
                text += say("limit.raise_with", lang, name=name)
            else:
                text += say("limit.raise_field", lang, field=self.limit)
        note = self.note_ja if ja and self.note_ja else self.note
        return text + (("。" if ja else "; ") + note if note else "")
