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
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from nimlab.messages import LANGUAGES, both, default_lang, in_lang

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
        help=both(
            "language of the text: en or ja (default en, or $NIMLAB_LANG); "
            "JSON keys and values stay the same",
            "表示の言語: en か ja（既定は en、または $NIMLAB_LANG）。JSON のキーと値は変わらない",
        ),
    )


class SpeakingHelp(argparse.HelpFormatter):
    """A help formatter that prints each text in the language of the command line.

    Help texts made with :func:`nimlab.messages.both` carry their Japanese;
    under ``--lang ja`` that is what ``--help`` shows (a test fails for a
    help text of any command without it).
    """

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return None if action.help is None else in_lang(action.help, current())

    def _format_text(self, text: str) -> str:
        return super()._format_text(in_lang(text, current()))

    def _split_lines(self, text: str, width: int) -> list[str]:
        if not WIDE.search(text):
            return super()._split_lines(text, width)
        return wrap_wide(text, width)


NO_LINE_START = frozenset(" 。、，．）」』：")
"""What Japanese typesetting never begins a line with (it may stick out by one instead)."""

WIDE = re.compile(r"[\u2e80-\ufaff\uff00-\uffef]")
"""A character two columns wide on a terminal (CJK, kana, full-width forms)."""


def wrap_wide(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, CJK characters counted as two.

    Japanese has no spaces between words: a line may break between any two
    wide characters, and between words of the Latin script as usual.

    >>> wrap_wide("山 3 個の局面 nimlab.heap_game の名前", 16)
    ['山 3 個の局面', 'nimlab.heap_game', 'の名前']
    """
    lines: list[str] = []
    line: list[str] = []  # the tokens of the line being filled
    used = 0
    for token in re.findall(
        r"\s+|[\u2e80-\ufaff\uff00-\uffef]|[^\s\u2e80-\ufaff\uff00-\uffef]+", text
    ):
        if token.isspace():
            token = " "
            if not line:
                continue
        size = _columns(token)
        # a closing mark may stick out past the width, but only one: a second one takes
        # the character before it down to the next line (or starts it, if that is a mark)
        if line and used + size > width and (token not in NO_LINE_START or used > width):
            carried: list[str] = []
            while (
                token in NO_LINE_START
                and len(line) > 1
                and (not carried or carried[0] in NO_LINE_START)
            ):
                carried.insert(0, line.pop())
            while carried and carried[0].isspace():
                carried.pop(0)
            lines.append("".join(line).rstrip())
            line, used = carried, sum(_columns(t) for t in carried)
        line.append(token)
        used += size
    if "".join(line).strip():
        lines.append("".join(line).rstrip())
    return lines


def _columns(text: str) -> int:
    return len(text) + len(WIDE.findall(text))


class SpeakingRawHelp(SpeakingHelp, argparse.RawDescriptionHelpFormatter):
    """:class:`SpeakingHelp` keeping the description's and the examples' lines as written."""


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
