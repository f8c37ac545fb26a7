"""``nimlab tour``: one headline result from each seed, with the command behind it."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from nimlab.cli import render
from nimlab.cli.commands import limits_of
from nimlab.cli.options import language
from nimlab.games.wording import render_move
from nimlab.limits import Limits
from nimlab.messages import say
from nimlab.registry import game
from nimlab.solve.engine import analyze
from nimlab.solve.periodicity import periodicity
from nimlab.solve.sequences import sequence_values
from nimlab.solve.tables import p_positions

TABLE9_CORNER = 8
TABLE9_BOUND = 16


def _section(out: TextIO, title: str, *cmds: str) -> None:
    out.write(f"\n── {title}\n")
    for c in cmds:
        out.write(f"   $ {c}\n")


def table9_corner(size: int, bound: int, limits: Limits | None = None) -> list[list[str]]:
    """Cells c with ⟨a, b, c⟩ a P-position of 3-heap Split-and-delete Nim, a, b ≤ size."""
    from nimlab.theory.tables import p_matrix

    return p_matrix("split-delete-nim:single", size, bound, limits=limits).labels()


def tour_data(limits: Limits | None = None) -> dict[str, Any]:
    """The tour's results as JSON-ready data: one entry per seed result, with its commands.

    Each computation runs within ``limits`` (the command's ``--max-states`` and
    ``--max-memory``), as any other command's does.
    """
    limits = limits or Limits()
    seq = periodicity("subtraction:2,4,7", limits=limits)
    return {
        "tour": [
            {
                "seed": "004",
                "commands": [
                    "nimlab sequence subtraction:2,4,7 --to 20",
                    "nimlab period subtraction:2,4,7",
                ],
                "values": sequence_values(game("subtraction:2,4,7"), 20, limits),
                "periodicity": seq.to_dict(),
            },
            {
                "seed": "003",
                "commands": ["nimlab analyze nim 3,4,5"],
                "analysis": analyze("nim", "3,4,5", limits=limits).to_dict(),
            },
            {
                "seed": "000, 002",
                "commands": ["nimlab ppositions wythoff --heaps 2 --max 20"],
                "p_positions": p_positions(
                    "wythoff", heaps=2, max_heap=20, limits=limits
                ).to_dict()["positions"],
            },
            {
                "seed": "001 (Theorem 1)",
                "commands": ["nimlab ppositions split-delete-nim:single --heaps 2 --max 20"],
                "p_positions": p_positions(
                    "split-delete-nim:single", heaps=2, max_heap=20, limits=limits
                ).to_dict()["positions"],
            },
            {
                "seed": "001 (Table 9)",
                "commands": [
                    f"nimlab ppositions split-delete-nim:single --heaps 3 --max {TABLE9_BOUND}"
                ],
                "table9_corner": [  # null: no partner c ≤ searched_to
                    [int(c) if c.isdigit() else None for c in row]
                    for row in table9_corner(TABLE9_CORNER, TABLE9_BOUND, limits)
                ],
                "searched_to": TABLE9_BOUND,
            },
        ]
    }


def tour(args: argparse.Namespace, out: TextIO) -> int:
    data = tour_data(limits_of(args))
    if getattr(args, "json", False):
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
        return 0
    lang = language(args)
    seq, nim, wythoff, theorem1, table9 = data["tour"]
    out.write(say("tour.title", lang) + "\n")

    _section(out, say("tour.seed004", lang), *seq["commands"])
    values, p = seq["values"], seq["periodicity"]
    n0, period = p["preperiod"], p["period"]
    head = "".join(map(str, values[:n0]))
    cycle = "".join(map(str, values[n0 : n0 + period]))
    out.write(say("tour.seed004.line", lang, head=head, cycle=cycle, n0=n0, period=period) + "\n")

    _section(out, say("tour.seed003", lang), *nim["commands"])
    heaps = (3, 4, 5)
    width = max(h.bit_length() for h in heaps)
    total = 0
    for h in heaps:
        total ^= h
        out.write(f"     {h} = {h:0{width}b}\n")
    nimsum = say("tour.nimsum", lang)
    out.write(f"   ⊕     {'─' * width}\n     {total} = {total:0{width}b}   {nimsum}\n")
    for m in analyze("nim", "3,4,5", limits=limits_of(args)).winning_moves:
        words = render_move(m, lang)
        out.write(say("tour.winning_move", lang, move=words, to=m.to) + "\n")

    _section(out, say("tour.wythoff", lang), *wythoff["commands"])
    out.write("   " + " ".join(f"({x},{y})" for x, y in wythoff["p_positions"]) + "\n")

    _section(out, say("tour.theorem1", lang), *theorem1["commands"])
    out.write("   " + " ".join(f"⟨{x},{y}⟩" for x, y in theorem1["p_positions"]) + "\n")
    out.write(say("tour.theorem1.line", lang) + "\n")

    _section(out, say("tour.table9", lang, corner=TABLE9_CORNER), *table9["commands"])
    corner = [["×" if c is None else str(c) for c in row] for row in table9["table9_corner"]]
    out.write("\n".join("   " + line for line in render.matrix(corner, 1).splitlines()) + "\n")
    out.write(say("tour.table9.none", lang, bound=TABLE9_BOUND) + "\n")
    out.write("\n" + say("tour.end", lang) + "\n")
    return 0
