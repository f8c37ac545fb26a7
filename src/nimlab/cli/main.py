"""``nimlab``: the command-line tool.

Every command takes ``--json``. Errors print one line to stderr and exit 2
(bad game, position or option) or 3 (over a resource limit); with ``--json``
stdout also carries ``{"error": {"kind": ..., "message": ...}}``. A message that cannot
be written (stderr on a full disk) is lost and changes nothing: the exit code is the same.
Stdout that cannot be written is said on stderr, exit code 2 (a reader that left, as
``| head`` does, is no error: exit code 0).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import re
import sys
import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any, NoReturn, TextIO, cast

from nimlab.checks import parse_int, plain_count
from nimlab.cli import commands, misere, octal, research, tablebase, theory
from nimlab.cli.flags import FLAGS
from nimlab.cli.formats import FORMATS
from nimlab.cli.options import (
    SpeakingHelp,
    SpeakingRawHelp,
    add_common,
    argparse_speaking,
    current,
    lang_after_command,
    lang_of,
    use,
)
from nimlab.cli.tour import tour
from nimlab.errors import InvalidGame, InvalidOption, NimlabError, TooLarge
from nimlab.files import reason
from nimlab.interrupts import taken_safely
from nimlab.limits import (
    DEFAULT_MAX_MEMORY,
    DEFAULT_MAX_STATES,
    DEFAULT_REMOTENESS_STATES,
    watch_work,
)
from nimlab.messages import both, say
from nimlab.progress import WorkMeter
from nimlab.streams import let_go, tell
from nimlab.web import server as web_server
from nimlab.web.config import WEB_MAX_MEMORY, WEB_MAX_STATES

_JSON_HELP = {
    "analyze": both(
        "print JSON instead of text: one object per position, a line each (JSON Lines)",
        "テキストの代わりに JSON を出力する: 局面ごとに 1 行 1 オブジェクト（JSON Lines）",
    )
}
"""The ``--json`` help of a command whose JSON differs from one object."""

_EXAMPLES = {
    "games": ["nimlab games", "nimlab games --json"],
    "analyze": [
        "nimlab analyze nim 3,4,5",
        "nimlab analyze subtraction:2,4,7 8 9 10",
        "nimlab analyze wythoff 4,6 --json",
        "nimlab analyze split-delete-nim:single 6,8",
        "nimlab analyze take-away:2 20/5",
        "nimlab analyze 'nim + kayles' '3,4 + 5'",
        "nimlab analyze nim 1,1,2 --misere",
    ],
    "sequence": [
        "nimlab sequence subtraction:2,4,7 --to 20",
        "nimlab sequence kayles --to 100 --json",
        "nimlab sequence fibonacci-nim --to 30",
        "nimlab sequence subtraction:2,4,7 --from 1000000000000000000 --to 1000000000000000020",
        "nimlab sequence subtraction:3,5,8 --to 100000000 --max-states 100000000 > values.txt",
        "nimlab sequence octal:0.6 --to 9000000 --out v.npy --checkpoint ck --max-states 900000000",
        "nimlab sequence grundy-game --to 9000000 --out g.npy --checkpoint ck2 --max-seconds 60 "
        "--max-states 9000000000",
    ],
    "period": [
        "nimlab period subtraction:2,4,7",
        "nimlab period kayles --json",
        "nimlab period kayles --certificate kayles.json",
    ],
    "table": [
        "nimlab table nim --size 8",
        "nimlab table delete-nim:single --size 10",
        "nimlab table wythoff --size 12 --json",
    ],
    "ppositions": [
        "nimlab ppositions wythoff --heaps 2 --max 30",
        "nimlab ppositions split-delete-nim:single --heaps 3 --max 20",
        "nimlab ppositions nim --heaps 3 --max 7 --json",
    ],
    "tour": ["nimlab tour"],
    "serve": [
        "nimlab serve",
        "nimlab serve --port 8080",
        "nimlab serve --host 0.0.0.0 --time-limit 10 --max-states 5000000",
    ],
    **theory.EXAMPLES,
    **research.EXAMPLES,
    **misere.EXAMPLES,
    **octal.EXAMPLES,
    **tablebase.EXAMPLES,
}


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises instead of exiting, so errors share one format.

    Options are not abbreviated (argparse would read ``--js`` as ``--json``): the
    command line reads ``--json`` and ``--lang`` before parsing, to say a refusal of
    the parse in the format and the language asked for, and an abbreviation would
    be lost there; a new option would also make an abbreviation of today ambiguous.
    An abbreviation is refused, naming the options it abbreviates.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        # Read "-1,2" as a (bad) position, not as an unknown option.
        self._negative_number_matcher = re.compile(r"^-[0-9]")

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        args = list(sys.argv[1:] if args is None else args)
        leading = list(itertools.takewhile(lambda a: a.startswith("--") and a != "--", args))
        unknown = [a for a in leading if a.split("=", 1)[0] not in self._option_string_actions]
        hint = _abbreviated(self, unknown)
        if hint:  # `nimlab --la ja analyze ...`: not "invalid choice: 'ja'"
            message = argparse._("unrecognized arguments: %s")  # type: ignore[attr-defined]
            self.error(message % " ".join(unknown) + hint)
        self._refuse_abbreviations(args)
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:  # refused by the command's parser, which names its own --help
            parser = _command_parser(self, parsed)
            unknown = argparse._("unrecognized arguments: %s")  # type: ignore[attr-defined]
            parser.error(unknown % " ".join(extras) + _abbreviated(parser, extras))
        return parsed

    def _refuse_abbreviations(self, args: list[str]) -> None:
        """Refuse an abbreviated option of the command before argparse looks at the rest:
        ``sequence nim --t 5`` was told only that ``--to`` is required."""
        commands = next(
            (a.choices for a in self._actions if isinstance(a, argparse._SubParsersAction)), {}
        )
        rest = list(itertools.takewhile(lambda a: a != "--", args))
        at = next((i for i, a in enumerate(rest) if a in commands), None)
        if at is None:
            return
        parser = cast(argparse.ArgumentParser, commands[rest[at]])
        known = parser._option_string_actions
        unknown = [
            a for a in rest[at + 1 :] if a.startswith("--") and a.split("=", 1)[0] not in known
        ]
        hint = _abbreviated(parser, unknown)
        if hint:
            message = argparse._("unrecognized arguments: %s")  # type: ignore[attr-defined]
            parser.error(message % " ".join(unknown) + hint)

    def _print_message(self, message: str, file: Any = None) -> None:
        """Help and version text: a failed write is said as any other is (argparse
        ignored it, and ``--help >/dev/full`` exited 0 having written nothing)."""
        if message:
            stream = file or sys.stderr
            stream.write(message)
            stream.flush()

    def error(self, message: str) -> NoReturn:
        # argparse's message is already in the language (argparse_speaking); say it in both
        raise InvalidOption(
            say("cli.see_help", "en", message=message, prog=self.prog),
            ja=say("cli.see_help", "ja", message=message, prog=self.prog),
        )


def _command_parser(
    parser: argparse.ArgumentParser, parsed: argparse.Namespace
) -> argparse.ArgumentParser:
    """The parser of the command ``parsed`` names (``parser`` itself if none)."""
    command = getattr(parsed, "command", None)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            return cast(argparse.ArgumentParser, action.choices[command])
    return parser


def _abbreviated(parser: argparse.ArgumentParser, extras: list[str]) -> str:
    """``; ... did you mean --json?`` when an unrecognized argument begins an option of
    ``parser`` (options are written in full), else nothing.

    >>> parser = build_parser()
    >>> parsed, extras = parser.parse_known_args(["analyze", "nim", "3", "--js"])
    >>> _abbreviated(_command_parser(parser, parsed), extras)
    '; options are written in full: did you mean --json?'
    """
    options = sorted(o for o in parser._option_string_actions if o.startswith("--"))
    meant = [
        option
        for extra in extras
        if extra.startswith("--") and len(extra) > 2
        for option in options
        if option.startswith(extra.split("=", 1)[0])
    ]
    if not meant:
        return ""
    return say("cli.abbreviated", current(), options=", ".join(dict.fromkeys(meant)))


def _count(text: str) -> int:
    """An option's integer, also written as nimlab prints counts (see
    :func:`nimlab.checks.plain_count`): a limit copied from a refusal is taken as it reads.

    >>> _count("100,000,000"), _count("1e9"), _count("-3")
    (100000000, 1000000000, -3)
    """
    lang = current()
    digits = plain_count(text)
    if not re.fullmatch(r"\s*[-+]?[0-9]+\s*", digits):  # not "x... has more than 100 digits"
        raise argparse.ArgumentTypeError(say("arg.not_integer", lang, text=text))
    if len(digits.strip()) > 100:
        raise argparse.ArgumentTypeError(say("arg.too_many_digits", lang, text=text.strip()[:20]))
    try:
        return parse_int(digits, "the value")
    except NimlabError:
        raise argparse.ArgumentTypeError(say("arg.not_integer", lang, text=text)) from None


def _seconds(text: str) -> float:
    """Seconds written in ASCII (float() would also read '５' and ' inf'); the range is
    checked by the run itself.

    >>> _seconds("2.5"), _seconds("1e3")
    (2.5, 1000.0)
    """
    number = r"\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*"
    if not re.fullmatch(number, text) or not math.isfinite(float(text)):  # 1e400 is inf
        shown = text if len(text) <= 24 else text[:20] + "..."
        raise argparse.ArgumentTypeError(say("arg.not_seconds_number", current(), text=shown))
    return float(text)


_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}


def _bytes(text: str) -> int:
    match = re.fullmatch(r"\s*([0-9]{1,20})\s*([KMGT]?)(?:i?B)?\s*", text, re.IGNORECASE)
    if match is None:
        raise argparse.ArgumentTypeError(say("arg.not_size", current(), text=text))
    return int(match.group(1)) * _UNITS[match.group(2).upper()]


def _size(n: int) -> str:
    """Bytes as ``--max-memory`` takes them: ``2G``, ``512M``."""
    return f"{n // 1024**3}G" if n % 1024**3 == 0 else f"{n // 1024**2}M"


UNMETERED = ("serve",)
"""Commands without the work meter: the server's work is in its workers. Play has it off a
terminal (a game whose limits were raised may think for minutes); on one, its own spinner."""


def _meter(args: argparse.Namespace, out: TextIO, lang: str) -> tuple[WorkMeter | None, TextIO]:
    """Show the progress of long work on stderr (see :class:`nimlab.progress.WorkMeter`);
    on a terminal, ``out`` becomes a stream that wipes the meter's line before writing."""
    if args.command in UNMETERED or getattr(args, "quiet", False) or sys.stderr is None:
        return None, out
    if args.command == "play" and sys.stderr.isatty():  # its spinner says it is thinking
        return None, out
    meter = WorkMeter(lang)
    meter.replaced = watch_work(meter)
    return meter, (cast(TextIO, _Wiping(out, meter)) if meter.tty else out)


class _Wiping:
    """``out``, with the work meter's line wiped before anything is written."""

    def __init__(self, out: TextIO, meter: WorkMeter) -> None:
        self._out, self._meter = out, meter

    def write(self, text: str) -> int:
        self._meter.clear()
        return self._out.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._out, name)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="nimlab",
        description=both(
            "A laboratory for impartial stone-taking games (石取りゲーム): "
            "define, solve exactly, explain, find patterns.",
            "石取りゲーム（不偏ゲーム）の実験室: 定義し、厳密に解き、説明し、パターンを探す。",
        ),
        epilog=both(
            "Run `nimlab COMMAND --help` for a command's options and examples.",
            "各コマンドのオプションと例は `nimlab COMMAND --help --lang ja` で。",
        ),
        formatter_class=SpeakingHelp,
    )
    parser.add_argument(
        "--version",
        action="version",
        version="nimlab 0.1.0",
        help=both("show program's version number and exit", "バージョンを表示して終了する"),
    )
    add_common(parser)  # `nimlab --lang ja` alone (help); before a command it is moved after it
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def command(
        name: str,
        run: commands.Command,
        help: str,
        max_states: int = DEFAULT_MAX_STATES,
        max_memory: int = DEFAULT_MAX_MEMORY,
    ) -> argparse.ArgumentParser:
        examples = "\n".join(f"  {e}" for e in _EXAMPLES[name])
        p = sub.add_parser(
            name,
            help=help,
            description=help,
            epilog=both(f"examples:\n{examples}", f"例:\n{examples}"),
            formatter_class=SpeakingRawHelp,
        )
        p.set_defaults(run=run)
        p.add_argument(
            "--json",
            action="store_true",
            help=_JSON_HELP.get(
                name, both("print JSON instead of text", "テキストの代わりに JSON を出力する")
            ),
        )
        add_common(p)
        p.add_argument(
            "--max-states",
            type=_count,
            default=max_states,
            metavar="N",
            help=both(
                f"refuse work over N states (default {max_states:,})",
                f"N 状態を超える計算は断る（既定 {max_states:,}）",
            ),
        )
        p.add_argument(
            "--max-memory",
            type=_bytes,
            default=max_memory,
            metavar="SIZE",
            help=both(
                f"refuse arrays over SIZE bytes, e.g. 8G (default {_size(max_memory)})",
                f"SIZE バイトを超える配列は断る。例 8G（既定 {_size(max_memory)}）",
            ),
        )
        _rules_flag(p)
        return p

    command(
        "games",
        commands.games,
        both(
            "list every game family, its parameters, aliases and seed",
            "すべてのゲーム族とそのパラメータ、別名、シードの一覧",
        ),
    )

    p = command(
        "analyze",
        commands.analyze,
        both(
            "outcome, Grundy value, remoteness, winning moves",
            "勝敗、Grundy 値、remoteness、勝ちの手",
        ),
    )
    p.add_argument(
        "game",
        help=both(
            "a game spec, e.g. nim, subtraction:2,4,7, 'nim + kayles'",
            "ゲームの指定。例 nim, subtraction:2,4,7, 'nim + kayles'",
        ),
    )
    p.add_argument(
        "positions",
        nargs="+",
        metavar="POSITION",
        help=both("e.g. 3,4,5 (several allowed)", "例 3,4,5（複数可）"),
    )
    p.add_argument(
        "--misere",
        action="store_true",
        help=both("misère play: who cannot move wins", "ミゼール: 動けない方が勝ち"),
    )
    _plan_flag(p)
    p.add_argument(
        "--remoteness-states",
        type=_count,
        default=DEFAULT_REMOTENESS_STATES,
        metavar="N",
        help=both(
            "search at most N states for the remoteness where no theorem gives it "
            f"(default {DEFAULT_REMOTENESS_STATES:,})",
            "定理が remoteness を与えないとき探索する状態は最大 N 個"
            f"（既定 {DEFAULT_REMOTENESS_STATES:,}）",
        ),
    )

    p = command(
        "sequence",
        commands.sequence,
        both("the Grundy sequence G(0..N-1) of a heap game", "山のゲームの Grundy 列 G(0..N-1)"),
    )
    p.add_argument("game")
    p.add_argument(
        "--to",
        type=_count,
        required=True,
        metavar="N",
        help=both("stop before heap N", "山 N の手前まで"),
    )
    p.add_argument(
        "--from",
        dest="start",
        type=_count,
        default=0,
        metavar="M",
        help=both(
            "start at heap M: print G(M..N-1) (default 0)",
            "山 M から始める: G(M..N-1) を出力（既定 0）",
        ),
    )
    p.add_argument(
        "--misere",
        action="store_true",
        help=both("misère Grundy values of single heaps", "山 1 つのミゼール Grundy 値"),
    )
    _plan_flag(p)
    p.add_argument(
        "--out",
        default=None,
        metavar="FILE.npy",
        help=both(
            "write G(0..N-1) to a numpy .npy file instead of printing them (long runs)",
            "G(0..N-1) を出力せず numpy の .npy ファイルに書く（長い計算向け）",
        ),
    )
    p.add_argument(
        "--checkpoint",
        default=None,
        metavar="DIR",
        help=both(
            "with --out: keep a checkpoint in DIR; the same command resumes from it, and "
            "any --to of the same game uses the values it holds",
            "--out と共に: DIR にチェックポイントを保存。同じコマンドでそこから再開する。"
            "同じゲームなら別の --to でも保存済みの値を使う",
        ),
    )
    p.add_argument(
        "--max-seconds",
        type=_seconds,
        default=None,
        metavar="S",
        help=both(
            "with --checkpoint: stop cleanly after about S seconds (exit 0; run again to resume)",
            "--checkpoint と共に: 約 S 秒で区切りよく止める"
            "（終了コード 0。もう一度実行すると再開）",
        ),
    )

    p = command(
        "period",
        commands.period,
        both(
            "exact periodicity (preperiod, period, saltus)", "厳密な周期性（前周期、周期、saltus）"
        ),
    )
    p.add_argument("game")
    p.add_argument(
        "--max-length",
        type=_count,
        default=None,
        metavar="N",
        help=both(
            "compute at most N values before reporting no period",
            "周期なしと報告するまでに計算する値は最大 N 個",
        ),
    )
    p.add_argument(
        "--misere",
        action="store_true",
        help=both(
            "period of the misère values of single heaps (proven by a window criterion where "
            "every move leaves at most one heap, else observed)",
            "1 山のミゼール値の周期（どの手も山を 1 つ以下しか残さないゲームは窓の判定法で証明、"
            "それ以外は観察のみ）",
        ),
    )
    p.add_argument(
        "--certificate",
        default=None,
        metavar="FILE",
        help=both(
            "write a certificate of the proven period to FILE (check it with `nimlab check`)",
            "証明された周期の証明書を FILE に書く（`nimlab check` で検証）",
        ),
    )
    _plan_flag(p)

    p = command(
        "table",
        commands.table,
        both("the Grundy table of a two-heap game", "2 山のゲームの Grundy 表"),
    )
    p.add_argument("game")
    p.add_argument(
        "--size", type=_count, required=True, metavar="N", help=both("N×N table", "N×N の表")
    )
    p.add_argument(
        "--misere", action="store_true", help=both("misère Grundy values", "ミゼール Grundy 値")
    )
    _plan_flag(p)
    p.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help=both("text, markdown, latex, csv", "text, markdown, latex, csv のどれか"),
    )
    p.add_argument(
        "--origin",
        type=_count,
        choices=(0, 1),
        default=None,
        help=both(
            "number heaps from 1 as seed 001's tables 5–6 do (Nim, Wythoff: the ≥1-stone rule)",
            "シード 001 の表 5–6 のように山を 1 から数える（Nim, Wythoff: 1 個以上残すルール）",
        ),
    )

    p = command(
        "ppositions",
        commands.ppositions,
        both("all P-positions with K heaps, each ≤ N", "山 K 個、各山 ≤ N のすべての P 局面"),
    )
    p.add_argument("game")
    p.add_argument("--heaps", type=_count, required=True, metavar="K")
    p.add_argument("--max", type=_count, required=True, metavar="N")
    p.add_argument("--misere", action="store_true", help=both("misère play", "ミゼール"))
    _plan_flag(p)
    p.add_argument(
        "--layout",
        choices=("list", "matrix"),
        default="list",
        help=both(
            "matrix: rows a, columns b, the c with ⟨a, b, c⟩ a P-position (Table 9 of seed 001)",
            "matrix: 行 a、列 b、⟨a, b, c⟩ が P 局面となる c（シード 001 の表 9）",
        ),
    )
    p.add_argument(
        "--size",
        type=_count,
        default=None,
        metavar="R",
        help=both("matrix rows a ≤ R", "matrix の行 a ≤ R"),
    )
    p.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help=both("text, markdown, latex, csv", "text, markdown, latex, csv のどれか"),
    )

    theory.add_commands(command)
    research.add_commands(command)
    misere.add_commands(command)
    octal.add_commands(command, _count)
    tablebase.add_commands(command)
    command(
        "tour",
        tour,
        both(
            "a guided tour: one headline result of each seed",
            "ガイドツアー: 各シードの代表的な結果を 1 つずつ",
        ),
    )

    p = command(
        "serve",
        commands.serve,
        both(
            "the web app: explore, see and play every game",
            "ウェブアプリ: すべてのゲームを調べ、見て、対戦する",
        ),
        max_states=WEB_MAX_STATES,
        max_memory=WEB_MAX_MEMORY,
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help=both(
            "address to listen on (default 127.0.0.1)", "待ち受けるアドレス（既定 127.0.0.1）"
        ),
    )
    p.add_argument(
        "--port",
        type=_count,
        default=8000,
        help=both("port (default 8000; 0: any free)", "ポート（既定 8000。0: 空いているもの）"),
    )
    p.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="S",
        help=both(
            "seconds of work per request (default 5)", "1 リクエストあたりの計算秒数（既定 5）"
        ),
    )
    p.add_argument(
        "--worker-memory",
        type=_count,
        default=None,
        metavar="MB",
        help=both(
            "address space of each worker process in MiB (default 2048; 0: no limit)",
            "各ワーカープロセスのアドレス空間 MiB（既定 2048。0: 無制限）",
        ),
    )
    web_server.add_options(p)  # --workers (capped), read deadlines, connection and queue caps
    return parser


def _rules_flag(p: argparse.ArgumentParser) -> None:
    """``--rules FILE.py`` (every command): games defined in a user's Python file."""
    p.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="FILE.py",
        help=both(
            "load the rulesets a Python file defines at module level; each is then named "
            "by its spec (e.g. the name of a nimlab.heap_game); may be repeated",
            "Python ファイルがモジュールの最上位で定義するルールを読み込む。"
            "それぞれその spec（例 nimlab.heap_game の名前）で呼べる。繰り返し可",
        ),
    )


def _rules_deadline(args: argparse.Namespace) -> AbstractContextManager[None]:
    """The deadline of one call into ``--rules`` code (:mod:`nimlab.cli.user_code`)."""
    if not getattr(args, "rules", None) or args.command == "serve":
        return nullcontext()
    from nimlab.cli.user_code import deadline

    return deadline()


def _load_rules(args: argparse.Namespace) -> None:
    """Run the ``--rules`` files before the command reads its game."""
    files = getattr(args, "rules", None) or []
    if not files:
        return
    if args.command == "serve":
        raise InvalidOption(
            "nimlab serve takes no --rules: the web app accepts declarative specs only, never code",
            ja="nimlab serve に --rules は使えません: ウェブアプリは宣言的な仕様だけを受け付け、"
            "コードは受け付けません",
        )
    from nimlab.rules import load_rules

    for file in files:
        load_rules(file)


def _plan_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--plan",
        action="store_true",
        help=both(
            "print the methods that would answer, with their estimated cost, without running",
            "実行せずに、答える方法とその見積もりコストを出力する",
        ),
    )


def _report(error: NimlabError, as_json: bool, out: TextIO | None, lang: str = "en") -> int:
    """The error on stderr in ``lang``; with ``--json`` also on stdout in English (the contract)."""
    from nimlab.text import CLI_ECHO, CLI_MESSAGE, shorten

    said = shorten(error.render(FLAGS, lang), CLI_ECHO, CLI_MESSAGE)  # no 100 KB input echoed
    tell(say("cli.error", lang, message=said))  # a stderr that cannot be written: said nowhere
    if as_json and out is not None:
        message = shorten(error.render(FLAGS), CLI_ECHO, CLI_MESSAGE)
        try:
            out.write(json.dumps({"error": {"kind": error.kind, "message": message}}) + "\n")
            out.flush()
        except OSError:
            let_go(out)
    return error.exit_code


def _parse(args_list: list[str], lang: str) -> argparse.Namespace:
    """The parsed command line; a refusal carries argparse's words in English as well as in
    ``lang`` (``--json`` writes the English: its values are the same in every language).

    argparse speaks one language at a time, so a Japanese refusal is parsed again in
    English for its English words.
    """
    try:
        with argparse_speaking(lang):
            return build_parser().parse_args(args_list)
    except InvalidOption as refused:
        if lang != "ja":
            raise
        use("en")
        try:
            build_parser().parse_args(args_list)
        except InvalidOption as english:
            raise InvalidOption(str(english), refused.field, ja=refused.ja) from None
        finally:
            use(lang)
        raise


def _interrupted(error: BaseException) -> bool:
    """Whether ``error`` is a Ctrl-C that a compiled call turned into a ``SystemError``
    ("CPUDispatcher(...) returned a result with an exception set", the interrupt its cause).

    >>> try:
    ...     raise SystemError("returned a result with an exception set") from KeyboardInterrupt()
    ... except SystemError as error:
    ...     _interrupted(error), _interrupted(SystemError("other"))
    (True, False)
    >>> inner = SystemError("_numba_unpickle returned a result with an exception set")
    >>> inner.__context__ = KeyboardInterrupt()
    >>> outer = SystemError("CPUDispatcher(_extend) returned a result with an exception set")
    >>> outer.__context__ = inner
    >>> _interrupted(outer)
    True
    """
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:  # two deep through numba's unpickling
        seen.add(id(cause))
        if isinstance(cause, KeyboardInterrupt):
            return True
        cause = cause.__cause__ or cause.__context__
    return False


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the CLI; returns the exit code.

    Run as the program (``argv`` None), it ends at once when a ``--rules`` file's code
    left a thread running that Python would wait for at exit (said in one line): the
    command is done, and such a thread would keep the process for ever.
    """
    before = current()  # called in a process that goes on (tests, a notebook): restored
    try:
        code = _main(argv, out)
        if argv is None and _user_threads():
            tell(say("cli.user_threads", current()))
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    stream.flush()
            os._exit(code)
        return code
    finally:
        use(before)


def _user_threads() -> list[threading.Thread]:
    """Threads Python would wait for at exit, when rules were loaded from a file."""
    from nimlab.registry import USER_RULES

    if not USER_RULES:
        return []
    main_thread = threading.main_thread()
    return [t for t in threading.enumerate() if t is not main_thread and not t.daemon]


def _main(argv: Sequence[str] | None, out: TextIO | None) -> int:
    args_list = lang_after_command(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in args_list[: args_list.index("--") if "--" in args_list else None]
    lang = lang_of(args_list)
    use(lang)
    if out is None and sys.stdout is None:  # started with its standard output closed (>&-)
        closed = InvalidOption(say("cli.stdout_closed", "en"), ja=say("cli.stdout_closed", "ja"))
        return _report(closed, False, None, lang)
    out = out or sys.stdout
    try:
        args = _parse(args_list, lang)
        if args.command is None:
            with argparse_speaking(lang):
                build_parser().print_help(out)
            return 2
        if getattr(args, "max_states", None) is not None:  # checked for every command alike
            from nimlab.cli.commands import limits_of

            limits_of(args)
        with _rules_deadline(args):  # a --rules function that never returns is stopped
            _load_rules(args)
            meter, shown = _meter(args, out, lang)  # (out stays stdout, for a failed write)
            try:
                with taken_safely():  # Ctrl-C, SIGTERM, SIGHUP: never inside numba's calls
                    code: int = args.run(args, shown)
            except (NimlabError, MemoryError, KeyboardInterrupt, OSError):
                raise
            except SystemError as error:
                if _interrupted(error):  # Ctrl-C inside a compiled (numba) call
                    raise KeyboardInterrupt from None
                raise
            except (Exception, SystemExit) as error:  # a user's ruleset (--rules) failed
                if not args.rules:
                    raise
                where = ", ".join(args.rules)
                from nimlab.text import user_error

                failed: NimlabError = InvalidGame(
                    f"a ruleset of {where} failed: {user_error(error)}",
                    ja=f"{where} のルールの実行中にエラー: {user_error(error)}",
                )
                return _report(failed, as_json, shown, lang)
            finally:
                if meter is not None:
                    meter.close()
                    watch_work(meter.replaced)  # a caller's own watcher, if main runs in-process
        shown.flush()
        return code
    except NimlabError as error:
        return _report(error, as_json, out, lang)
    except MemoryError:
        full = TooLarge(say("cli.out_of_memory", "en"), ja=say("cli.out_of_memory", "ja"))
        return _report(full, as_json, out, lang)
    except KeyboardInterrupt:
        tell(say("cli.interrupted", lang))
        return 130
    except BrokenPipeError:  # the reader left (`| head`): nothing more to say
        let_go(out)
        return 0
    except OSError as error:  # stdout on a full disk, or closed while writing
        let_go(out)
        en, ja = (error.filename or say("cli.stdout", lang) for lang in ("en", "ja"))
        failed = InvalidOption(
            say("cli.cannot_write", "en", what=en, reason=reason(error)),
            ja=say("cli.cannot_write", "ja", what=ja, reason=reason(error, "ja")),
        )
        return _report(failed, False, None, lang)
