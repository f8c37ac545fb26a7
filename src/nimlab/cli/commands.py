"""The commands of ``nimlab``: each takes parsed arguments and an output, returns an exit code."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, TextIO

from nimlab.cli import render
from nimlab.cli.options import language
from nimlab.cli.stream import Stretched, emit, streamed, write_lines
from nimlab.errors import InvalidOption
from nimlab.limits import Limits
from nimlab.messages import count, say

Command = Callable[[argparse.Namespace, TextIO], int]


def limits_of(args: argparse.Namespace) -> Limits:
    max_memory = getattr(args, "max_memory", None)  # 0 is refused by Limits, not defaulted
    remoteness_states = getattr(args, "remoteness_states", None)
    max_states = getattr(args, "max_states", None)
    return Limits(
        max_states=Limits().max_states if max_states is None else max_states,
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
        from nimlab.registry import USER_RULES

        rules = {"rules": list(USER_RULES)} if USER_RULES else {}
        emit_json(out, {"games": [f.to_dict() for f in families]} | rules)
        return 0
    lang = language(args)
    for f in families:
        name = f.name + (f":{f.parameter.split(':')[0]}" if f.parameter else "")
        rule, seed, parameter = f.rule, f.seed, f.parameter
        if lang == "ja":
            from nimlab.web.translate import family_name, family_parameter, family_text, seed_refs

            name += f"（{family_name(lang, f.name)}）"
            rule = family_text(lang, f.name, f.rule, f.strategy)[0]
            seed = "、".join(f"{code} {title}".strip() for code, title in seed_refs(lang, f.seed))
            parameter = f.parameter and family_parameter(lang, f.name, f.parameter)
        out.write(f"{name}\n")
        out.write(f"    {rule}\n")
        if parameter:
            out.write(say("games.parameter", lang, value=parameter) + "\n")
        if f.aliases:
            aliases = ", ".join(f"{a} = {s}" for a, s in f.aliases)
            out.write(say("games.aliases", lang, value=aliases) + "\n")
        out.write(say("games.seed", lang, value=seed) + "\n")
        for fact in f.facts:
            statement = fact.statement_ja if lang == "ja" else fact.statement
            source = fact.source_ja if lang == "ja" else fact.source
            out.write(say("games.known", lang, value=f"{statement} ({source})") + "\n")
        example = f"nimlab analyze {f.example} {f.position}"
        out.write(say("games.try", lang, value=example) + "\n")
    out.write("\n" + say("games.sums", lang) + "\n")
    from nimlab.registry import USER_RULES

    if USER_RULES:
        out.write("\n" + say("games.rules", lang, value=", ".join(USER_RULES)) + "\n")
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
            out.write(("\n" if i else "") + the_plan.render(language(args)) + "\n")
    return 0


def analyze(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.cli.formats import misere_key
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
            emit_json(out, result.to_dict() | misere_key(args))
        else:
            out.write(("\n" if i else "") + render.analysis(result, language(args)) + "\n")
    return 0


def sequence(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.registry import game
    from nimlab.solve.sequences import sequence_array

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
            raise InvalidOption(
                f"{name} needs --out FILE.npy (where the values go)",
                ja=f"{name} には --out FILE.npy(値の書き出し先)が必要です",
            )
    values = sequence_array(g, args.to, limits_of(args), start, misere)  # written in stretches
    if args.json:
        extra = ({"from": start} if start else {}) | ({"misere": True} if misere else {})
        sparse = _sparse(g, args, misere, values)
        emit(out, {"game": g.spec, "values": Stretched(values)} | extra | sparse)
        return 0
    lang = language(args)
    what = say("sequence.fresh" if g.capabilities.shape == "take-away" else "sequence.heaps", lang)
    kind = say("sequence.misere" if misere else "sequence.grundy", lang)
    if start >= args.to:  # it said "n = 0..-1", then an empty line
        out.write(say("sequence.empty", lang, game=g.spec, kind=kind, what=what, start=start,
                      stop=args.to) + "\n")  # fmt: skip
        return 0
    header = say(
        "sequence.header", lang, game=g.spec, kind=kind, what=what, start=start, stop=args.to - 1
    )
    out.write(header + "\n")
    for lines in render.value_lines(values, start=start):
        out.write(lines)
    return 0


def period(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.registry import game
    from nimlab.solve.periodicity import criterion_name, criterion_words, periodicity

    g = game(args.game)
    if args.plan:
        return show_plan(args, out, "period")
    misere = bool(args.misere)
    certificate = getattr(args, "certificate", None)
    if certificate is not None and misere:
        raise InvalidOption(
            "--certificate covers normal play only: a misère period is proven by the window "
            "criterion or observed, without a certificate",
            ja="--certificate は通常形のみです。ミゼールの周期は窓の判定法で証明されるか"
            "観察されるだけで、証明書は書きません",
        )
    result = periodicity(g, limits=limits_of(args), max_length=args.max_length, misere=misere)
    if certificate is not None:
        _write_certificate(g, args, certificate)
    if args.json:
        # Judged on the values the period search computed, as the web app does.
        sparse = {} if misere else _sparse_of(g, result.checked_to, args, result.checked_to)
        proof = criterion_name(g, misere) if result.proven else None
        emit_json(out, result.to_dict() | {"criterion": proof, "misere": misere} | sparse)
    else:
        name = criterion_words(g, language(args), misere=misere)
        text = render.periodicity(result, name, language(args))
        out.write((say("period.misere", language(args)) if misere else "") + text + "\n")
        if not misere:
            out.write(render.facts(g, language(args)))
    return 0


def _sparse(g: Any, args: argparse.Namespace, misere: bool, values: Any) -> dict[str, Any]:
    """The ``"sparse"`` key of ``sequence --json`` (sequences from heap 0, normal play),
    judged on the ``values`` printed where they are all it needs (no second copy)."""
    if misere or getattr(args, "start", None) or g.capabilities.take_away_multiplier is not None:
        return {}
    return _sparse_of(g, args.to, args, values=values)


def _sparse_of(
    g: Any,
    count: int,
    args: argparse.Namespace,
    window: int | None = None,
    values: Any = None,
) -> dict[str, Any]:
    from nimlab.cli.octal import sparse_json
    from nimlab.games.base import as_heap_ruleset
    from nimlab.solve.rare import rare_facts

    if as_heap_ruleset(g) is None or count == 0:
        return {}
    if window is None:
        return sparse_json(rare_facts(g, count, limits_of(args), values=values))
    return sparse_json(rare_facts(g, count, limits_of(args), window=window))


def _check_replaceable(target: str) -> None:
    """Refuse to replace a file that is not a certificate (a person's notes named by mistake);
    an earlier certificate is replaced, as a new run of the same command would expect."""
    import os
    import stat

    from nimlab.files import shown
    from nimlab.solve.certificates import FORMAT

    try:
        if not stat.S_ISREG(os.stat(target).st_mode):
            return  # a pipe or a device is written in place; opened to be read, a pipe
            # waited for a writer for ever (`--certificate /dev/stdout | cat` hung)
    except OSError:
        return  # a new file; what cannot be looked at is refused when written
    try:
        with open(target, "rb") as f:
            head = f.read(200)
    except (FileNotFoundError, IsADirectoryError, PermissionError):
        return  # a new file; a folder or an unreadable file is refused when written
    except OSError:
        return
    if head and f'"format":"{FORMAT}"'.encode() not in head.replace(b" ", b""):
        name = shown(target)
        raise InvalidOption(
            f"--certificate {name} exists and is not a certificate; give a new file name "
            "(an earlier certificate is replaced)",
            ja=f"--certificate {name} は既にあり、証明書ではありません。新しいファイル名を"
            "指定してください（以前の証明書なら置き換えます）",
        )


def _write_certificate(g: Any, args: argparse.Namespace, target: str) -> None:
    from nimlab.files import atomic_path
    from nimlab.solve.certificates import certificate

    _check_replaceable(target)
    cert = certificate(g, limits_of(args), args.max_length)
    with atomic_path(target, "--certificate") as path, open(path, "w", encoding="utf-8") as f:
        json.dump(cert, f, separators=(",", ":"))
        f.write("\n")


def table(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.cli.formats import misere_key
    from nimlab.registry import game
    from nimlab.solve.tables import grundy_table

    if args.plan:
        return show_plan(args, out, "table", size=args.size)
    g = game(args.game)
    origin = args.origin if args.origin and not _relabelled_from_1(g) else None
    # (a table from another origin is computed as such: computed from the game's own origin
    # first, both tables were held at once, twice what --max-memory was checked for)
    result = grundy_table(g, args.size, misere=args.misere, limits=limits_of(args), origin=origin)
    if args.origin is not None or args.format != "text":
        from nimlab.cli.formats import grundy_table_lines, paper_grundy_table

        result, caption = paper_grundy_table(
            result, game(args.game), args.origin, args.misere, limits_of(args), language(args)
        )
        if not args.json:
            write_lines(out, grundy_table_lines(result, caption, args.format))
            return 0
    if args.json:
        emit(out, streamed(result, "rows") | misere_key(args))
        return 0
    kind = say("table.misere" if args.misere else "table.grundy", language(args))
    out.write(say("table.header", language(args), game=result.game, kind=kind) + "\n")
    write_lines(out, render.matrix_lines(result.values, result.origin))
    return 0


def _relabelled_from_1(g: Any) -> bool:
    """Whether ``--origin 1`` relabels the game's own table (seed 001's Nim and Wythoff)."""
    from nimlab.theory.tables import paper_table

    return paper_table(g, 1) is not None


def ppositions(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.cli.formats import misere_key
    from nimlab.registry import game
    from nimlab.solve.tables import p_positions

    if args.plan:
        return show_plan(args, out, "ppositions", heaps=args.heaps, max_heap=args.max)
    if args.layout == "matrix" or args.format != "text":
        from nimlab.cli.formats import write_p_positions

        write_p_positions(out, args, limits_of(args))
        return 0
    result = p_positions(
        game(args.game), args.heaps, args.max, misere=args.misere, limits=limits_of(args)
    )
    if args.json:
        emit(out, streamed(result, "positions") | misere_key(args))
        return 0
    header = say(
        "ppositions.header",
        language(args),
        game=result.game,
        count=count(len(result), "P-position", language(args)),
        heaps=count(result.heaps, "heap", language(args)),
        max=result.max,
    )
    out.write(header + "\n")
    for p in result.positions:
        out.write("  " + ",".join(map(str, p)) + "\n")
    return 0


def serve(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.extras import require

    require("web", "nimlab serve")
    from nimlab.web.config import WebConfig
    from nimlab.web.server import options as web_options
    from nimlab.web.server import serve as run

    options: dict[str, Any] = {"max_states": args.max_states, "max_memory": args.max_memory}
    if args.time_limit is not None:
        options["time_limit"] = args.time_limit
    options.update(web_options(args))
    if args.worker_memory is not None:
        options["worker_memory_mb"] = args.worker_memory
    return run(args.host, args.port, WebConfig(**options), out, language(args))
