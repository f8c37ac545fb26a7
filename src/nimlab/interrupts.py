"""Interruptions (Ctrl-C, SIGTERM, SIGHUP) raised only where Python code can take them:
never inside numba's machinery or an import.

A ``KeyboardInterrupt`` raised while a compiled kernel called back into Python (numba
unpickles its constants there) surfaced as a chain of ``SystemError`` — a traceback and
exit 1 — and now and then as a segmentation fault; one raised inside an import's callback
was ignored and the Ctrl-C lost (signals audit). SIGTERM and SIGHUP killed the process
outright, leaving temporary files and SQLite's ``-wal`` beside the files it wrote.

The handler looks at the code it interrupted: in numba, llvmlite or the import machinery
(:func:`unsafe`), it tries again a moment later, else it raises ``KeyboardInterrupt``, so
every command's cleanup runs and it ends with "interrupted", exit code 130. The web app's
workers use the same test for their own interruptions.

>>> import sys
>>> unsafe(sys._getframe())
False
"""

from __future__ import annotations

import _thread
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

UNSAFE = ("importlib", "numba", "llvmlite")
"""Packages whose code an interruption must not cut (by module name, not file path): an
import stopped halfway leaves its package's submodules loaded but unbound (``numba``
without ``numba.core``), and numba's compiler, cache loader and compiled calls keep state
of their own."""
RETRY_SECONDS = 0.01
"""How soon an interruption that came during unsafe code is tried again."""
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def unsafe(frame: FrameType | None) -> bool:
    """Whether a frame on the stack from ``frame`` down is in :data:`UNSAFE` code."""
    while frame is not None:
        package = str(frame.f_globals.get("__name__", "")).split(".", 1)[0]
        if package in UNSAFE or frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def _interrupt(signum: int, frame: FrameType | None) -> None:
    if unsafe(frame):  # once out of it: the timer interrupts the main thread again
        retry = threading.Timer(RETRY_SECONDS, _thread.interrupt_main, (signum,))
        retry.daemon = True
        retry.start()
        return
    raise KeyboardInterrupt


@contextmanager
def taken_safely() -> Iterator[None]:
    """Within: SIGINT, SIGTERM and SIGHUP raise ``KeyboardInterrupt`` in safe code only
    (the main thread's; elsewhere nothing changes). The previous handlers come back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, Callable[..., object] | int | None] = {}
    for signum in SIGNALS:
        if signal.getsignal(signum) is signal.SIG_IGN:
            continue  # ignored by whoever started us (nohup): stays ignored
        previous[signum] = signal.signal(signum, _interrupt)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
