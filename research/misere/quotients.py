"""Misère quotients of every octal game 0.d1, 0.d1d2, 0.d1d2d3 (digits 0-7).

Run from the repository root:

    .venv/bin/python research/misere/quotients.py [--one-two SECONDS] [--three SECONDS]

Each game's quotient is built heap by heap (nimlab.misere.quotient_within) up
to heap 150, or until its time budget is spent, or until the construction is
over its limits; every quotient written is certified for all sums of heaps up
to the bound reached. Codes ending in 0 are the shorter codes (0.d1d20 is
0.d1d2) and are not repeated. Rows go to quotients.csv as they are computed.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import sys
import time
from pathlib import Path

from nimlab.games.octal import Octal
from nimlab.limits import Limits
from nimlab.misere.quotient import quotient_within

HERE = Path(__file__).parent
MAX_HEAP = 150


def codes() -> list[str]:
    out = []
    for length in (1, 2, 3):
        for digits in itertools.product(range(8), repeat=length):
            if digits[-1] != 0:
                out.append("0." + "".join(map(str, digits)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--one-two", type=float, default=15.0, help="seconds per 1-2 digit code")
    parser.add_argument("--three", type=float, default=2.5, help="seconds per 3-digit code")
    parser.add_argument("--out", default=str(HERE / "quotients.csv"))
    parser.add_argument(
        "--codes", default=None, help="only these codes (comma-separated), each with --one-two s"
    )
    args = parser.parse_args()
    fields = [
        "code",
        "max_heap",
        "order",
        "p_portion",
        "last_change",
        "stopped",
        "seconds",
        "orders_changed_at",
        "relations",
    ]
    with open(args.out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        chosen = args.codes.split(",") if args.codes else codes()
        for code in chosen:
            budget = args.one_two if args.codes or len(code) <= 4 else args.three
            start = time.perf_counter()
            q, reason = quotient_within(
                Octal.from_code(code), MAX_HEAP, budget, Limits(max_states=2_000_000)
            )
            changes = [n for n in range(1, len(q.growth)) if q.growth[n] != q.growth[n - 1]]
            writer.writerow(
                {
                    "code": code,
                    "max_heap": q.max_heap,
                    "order": q.order,
                    "p_portion": len(q.p_portion),
                    "last_change": q.stable_from,
                    "stopped": reason or "",
                    "seconds": f"{time.perf_counter() - start:.2f}",
                    "orders_changed_at": " ".join(f"{n}:{q.growth[n]}" for n in changes),
                    "relations": "; ".join(q.relations) if q.order <= 64 else "",
                }
            )
            f.flush()
            print(code, q.max_heap, q.order, reason or "", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
