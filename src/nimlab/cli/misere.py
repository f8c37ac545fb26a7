"""The misère commands: ``quotient`` (misère quotients) and ``genus`` (Conway's genus).

Each is added to the parser by :func:`add_commands`; the mathematics lives in
:mod:`nimlab.misere`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

from nimlab.cli.commands import emit_json, limits_of

EXAMPLES = {
    "quotient": [
        "nimlab quotient nim --max-heap 7",
        "nimlab quotient kayles --max-heap 40 --growth",
        "nimlab quotient octal:0.75 --max-heap 30 --json",
        "nimlab quotient subtraction:1,2 --max-heap 10 --table",
    ],
    "genus": [
        "nimlab genus kayles --to 20",
        "nimlab genus grundy-game --to 24 --json",
    ],
}

Adder = Callable[..., argparse.ArgumentParser]


def _natural(text: str) -> int:
    if not text.strip().isdigit() or len(text.strip()) > 12:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer ≥ 0")
    return int(text)


def add_commands(command: Adder) -> None:
    """Add ``quotient`` and ``genus`` with ``command(name, run, help)`` of the main parser."""
    p = command(
        "quotient", quotient, "the misère quotient of a heap game: presentation, P-portion, table"
    )
    p.add_argument("game", help="a heap game: nim, octal:0.77, subtraction:1,2, grundy-game")
    p.add_argument(
        "--max-heap", type=_natural, required=True, metavar="N", help="sums of heaps ≤ N"
    )
    p.add_argument(
        "--growth", action="store_true", help="the order for every N ≤ max-heap and when it stops"
    )
    p.add_argument("--table", action="store_true", help="print the multiplication table")

    p = command("genus", genus, "Conway's genus g^(g0 g1 ...) of each heap, tame or wild")
    p.add_argument("game", help="a heap game: nim, octal:0.77, subtraction:1,2, grundy-game")
    p.add_argument("--to", type=_natural, required=True, metavar="N", help="heaps 0..N-1")


def quotient(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.misere.quotient import heap_ruleset
    from nimlab.misere.quotient import quotient as run
    from nimlab.registry import game

    g = heap_ruleset(game(args.game))
    q = run(g, args.max_heap, limits_of(args))
    if args.json:
        emit_json(out, q.to_dict())
        return 0
    out.write(f"{q.game}: misère quotient of all sums of heaps ≤ {q.max_heap}\n")
    out.write(f"  order       {q.order}   (|P| = {len(q.p_portion)})\n")
    gens = ", ".join(f"{x} = heap {h}" for x, h in q.generators.items()) or "none"
    out.write(f"  generators  {gens}\n")
    out.write(f"  relations   {', '.join(q.relations) or 'none'}\n")
    out.write(f"  P-portion   {', '.join(q.p_portion) or 'empty'}\n")
    out.write(f"  elements    {', '.join(q.elements)}\n")
    out.write("  heaps       " + "  ".join(f"{h}:{e}" for h, e in q.heaps.items()) + "\n")
    last = q.stable_from
    out.write(
        f"  stable      the quotient last changed at heap {last}: the same for every N from "
        f"{last} to {q.max_heap} (observed, not proven)\n"
    )
    if args.growth:
        out.write("\n  N   order\n")
        previous = None
        for n, order in enumerate(q.growth):
            mark = "  *" if order != previous else ""
            out.write(f"  {n:<3} {order}{mark}\n")
            previous = order
        out.write("  (* the order changed at this N)\n")
    if args.table:
        width = max(len(e) for e in q.elements) + 1
        out.write("\n  " + " " * width + "".join(e.rjust(width) for e in q.elements) + "\n")
        for name, row in zip(q.elements, q.table, strict=True):
            out.write("  " + name.rjust(width) + "".join(q.elements[j].rjust(width) for j in row))
            out.write("\n")
    out.write(
        "\n  certified: every sum of heaps ≤ N is a misère P-position exactly when its product "
        "is in P\n"
    )
    return 0


def genus(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.misere.genus import genus as run
    from nimlab.misere.quotient import heap_ruleset
    from nimlab.registry import game

    g = heap_ruleset(game(args.game), what="genus")
    table = run(g, args.to, limits_of(args))
    if args.json:
        emit_json(out, table.to_dict())
        return 0
    out.write(f"{table.game}: Conway's genus g^(g0 g1 ...) of heaps 0..{args.to - 1}\n")
    out.write("  heap  genus        tame\n")
    for e in table.entries:
        out.write(f"  {e.heap:<5} {e.symbol:<12} {'yes' if e.tame else 'no (wild)'}\n")
    out.write(f"\n  {table.classification}\n")
    return 0
