"""The ``nimlab`` command's entry point, kept outside the package.

A console script imports its target's package before any code of the target runs, and
``import nimlab`` takes about a tenth of a second. A Ctrl-C in that time used to print
Python's traceback. This module imports nothing of nimlab until :func:`main` runs, so an
interrupt during the import ends the command the way one during its work does: one line,
exit code 130.
"""

from __future__ import annotations

import os
import sys

LANGS = ("en", "ja")
INTERRUPTED = {"en": "nimlab: interrupted", "ja": "nimlab: 中断しました"}
"""What ``nimlab.messages`` says for ``cli.interrupted`` (a test holds the two equal)."""


def requested_language(argv: list[str], environ: dict[str, str] | os._Environ[str]) -> str:
    """The language the command line asks for, read as ``nimlab.cli.options.lang_of`` reads
    it (a test holds the two equal), without importing nimlab.

    >>> requested_language(["analyze", "--lang", "ja"], {}), requested_language([], {})
    ('ja', 'en')
    >>> requested_language(["--lang=ja"], {}), requested_language([], {"NIMLAB_LANG": " JA"})
    ('ja', 'ja')
    >>> requested_language(["--lang", "xx"], {"NIMLAB_LANG": "ja"}), requested_language(
    ...     ["--", "--lang", "ja"], {})
    ('ja', 'en')
    """
    lang = environ.get("NIMLAB_LANG", "").strip().lower()
    lang = lang if lang in LANGS else "en"
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value in LANGS:
            lang = value
    return lang


def main() -> int:
    """Import the command line and run it; a Ctrl-C while importing exits 130."""
    try:
        from nimlab.cli.main import main as command
    except BaseException as error:
        # An interrupt in a class's making is raised again as a RuntimeError caused by it
        # ("Error calling __set_name__ ..."): that is a Ctrl-C too.
        if not isinstance(error, KeyboardInterrupt | RuntimeError) or (
            isinstance(error, RuntimeError) and not isinstance(error.__cause__, KeyboardInterrupt)
        ):
            raise
        print(INTERRUPTED[requested_language(sys.argv[1:], os.environ)], file=sys.stderr)
        return 130
    return command()
