"""The solver's memory: bounded caches owned by a context a caller can create, clear or share.

What one question computes (Grundy values of single heaps, a proven period,
a two-heap table) often answers the next, so the solvers keep it — in the
caches of the *current context*, never in module globals. A context bounds
its caches by bytes (least recently used entries go first) and is keyed by
rulesets, whose identity is their canonical spec (an unnamed user game is
identified by its function). By default every call shares one process-wide
context; ``with Context():`` gives a block fresh caches, and
``current().clear()`` empties the ones in use.

>>> import nimlab
>>> with Context() as ctx:
...     _ = nimlab.grundy_sequence("subtraction:2,4,7", 100)
...     len(ctx.heap_tables) + len(ctx.heap_arrays) > 0
True
>>> ctx.clear(); len(ctx.heap_tables)
0
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Hashable
from contextvars import ContextVar, Token
from typing import TYPE_CHECKING, Any

from nimlab.checks import check_int
from nimlab.errors import InvalidOption

if TYPE_CHECKING:
    from nimlab.solve.tablebase import Tablebase

DEFAULT_CACHE_BYTES = 512 * 1024**2
"""Bytes one context's caches may hold in all (512 MiB)."""


class BoundedCache:
    """A least-recently-used mapping bounded by the bytes of its values, and by
    ``max_items`` entries if given (thread-safe).

    >>> c = BoundedCache(max_bytes=100)
    >>> c.put("a", [1], 60); c.put("b", [2], 60)  # "a" is evicted to make room
    >>> c.get("a"), c.get("b"), c.bytes
    (None, [2], 60)
    """

    def __init__(self, max_bytes: int = DEFAULT_CACHE_BYTES, max_items: int | None = None) -> None:
        self.max_bytes = max_bytes
        self.max_items = max_items
        self.bytes = 0
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        """The value kept for ``key`` (now the most recently used), or ``None``."""
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: Any, nbytes: int) -> None:
        """Keep ``value`` (of about ``nbytes`` bytes), evicting the least recently used."""
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            if nbytes > self.max_bytes:
                return  # never kept: it would push out everything else
            room = len(self._items) + 1 if self.max_items is None else self.max_items
            while self._items and (self.bytes + nbytes > self.max_bytes or len(self) >= room):
                _, (_, freed) = self._items.popitem(last=False)
                self.bytes -= freed
            self._items[key] = (value, nbytes)
            self.bytes += nbytes

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = 0

    def items(self) -> list[tuple[Hashable, Any]]:
        """The keys and values held now (a copy, least recently used first)."""
        with self._lock:
            return [(k, v) for k, (v, _) in self._items.items()]

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items


class Context:
    """The caches of the solvers, bounded in bytes; usable as ``with Context(): ...``.

    ``max_bytes`` bounds each cache: single-heap values as lists and as
    arrays, proven periods and searches in vain, compiled two-heap and
    take-away tables, and finished periodicity results. ``tablebase`` is where
    compiled tables are kept on disk (:mod:`nimlab.solve.tablebase`): by
    default (``"env"``) the one the environment names, opened on first use; a path, a
    tablebase file there; ``None`` keeps nothing on disk.
    """

    def __init__(
        self,
        max_bytes: int = DEFAULT_CACHE_BYTES,
        tablebase: Tablebase | str | os.PathLike[str] | None = "env",
    ) -> None:
        from nimlab.solve.tablebase import Tablebase

        self.max_bytes = check_int(max_bytes, "max_bytes")
        if isinstance(tablebase, os.PathLike) or (
            isinstance(tablebase, str) and tablebase != "env"
        ):
            tablebase = Tablebase(tablebase)
        elif tablebase is not None and tablebase != "env" and not isinstance(tablebase, Tablebase):
            raise InvalidOption(
                "tablebase is a Tablebase, a path, 'env' (the environment's) or None (nothing "
                f"on disk), got {tablebase!r:.40}",
                field="tablebase",
                ja="tablebase は Tablebase、パス、'env'（環境の既定）、None（ディスクに置かない）の"
                f"どれかです（{tablebase!r:.40} が与えられた）",
            )
        self._tablebase: Tablebase | str | None = tablebase
        self.heap_tables = BoundedCache(max_bytes)
        self.heap_arrays = BoundedCache(max_bytes)
        self.periods = BoundedCache(max_bytes)
        self.searched = BoundedCache(max_bytes)
        self.tables = BoundedCache(max_bytes)
        self.results = BoundedCache(max_bytes)
        self.quotients = BoundedCache(max_bytes)
        self._tokens: list[Token[Context]] = []

    @property
    def tablebase(self) -> Tablebase | None:
        """The tables on disk this context reads and writes, or None."""
        if isinstance(self._tablebase, str):
            from nimlab.solve.tablebase import default_tablebase

            self._tablebase = default_tablebase()
        return self._tablebase

    def caches(self) -> tuple[BoundedCache, ...]:
        return (
            self.heap_tables,
            self.heap_arrays,
            self.periods,
            self.searched,
            self.tables,
            self.results,
            self.quotients,
        )

    @property
    def bytes(self) -> int:
        """The bytes held in all caches."""
        return sum(c.bytes for c in self.caches())

    def clear(self) -> None:
        """Forget everything computed (results stay correct; they are recomputed)."""
        for c in self.caches():
            c.clear()

    def __enter__(self) -> Context:
        self._tokens.append(_CURRENT.set(self))
        return self

    def __exit__(self, *exc: object) -> None:
        _CURRENT.reset(self._tokens.pop())

    def __repr__(self) -> str:
        return f"Context(max_bytes={self.max_bytes:,}, holding {self.bytes:,} bytes)"


_SHARED = Context()
_CURRENT: ContextVar[Context] = ContextVar("nimlab_context", default=_SHARED)


def current() -> Context:
    """The context whose caches the solvers use now (the shared one unless in a ``with``)."""
    return _CURRENT.get()
