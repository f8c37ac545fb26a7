"""Options every command shares, added in one place: ``--lang`` (and its reading before parsing).

:func:`add_common` is called once per command by the main parser, so a new
shared option is one line here, not an edit of each command. The language is
also read from the raw arguments before parsing (:func:`lang_of`), so that
argparse's own errors and ``--help`` speak it too (through
:data:`nimlab.messages.ARGPARSE_JA`, argparse's message ids).

>>> lang_of(["analyze", "nim", "3", "--lang", "ja"]), lang_of(["games", "--lang=en"])
('ja', 'en')
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from nimlab.messages import LANGUAGES, default_lang

_current = ["en"]


def use(lang: str) -> None:
    """Set the language the command line speaks while it runs (before parsing)."""
    _current[0] = lang


def current() -> str:
    """The language the command line speaks: argument checks read it before parsing ends."""
    return _current[0]


def language(args: argparse.Namespace) -> str:
    """The language a command was asked to speak (English for arguments built without one)."""
    lang: str = getattr(args, "lang", "en")
    return lang


def add_common(p: argparse.ArgumentParser) -> None:
    """Add the options every command takes (``--lang``)."""
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=default_lang(),
        help="language of the text: en or ja (default en, or $NIMLAB_LANG); "
        "JSON keys and values stay the same",
    )


def lang_of(argv: Sequence[str]) -> str:
    """The language the raw arguments ask for (the last ``--lang``), else the default."""
    lang = default_lang()
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value in LANGUAGES:
            lang = value
    return lang


def lang_after_command(argv: Sequence[str]) -> list[str]:
    """``nimlab --lang ja CMD ...`` read as ``nimlab CMD --lang ja ...``.

    ``--lang`` is an option of every command; given before the command it is
    moved after it, so both places work.

    >>> lang_after_command(["--lang", "ja", "analyze", "nim", "3"])
    ['analyze', '--lang', 'ja', 'nim', '3']
    >>> lang_after_command(["--lang=ja", "--help"])  # no command: left as it is
    ['--lang=ja', '--help']
    """
    moved: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(argv) and argv[i].startswith("-") and argv[i] != "--":
        if argv[i] == "--lang" and i + 1 < len(argv):
            moved += argv[i : i + 2]
            i += 2
        elif argv[i].startswith("--lang="):
            moved.append(argv[i])
            i += 1
        else:
            rest.append(argv[i])
            i += 1
    if not moved or i >= len(argv) or argv[i] == "--":
        return list(argv)
    return [*rest, argv[i], *moved, *argv[i + 1 :]]


@contextmanager
def argparse_speaking(lang: str) -> Iterator[None]:
    """Within the block, argparse's own messages (usage, errors, help titles) speak ``lang``.

    >>> with argparse_speaking("ja"):
    ...     argparse._("unrecognized arguments: %s")
    '認識できない引数: %s'
    >>> argparse._("unrecognized arguments: %s")
    'unrecognized arguments: %s'
    """
    if lang != "ja":
        yield
        return
    from nimlab.messages import ARGPARSE_JA

    def ja(message: str) -> str:
        return ARGPARSE_JA.get(message, message)

    english = argparse._  # type: ignore[attr-defined]  # argparse's gettext
    argparse._ = ja  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = english  # type: ignore[attr-defined]
