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


def one_heap_values() -> Result:
    """Misère values of single heaps of subtraction:2,4,7 and all-but:3,7: the compiled
    kernel (kernels/misere_one_heap.py) against the misère search in the same run."""
    from nimlab.games.heap import Subtraction
    from nimlab.limits import Limits
    from nimlab.registry import game
    from nimlab.solve.context import Context
    from nimlab.solve.misere_heaps import misere_heap_array, misere_search_values

    figures: Result = {}
    for name, spec, count, reference in (
        ("subtraction", Subtraction((2, 4, 7)), 10**7, 10**5),
        ("all_but", game("all-but:3,7"), 10**6, 2 * 10**3),
    ):
        limits = Limits(max_states=10**10)
        misere_heap_array(spec, 64, limits.budget())  # load the kernel
        with Context():
            start = time.perf_counter()
            values = misere_heap_array(spec, count, limits.budget())
            kernel = time.perf_counter() - start
        start = time.perf_counter()
        searched = misere_search_values(spec, 0, reference, limits.budget())
        search = time.perf_counter() - start
        figures[name] = {
            "values": count,
            "kernel_seconds": round(kernel, 4),
            "kernel_values_per_second": round(count / kernel),
            "search_values": reference,
            "search_seconds": round(search, 3),
            "ratio_per_value": round((search / reference) / (kernel / count)),
            "agree": values[:reference].tolist() == searched,
        }
    return {
        "workload": "misère values of single heaps: subtraction:2,4,7 to 10^7, all-but:3,7 to 10^6",
        "seconds": figures["subtraction"]["kernel_seconds"],
        "reference": "misère search of the same game (fewer heaps: it is slower)",
        **figures,
    }


WORKLOADS: dict[str, Callable[[], Result]] = {
    "misere-kayles": kayles_quotient,
    "misere-sums": random_sums,
    "misere-one-heap": one_heap_values,
}
