"""The theory commands: ``verify``, ``explain``, ``wtable``, ``wythoff-table``, ``play``.

Each is added to the parser by :func:`add_commands`; heavy modules are imported
only when a command runs.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from nimlab.cli.commands import emit_json, limits_of
from nimlab.cli.flags import FLAGS
from nimlab.cli.options import current, language
from nimlab.cli.stream import Rows, Stretched, emit, write_lines
from nimlab.messages import both, say
from nimlab.streams import tell

if TYPE_CHECKING:
    from nimlab.theory.claims import Verification

EXAMPLES = {
    "verify": [
        "nimlab verify",
        "nimlab verify wythoff-beatty fibonacci-nim --max 150",
        "nimlab verify proposition-4 --json",
    ],
    "explain": [
        "nimlab explain nim 3,4,5",
        "nimlab explain fibonacci-nim 31 --lang ja",
        "nimlab explain wythoff 1000,2000",
        "nimlab explain subtraction:2,4,7 10 --json",
    ],
    "wtable": [
        "nimlab wtable take-le-prev --to 31",
        "nimlab wtable fibonacci-nim --to 31 --json",
        "nimlab wtable take-away:3 --to 40 --format markdown",
    ],
    "wythoff-table": [
        "nimlab wythoff-table --to 20",
        "nimlab wythoff-table --to 20 --format latex",
    ],
    "play": [
        "nimlab play nim 3,4,5",
        "nimlab play wythoff 4,7 --first computer",
        "nimlab play fibonacci-nim 20 --level mix --lang ja",
    ],
}

Adder = Callable[..., argparse.ArgumentParser]


def add_commands(command: Adder) -> None:
    """Add the theory commands with ``command(name, run, help)`` of the main parser."""
    from nimlab.cli.formats import FORMATS

    p = command(
        "verify",
        verify,
        both("check every theorem against exhaustive search", "すべての定理を全探索と照合する"),
    )
    p.add_argument(
        "names",
        nargs="*",
        metavar="NAME",
        help=both("the results to check (default: all)", "照合する結果（既定: すべて）"),
    )
    p.add_argument(
        "--max",
        type=_positive,
        default=None,
        metavar="N",
        help=both(
            "the bound N of each check's positions (heaps up to N; for misere-one-heap, "
            "heaps from 4,096 to 4,096 + N; the table's last column says which)",
            "各照合の局面の上限 N（山 N まで。misere-one-heap は 4,096 から 4,096 + N まで。"
            "表の最後の列に書く）",
        ),
    )

    p = command(
        "explain",
        explain,
        both("why a position is P or N, step by step", "局面が P か N かの理由を一歩ずつ"),
    )
    p.add_argument("game")
    p.add_argument("position")
    p.add_argument(
        "--misere",
        action="store_true",
        help=both("misère play: who cannot move wins", "ミゼール: 動けない方が勝ち"),
    )

    p = command(
        "wtable",
        wtable,
        both(
            "seed 000's table of w(n) and codes for a take-away game",
            "取り去りゲームのシード 000 の w(n) と符号の表",
        ),
    )
    p.add_argument(
        "game",
        help=both(
            "take-le-prev, fibonacci-nim or take-away:C",
            "take-le-prev, fibonacci-nim, take-away:C のどれか",
        ),
    )
    p.add_argument(
        "--to",
        type=_positive,
        required=True,
        metavar="N",
        help=both("rows n = 1..N", "行 n = 1..N"),
    )
    p.add_argument("--format", choices=FORMATS, default="text")

    p = command(
        "wythoff-table",
        wythoff_table,
        both(
            "seed 000's Game IV table: n, p_n, q_n in Fibonacci",
            "シード 000 のゲーム IV の表: n, p_n, q_n をフィボナッチ表記で",
        ),
    )
    p.add_argument(
        "--to",
        type=_positive,
        required=True,
        metavar="N",
        help=both("rows n = 1..N", "行 n = 1..N"),
    )
    p.add_argument("--format", choices=FORMATS, default="text")

    from nimlab.cli import play

    p = command(
        "play",
        play.run,
        both("play a game against the computer in the terminal", "端末でコンピュータと対戦する"),
    )
    p.add_argument(
        "game",
        help=both(
            "the game (`nimlab games`); in the game type a move as the position it leads to, "
            "`take K from H`, or #N from `moves`; `help` lists the commands",
            "ゲーム（`nimlab games`）。対戦中は移った後の局面、`take K from H`、`moves` の番号 "
            "#N で手を入力する。`help` でコマンドの一覧",
        ),
    )
    p.add_argument("position", help=both("the starting position", "初期局面"))
    p.add_argument(
        "--level",
        choices=("perfect", "random", "mix"),
        default="perfect",
        help=both(
            "how the computer plays: perfect, random, or mix (each move perfect or random, "
            "half and half; default perfect)",
            "コンピュータの強さ: perfect（最善）、random（ランダム）、mix（手ごとに半々）。"
            "既定は perfect",
        ),
    )
    p.add_argument(
        "--first", choices=("you", "computer"), default="you", help=both("who moves first", "先手")
    )
    p.add_argument(
        "--seed",
        type=_integer,
        default=None,
        help=both("seed for the computer's random moves", "コンピュータのランダムな手の乱数シード"),
    )
    p.add_argument(
        "--misere",
        action="store_true",
        help=both(
            "misère play: whoever makes the last move loses", "ミゼール: 最後に指した方が負け"
        ),
    )


def _integer(text: str) -> int:
    """An integer of at most 100 ASCII digits."""
    if not re.fullmatch(r"\s*-?[0-9]{1,100}\s*", text):
        shown = text if len(text) <= 24 else text[:20] + "..."
        raise argparse.ArgumentTypeError(say("arg.not_integer_digits", current(), text=shown))
    return int(text)


def _positive(text: str) -> int:
    """A count of at least one, written as the other commands' counts may be (``1,000``,
    ``1e3``, ``1_000``: ``wtable --to 1e3`` was "not an integer ≥ 1"; helper audit).

    >>> _positive("1,000"), _positive("1e3"), _positive(" 7 ")
    (1000, 1000, 7)
    """
    from nimlab.checks import parse_int, plain_count
    from nimlab.errors import NimlabError

    text = plain_count(text)
    digits = len(text.strip())
    if digits > 100 and text.strip().isdigit():
        raise argparse.ArgumentTypeError(
            say("arg.digits_over", current(), text=text[:20] + "…", digits=digits, most=100)
        )
    try:
        if digits > 100:
            raise ValueError
        return parse_int(text, "the value", least=1)
    except (NimlabError, ValueError):
        raise argparse.ArgumentTypeError(say("arg.not_positive", current(), text=text)) from None


def verify(args: argparse.Namespace, out: TextIO) -> int:
    """Exit 1 if a check disagrees, else 3 if one stopped at a limit (what it compared
    is still shown), else 0."""
    from nimlab.cli.render import grid
    from nimlab.theory.verify import verify as run

    results = run(args.names, args.max, limits_of(args))
    bad = [r for r in results if r.problems]
    refused = [r for r in results if r.refused is not None and not r.problems]
    code = 1 if bad else 3 if refused else 0
    lang = language(args)
    if args.json:
        emit_json(
            out,
            {"results": [r.to_dict() | _refusal(r, "en") for r in results]},
        )
        for r in bad:
            for problem in r.problems:
                tell(f"nimlab: {r.name}: {problem}")
        for r in refused:
            tell(f"nimlab: {_refusal(r, lang)['refused']}")
        return code
    out.write(say("verify.title", lang) + "\n\n")
    rows = [say("verify.columns", lang).split("|")]
    for r in results:
        key = "verify.yes" if r.agree else "verify.no" if r.problems else "verify.refused"
        source, scope = r.said(lang)
        rows.append([r.name, source, f"{r.checked:,}", say(key, lang), scope])
    out.write(grid(rows) + "\n\n")
    for r in bad:
        for problem in r.problems:
            out.write(say("verify.disagrees", lang, name=r.name, problem=problem) + "\n")
    for r in refused:
        out.write(_refusal(r, lang)["refused"] + "\n")
    total, agree = len(results), sum(r.agree for r in results)
    key = "verify.summary_stopped" if refused else "verify.summary"
    out.write(say(key, lang, agree=agree, total=total, stopped=len(refused)) + "\n")
    return code


def _refusal(r: Verification, lang: str) -> dict[str, str]:
    """``{"refused": why}`` for a check stopped at a limit (its flag named), else ``{}``."""
    if r.refused is None:
        return {}
    reason = r.refused.render(FLAGS, lang)
    key = "verify.stopped" if r.checked else "verify.stopped_at_once"
    return {"refused": say(key, lang, name=r.name, checked=r.checked, bound=r.bound, reason=reason)}


def explain(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.explanations import explain as run

    result = run(
        args.game, args.position, lang=language(args), misere=args.misere, limits=limits_of(args)
    )
    if args.json:
        emit_json(out, result.to_dict())
    else:
        out.write(result.text() + "\n")
    return 0


def wtable(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.cli.formats import render_lines
    from nimlab.theory.tables import w_table

    table = w_table(args.game, args.to, limits=limits_of(args))
    if args.json:  # table.to_dict(), its rows written in stretches
        emit(out, {"game": table.game, "rows": Stretched(table.rows, width=3)})
        return 0
    c = table.game.split(":")[1]
    caption = say("wtable.caption", language(args), game=table.game, c=c)
    rows = Rows(lambda: ([str(r.n), str(r.w), r.code] for r in table.rows))
    header = ["n", "w(n)", say("wtable.code", language(args))]
    write_lines(out, render_lines(caption, header, rows, args.format))
    return 0


def wythoff_table(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.cli.formats import render_lines
    from nimlab.theory.tables import wythoff_table as run

    table = run(args.to, limits=limits_of(args))
    if args.json:  # table.to_dict(), its rows written in stretches
        emit(out, {"game": "wythoff", "rows": Stretched(table.rows, width=6)})
        return 0
    caption = say("wythoff_table.caption", language(args))
    header = ["n", "φ(n)", "p_n", "φ(p_n)", "q_n", "φ(q_n)"]
    rows = Rows(
        lambda: ([str(r.n), r.n_code, str(r.p), r.p_code, str(r.q), r.q_code] for r in table.rows)
    )
    write_lines(out, render_lines(caption, header, rows, args.format))
    return 0
