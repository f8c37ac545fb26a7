"""Every octal game with at most three code digits not known to be periodic, computed as far
as the sparse-space engine gets in a fixed time per game.

The list of games is T. Czajka's table of unsolved games ("UnsolvedGames.md" of
github.com/beling/tczajka-octal-games, which continues A. Flammenkamp's tables
wwwhomes.uni-bielefeld.de/achim/octal.html): the octal games 0.d1 … 0.d1d2d3 and
4.d1d2d3 for which no period is known, plus Grundy's game for comparison.

For each game the values are computed in doubling lengths from 2^14 until the next
doubling would overrun the time given to the game; one row per game is written to
``unsolved.csv`` as soon as the game is done (so an interrupted run keeps what it
finished). Each row: n reached, seconds, the largest value and where it first
occurs, the sparse-space facts (mask chosen on the values, rare count, last rare
position; :mod:`nimlab.solve.rare`), a period proven by the Guy–Smith criterion if
one is found, and SHA-256 checksums of G(0..2^16-1) and of all values computed
(as little-endian uint32). ``published.csv`` compares the games for which
Czajka's table gives figures at a stated n. With ``--against`` an earlier table, each
row also says whether the first values agree with that table's checksum of all its
values (``earlier_n``, ``earlier_agrees``): a run of one engine checked against a run of
the other.

The engine is the block engine (:mod:`nimlab.kernels.sparse_blocks`; the committed table
was made with it), with ``--engine sequential`` the one-heap-at-a-time kernel of
:mod:`nimlab.kernels.sparse`, or with ``--engine auto`` the faster of the two, timed on
each game as ``nimlab sequence`` does (:mod:`nimlab.kernels.octal_engine`; games with
little work a heap such as 4.344, 4.406 and 0.104 run 2–3× faster on the sequential
kernel). Run from the repository root:

    .venv/bin/python research/octal/compute.py --seconds 60 --out research/octal \
        --against earlier.csv
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import sys
import time
from pathlib import Path

import numpy as np

from nimlab.kernels.octal_engine import OctalRun
from nimlab.kernels.sparse import OK, OVERFLOW, sparse_sequence
from nimlab.kernels.sparse_blocks import BlockState, block_sequence
from nimlab.registry import game
from nimlab.solve.periodicity import criterion, find_period
from nimlab.solve.rare import rare_at, sparse_facts

# Czajka's UnsolvedGames.md, in its order (Grundy's game first, then the octal codes).
UNSOLVED = """
grundy-game 0.6 0.04 0.06 0.14 0.36 0.64 0.74 0.76
0.004 0.005 0.006 0.014 0.015 0.016 0.024 0.026 0.034 0.054 0.064 0.104 0.106 0.114
0.125 0.126 0.135 0.136 0.142 0.143 0.146 0.161 0.162 0.163 0.164 0.166 0.167 0.172
0.174 0.204 0.205 0.206 0.207 0.224 0.244 0.245 0.264 0.314 0.324 0.334 0.336 0.342
0.344 0.346 0.362 0.364 0.366 0.371 0.374 0.404 0.414 0.416 0.444 0.454 0.564 0.604
0.606 0.744 0.764 0.774 0.776 4.004 4.007 4.026 4.044 4.045 4.064 4.324 4.327 4.344
4.364 4.367 4.404 4.406
""".split()

# Czajka's figures where his table gives them: (n, largest index, largest value,
# rare mask, rare count, last rare position).
PUBLISHED = {
    "grundy-game": (2**21, 763622, 231, 0xFE, 1274, 82860),
    "0.6": (2**21, 1274955, 319, 0x1EE, 1584, 20627),
    "0.04": (2**17, 109363, 1024, 0x7B8, 18860, 131003),
    "0.06": (2**17, 127083, 1045, 0x5A0, 52923, 131070),
}
FIRST = 2**14
LARGEST = 2**28
"""No game goes past this many values (a gigabyte or two of memory for the analysis)."""
CHECKSUM_AT = 2**16


def sha(values: np.ndarray) -> str:
    return hashlib.sha256(values.astype("<u4").tobytes()).hexdigest()


def run(name: str, seconds: float, engine: str) -> tuple[dict[str, object], np.ndarray]:
    g = game(name if name == "grundy-game" else "octal:" + name)
    kernel = g.capabilities.one_heap
    assert kernel is not None and kernel.kind == "sparse"
    target = PUBLISHED[name][0] if name in PUBLISHED else None
    start = time.perf_counter()
    n, values, last = FIRST, None, 0.0
    state: BlockState | None = None
    chooser = OctalRun(kernel.digits, kernel.unequal)
    while True:
        t0 = time.perf_counter()
        if engine == "blocks":
            values, info = block_sequence(kernel.digits, kernel.unequal, n, values, state)
            assert info.status == OK and info.done == n
            state = info.state
        elif engine == "auto":
            values = _extend_chosen(chooser, values, n)
        else:
            values, _ = sparse_sequence(kernel.digits, kernel.unequal, n, 1 << 62, values)
        last = time.perf_counter() - t0
        spent = time.perf_counter() - start
        if target is not None and n < target:
            n *= 2  # the published n is reached whatever the time
            continue
        if spent + 2.5 * last > seconds or n >= LARGEST:
            break
        n *= 2
    assert values is not None
    spent = time.perf_counter() - start
    proof = criterion(g)
    found = find_period(values, proof)
    facts = sparse_facts(values, fraction=1.0)  # the best mask, however many are rare
    rare_heaps = np.flatnonzero(rare_at(values, facts.mask)) if facts else np.zeros(0, dtype=np.int64)
    row: dict[str, object] = {
        "game": g.spec,
        "engine": engine,
        "n": len(values),
        "seconds": round(spent, 1),
        "max_value": int(values.max()),
        "max_at": int(np.argmax(values)),
        "mask": hex(facts.mask) if facts else "",
        "rare_count": facts.rare_count if facts else "",
        "last_rare": int(rare_heaps[-1]) if len(rare_heaps) else "",
        "preperiod": found[0] if found else "",
        "period": found[1] if found else "",
        "sha256_2^16": sha(values[:CHECKSUM_AT]),
        "sha256_all": sha(values),
    }
    return row, values


def _extend_chosen(chooser: OctalRun, values: np.ndarray | None, n: int) -> np.ndarray:
    """The first n values on the engine the chooser finds faster (widened past 65,535)."""
    done = 0 if values is None else len(values)
    out = np.zeros(n, dtype=np.uint16 if values is None else values.dtype)
    if values is not None:
        out[:done] = values
    info = chooser.extend(out, done, n)
    if info.status == OVERFLOW:
        out = out.astype(np.uint32)
        info = chooser.extend(out, info.done, n)
    assert info.status == OK and info.done == n
    return out


def compare(name: str, values: np.ndarray) -> list[dict[str, object]]:
    n, max_at, top, mask, rare, last = PUBLISHED[name]
    if len(values) < n:
        return [{"game": name, "n": n, "what": "not reached", "published": "", "computed": ""}]
    head = values[:n]
    rare_heaps = np.flatnonzero(rare_at(head, mask))
    mine = {
        "largest value": int(head.max()),
        "largest index": int(np.argmax(head)),
        f"rare count (mask {mask:#x})": len(rare_heaps),
        f"last rare (mask {mask:#x})": int(rare_heaps[-1]),
    }
    theirs = {
        "largest value": top,
        "largest index": max_at,
        f"rare count (mask {mask:#x})": rare,
        f"last rare (mask {mask:#x})": last,
    }
    return [
        {"game": name, "n": n, "what": k, "published": theirs[k], "computed": v}
        for k, v in mine.items()
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="time per game")
    parser.add_argument("--out", type=Path, default=Path("research/octal"))
    parser.add_argument("--only", nargs="*", help="these games only (as in the list)")
    parser.add_argument("--engine", choices=["blocks", "sequential", "auto"], default="blocks")
    parser.add_argument("--against", type=Path, help="an earlier unsolved.csv to check against")
    args = parser.parse_args()
    games = args.only or UNSOLVED
    earlier = {}
    if args.against is not None:
        with args.against.open(newline="") as f:
            earlier = {r["game"]: r for r in csv.DictReader(f)}
    args.out.mkdir(parents=True, exist_ok=True)
    rows_file = args.out / "unsolved.csv"
    checks = []
    with rows_file.open("w", newline="") as f:
        writer: csv.DictWriter[str] | None = None
        for name in games:
            row, values = run(name, args.seconds, args.engine)
            if earlier:
                before = earlier.get(str(row["game"]))
                known = 0 if before is None else int(before["n"])
                row["earlier_n"] = known or ""
                # blank when this run stopped short of the earlier one: nothing to compare
                row["earlier_agrees"] = (
                    sha(values[:known]) == before["sha256_all"] if 0 < known <= len(values) else ""
                )
            if writer is None:
                writer = csv.DictWriter(f, fieldnames=list(row))
                writer.writeheader()
            writer.writerow(row)
            f.flush()
            print(row, file=sys.stderr, flush=True)
            if name in PUBLISHED:
                checks.extend(compare(name, values))
    with (args.out / "published.csv").open("w", newline="") as f:
        out = csv.DictWriter(f, fieldnames=["game", "n", "what", "published", "computed"])
        out.writeheader()
        out.writerows(checks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
