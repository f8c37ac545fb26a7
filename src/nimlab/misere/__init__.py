"""Misère play of heap games: quotients, answers through them, genus, closed forms.

The public functions, for ``analyze --misere`` and the other commands:

* :func:`quotient` — the misère quotient of the sums of heaps ≤ N (certified);
  :func:`quotient_within` — the largest bound reached within a time budget;
  :func:`periodic_quotient` — built until a period of the heaps is proven (then it is the
  quotient of every heap size, :mod:`nimlab.misere.periodicity`).
* :func:`analyze`, :func:`outcome`, :func:`winning_moves` — a sum of heaps
  answered through the quotient.
* :func:`genus` — Conway's genus of each heap, and tame/wild where decided.
"""

from nimlab.misere.answers import (
    MisereAnswer,
    MisereMove,
    analyze,
    covering_quotient,
    outcome,
    winning_moves,
)
from nimlab.misere.genus import GenusTable, HeapGenus, genus
from nimlab.misere.periodicity import QuotientPeriod
from nimlab.misere.quotient import (
    MisereQuotient,
    heap_ruleset,
    periodic_quotient,
    quotient,
    quotient_within,
)

__all__ = [
    "GenusTable",
    "HeapGenus",
    "MisereAnswer",
    "MisereMove",
    "MisereQuotient",
    "QuotientPeriod",
    "analyze",
    "covering_quotient",
    "genus",
    "heap_ruleset",
    "outcome",
    "periodic_quotient",
    "quotient",
    "quotient_within",
    "winning_moves",
]
