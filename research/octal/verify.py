"""Evidence for the periods ``compute.py`` found in games listed as unsolved.

For each game: the period is proven again by the engine (``period`` with the Guy–Smith
criterion), its certificate written (``nimlab period GAME --certificate``), the
values the certificate holds recomputed by the plain O(n²) octal recursion
(:func:`nimlab.kernels.one_heap.octal_sequence`, which shares nothing with the
sparse-space engine), and the certificate checked by the independent checker
(``nimlab check``; from 4,096 values its plain mex runs compiled, on every core).
Certificates up to ``KEEP`` values are kept in ``certificates/``.

    .venv/bin/python research/octal/verify.py --out research/octal
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path

import numpy as np

from nimlab.checker import check
from nimlab.kernels.one_heap import octal_sequence
from nimlab.limits import Limits
from nimlab.solve.certificates import certificate

GAMES = ["octal:4.344", "octal:4.364", "octal:4.064", "octal:4.406"]
KEEP = 30_000
"""Certificates with at most this many values are committed."""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=Path("research/octal"))
    args = parser.parse_args()
    (args.out / "certificates").mkdir(parents=True, exist_ok=True)
    rows = []
    for spec in GAMES:
        t0 = time.perf_counter()
        cert = certificate(spec, Limits(max_states=10**13, max_memory=8 * 1024**3))
        values = np.asarray(cert["values"], dtype=np.int64)
        digits = tuple(int(c, 16) for c in cert["code"].replace(".", ""))
        naive = octal_sequence(digits, len(values)).astype(np.int64)
        agree = bool((naive == values).all())
        t1 = time.perf_counter()
        verdict = check(cert)
        checked = f"valid (verified_to {verdict.verified_to})"
        check_seconds = round(time.perf_counter() - t1, 1)
        if len(values) <= KEEP:
            name = cert["code"].replace(".", "_") + ".json"
            # the bytes `nimlab period --certificate` writes
            text = json.dumps(cert, separators=(",", ":"))
            (args.out / "certificates" / name).write_text(text + "\n")
        row = {
            "game": spec,
            "preperiod": cert["preperiod"],
            "period": cert["period"],
            "verified_to": cert["criterion"]["verified_to"],
            "values": len(values),
            "sha256": cert["sha256"],
            "naive_recursion_agrees": agree,
            "independent_checker": checked,
            "checker_seconds": check_seconds,
            "seconds": round(time.perf_counter() - t0, 1),
        }
        print(row, file=sys.stderr, flush=True)
        rows.append(row)
        with (args.out / "periods.csv").open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(row))
            writer.writeheader()
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
