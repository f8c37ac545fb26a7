"""One progress bar for long work: done of total, the rate and the time left.

Drawn by rich on stderr when stderr is a terminal (or when asked). Off a
terminal — a run under ``nohup``, its stderr sent to a log — the bar is one
plain line every :data:`LOG_SECONDS` seconds (done, share, rate, time left),
so short runs, pipes and tests see nothing and a long run's log shows how it
goes — also while no step ends (a sweep's batch may take minutes): a thread
writes the line when it is due. Its words come from the message catalogue, in
the language of the command (``--lang``). Long runs (``sequence --out``) and
sweeps (``sweep``) use it.

>>> bar = ProgressBar("kayles to 1,000", 1000, "values")  # stderr is no terminal here
>>> bar.update(500); bar.advance(10); bar.close()
>>> bar.done
510
>>> import io
>>> log = io.StringIO()
>>> bar = ProgressBar("kayles to 1,000", 1000, "values", log_seconds=0, stream=log)
>>> bar.update(250); bar.close()
>>> log.getvalue().startswith("kayles to 1,000: 250/1,000 values (25.0%), ")
True
"""

from __future__ import annotations

import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any, TextIO

from nimlab import compilation
from nimlab.checks import env_seconds
from nimlab.limits import Budget, watch_work
from nimlab.messages import say
from nimlab.streams import let_go, tell

LOG_SECONDS = env_seconds("NIMLAB_PROGRESS_SECONDS", 60)
"""Seconds between two plain progress lines off a terminal (``NIMLAB_PROGRESS_SECONDS``)."""
SHOW_AFTER = 2.0
"""Seconds of work before :class:`WorkMeter` shows anything on a terminal."""
REDRAW_SECONDS = 0.25
"""Seconds between two redraws of the work meter's line."""


class ProgressBar:
    """A bar of ``total`` steps counted in ``unit`` (``values`` or ``tasks``), ``done`` of them
    done before it starts: drawn when stderr is a terminal or ``force`` is set, else a
    plain line to ``stream`` (stderr) at most every ``log_seconds`` seconds."""

    def __init__(
        self,
        label: str,
        total: int,
        unit: str,
        lang: str = "en",
        done: int = 0,
        force: bool = False,
        log_seconds: float | None = None,
        stream: TextIO | None = None,
    ) -> None:
        self.label, self.total, self.unit, self.lang, self.done = label, total, unit, lang, done
        self.first = done
        self.start = time.monotonic()
        self.bar: Any = None
        self.stream = stream
        self.log_seconds = LOG_SECONDS if log_seconds is None else log_seconds
        self.logged = self.start
        self.lost = False
        self.open = True
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.unwatched = watch_work(None)  # this bar says how the work goes: no work meter
        if force or sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TaskProgressColumn,
                TextColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TaskProgressColumn(),
                TextColumn("{task.fields[rate]}"),
                TimeRemainingColumn(),  # "0:00:01 left" (it read "0:00:03 left 0:00:01": the time
                TextColumn(say("progress.left", lang)),  # spent, then the time left after "left")
                console=Console(stderr=True),
            )
            self.task = self.bar.add_task(label, total=total, completed=done, rate="")
            self.bar.start()
        elif self.log_seconds > 0:
            beat = threading.Thread(
                target=_heartbeat,
                args=(weakref.ref(self), self.stopped, self.log_seconds),
                name="nimlab-progress",
                daemon=True,
            )
            beat.start()

    def update(self, done: int, total: int | None = None) -> None:
        """``done`` steps of the total are done (a long run's callback: done, total)."""
        with self.lock:
            self.done = done
            if total is not None:
                self.total = total
            self._show(time.monotonic())

    def beat(self) -> None:
        """The plain line, if one is due though no step has ended since the last."""
        with self.lock:
            now = time.monotonic()
            if self.open and now - self.logged >= self.log_seconds:
                self._show(now)

    def _show(self, now: float) -> None:
        done = self.done
        seconds = max(now - self.start, 1e-9)
        speed = (done - self.first) / seconds
        rate = say(
            "progress.rate",
            self.lang,
            rate=f"{speed:,.0f}",
            unit=say(f"progress.{self.unit}", self.lang),
        )
        if self.bar is not None:
            self.bar.update(self.task, completed=done, rate=rate)
        elif now - self.logged >= self.log_seconds:
            self.logged = now
            self._log(rate, speed)

    def _log(self, rate: str, speed: float) -> None:
        """One plain line: done of total, the share, the rate and the time left."""
        left = (self.total - self.done) / speed if speed > 0 else None
        line = say(
            "progress.line",
            self.lang,
            label=self.label,
            done=f"{self.done:,}",
            total=f"{self.total:,}",
            unit=say(f"progress.{self.unit}", self.lang),
            share=f"{100 * self.done / max(self.total, 1):.1f}",
            rate=rate,
            left="?" if left is None else _clock(left),
        )
        if not self.lost:  # a stderr that cannot be written: the work goes on, unsaid
            self.lost = not tell(line, self.stream)

    __call__ = update

    def advance(self, steps: int) -> None:
        """``steps`` more steps are done."""
        self.update(self.done + steps)

    def close(self) -> None:
        with self.lock:
            if self.open:
                self.open = False
                self.stopped.set()
                watch_work(self.unwatched)
        if self.bar is not None:
            self.bar.stop()


def _heartbeat(bar: weakref.ref[ProgressBar], stopped: threading.Event, seconds: float) -> None:
    """Every ``seconds`` until the bar is closed (or gone): its line, if due."""
    while not stopped.wait(seconds):
        alive = bar()
        if alive is None:
            return
        alive.beat()
        del alive


class WorkMeter:
    """The progress of any long computation, read from its work budget (see
    :func:`nimlab.limits.watch_work`): the states spent of at most the limit, the rate and
    the time spent.

    On a terminal (``tty``) one line, redrawn in place from :data:`SHOW_AFTER` seconds
    of work on, and wiped by :meth:`clear` before the answer is written; off a terminal
    one plain line every ``log_seconds``. A :class:`ProgressBar` stops it while it is open.

    >>> import io
    >>> from nimlab.limits import Limits
    >>> log = io.StringIO()
    >>> meter = WorkMeter(stream=log, tty=False, log_seconds=0)
    >>> meter(Limits(max_states=10_000).budget())
    >>> log.getvalue().startswith("working: 0 of at most 10,000 states (0.0%, --max-states)")
    True
    """

    def __init__(
        self,
        lang: str = "en",
        stream: TextIO | None = None,
        tty: bool | None = None,
        log_seconds: float | None = None,
    ) -> None:
        self.lang = lang
        self.stream = sys.stderr if stream is None else stream
        self.tty = self.stream.isatty() if tty is None else tty
        self.log_seconds = LOG_SECONDS if log_seconds is None else log_seconds
        self.budget: Budget | None = None
        self.replaced: Callable[[Budget], None] | None = None  # the watcher it stands in for
        self.started = self.shown_at = time.monotonic()
        self.began = compilation.work_clock()  # the rate leaves compiling out
        self.shown = False
        self.lost = False  # the stream could not be written: nothing more is shown
        self._timer: threading.Timer | None = None
        self._unwatch = compilation.watch(self._compiling) if self.tty else None

    def __call__(self, budget: Budget) -> None:
        now = time.monotonic()
        if budget is not self.budget:  # the next computation: its rate from now on
            self.budget, self.began = budget, compilation.work_clock()
        spent = now - self.started  # the command's time: it may make many budgets
        if self.tty:
            if spent >= SHOW_AFTER and now - self.shown_at >= REDRAW_SECONDS:
                self.shown_at, self.shown = now, True
                self._put("\r" + self.line(budget, now) + "\x1b[K")
        elif spent >= self.log_seconds and now - self.shown_at >= self.log_seconds:
            self.shown_at = now
            self._put(self.line(budget, now) + "\n")

    def line(self, budget: Budget, now: float) -> str:
        """The states spent of the limit, the share, the limit's option, the rate, the time."""
        seconds = compilation.work_clock() - self.began
        return say(
            "progress.work",
            self.lang,
            used=f"{budget.used:,}",
            limit=f"{budget.limit:,}",
            share=f"{100 * budget.used / max(budget.limit, 1):.1f}",
            option=budget.option,
            rate=f"{budget.used / seconds:,.0f}" if seconds > 0 else "?",
            spent=_clock(now - self.started),
        )

    def _compiling(self, begun: bool) -> None:
        """numba began or ended compiling: from :data:`SHOW_AFTER` seconds on, the terminal
        says so (a fresh installation compiled a minute or more in silence; packaging audit)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if begun:
            self._timer = threading.Timer(SHOW_AFTER, self._say_compiling)
            self._timer.daemon = True
            self._timer.start()
        else:
            self.clear()

    def _say_compiling(self) -> None:
        if compilation.active():
            self.shown = True
            self._put("\r" + say("progress.compiling", self.lang) + "\x1b[K")

    def close(self) -> None:
        """The command is over: stop listening for compilation and wipe the line."""
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None
        self._compiling(False)

    def clear(self) -> None:
        """Wipe the line drawn on the terminal, if any (before the answer is written)."""
        if self.shown:
            self.shown = False
            self._put("\r\x1b[K")

    def _put(self, text: str) -> None:
        """``text`` on the stream; a stream that cannot be written (``2>/dev/full``) is let
        go and the work goes on: progress is no part of the answer."""
        if self.lost:
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.lost = True
            let_go(self.stream)


def _clock(seconds: float) -> str:
    """``h:mm:ss`` (``m:ss`` under an hour).

    >>> _clock(59.4), _clock(3725)
    ('0:59', '1:02:05')
    """
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
