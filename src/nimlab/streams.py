"""The standard streams when they cannot be written: a full disk, a closed pipe.

Errors, warnings and progress go to stderr. When stderr itself cannot be written
(``2>/dev/full``, a reader that left), what was to be said is lost, and nothing
else may change: the exit code still says what happened, and no traceback is
attempted on the same broken stream. :func:`tell` says a line that way;
:func:`let_go` points a stream that failed at ``/dev/null``, so the flush at exit
writes nothing (it would fail again, and Python would exit with 120).

>>> import io
>>> said = io.StringIO()
>>> tell("nimlab: a line", said), said.getvalue()
(True, 'nimlab: a line\\n')
>>> class Full(io.StringIO):
...     def write(self, text: str) -> int:
...         raise OSError(28, "No space left on device")
>>> tell("nimlab: lost", Full())
False
"""

from __future__ import annotations

import os
import sys
from typing import TextIO


def tell(line: str, stream: TextIO | None = None) -> bool:
    """``line`` on ``stream`` (stderr by default); False, and the stream let go, if it
    could not be written."""
    stream = sys.stderr if stream is None else stream
    if stream is None:  # started with stderr closed (2>&-)
        return False
    try:
        stream.write(line + "\n")
        stream.flush()
    except (OSError, ValueError):  # ValueError: the stream was closed
        let_go(stream)
        return False
    return True


def let_go(stream: TextIO) -> None:
    """After a failed write to ``sys.stdout`` or ``sys.stderr``: point it at /dev/null,
    so the exit flushes nothing (any other stream is left as it is)."""
    if stream is not sys.stdout and stream is not sys.stderr:
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass
