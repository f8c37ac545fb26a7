"""The figures quoted in research/misere/README.md (run from the repository root).

.venv/bin/python research/misere/measure.py
"""

from __future__ import annotations

import random
import time

from nimlab.games.heap import Nim
from nimlab.games.octal import Octal
from nimlab.misere import analyze, quotient
from nimlab.misere.quotient import _CACHE


def timed(label: str, fn):  # type: ignore[no-untyped-def]
    _CACHE.clear()
    start = time.perf_counter()
    result = fn()
    print(f"{label}: {time.perf_counter() - start:.2f} s")
    return result


def main() -> None:
    kayles = Octal.from_code("0.77")
    q = timed("Kayles quotient, heaps ≤ 27 (its last change)", lambda: quotient(kayles, 27))
    print("   order", q.order, "|P|", len(q.p_portion))
    q = timed("Kayles quotient, heaps ≤ 100", lambda: quotient(kayles, 100))
    print("   order", q.order, "last change", q.stable_from)
    q = timed("Kayles quotient, heaps ≤ 300", lambda: quotient(kayles, 300))
    print("   order", q.order, "last change", q.stable_from)
    timed("misère Nim quotient, heaps ≤ 63", lambda: quotient(Nim(), 63))
    rng = random.Random(2026)
    sums = [[rng.randrange(1, 301) for _ in range(rng.randrange(1, 41))] for _ in range(10_000)]
    start = time.perf_counter()
    p = sum(q.is_p(s) for s in sums)
    print(
        f"10,000 random Kayles sums (1-40 heaps ≤ 300), outcomes: "
        f"{time.perf_counter() - start:.3f} s ({p} P-positions)"
    )
    start = time.perf_counter()
    moves = sum(len(analyze(kayles, s, quotient_=q).winning_moves) for s in sums)
    print(
        f"the same with every winning move: {time.perf_counter() - start:.3f} s "
        f"({moves} winning moves)"
    )
    forty = sums[0] + [7] * (40 - len(sums[0]))
    start = time.perf_counter()
    answer = analyze(kayles, forty[:40], quotient_=q)
    print(
        f"one sum of 40 Kayles heaps with its winning moves: "
        f"{(time.perf_counter() - start) * 1000:.2f} ms ({answer.outcome})"
    )


if __name__ == "__main__":
    main()
