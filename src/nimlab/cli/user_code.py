"""A deadline for the code of ``--rules`` files: one call that never returns is stopped.

nimlab's own work is bounded by ``--max-states``, ``--max-memory`` and the like,
checked as it goes; a user's ruleset is code nimlab cannot meter. A function that
loops (``heap_game(lambda n: loop_forever(), …)``) would hang the command, so while a
command runs with ``--rules``, a watcher thread looks at the main thread's stack a few
times a second. When one call into the user's code (its outermost frame from a file
outside nimlab and the Python installation) has not returned for
``NIMLAB_RULES_SECONDS`` (default 60) seconds, the watcher signals the main thread,
which raises :class:`~nimlab.errors.TooLarge` there: one line naming the function, its
file and line, exit 3. Nothing else is slowed: the watcher never touches the hot loops.

The signal is ``SIGUSR2``, sent to the main thread only (``signal.pthread_kill``), so a
blocking call such as ``time.sleep`` is interrupted too; where signals cannot be
handled (not the main thread, or no ``SIGUSR2``) no watcher is started.
"""

from __future__ import annotations

import os
import signal
import sys
import sysconfig
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

import nimlab_launcher
from nimlab.checks import env_seconds
from nimlab.errors import TooLarge
from nimlab.streams import tell

DEFAULT_SECONDS = 60.0
"""How long one call into a ``--rules`` file may run before it is stopped."""
VARIABLE = "NIMLAB_RULES_SECONDS"
"""The environment variable that sets it (0: no deadline)."""


NIMLAB_DIR = str(Path(__file__).resolve().parent.parent)
"""The package's own code."""
LAUNCHER = str(Path(nimlab_launcher.__file__).resolve())
"""The command's entry point, outside the package (``nimlab_launcher``): nimlab's code too."""


@cache
def _library_dirs() -> tuple[str, ...]:
    """Where code that is not the user's lives: nimlab, the standard library, site-packages."""
    paths = sysconfig.get_paths()
    keys = ("stdlib", "platstdlib", "purelib", "platlib")
    return tuple(sorted({NIMLAB_DIR, *(str(Path(paths[k]).resolve()) for k in keys if k in paths)}))


@cache
def _place(filename: str) -> str:
    """``"nimlab"``, ``"library"`` or ``"user"``: whose code a frame runs."""
    if filename.startswith("<"):  # <frozen importlib._bootstrap>, <string>
        return "library"
    resolved = str(Path(filename).resolve())
    if resolved.startswith(NIMLAB_DIR + os.sep) or resolved == LAUNCHER:  # (not a user's
        return "nimlab"  # nimlab_games.py beside the package)
    library = _library_dirs()
    return "library" if any(resolved.startswith(place + os.sep) for place in library) else "user"


def outermost_user_frame(frame: FrameType | None) -> FrameType | None:
    """The outermost frame of the user's code that nimlab called, on the stack ending at
    ``frame`` (the script or test that called nimlab is not counted)."""
    stack = []
    while frame is not None:
        stack.append(frame)
        frame = frame.f_back
    called = False
    for older in reversed(stack):  # from the oldest frame
        place = _place(older.f_code.co_filename)
        if place == "nimlab":
            called = True
        elif place == "user" and called:
            return older
    return None


class _Watcher:
    """Looks at the main thread's stack; signals it when one user call runs too long."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.main = threading.main_thread().ident or 0
        self.stopped = threading.Event()
        self.stuck: FrameType | None = None  # held: a frame alive cannot be reused by a new call
        self.signalled: FrameType | None = None  # the call already told to stop
        self.since = 0.0
        self.thread = threading.Thread(target=self._watch, name="nimlab-rules-watch", daemon=True)

    def _watch(self) -> None:
        pause = min(0.25, self.seconds / 4)
        while not self.stopped.wait(pause):
            top = sys._current_frames().get(self.main)
            frame = outermost_user_frame(top)
            del top
            now = time.monotonic()
            if frame is None or frame is not self.stuck:
                self.stuck, self.since = frame, now
            elif now - self.since >= self.seconds:
                if self.signalled is frame:  # it caught the exception and went on: the end
                    tell(f"nimlab: {self.refusal(frame)}")  # (stderr broken: exit all the same)
                    os._exit(TooLarge.exit_code)
                self.signalled = frame
                signal.pthread_kill(self.main, signal.SIGUSR2)
                self.since = now
        self.stuck = self.signalled = None

    def refusal(self, stuck: FrameType) -> str:
        """What is said of a call stopped (in English: the watcher's last word has no
        language)."""
        code = stuck.f_code
        return (
            f"{code.co_filename}:{stuck.f_lineno}: the rules' code ({code.co_name}) ran "
            f"{self.seconds:g} s without returning; set {VARIABLE} to give it longer "
            "(0: no limit)"
        )

    def handler(self, signum: int, frame: FrameType | None) -> None:
        """In the main thread: raise in the user's call if it is still running."""
        stuck = self.stuck
        if stuck is None:
            return
        while frame is not None and frame is not stuck:
            frame = frame.f_back
        if frame is None:  # it has just returned: nothing to stop
            return
        raise _Stuck(stuck)

    def too_large(self, stuck: FrameType) -> TooLarge:
        """The refusal of a call stopped, in both languages."""
        code = stuck.f_code
        where = f"{code.co_filename}:{stuck.f_lineno}"
        return TooLarge(
            self.refusal(stuck),
            ja=f"{where}: ルールのコード（{code.co_name}）が {self.seconds:g} 秒たっても"
            f"戻りません。長く待つには {VARIABLE} を設定してください（0 で無制限）",
        )


class _Stuck(BaseException):
    """Raised in a call that ran too long: not an ``Exception``, so that the user's
    ``except Exception`` does not swallow it; :func:`deadline` turns it into TooLarge."""

    def __init__(self, frame: FrameType) -> None:
        super().__init__(frame.f_code.co_name)
        self.frame = frame


@contextmanager
def deadline(seconds: float | None = None) -> Iterator[None]:
    """While the block runs, stop a call into the user's code that runs over ``seconds``
    (by default ``$NIMLAB_RULES_SECONDS``, else 60; 0 or no signals: no deadline)."""
    if seconds is None:
        seconds = env_seconds(VARIABLE, DEFAULT_SECONDS)
    usable = hasattr(signal, "SIGUSR2") and hasattr(signal, "pthread_kill")
    if not seconds or not usable or threading.current_thread() is not threading.main_thread():
        yield
        return
    watcher = _Watcher(seconds)
    previous: Any = signal.signal(signal.SIGUSR2, watcher.handler)
    watcher.thread.start()
    try:
        yield
    except _Stuck as stuck:
        raise watcher.too_large(stuck.frame) from None
    finally:
        watcher.stopped.set()
        watcher.thread.join()
        signal.signal(signal.SIGUSR2, previous)
