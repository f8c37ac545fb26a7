"""The time this process has spent compiling kernels, so that time limits leave it out.

numba compiles a kernel the first time it is called with new argument types, and keeps
the machine code (:mod:`nimlab.kernels.jit`), so this happens once after an installation:
for the octal engines, a minute or more. A deadline that counted it refused, on a fresh
installation, work that takes seconds once compiled; and the web app, killing the worker
at its time limit, lost the compilation and refused the same request every time
(packaging audit). Deadlines are read on :func:`work_clock`, the monotonic clock less the
seconds spent compiling; the web app's workers tell the server about their compiling
(:func:`watch`), and the command line says on a terminal that it is compiling.

This module imports nothing heavy: :mod:`nimlab.kernels.jit` reports to it.

>>> before = seconds()
>>> started(); active()
True
>>> ended(); active(), seconds() >= before
(False, True)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

_lock = threading.Lock()
_finished = 0.0
"""Seconds of the compilations that have ended."""
_since: float | None = None
"""When the compilation under way began (``time.monotonic``), or None."""
_depth = 0
"""Compilations under way, nested (a kernel compiles the kernels it calls)."""
_watchers: list[Callable[[bool], None]] = []


def started() -> None:
    """numba began compiling (nested compilations count once)."""
    global _since, _depth
    with _lock:
        _depth += 1
        if _depth > 1:
            return
        _since = time.monotonic()
    _tell(True)


def ended() -> None:
    """numba ended a compilation."""
    global _since, _depth, _finished
    with _lock:
        if _depth == 0:
            return
        _depth -= 1
        if _depth or _since is None:
            return
        _finished += time.monotonic() - _since
        _since = None
    _tell(False)


def active() -> bool:
    """Whether numba is compiling now."""
    return _since is not None


def seconds() -> float:
    """Seconds spent compiling in this process so far, the compilation under way included."""
    since = _since
    return _finished + (time.monotonic() - since if since is not None else 0.0)


def work_clock() -> float:
    """``time.monotonic()`` less the seconds spent compiling: the clock of time limits."""
    return time.monotonic() - seconds()


def finished_and_since() -> tuple[float, float]:
    """The seconds of the compilations that ended, and when the one under way began
    (0.0 if none): what a web worker shares with the server."""
    since = _since
    return _finished, since if since is not None else 0.0


def watch(watcher: Callable[[bool], None]) -> Callable[[], None]:
    """Call ``watcher(True)`` when a compilation begins and ``watcher(False)`` when it ends;
    returns the function that stops it."""
    _watchers.append(watcher)

    def stop() -> None:
        if watcher in _watchers:
            _watchers.remove(watcher)

    return stop


def _tell(begun: bool) -> None:
    for watcher in list(_watchers):
        watcher(begun)
