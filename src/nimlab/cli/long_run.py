"""``nimlab sequence GAME --to N --out FILE.npy [--checkpoint DIR] [--max-seconds S]``.

The run itself is :func:`nimlab.solve.long_run.long_sequence`; this module
adds the progress (on stderr: a bar with values/s and the time left on a
terminal, else a plain line every minute, :mod:`nimlab.progress`) and the
summary line.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import TextIO

from nimlab.cli.options import language
from nimlab.errors import InvalidOption
from nimlab.games.base import Ruleset
from nimlab.limits import Limits
from nimlab.messages import say
from nimlab.progress import ProgressBar


def sequence_to_file(game: Ruleset, args: argparse.Namespace, out: TextIO, limits: Limits) -> int:
    """Run ``sequence --out``; print where the values went, or how to resume."""
    from nimlab.cli.commands import emit_json
    from nimlab.solve.long_run import long_sequence

    if args.start:
        raise InvalidOption(
            "--from cannot be combined with --out (the file holds G(0..N-1))",
            ja="--from は --out と一緒に使えません(ファイルには G(0..N-1) が入ります)",
        )
    if args.checkpoint is not None and not args.checkpoint.strip():
        raise InvalidOption(
            "--checkpoint needs a directory; got an empty name (use . for this one)",
            ja="--checkpoint にはディレクトリが必要です（空でした。ここなら . と書きます）",
        )
    if args.misere:
        raise InvalidOption(
            "--misere cannot be combined with --out", ja="--misere は --out と一緒に使えません"
        )
    if not args.out.strip():  # Path("") would be ".", the current directory
        raise InvalidOption(
            "--out needs a file name ending in .npy; got an empty one",
            ja="--out には .npy で終わるファイル名が必要です（空でした）",
        )
    lang = language(args)
    label = say("progress.to", lang, game=game.spec, to=f"{args.to:,}")
    bar = ProgressBar(label, args.to, "values", lang)
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
        resumed = (
            say("long_run.resumed", lang, n=f"{run.resumed_from:,}") if run.resumed_from else ""
        )
        written = say(
            "long_run.written" if run.stop else "long_run.written_none",
            lang,
            game=run.game,
            last=run.stop - 1,
            out=run.out,
            seconds=f"{run.seconds:.1f}",
            resumed=resumed,
            sha256=run.sha256,
        )
        out.write(written + "\n")
    else:
        again = (
            shlex.join(["nimlab", *sys.argv[1:]])
            if sys.argv[1:]
            else say("long_run.same_command", lang)
        )
        stopped = say(
            "long_run.stopped",
            lang,
            game=run.game,
            seconds=f"{run.seconds:.1f}",
            done=f"{run.done:,}",
            stop=f"{run.stop:,}",
            checkpoint=run.checkpoint,
            again=again,
        )
        out.write(stopped + "\n")
    return 0
