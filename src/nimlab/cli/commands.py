"""The commands of ``nimlab``: each takes parsed arguments and an output, returns an exit code."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, TextIO

from nimlab.cli import render
from nimlab.errors import InvalidOption
from nimlab.limits import Limits

Command = Callable[[argparse.Namespace, TextIO], int]


def limits_of(args: argparse.Namespace) -> Limits:
    max_memory = getattr(args, "max_memory", None)  # 0 is refused by Limits, not defaulted
    remoteness_states = getattr(args, "remoteness_states", None)
    return Limits(
        max_states=args.max_states,
        remoteness_states=(
            Limits().remoteness_states if remoteness_states is None else remoteness_states
        ),
        max_memory=Limits().max_memory if max_memory is None else max_memory,
    )


def emit_json(out: TextIO, obj: dict[str, Any]) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def games(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.registry import FAMILIES

    families = list(FAMILIES.values())
    if args.json:
        emit_json(out, {"games": [f.to_dict() for f in families]})
        return 0
    for f in families:
        name = f.name + (f":{f.parameter.split(':')[0]}" if f.parameter else "")
        out.write(f"{name}\n")
        out.write(f"    {f.rule}\n")
        if f.parameter:
            out.write(f"    parameter  {f.parameter}\n")
        if f.aliases:
            out.write("    aliases    " + ", ".join(f"{a} = {s}" for a, s in f.aliases) + "\n")
        out.write(f"    seed       {f.seed}\n")
        out.write(f"    try        nimlab analyze {f.example} {f.position}\n")
    out.write("\nSums: join games with '+', e.g. nimlab analyze 'nim + kayles' '3,4 + 5'\n")
    return 0


def show_plan(args: argparse.Namespace, out: TextIO, question: str, **bounds: Any) -> int:
    """``--plan``: print the plan of the question (text or JSON), run nothing."""
    from nimlab.registry import game
    from nimlab.solve.planner import plan

    g = game(args.game)
    misere = bool(getattr(args, "misere", False))
    limits = limits_of(args)
    positions = getattr(args, "positions", None) or [None]
    for i, pos in enumerate(positions):
        the_plan = plan(g, question, pos, misere=misere, limits=limits, **bounds)  # type: ignore[arg-type]
        if args.json:
            emit_json(out, the_plan.to_dict())
        else:
            out.write(("\n" if i else "") + the_plan.render() + "\n")
    return 0


def analyze(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.registry import game
    from nimlab.solve.engine import analyze as run

    g = game(args.game)
    positions = [g.parse_position(p) for p in args.positions]  # all checked before any work
    if args.plan:
        return show_plan(args, out, "analyze")
    limits = limits_of(args)
    for i, pos in enumerate(positions):
        result = run(g, pos, misere=args.misere, limits=limits)
        if args.json:
            emit_json(out, result.to_dict())
        else:
            out.write(("\n" if i else "") + render.analysis(result) + "\n")
    return 0


def sequence(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.registry import game
    from nimlab.solve.sequences import sequence_values

    g = game(args.game)
    if getattr(args, "plan", False):
        return show_plan(args, out, "sequence", stop=args.to)
    start = getattr(args, "start", 0)
    misere = bool(getattr(args, "misere", False))
    if getattr(args, "out", None) is not None:
        from nimlab.cli.long_run import sequence_to_file

        return sequence_to_file(g, args, out, limits_of(args))
    for flag, name in (("checkpoint", "--checkpoint"), ("max_seconds", "--max-seconds")):
        if getattr(args, flag, None) is not None:
            raise InvalidOption(f"{name} needs --out FILE.npy (where the values go)")
    values = sequence_values(g, args.to, limits_of(args), start, misere)
    if args.json:
        extra = ({"from": start} if start else {}) | ({"misere": True} if misere else {})
        emit_json(out, {"game": g.spec, "values": values} | extra)
        return 0
    what = "fresh games of n stones" if g.family == "take-away" else "single heaps of n"
    kind = "misère Grundy values" if misere else "Grundy values G(n)"
    out.write(f"{g.spec}: {kind} of {what}, n = {start}..{args.to - 1}\n")
    out.write(render.values(values, start=start) + "\n")
    return 0


def period(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.registry import game
    from nimlab.solve.periodicity import criterion_name, periodicity

    g = game(args.game)
    if args.plan:
        return show_plan(args, out, "period")
    misere = bool(args.misere)
    result = periodicity(g, limits=limits_of(args), max_length=args.max_length, misere=misere)
    if args.json:
        emit_json(out, result.to_dict() | ({"misere": True} if misere else {}))
    else:
        name = None if misere else criterion_name(g)
        text = render.periodicity(result, name)
        out.write(("misère Grundy values: " if misere else "") + text + "\n")
    return 0


def table(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.registry import game
    from nimlab.solve.tables import grundy_table

    if args.plan:
        return show_plan(args, out, "table", size=args.size)
    result = grundy_table(game(args.game), args.size, misere=args.misere, limits=limits_of(args))
    if args.origin is not None or args.format != "text":
        from nimlab.cli.formats import grundy_table as paper

        result, text = paper(
            result, game(args.game), args.origin, args.format, args.misere, limits_of(args)
        )
        if args.json:
            emit_json(out, result.to_dict())
        else:
            out.write(text + "\n")
        return 0
    if args.json:
        emit_json(out, result.to_dict())
        return 0
    play = "misère Grundy values" if args.misere else "Grundy values"
    out.write(f"{result.game}: {play} of ⟨a, b⟩ (rows a, columns b)\n")
    out.write(render.matrix(result.values.tolist(), result.origin) + "\n")
    return 0


def ppositions(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.registry import game
    from nimlab.solve.tables import p_positions

    if args.plan:
        return show_plan(args, out, "ppositions", heaps=args.heaps, max_heap=args.max)
    if args.layout == "matrix" or args.format != "text":
        from nimlab.cli.formats import p_positions_output

        out.write(p_positions_output(args, limits_of(args)) + "\n")
        return 0
    result = p_positions(
        game(args.game), args.heaps, args.max, misere=args.misere, limits=limits_of(args)
    )
    if args.json:
        emit_json(out, result.to_dict())
        return 0
    out.write(
        f"{result.game}: {len(result):,} P-position{'s' if len(result) != 1 else ''} with "
        f"{result.heaps} heap{'s' if result.heaps != 1 else ''}, every heap ≤ {result.max}\n"
    )
    for p in result.positions:
        out.write("  " + ",".join(map(str, p)) + "\n")
    return 0


def serve(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.web.config import WebConfig
    from nimlab.web.server import options as web_options
    from nimlab.web.server import serve as run

    options: dict[str, Any] = {"max_states": args.max_states, "max_memory": args.max_memory}
    if args.time_limit is not None:
        options["time_limit"] = args.time_limit
    options.update(web_options(args))
    if args.worker_memory is not None:
        options["worker_memory_mb"] = args.worker_memory
    return run(args.host, args.port, WebConfig(**options), out)
