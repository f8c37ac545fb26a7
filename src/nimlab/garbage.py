"""Pausing Python's cyclic garbage collector around work that makes no cycles.

The collector runs after every 700 new container objects and, now and then, walks every
object alive. Two kinds of nimlab work create many objects and no cycles: a sweep's rows
(building or unpickling them, the collector took a third of a sweep's time), and the
searches, whose open positions each hold a chain of generators (a search diving
100,000 moves deep spent three quarters of its time in the collector). Nothing is lost
by collecting once afterwards.

>>> import gc
>>> with no_gc():
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (as it was, after)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
