"""The misère commands: ``quotient`` (misère quotients) and ``genus`` (Conway's genus).

Each is added to the parser by :func:`add_commands`; the mathematics lives in
:mod:`nimlab.misere`.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import TextIO

from nimlab.cli.commands import emit_json, limits_of
from nimlab.cli.options import current, language
from nimlab.messages import both, say

EXAMPLES = {
    "quotient": [
        "nimlab quotient nim --max-heap 7",
        "nimlab quotient kayles --max-heap 40 --growth",
        "nimlab quotient octal:0.75 --max-heap 30 --json",
        "nimlab quotient subtraction:1,2 --max-heap 10 --table",
        "nimlab quotient kayles --max-heap 400 --until-period",
    ],
    "genus": [
        "nimlab genus kayles --to 20",
        "nimlab genus grundy-game --to 24 --json",
    ],
}

Adder = Callable[..., argparse.ArgumentParser]


def _natural(text: str) -> int:
    """A heap bound: ASCII digits only, at most 12 of them (``²`` and ``٣`` are refused).

    >>> _natural(" 12 "), _natural("1,000"), _natural("1e3")
    (12, 1000, 1000)
    """
    from nimlab.checks import plain_count

    digits = plain_count(text).strip()
    if re.fullmatch(r"[0-9]+", digits) and len(digits) > 12:
        raise argparse.ArgumentTypeError(
            say("arg.digits_over", current(), text=text[:20] + "…", digits=len(digits), most=12)
        )
    if not re.fullmatch(r"[0-9]+", digits) or int(digits) < 1:
        raise argparse.ArgumentTypeError(say("arg.not_positive", current(), text=text))
    return int(digits)


def add_commands(command: Adder) -> None:
    """Add ``quotient`` and ``genus`` with ``command(name, run, help)`` of the main parser."""
    p = command(
        "quotient",
        quotient,
        both(
            "the misère quotient of a heap game: presentation, P-portion, table",
            "山のゲームのミゼール商: 表示（生成元と関係）、P 部分、乗積表",
        ),
    )
    p.add_argument(
        "game",
        help=both(
            "a heap game: nim, octal:0.77, subtraction:1,2, grundy-game",
            "山のゲーム: nim, octal:0.77, subtraction:1,2, grundy-game など",
        ),
    )
    p.add_argument(
        "--max-heap",
        type=_natural,
        required=True,
        metavar="N",
        help=both("sums of heaps ≤ N", "山 ≤ N の和"),
    )
    p.add_argument(
        "--growth",
        action="store_true",
        help=both(
            "the order for every N ≤ max-heap and when it stops",
            "各 N ≤ max-heap での位数と、それが止まるところ",
        ),
    )
    p.add_argument(
        "--table",
        action="store_true",
        help=both("print the multiplication table", "乗積表を出力する"),
    )
    p.add_argument(
        "--until-period",
        action="store_true",
        help=both(
            "stop at the first N ≤ max-heap at which a period of the heaps is proven "
            "(then the quotient is that of every heap size)",
            "山の周期が証明された最初の N ≤ max-heap で止める（その商がどの大きさの山も含む"
            "ゲーム全体の商になる）",
        ),
    )

    p = command(
        "genus",
        genus,
        both(
            "Conway's genus g^(g0 g1 ...) of each heap, tame or wild",
            "各山の Conway の genus g^(g0 g1 ...)、tame か wild か",
        ),
    )
    p.add_argument(
        "game",
        help=both(
            "a heap game: nim, octal:0.77, subtraction:1,2, grundy-game",
            "山のゲーム: nim, octal:0.77, subtraction:1,2, grundy-game など",
        ),
    )
    p.add_argument(
        "--to", type=_natural, required=True, metavar="N", help=both("heaps 0..N-1", "山 0..N-1")
    )


def quotient(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.misere.periodicity import quotient_criterion
    from nimlab.misere.quotient import heap_ruleset, periodic_quotient
    from nimlab.misere.quotient import quotient as run
    from nimlab.registry import game
    from nimlab.solve.periodicity import criterion_words

    g = heap_ruleset(game(args.game))
    build = periodic_quotient if args.until_period else run
    q = build(g, args.max_heap, limits_of(args))
    criterion = quotient_criterion(g)
    if args.json:
        emit_json(out, q.to_dict())
        return 0
    lang = language(args)
    none = say("quotient.none", lang)
    out.write(say("quotient.header", lang, game=q.game, max=q.max_heap) + "\n")
    out.write(say("quotient.order", lang, order=q.order, p=len(q.p_portion)) + "\n")
    gens = ", ".join(say("quotient.generator", lang, x=x, h=h) for x, h in q.generators.items())
    out.write(say("quotient.generators", lang, value=gens or none) + "\n")
    out.write(say("quotient.relations", lang, value=", ".join(q.relations) or none) + "\n")
    portion = ", ".join(q.p_portion) or say("quotient.empty", lang)
    out.write(say("quotient.p_portion", lang, value=portion) + "\n")
    out.write(say("quotient.elements", lang, value=", ".join(q.elements)) + "\n")
    heaps = "  ".join(f"{h}:{e}" for h, e in q.heaps.items())
    out.write(say("quotient.heaps", lang, value=heaps) + "\n")
    period = q.period
    stable = "quotient.stable" if period is None else "quotient.stable_proven"
    out.write(say(stable, lang, last=q.stable_from, max=q.max_heap) + "\n")
    if period is not None:
        start, p = period.preperiod + period.period, period.period
        bound = period.verified_to
        named = dict(p=p, start=start, n0=period.proven_from, bound=bound)
        out.write(say("quotient.period", lang, criterion=criterion_words(g, lang), **named))
        out.write("\n")
    elif criterion is not None:
        words = criterion_words(g, lang)
        out.write(say("quotient.no_period", lang, max=q.max_heap, criterion=words) + "\n")
    if args.growth:
        out.write("\n" + say("quotient.growth", lang) + "\n")
        previous = None
        for n, order in enumerate(q.growth):
            mark = "  *" if order != previous else ""
            out.write(f"  {n:<3} {order}{mark}\n")
            previous = order
        out.write(say("quotient.changed", lang) + "\n")
    if args.table:
        width = max(len(e) for e in q.elements) + 1
        out.write("\n  " + " " * width + "".join(e.rjust(width) for e in q.elements) + "\n")
        for name, row in zip(q.elements, q.table, strict=True):
            out.write("  " + name.rjust(width) + "".join(q.elements[j].rjust(width) for j in row))
            out.write("\n")
    out.write("\n" + say("quotient.certified", lang, max=q.max_heap) + "\n")
    return 0


def genus(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.misere.genus import ALTERNATING, classify
    from nimlab.misere.genus import genus as run
    from nimlab.misere.quotient import heap_ruleset
    from nimlab.registry import game

    g = heap_ruleset(game(args.game), what="genus")
    table = run(g, args.to, limits_of(args))
    if args.json:
        emit_json(out, table.to_dict())
        return 0
    lang = language(args)
    out.write(say("genus.header", lang, game=table.game, last=args.to - 1) + "\n")
    out.write(say("genus.columns", lang) + "\n")
    for e in table.entries:
        tame = say("genus.tame" if e.tame else "genus.wild", lang)
        out.write(f"  {e.heap:<5} {e.symbol:<12} {tame}\n")
    out.write(f"\n  {classify(table.entries, table.wild_heaps, lang)}\n")
    out.write(say("genus.observed", lang, n=ALTERNATING) + "\n")
    return 0
