"""Misère quotients (issue 13): the Kayles quotient to where it stops changing, and sums.

``python -m bench misere-kayles misere-sums``. Pure Python (no kernel); the
reference is misère search, measured in the same run on sums small enough for it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

Result = dict[str, Any]


def kayles_quotient() -> Result:
    from nimlab.games.octal import Octal
    from nimlab.misere import quotient
    from nimlab.solve.context import Context

    kayles = Octal.from_code("0.77")
    figures = {}
    for bound in (27, 100, 300):
        with Context():
            start = time.perf_counter()
            q = quotient(kayles, bound)
            figures[bound] = (time.perf_counter() - start, q.order, len(q.p_portion), q.stable_from)
    return {
        "workload": "Kayles (0.77) misère quotient for heaps ≤ 27, 100, 300 (certified)",
        "seconds": round(figures[27][0], 3),
        "seconds_to_100": round(figures[100][0], 3),
        "seconds_to_300": round(figures[300][0], 3),
        "order": figures[300][1],
        "p_portion": figures[300][2],
        "last_change_at_heap": figures[300][3],
        "note": "literature: order 48; this certified construction gives 40 (research/misere)",
    }


def random_sums() -> Result:
    from nimlab.games.octal import Octal
    from nimlab.misere import analyze, quotient
    from nimlab.solve.search import Search

    kayles = Octal.from_code("0.77")
    q = quotient(kayles, 300)
    rng = random.Random(2026)
    sums = [
        tuple(sorted(rng.randrange(1, 301) for _ in range(rng.randrange(1, 41))))
        for _ in range(10_000)
    ]
    start = time.perf_counter()
    p_count = sum(q.is_p(s) for s in sums)
    outcomes = time.perf_counter() - start
    start = time.perf_counter()
    moves = sum(len(analyze(kayles, s, quotient_=q).winning_moves) for s in sums)
    with_moves = time.perf_counter() - start
    small = [tuple(sorted(rng.randrange(1, 9) for _ in range(4))) for _ in range(200)]
    start = time.perf_counter()
    search = Search(kayles, misere=True)
    agree = all(search.is_p(s) == q.is_p(s) for s in small)
    search_seconds = time.perf_counter() - start
    start = time.perf_counter()
    for s in small:
        q.is_p(s)
    quotient_small = time.perf_counter() - start
    return {
        "workload": "10,000 random misère Kayles sums (1-40 heaps ≤ 300) through the quotient",
        "seconds": round(outcomes, 4),
        "with_every_winning_move_seconds": round(with_moves, 3),
        "p_positions": p_count,
        "winning_moves": moves,
        "reference": "misère search on 200 sums of 4 heaps ≤ 8 (all it can do quickly)",
        "search_seconds_small": round(search_seconds, 3),
        "quotient_seconds_small": round(quotient_small, 5),
        "agree_with_search": agree,
    }


WORKLOADS: dict[str, Callable[[], Result]] = {
    "misere-kayles": kayles_quotient,
    "misere-sums": random_sums,
}
