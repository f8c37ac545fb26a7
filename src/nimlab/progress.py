"""One progress bar for long work: done of total, the rate, the time spent and the time left.

Drawn by rich on stderr, and only when stderr is a terminal (or when asked),
so pipes, logs and tests see nothing. Its words come from the message
catalogue, in the language of the command (``--lang``). Long runs
(``sequence --out``) and sweeps (``sweep``) use it.

>>> bar = ProgressBar("kayles to 1,000", 1000, "values")  # stderr is no terminal here
>>> bar.update(500); bar.advance(10); bar.close()
>>> bar.done
510
"""

from __future__ import annotations

import sys
import time
from typing import Any

from nimlab.messages import say


class ProgressBar:
    """A bar of ``total`` steps counted in ``unit`` (``values`` or ``tasks``), ``done`` of them
    done before it starts; silent unless stderr is a terminal or ``force`` is set."""

    def __init__(
        self,
        label: str,
        total: int,
        unit: str,
        lang: str = "en",
        done: int = 0,
        force: bool = False,
    ) -> None:
        self.unit, self.lang, self.done = unit, lang, done
        self.first = done
        self.start = time.monotonic()
        self.bar: Any = None
        if force or sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TaskProgressColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TaskProgressColumn(),
                TextColumn("{task.fields[rate]}"),
                TimeElapsedColumn(),
                TextColumn(say("progress.left", lang)),
                TimeRemainingColumn(),
                console=Console(stderr=True),
            )
            self.task = self.bar.add_task(label, total=total, completed=done, rate="")
            self.bar.start()

    def update(self, done: int, total: int | None = None) -> None:
        """``done`` steps of the total are done (a long run's callback: done, total)."""
        self.done = done
        if self.bar is not None:
            seconds = max(time.monotonic() - self.start, 1e-9)
            rate = say(
                "progress.rate",
                self.lang,
                rate=f"{(done - self.first) / seconds:,.0f}",
                unit=say(f"progress.{self.unit}", self.lang),
            )
            self.bar.update(self.task, completed=done, rate=rate)

    __call__ = update

    def advance(self, steps: int) -> None:
        """``steps`` more steps are done."""
        self.update(self.done + steps)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
