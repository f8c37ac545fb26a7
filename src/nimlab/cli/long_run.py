"""``nimlab sequence GAME --to N --out FILE.npy [--checkpoint DIR] [--max-seconds S]``.

The run itself is :func:`nimlab.solve.long_run.long_sequence`; this module
adds the progress bar (on stderr, only when it is a terminal: values/s and
the time left) and the summary line.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from nimlab.errors import InvalidOption
from nimlab.games.base import Ruleset
from nimlab.limits import Limits


class ProgressBar:
    """A rich bar on stderr with values/s and the time left; silent unless stderr is a terminal."""

    def __init__(self, label: str, total: int, force: bool = False) -> None:
        self.bar: Any = None
        self.start = time.monotonic()
        self.first: int | None = None
        if force or sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                Progress,
                TaskProgressColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TaskProgressColumn(),
                TextColumn("{task.fields[rate]}"),
                TimeElapsedColumn(),
                TextColumn("left"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
            )
            self.task = self.bar.add_task(label, total=total, rate="")
            self.bar.start()

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done
        if self.bar is not None:
            rate = (done - self.first) / max(time.monotonic() - self.start, 1e-9)
            self.bar.update(self.task, completed=done, rate=f"{rate:,.0f} values/s")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def sequence_to_file(game: Ruleset, args: argparse.Namespace, out: TextIO, limits: Limits) -> int:
    """Run ``sequence --out``; print where the values went, or how to resume."""
    from nimlab.cli.commands import emit_json
    from nimlab.solve.long_run import long_sequence

    if args.start:
        raise InvalidOption(
            "--from cannot be combined with --out (the file holds G(0..N-1))",
            ja="--from は --out と一緒に使えません(ファイルには G(0..N-1) が入ります)",
        )
    if args.misere:
        raise InvalidOption(
            "--misere cannot be combined with --out", ja="--misere は --out と一緒に使えません"
        )
    bar = ProgressBar(f"{game.spec} to {args.to:,}", args.to)
    try:
        run = long_sequence(
            game,
            args.to,
            Path(args.out),
            limits,
            checkpoint=None if args.checkpoint is None else Path(args.checkpoint),
            max_seconds=args.max_seconds,
            progress=bar,
        )
    finally:
        bar.close()
    if args.json:
        emit_json(out, run.to_dict())
    elif run.complete:
        resumed = f", resumed at {run.resumed_from:,}" if run.resumed_from else ""
        out.write(
            f"{run.game}: G(0..{run.stop - 1}) written to {run.out} "
            f"({run.seconds:.1f} s{resumed}; sha256 {run.sha256})\n"
        )
    else:
        again = shlex.join(["nimlab", *sys.argv[1:]]) if sys.argv[1:] else "the same command"
        out.write(
            f"{run.game}: stopped after {run.seconds:.1f} s (--max-seconds) with "
            f"{run.done:,} of {run.stop:,} values; checkpoint in {run.checkpoint}. "
            f"Resume with: {again}\n"
        )
    return 0
