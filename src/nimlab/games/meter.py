"""A meter for the work a ruleset does while it lists moves.

Rulesets know nothing about solvers or limits, yet some of their move
generators do much work per move they yield (the split/delete games examine
every choice of heaps to find the distinct ones). They report that work with
:func:`charge`; a solver that wants it counted runs the generator under
:func:`metered`, with its budget's ``spend``. Outside a metered block,
``charge`` does nothing.

>>> spent = []
>>> with metered(spent.append):
...     charge(3)
>>> charge(5)  # not metered: ignored
>>> spent
[3]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Spend = Callable[[int], None]

_METER: ContextVar[Spend | None] = ContextVar("nimlab_meter", default=None)


def charge(n: int = 1) -> None:
    """Report ``n`` units of work to the current meter (it may refuse by raising)."""
    spend = _METER.get()
    if spend is not None:
        spend(n)


@contextmanager
def metered(spend: Spend) -> Iterator[None]:
    """Count the work rulesets report with :func:`charge` inside the block."""
    token = _METER.set(spend)
    try:
        yield
    finally:
        _METER.reset(token)
