"""The research commands: ``sweep`` (compute a family into a database) and ``results``.

Added to the parser by :func:`add_commands`; the research modules (and numba,
Dask, pyarrow, matplotlib) are imported only when a command runs.
"""

from __future__ import annotations

import argparse
import functools
import re
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from nimlab.checks import plain_count
from nimlab.cli.commands import emit_json
from nimlab.cli.options import current, language
from nimlab.cli.theory import Adder
from nimlab.errors import InvalidOption
from nimlab.messages import both, say
from nimlab.streams import tell

if TYPE_CHECKING:
    from nimlab.research.families import Family

EXAMPLES = {
    "sweep": [
        "nimlab sweep subtraction --sizes 3 --max-element 100 --db atlas.sqlite",
        "nimlab sweep subtraction --largest 12 --db atlas.sqlite --dask-local 2",
        "nimlab sweep octal --digits 2 --db octal.sqlite",
        "nimlab sweep take-away --c-from 1 --c-to 10 --bound 2000 --db ta.sqlite",
        "nimlab sweep split-delete --variants delete-nim:single --heaps-from 3 --heaps-to 6 "
        "--max-heap 8,12 --db sd.sqlite",
        "nimlab sweep subtraction --sizes 3 --max-element 200 --db atlas.sqlite "
        "--scheduler tcp://10.0.0.5:8786",
    ],
    "results": [
        "nimlab results --db atlas.sqlite --sweeps",
        "nimlab results --db atlas.sqlite --family subtraction --size 3 --sort period --limit 10",
        "nimlab results --db atlas.sqlite --params '1,%' --json",
        "nimlab results --db atlas.sqlite --export atlas.parquet",
        "nimlab results --db atlas.sqlite --plot period --out period.png",
        "nimlab results --db sd.sqlite --params 'delete-nim:single heaps=3 max=12' "
        "--plot ppositions --out p.svg",
    ],
}
FAMILY_NAMES = ("subtraction", "octal", "octal-misere", "take-away", "split-delete")


INT64 = 2**63 - 1
"""The largest number a research option takes: the database stores 64-bit integers."""


def _int(text: str) -> int:
    """An option's count: ASCII digits, 0 to 2^63 − 1 (SQLite's INTEGER).

    Every number the research commands take counts something (set sizes, heaps, digits,
    rows, workers), so a sign is refused here with the range, not later.

    >>> _int("12"), _int(" 3 "), _int("1,000"), _int("1e3")
    (12, 3, 1000, 1000)
    >>> _int("-3")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '-3' is not an integer from 0 to 9223372036854775807
    >>> _int("３")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '３' is not an integer from 0 to 9223372036854775807
    """
    return _count_from(text, 0)


def _positive(text: str) -> int:
    """A count of at least one (workers, tasks, rows), with that range in its refusal: 0 was
    refused later as "must be ≥ 1" where -1 had been told "from 0".

    >>> _positive("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '-1' is not an integer from 1 to 9223372036854775807
    """
    return _count_from(text, 1)


def _count_from(text: str, least: int) -> int:
    shown = text if len(text) <= 24 else text[:20] + "..."
    digits = plain_count(text)
    if not re.fullmatch(r"\s*\+?[0-9]{1,19}\s*", digits) or not least <= int(digits) <= INT64:
        raise argparse.ArgumentTypeError(
            say("arg.not_count", current(), text=shown, least=least, most=INT64)
        )
    return int(digits)


def _seconds(text: str) -> float:
    """Seconds for one task: a number in (0, 3600].

    >>> _seconds("2.5")
    2.5
    >>> _seconds("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'nan': give seconds in (0, 3600]
    """
    shown = text if len(text) <= 24 else text[:20] + "..."
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 3600:  # nan fails too
        raise argparse.ArgumentTypeError(say("arg.not_seconds", current(), text=shown))
    return value


def _ints(text: str) -> list[int]:
    try:
        parts = text.split(",")
        if any(not part.strip() for part in parts):  # 2,,3 or 2,: an element left out
            raise argparse.ArgumentTypeError
        return [_int(part) for part in parts]
    except argparse.ArgumentTypeError:
        shown = text if len(text) <= 24 else text[:20] + "..."
        raise argparse.ArgumentTypeError(
            say("arg.not_counts", current(), text=shown, most=INT64)
        ) from None


def add_commands(command: Adder) -> None:
    """Add ``sweep`` and ``results`` with ``command(name, run, help)`` of the main parser."""
    p = command(
        "sweep",
        sweep,
        both(
            "compute a whole family of games into a results database",
            "ゲームの族全体を計算して結果データベースに入れる",
        ),
    )
    p.add_argument(
        "family",
        metavar="FAMILY",
        help=both(f"one of {', '.join(FAMILY_NAMES)}", f"{', '.join(FAMILY_NAMES)} のどれか"),
    )
    p.add_argument(
        "--db",
        required=True,
        metavar="FILE",
        help=both("SQLite results database", "SQLite の結果データベース"),
    )
    group = p.add_argument_group("subtraction")
    group.add_argument(
        "--sizes", type=_ints, default=None, metavar="K,..", help=both("set sizes", "集合の大きさ")
    )
    group.add_argument(
        "--max-element",
        type=_int,
        default=None,
        metavar="M",
        help=both("S ⊆ {1..M}", "S ⊆ {1..M}（最大要素 M まで）"),
    )
    group.add_argument(
        "--largest",
        type=_int,
        default=None,
        metavar="M",
        help=both("max S = M", "max S = M（最大要素がちょうど M）"),
    )
    group = p.add_argument_group("octal")
    group.add_argument(
        "--digits",
        type=_int,
        default=None,
        metavar="D",
        help=both("codes 0.d1..dk, k ≤ D", "符号 0.d1..dk, k ≤ D"),
    )
    group = p.add_argument_group("octal-misere (also --digits, and one --max-heap N)")
    group.add_argument(
        "--task-seconds",
        type=_seconds,
        default=None,
        metavar="S",
        help=both(
            "time for each code's quotient (default 10)", "符号ごとの商の計算時間（既定 10）"
        ),
    )
    group = p.add_argument_group("take-away")
    group.add_argument("--c-from", type=_int, default=None, metavar="C")
    group.add_argument("--c-to", type=_int, default=None, metavar="C")
    group.add_argument(
        "--bound",
        type=_int,
        default=None,
        metavar="N",
        help=both("fresh games n ≤ N", "新しいゲーム n ≤ N"),
    )
    group = p.add_argument_group("split-delete")
    group.add_argument(
        "--variants",
        default=None,
        metavar="SPEC,..",
        help=both("e.g. delete-nim:single", "例 delete-nim:single"),
    )
    group.add_argument("--heaps-from", type=_int, default=None, metavar="K")
    group.add_argument("--heaps-to", type=_int, default=None, metavar="K")
    group.add_argument(
        "--max-heap", type=_ints, default=None, metavar="N,..", help=both("bounds", "山の上限")
    )
    group = p.add_argument_group("where it runs")
    group.add_argument(
        "--workers",
        type=_positive,
        default=None,
        metavar="N",
        help=both("local processes", "ローカルのプロセス数"),
    )
    group.add_argument(
        "--dask-local",
        type=_positive,
        default=None,
        metavar="N",
        help=both("Dask LocalCluster", "Dask の LocalCluster（ワーカー数）"),
    )
    group.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help=both("tcp://HOST:PORT", "Dask スケジューラのアドレス tcp://HOST:PORT"),
    )
    group.add_argument(
        "--batch-size",
        type=_positive,
        default=None,
        metavar="B",
        help=both("tasks per batch", "1 バッチのタスク数"),
    )
    group.add_argument(
        "--max-tasks",
        type=_positive,
        default=None,
        metavar="N",
        help=both(
            "refuse a sweep of more tasks (default 5,000,000); --max-states and "
            "--max-memory apply to each task",
            "これより多いタスクのスイープは断る（既定 5,000,000）。"
            "--max-states と --max-memory は各タスクに掛かる",
        ),
    )
    group.add_argument(
        "--quiet", action="store_true", help=both("no progress bar", "進捗バーを出さない")
    )

    p = command(
        "results",
        results,
        both(
            "query, export and plot a results database", "結果データベースの検索、書き出し、グラフ"
        ),
    )
    p.add_argument("--db", required=True, metavar="FILE")
    p.add_argument(
        "--sweeps",
        action="store_true",
        help=both("list the sweeps and their progress", "スイープとその進み具合の一覧"),
    )
    p.add_argument("--family", default=None, choices=FAMILY_NAMES)
    p.add_argument(
        "--size",
        type=_int,
        default=None,
        metavar="K",
        help=both("|S|, heaps, C or digits", "|S|、山の数、C または桁数"),
    )
    p.add_argument(
        "--top",
        type=_int,
        default=None,
        metavar="M",
        help=both("max S, max heap or bound", "max S、山の最大または上限"),
    )
    p.add_argument("--period", type=_int, default=None, metavar="P")
    p.add_argument(
        "--params",
        default=None,
        metavar="PATTERN",
        help=both("SQL LIKE, e.g. '1,%%'", "SQL の LIKE。例 '1,%%'"),
    )
    p.add_argument(
        "--unproven",
        action="store_true",
        help=both("only results without a proof", "証明のない結果だけ"),
    )
    p.add_argument(
        "--sort",
        default="period",
        metavar="KEY",
        help=both(
            "period (default), preperiod, max_value, count, work, outcome_period, params",
            "period（既定）, preperiod, max_value, count, work, outcome_period, params のどれか",
        ),
    )
    p.add_argument(
        "--limit",
        type=_positive,
        default=None,
        metavar="N",
        help=both("rows shown (default 20)", "表示する行数（既定 20）"),
    )
    p.add_argument(
        "--export",
        default=None,
        metavar="FILE",
        help=both(".csv, .csv.gz or .parquet", ".csv, .csv.gz, .parquet のどれか"),
    )
    p.add_argument(
        "--columns",
        default=None,
        metavar="C,..",
        help=both("export only these columns", "この列だけを書き出す"),
    )
    p.add_argument(
        "--plot",
        default=None,
        metavar="KIND",
        help=both("period, preperiod, ppositions", "period, preperiod, ppositions のどれか"),
    )
    p.add_argument(
        "--out",
        default=None,
        metavar="FILE",
        help=both("the plot's .png or .svg", "グラフの .png または .svg"),
    )


def _family(args: argparse.Namespace) -> Family:
    from nimlab.research import families as f

    options = {
        "subtraction": ("sizes", "max_element", "largest"),
        "octal": ("digits",),
        "octal-misere": ("digits", "max_heap", "task_seconds"),
        "take-away": ("c_from", "c_to", "bound"),
        "split-delete": ("variants", "heaps_from", "heaps_to", "max_heap"),
    }
    if args.family not in options:
        raise InvalidOption(
            f"unknown family {args.family!r}; accepted: {', '.join(FAMILY_NAMES)}",
            ja=f"ファミリー {args.family!r} は不明です。使えるもの: {', '.join(FAMILY_NAMES)}",
        )
    for name, own in options.items():
        for option in own:
            if option in options[args.family]:
                continue
            if name != args.family and getattr(args, option) is not None:
                flag = "--" + option.replace("_", "-")
                raise InvalidOption(
                    f"{flag} is for {name} sweeps, not {args.family}",
                    ja=f"{flag} は {name} のスイープ用で、{args.family} には使えません",
                )

    def need(option: str) -> Any:
        value = getattr(args, option)
        if value is None:
            flag = "--" + option.replace("_", "-")
            raise InvalidOption(
                f"{'an' if args.family[0] in 'aeiou' else 'a'} {args.family} sweep needs {flag}",
                ja=f"{args.family} のスイープには {flag} が必要です",
            )
        return value

    if args.family == "subtraction":
        return f.subtraction_family(args.sizes, args.max_element, args.largest)
    if args.family == "octal":
        return f.octal_family(need("digits"))
    if args.family == "octal-misere":
        bounds = need("max_heap")
        if len(bounds) != 1:
            raise InvalidOption(
                "an octal-misere sweep takes one --max-heap N",
                ja="octal-misere の掃引には --max-heap N を 1 つだけ指定します",
            )
        seconds = 10.0 if args.task_seconds is None else args.task_seconds
        return f.octal_misere_family(need("digits"), bounds[0], seconds)
    if args.family == "take-away":
        return f.take_away_family(need("c_from"), need("c_to"), need("bound"))
    # (an empty --variants '' is no variant, refused — not every variant)
    variants = args.variants.split(",") if args.variants is not None else list(f.SPLIT_DELETE_SPECS)
    return f.split_delete_family(variants, need("heaps_from"), need("heaps_to"), need("max_heap"))


def _database_errors(run: Callable[[argparse.Namespace, TextIO], int]) -> Callable[..., int]:
    """Report a damaged database (SQLite errors) as one line and exit code 2."""

    @functools.wraps(run)
    def guarded(args: argparse.Namespace, out: TextIO) -> int:
        try:
            return run(args, out)
        except sqlite3.Error as error:
            if "full" in str(error):  # SQLITE_FULL: each batch is all in or all out
                raise InvalidOption(
                    f"--db {args.db}: the disk is full ({error}); what was committed is kept: "
                    "free some space and run the same command again",
                    ja=f"--db {args.db}: ディスクがいっぱいです（{error}）。書き終えた分は"
                    "残っています。空きを作って同じコマンドをもう一度実行してください",
                ) from None
            raise InvalidOption(
                f"--db {args.db}: the database is damaged or locked ({error})",
                ja=f"--db {args.db}: データベースが壊れているかロックされています（{error}）",
            ) from None

    return guarded


@_database_errors
def sweep(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.research.executors import executor
    from nimlab.research.sweep import DEFAULT_MAX_TASKS, check_size, run_sweep

    family = _family(args)
    max_tasks = DEFAULT_MAX_TASKS if args.max_tasks is None else args.max_tasks
    check_size(family, max_tasks)  # before starting any worker
    runner = executor(args.workers, args.dask_local, args.scheduler)
    try:
        report = run_sweep(
            family,
            args.db,
            runner,
            max_tasks=max_tasks,
            max_states=args.max_states,
            max_memory=args.max_memory,
            batch_size=args.batch_size,
            quiet=args.quiet or args.json,
            lang=language(args),
        )
    finally:
        runner.close()
    if args.json:
        emit_json(out, {"db": args.db, **report.to_dict()})
        return 0
    d = report.to_dict()
    lang = language(args)
    where = {"db": args.db, "family": d["family"], "parameters": d["parameters"]}
    if not d["computed"]:
        out.write(say("research.nothing_to_do", lang, tasks=d["tasks"], **where) + "\n")
        return 0
    text = say(
        "research.report",
        lang,
        tasks=d["tasks"],
        computed=d["computed"],
        already=d["already_done"],
        new=d["new_results"],
        seconds=d["seconds"],
        rate=_rate(report.computed, report.seconds, lang),
        executor=d["executor"],
        **where,
    )
    out.write(text + "\n")
    return 0


def _rate(tasks: int, seconds: float, lang: str = "en") -> str:
    """Tasks per second, or seconds per task when a task takes over a second."""
    if tasks and seconds > tasks:
        return say("research.per_task", lang, seconds=seconds / tasks)
    return say("research.per_second", lang, tasks=tasks / max(seconds, 1e-9))


@_database_errors
def results(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.files import shown
    from nimlab.progress import ProgressBar
    from nimlab.research import query
    from nimlab.research.db import ResultsDB

    where = query.Filter(
        family=args.family,
        size=args.size,
        top=args.top,
        period=args.period,
        proven=False if args.unproven else None,
        params=args.params,
    )
    ResultsDB.open(args.db, create=False).close()  # refuse a foreign file up front
    if args.sweeps:
        return _sweeps(args, out)
    if args.limit is not None and args.limit < 1:
        raise InvalidOption(
            f"--limit must be ≥ 1, got {args.limit}",
            ja=f"--limit は 1 以上です（{args.limit} が与えられた）",
        )
    if args.limit is not None and (args.export is not None or args.plot is not None):
        raise InvalidOption(
            "--limit is the rows shown; an export or a plot takes every matching row "
            "(narrow them with --family, --size, --top, --period or --params)",
            ja="--limit は表示する行数です。書き出しとグラフは該当する行をすべて使います"
            "（--family、--size、--top、--period、--params で絞り込めます）",
        )
    if args.columns is not None and args.export is None:
        raise InvalidOption(
            "--columns chooses the columns of --export FILE",
            ja="--columns は --export FILE の列を選びます",
        )
    limit = 20 if args.limit is None else args.limit
    if args.plot is not None and args.export is not None:
        raise InvalidOption(
            "--plot and --export are two runs of results: give one of them",
            ja="--plot と --export は別々に実行します。どちらか一方を指定してください",
        )
    if args.plot is not None or args.out is not None:
        from nimlab.research.plots import plot

        if args.plot is None or args.out is None:
            raise InvalidOption(
                "--plot KIND and --out FILE go together",
                ja="--plot KIND と --out FILE は一緒に指定します",
            )
        query.check_footprint(args.db, where, args.max_memory)
        points = plot(args.db, where, args.plot, args.out, language(args))
        said = say("research.plotted", language(args), kind=args.plot, out=args.out, n=points)
        _done(args, out, {"plot": args.plot, "out": args.out, "points": points}, said)
        return 0
    if args.export is not None:
        query.export_target(args.export)  # a bad name is refused before rows are counted
        lang = language(args)
        label = say("progress.export", lang, out=shown(args.export))
        bar = ProgressBar(label, query.count(args.db, where), "rows", lang)
        try:
            columns = query.columns_of(args.columns)
            written = query.export(args.db, where, args.export, columns, bar.update)
        finally:
            bar.close()
        said = say("research.exported", lang, out=args.export, n=written)
        _done(args, out, {"export": args.export, "rows": written}, said)
        return 0
    copies = 2 if args.json else 1  # --json holds each row twice
    query.check_footprint(args.db, where, args.max_memory, args.sort, limit, copies)
    found = query.select(args.db, where, args.sort, limit)
    total = query.count(args.db, where)
    if args.json:
        import json

        for r in found:
            r["data"] = json.loads(r["data"])
        emit_json(out, {"db": args.db, "matching": total, "shown": len(found), "results": found})
        return 0
    _table(out, found, total, language(args))
    return 0


def _done(args: argparse.Namespace, out: TextIO, facts: dict[str, object], said: str) -> None:
    if args.json:
        emit_json(out, {"db": args.db, **facts})
    else:
        out.write(said + "\n")


_SHOWN = ("family", "params", "preperiod", "period", "proven", "max_value", "count", "work")


_SHOWN_JA = {
    "family": "族",
    "params": "パラメータ",
    "preperiod": "前周期",
    "period": "周期",
    "proven": "証明",
    "max_value": "最大値",
    "count": "個数",
    "work": "仕事量",
}
"""The columns' headings in Japanese (``--sort`` and ``--columns`` take the English names)."""


def _table(out: TextIO, found: list[dict[str, object]], total: int, lang: str) -> None:
    from nimlab.cli.render import grid

    heads = [_SHOWN_JA[c] if lang == "ja" else c for c in _SHOWN]
    cells = [[("" if r[c] is None else str(r[c])) for c in _SHOWN] for r in found]
    out.write(grid([heads, *cells]) + "\n")
    out.write(say("research.shown", lang, shown=len(found), total=total) + "\n")


def _sweeps(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.research.db import ResultsDB

    with ResultsDB.open(args.db, create=False) as db:
        found = db.sweeps()
    if args.json:
        emit_json(out, {"db": args.db, "sweeps": found})
        return 0
    lang = language(args)
    for s in found:
        state = say(
            "research.complete" if s["done"] >= s["tasks"] else "research.interrupted", lang
        )
        line = say(
            "research.sweep",
            lang,
            id=s["id"],
            family=s["family"],
            parameters=s["parameters"],
            done=s["done"],
            tasks=s["tasks"],
            state=state,
            version=s["nimlab_version"],
            created=s["created"],
        )
        out.write(line + "\n")
    if not found:
        tell(say("research.no_sweeps", lang))
    return 0
