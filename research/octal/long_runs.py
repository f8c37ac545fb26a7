"""The table's facts for long runs made with ``nimlab sequence … --out FILE.npy``.

``compute.py`` keeps every game's values in memory and stops at 2^28. A longer run is made
with the tool itself (checkpointed, resumable), and this script reads its ``.npy`` file a
chunk at a time (memory-mapped: 2^30 values are 2 GB on disk, a few hundred MB here) and
writes the columns of ``unsolved.csv`` for it: n, the largest value and where it first
occurs, the mask with the fewest rare values (chosen as :mod:`nimlab.solve.rare` does, from
the counts of each value), the rare count and last rare heap under it, and SHA-256 of
G(0..2^16-1) and of all values (as little-endian uint32). Each row also says whether the
run's first values have the checksum ``unsolved.csv`` gives for all of its values
(``table_n``, ``table_agrees``). No period is looked for here (the Guy–Smith search holds
the whole sequence in memory); the table's runs found none for these games.

From the repository root (0.6 to 2^30, then its facts):

    .venv/bin/nimlab sequence octal:0.6 --to 1073741824 --out g06.npy --checkpoint ck06 \\
        --max-states 100000000000000 --max-memory 6G
    .venv/bin/python research/octal/long_runs.py octal:0.6=g06.npy --out research/octal
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import sys
from pathlib import Path
from typing import Any

import numpy as np

from nimlab.solve.rare import mask_counts, rare_at

CHUNK = 2**24
CHECKSUM_AT = 2**16


def _chunks(values: Any) -> Any:
    for lo in range(0, len(values), CHUNK):
        yield lo, np.asarray(values[lo : lo + CHUNK])


def facts(values: Any, table_n: int = 0) -> dict[str, object]:
    """The row of one run; ``table_n`` > 0: also the checksum of its first table_n values."""
    counts = np.zeros(1, dtype=np.int64)
    top, top_at = -1, 0
    whole, head, prefix = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    for lo, chunk in _chunks(values):
        seen = np.bincount(chunk.astype(np.int64), minlength=len(counts))
        seen[: len(counts)] += counts
        counts = seen
        if int(chunk.max()) > top:
            top, top_at = int(chunk.max()), lo + int(np.argmax(chunk))
        wide = chunk.astype("<u4").tobytes()
        whole.update(wide)
        if lo < CHECKSUM_AT:
            head.update(wide[: 4 * max(0, min(len(chunk), CHECKSUM_AT - lo))])
        if lo < table_n:
            prefix.update(wide[: 4 * max(0, min(len(chunk), table_n - lo))])
    masks, rare = mask_counts(counts)
    mask = int(masks[int(np.argmin(rare))])  # the first minimum: the smallest mask
    rare_count, last_rare = 0, -1
    for lo, chunk in _chunks(values):
        at = np.flatnonzero(rare_at(chunk, mask))
        rare_count += len(at)
        if len(at):
            last_rare = lo + int(at[-1])
    row: dict[str, object] = {
        "n": len(values),
        "max_value": top,
        "max_at": top_at,
        "mask": hex(mask),
        "rare_count": rare_count,
        "last_rare": last_rare,
        "sha256_2^16": head.hexdigest(),
        "sha256_all": whole.hexdigest(),
    }
    if 0 < table_n <= len(values):
        row["table_prefix_sha256"] = prefix.hexdigest()
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", metavar="GAME=FILE.npy")
    parser.add_argument("--out", type=Path, default=Path("research/octal"))
    parser.add_argument("--table", type=Path, help="unsolved.csv (default: in --out)")
    args = parser.parse_args()
    table_file = args.table or args.out / "unsolved.csv"
    with table_file.open(newline="") as f:
        table = {r["game"]: r for r in csv.DictReader(f)}
    rows = []
    for run in args.runs:
        name, _, path = run.partition("=")
        values = np.load(path, mmap_mode="r")
        known = table.get(name)
        table_n = int(known["n"]) if known else 0
        row = {"game": name, **facts(values, table_n)}
        prefix = row.pop("table_prefix_sha256", None)
        row["table_n"] = table_n or ""
        row["table_agrees"] = "" if known is None or prefix is None else (
            prefix == known["sha256_all"]
        )
        rows.append(row)
        print(row, file=sys.stderr, flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "long_runs.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
