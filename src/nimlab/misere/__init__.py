"""Misère play of heap games: quotients, answers through them, genus, closed forms.

The public functions, for ``analyze --misere`` and the other commands:

* :func:`quotient` — the misère quotient of the sums of heaps ≤ N (certified);
  :func:`quotient_within` — the largest bound reached within a time budget.
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
from nimlab.misere.quotient import MisereQuotient, heap_ruleset, quotient, quotient_within

__all__ = [
    "GenusTable",
    "HeapGenus",
    "MisereAnswer",
    "MisereMove",
    "MisereQuotient",
    "analyze",
    "covering_quotient",
    "genus",
    "heap_ruleset",
    "outcome",
    "quotient",
    "quotient_within",
    "winning_moves",
]
