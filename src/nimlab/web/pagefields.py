"""The query fields of the pages, read in nimlab's words.

A page (not ``/api``) reads its fields itself rather than through the request
schema: a field out of range is then named on the page again — its form kept
with what was typed, the field marked — instead of a bare error page in
pydantic's words. The page answers 422, as the API does.

>>> fields = PageFields()
>>> fields.number("size", "41", 1, 40) is None, fields.error.message_en
(True, 'size: 41 is too big; choose 1 to 40')
>>> fields.bad
{'size': '41'}
"""

from __future__ import annotations

from collections.abc import Sequence

from nimlab.text import shorten
from nimlab.web.workers import JobError

MAX_TEXT = 2000
"""The longest game or position a page reads (the API's bound)."""

TRUE = ("1", "true", "t", "yes", "y", "on")
FALSE = ("0", "false", "f", "no", "n", "off")
"""How a flag may be written (as the API's schema reads booleans)."""


class PageFields:
    """Reads a page's fields; the first one refused is :attr:`error`, each refused one is in
    :attr:`bad` with what was typed (the page shows it again, marked)."""

    def __init__(self) -> None:
        self.error: JobError | None = None
        self.bad: dict[str, str] = {}

    def _refuse(self, name: str, typed: str, en: str, ja: str) -> None:
        self.bad[name] = typed
        if self.error is None:
            self.error = JobError("invalid_option", f"{name}: {en}", name, f"{name}: {ja}")

    def text(self, name: str, typed: str | None, most: int = MAX_TEXT) -> str | None:
        """``typed`` (None when absent or over ``most`` characters)."""
        if typed is not None and len(typed) > most:
            count = f"{len(typed):,}"
            self._refuse(
                name,
                typed,
                f"{count} characters is too long; at most {most:,}",
                f"{count} 文字は長すぎます。{most:,} 文字までです",
            )
            return None
        return typed

    def number(self, name: str, typed: str | None, low: int, high: int) -> int | None:
        """The whole number ``typed`` if it lies in ``low``…``high`` (else None)."""
        if typed is None or typed == "":
            return None
        choose = (f"choose {low} to {high}", f"{low} から {high} までの数を選んでください")
        shown = shorten(typed)
        if not (typed.isascii() and typed.isdigit()):
            self._refuse(
                name,
                typed,
                f"{shown!r} is not a whole number; {choose[0]}",
                f"{shown!r} は整数ではありません。{choose[1]}",
            )
            return None
        value = int(typed) if len(typed) <= 12 else high + 1
        if low <= value <= high:
            return value
        big = value > high
        self._refuse(
            name,
            typed,
            f"{shown} is too {'big' if big else 'small'}; {choose[0]}",
            f"{shown} は{'大きすぎ' if big else '小さすぎ'}ます。{choose[1]}",
        )
        return None

    def flag(self, name: str, typed: str | None) -> bool:
        """A check box: true, false or absent (false)."""
        if typed is None or typed.strip().lower() in FALSE:
            return False
        if typed.strip().lower() in TRUE:
            return True
        shown = shorten(typed)
        self._refuse(
            name,
            typed,
            f"{shown!r} is neither true nor false",
            f"{shown!r} は true でも false でもありません",
        )
        return False

    def choice(self, name: str, typed: str | None, choices: Sequence[str]) -> str | None:
        """``typed`` if it is one of ``choices`` (None when absent or not one of them)."""
        if typed is None or typed in choices:
            return typed
        shown = shorten(typed)
        listed = ", ".join(choices[:-1]) + " or " + choices[-1]
        self._refuse(
            name,
            typed,
            f"{shown!r} cannot be chosen; choose {listed}",
            f"{shown!r} は選べません。{', '.join(choices)} のどれかを選んでください",
        )
        return None


def page_message(message: str, field: str | None, kind: str) -> str:
    """A refusal as a page shows it. A message that names what it refuses ("bad position
    'x' for nim", "unknown game 'x'") loses the request's field name, as on the play page;
    a bound of a form's field (kind ``invalid_option``: "size: 41 is too big") keeps it.

    >>> page_message("position: bad position 'x' for nim", "position", "invalid_position")
    "bad position 'x' for nim"
    >>> page_message("size: 41 is too big; choose 1 to 40", "size", "invalid_option")
    'size: 41 is too big; choose 1 to 40'
    """
    if field is None or kind == "invalid_option" or not message.startswith(f"{field}: "):
        return message
    return message[len(field) + 2 :]
