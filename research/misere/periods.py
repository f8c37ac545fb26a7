"""Proven periods of the misère quotients in quotients.csv: which octal games are solved
for every heap size.

Run from the repository root:

    .venv/bin/python research/misere/periods.py [--largest N] [--seconds S]

For every code whose quotient reached heap 150 in quotients.csv (or in the 30 s rerun
of quotients-1-2-digits-30s.csv), the quotient is built heap by heap up to ``--largest``
(default 600) until the heaps' elements and option sets repeat with a period that the
game's Guy–Smith criterion accepts (``nimlab.misere.periodic_quotient``; the theorem is
in ``src/nimlab/misere/periodicity.py``). A proven row is the misère solution of the game
for every sum of heaps of any size: its quotient, and heap n ↦ heap n − p's element from
the preperiod on. Rows go to periods.csv as they are computed.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

from nimlab.errors import TooLarge
from nimlab.limits import Limits
from nimlab.misere.quotient import periodic_quotient

HERE = Path(__file__).parent
REACHED = 150


def reached() -> list[str]:
    """The codes whose quotient reached heap 150 (in either run), in the table's order."""
    found: dict[str, None] = {}
    for name in ("quotients.csv", "quotients-1-2-digits-30s.csv"):
        with open(HERE / name, newline="") as f:
            for row in csv.DictReader(f):
                if int(row["max_heap"]) >= REACHED:
                    found[row["code"]] = None
    return list(found)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--largest", type=int, default=600, help="heaps to build at most")
    parser.add_argument("--seconds", type=float, default=60.0, help="time per code")
    parser.add_argument("--out", default=str(HERE / "periods.csv"))
    parser.add_argument("--codes", default=None, help="only these codes (comma-separated)")
    args = parser.parse_args()
    fields = [
        "code",
        "order",
        "proven",
        "heaps_built",
        "period",
        "preperiod",
        "proven_from",
        "verified_to",
        "seconds",
        "stopped",
    ]
    limits = Limits(max_states=10**9, max_seconds=args.seconds)
    with open(args.out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        for code in args.codes.split(",") if args.codes else reached():
            start = time.perf_counter()
            row: dict[str, object] = {"code": code}
            try:
                q = periodic_quotient(f"octal:{code}", args.largest, limits)
            except TooLarge as error:
                row |= {"proven": "no", "stopped": error.reason}
            else:
                period = q.period
                row |= {"order": q.order, "heaps_built": q.max_heap}
                if period is None:
                    row |= {"proven": "no", "stopped": f"no period in heaps ≤ {q.max_heap}"}
                else:
                    row |= {
                        "proven": "yes",
                        "period": period.period,
                        "preperiod": period.preperiod,
                        "proven_from": period.proven_from,
                        "verified_to": period.verified_to,
                    }
            row["seconds"] = f"{time.perf_counter() - start:.2f}"
            writer.writerow(row)
            f.flush()
            print(code, row.get("proven"), row.get("period", ""), file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
