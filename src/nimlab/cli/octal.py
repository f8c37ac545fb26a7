"""The octal-game commands: ``rare`` (sparse-space facts) and ``check`` (certificates).

``nimlab rare GAME --to N`` lists the heaps below N whose Grundy value is
rare (parity(G(n) AND m) = 0 for the game's mask m), laid out as
A. Flammenkamp's tables of Grundy's game are: ``G(       n)=  v``, five to a
line. ``nimlab check FILE`` checks a certificate written by
``nimlab period GAME --certificate FILE``: exit 0 when it is valid, 1 with
the first inconsistency when it is not, 2 when the file is not a certificate.
"""

from __future__ import annotations

import argparse
import os
import textwrap
from collections.abc import Callable
from typing import Any, TextIO

from nimlab.checker import THEOREM
from nimlab.cli.commands import emit_json, limits_of
from nimlab.cli.options import language
from nimlab.errors import InvalidOption
from nimlab.files import reason
from nimlab.messages import both, say
from nimlab.streams import tell
from nimlab.text import cut_echoes

EXAMPLES = {
    "rare": [
        "nimlab rare grundy-game --to 232",
        "nimlab rare octal:0.6 --to 100000 --json",
    ],
    "check": [
        "nimlab period kayles --certificate kayles.json && nimlab check kayles.json",
        "nimlab check kayles.json --json",
    ],
}
PER_LINE = 5
"""Entries per line, as in Flammenkamp's tables."""

Adder = Callable[..., argparse.ArgumentParser]

CHECK_MAX_STATES = 20_000_000_000
"""``check``'s default work limit: compiled options (about 15 s on two cores; the
certificate of 4.064 needs 3.6·10¹⁰, of 4.406 2.6·10¹¹: raise --max-states for them)."""


def add_commands(command: Adder, count: Callable[[str], int]) -> None:
    """Add ``rare`` and ``check`` with ``command(name, run, help)`` of the main parser."""
    p = command(
        "rare",
        rare,
        both(
            "the rare (sparse-space) values of an octal game, and the mask",
            "8 進ゲームのまれな値（sparse space）とマスク",
        ),
    )
    p.add_argument("game")
    p.add_argument(
        "--to", type=count, required=True, metavar="N", help=both("heaps below N", "N 未満の山")
    )

    p = command(
        "check",
        check,
        both(
            "check a periodicity certificate from first principles",
            "周期性の証明書を第一原理から検証する",
        ),
        max_states=CHECK_MAX_STATES,
    )
    theorem = "\n".join(f"  {line}" for line in textwrap.wrap(THEOREM, 88))
    p.description = both(
        "check a periodicity certificate from first principles: every value is recomputed by\n"
        "a plain mex from the certificate's own values, and the period is proved by this\n"
        f"theorem, which the certificate must state word for word:\n\n{theorem}",
        "周期性の証明書を第一原理から検証する: どの値も証明書自身の値から\n"
        "素朴な mex で計算し直し、"
        f"周期は次の定理で証明する（証明書はこの定理を一字一句そのまま述べること）:\n\n{theorem}",
    )
    p.add_argument(
        "file",
        metavar="FILE",
        help=both(
            "a certificate written by period --certificate", "period --certificate が書いた証明書"
        ),
    )


def table(positions: tuple[int, ...], values: Any) -> str:
    """``G(       n)=  v`` entries, five to a line (Flammenkamp's layout).

    >>> print(table((0, 3, 87), [0, 0, 0, 1] + [0] * 83 + [7]))
    G(       0)=  0  G(       3)=  1  G(      87)=  7
    """
    entries = [f"G({n:>8})={int(values[n]):>3}" for n in positions]
    return "\n".join("  ".join(entries[i : i + PER_LINE]) for i in range(0, len(entries), PER_LINE))


def rare(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.errors import NotApplicable
    from nimlab.games.base import as_heap_ruleset
    from nimlab.registry import game
    from nimlab.solve.rare import RARE_FRACTION, rare_facts
    from nimlab.solve.sequences import sequence_array

    g = game(args.game)
    if args.to < 1:
        raise InvalidOption(
            f"--to must be at least 1 (the values G(0..N-1) looked at), got {args.to}",
            ja=f"--to は 1 以上です（見る値 G(0..N-1)。{args.to} が与えられた）",
        )
    if as_heap_ruleset(g) is None:
        raise NotApplicable(
            f"rare applies to heap games (octal, grundy-game, subtraction, nim); {g.spec} is "
            "not one",
            ja=(
                "`rare` は山のゲーム（octal、grundy-game、subtraction、nim）用です。"
                f"{g.spec} は違います"
            ),
        )
    limits = limits_of(args)
    values = sequence_array(g, args.to, limits)
    facts = rare_facts(g, args.to, limits, values=values)
    if args.json:
        emit_json(out, {"game": g.spec, "to": args.to} | sparse_json(facts))
        return 0
    lang = language(args)
    if facts is None:
        last, fraction = args.to - 1, f"{RARE_FRACTION:.0%}"
        out.write(say("rare.none", lang, game=g.spec, last=last, fraction=fraction) + "\n")
        return 0
    shown = "" if facts.complete else say("rare.shown", lang, k=f"{len(facts.rare_positions):,}")
    out.write(
        say(
            "rare.found",
            lang,
            game=g.spec,
            count=f"{facts.rare_count:,}",
            to=f"{args.to:,}",
            shown=shown,
            mask=f"{facts.mask:#x}",
            judged=f"{facts.judged_on - 1:,}",  # less than usual when a limit cut it
            largest=facts.max_value,
        )
        + "\n"
        + say("rare.values", lang, values=", ".join(map(str, facts.rare_values)))
        + "\n"
    )
    out.write(table(facts.rare_positions, values) + "\n")
    return 0


def sparse_json(facts: Any) -> dict[str, Any]:
    """``{"sparse": {...}}`` when there are facts, ``{}`` (the key absent) when not."""
    return {} if facts is None else {"sparse": facts.to_dict()}


def check(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.checker import Malformed, Refused, load, work
    from nimlab.checker import check as check_certificate
    from nimlab.errors import TooLarge

    limits = limits_of(args)  # the limits checked as every command's are
    try:
        size = os.path.getsize(args.file)
        if 8 * size > limits.max_memory:  # the text, then its values as Python ints
            raise TooLarge(
                f"the certificate {args.file!r} has {size:,} bytes; reading it needs about "
                f"{8 * size:,}, over the limit of {limits.max_memory:,}",
                "max_memory",
                ja=f"証明書 {args.file!r} は {size:,} バイトあり、読むには約 {8 * size:,} "
                f"バイトが必要で、上限 {limits.max_memory:,} バイトを超えます",
            )
        # Opened without waiting: a named pipe without a writer reads as empty, not forever.
        fd = os.open(args.file, os.O_RDONLY | os.O_NONBLOCK)
        os.set_blocking(fd, True)
        with open(fd, encoding="utf-8") as f:
            # A device or a pipe has no size to check first (0): read at most what fits.
            text = f.read(limits.max_memory // 8 + 1)
        if 8 * len(text) > limits.max_memory:
            raise TooLarge(
                f"the certificate {args.file!r} has over {limits.max_memory // 8:,} characters; "
                f"reading it needs over {limits.max_memory:,} bytes, the limit",
                "max_memory",
                ja=f"証明書 {args.file!r} は {limits.max_memory // 8:,} 文字を超え、読むには上限 "
                f"{limits.max_memory:,} バイトを超えるメモリが必要です",
            )
    except UnicodeDecodeError:  # a binary file: no certificate, as malformed JSON is none
        raise InvalidOption(
            f"{args.file}: not a nimlab certificate: not UTF-8 text (a certificate is the "
            "JSON text `nimlab period --certificate FILE` writes)",
            ja=f"{args.file}: nimlab の証明書ではありません: UTF-8 のテキストではない"
            "（証明書は `nimlab period --certificate FILE` が書く JSON のテキストです）",
        ) from None
    except OSError as error:
        raise InvalidOption(
            f"cannot read the certificate {args.file!r}: {reason(error)}",
            ja=f"証明書 {args.file!r} を読めません: {reason(error, 'ja')}",
        ) from None
    try:
        cert = load(text)
        needed = work(cert)
        if needed > limits.max_states:
            raise TooLarge(
                f"checking {args.file!r} takes {needed:,} steps of recomputing its values, "
                f"over the limit of {limits.max_states:,}",
                "max_states",
                ja=f"{args.file!r} の検証には値の再計算に {needed:,} ステップが必要で、"
                f"上限 {limits.max_states:,} を超えます",
            )
        verdict = check_certificate(cert)
    except Malformed as error:
        raise InvalidOption(
            f"{args.file}: not a nimlab certificate: {error}",
            ja=f"{args.file}: nimlab の証明書ではありません: {error.ja}",
        ) from None
    except Refused as error:  # its reason may quote a field of thousands of characters
        lang = language(args)
        tell(say("check.refused", lang, reason=cut_echoes(error.said(lang), lang)))
        if args.json:
            emit_json(out, {"file": args.file, "valid": False, "reason": cut_echoes(str(error))})
        return 1
    if args.json:
        emit_json(
            out,
            {
                "file": args.file,
                "valid": True,
                "game": verdict.game,
                "preperiod": verdict.preperiod,
                "period": verdict.period,
                "verified_to": verdict.verified_to,
                "values": verdict.values,
            },
        )
    else:
        out.write(verdict.text(language(args)) + "\n")
    return 0
