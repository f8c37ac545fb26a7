"""The web app's limits: how much one request may ask for, and how the server runs.

The defaults are lower than the command line's: a server answers many people
at once, so every request is capped up front (table sizes, sequence lengths,
text lengths), bounded in work (states) and in time, and runs in a worker
process that is killed if it overruns.

>>> WebConfig().limits().max_states
1000000
>>> WebConfig(time_limit=2).hard_timeout
4.0
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from nimlab.errors import InvalidOption
from nimlab.limits import Limits

WEB_MAX_STATES = 1_000_000
"""States one request may search, unless ``nimlab serve --max-states`` says otherwise."""
WEB_MAX_MEMORY = 512 * 1024**2
"""Bytes of arrays one request may allocate (``nimlab serve --max-memory``); well inside
a worker's address space, which also holds the interpreter and the compiled kernels."""
WORKERS_PER_CORE = 4
"""``nimlab serve --workers`` is capped at this many worker processes per core."""


def max_workers() -> int:
    """The most worker processes ``nimlab serve`` starts: 4 per core of this machine."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


SERVE_FLAGS = {
    "max_states": "--max-states",
    "max_memory": "--max-memory",
    "time_limit": "--time-limit",
    "workers": "--workers",
    "header_timeout": "--header-timeout",
    "body_timeout": "--body-timeout",
    "keep_alive": "--keep-alive",
    "max_connections": "--max-connections",
    "client_connections": "--client-connections",
    "queue_limit": "--queue-limit",
    "client_queue_limit": "--client-queue-limit",
    "queue_timeout": "--queue-timeout",
}
"""The ``nimlab serve`` option of each setting that has one."""


def _named(name: str) -> str:
    """A setting named with its ``nimlab serve`` option, where it has one."""
    flag = SERVE_FLAGS.get(name)
    return f"{name} (nimlab serve {flag})" if flag else name


MAX_WORKER_MEMORY_MB = 1 << 30
"""The largest worker memory limit (MB) the operating system's limit can hold (2^50 bytes)."""


@dataclass(frozen=True)
class WebConfig:
    """Limits per request and the shape of the worker pool."""

    max_states: int = WEB_MAX_STATES
    max_memory: int = WEB_MAX_MEMORY
    """Bytes of arrays one request may allocate (``Limits.max_memory``)."""
    """States one request may search (``Limits.max_states``)."""
    remoteness_states: int = 25_000
    """States searched for a remoteness no theorem gives."""
    time_limit: float = 5.0
    """Seconds of work per request: a cooperative deadline inside the solver."""
    grace: float = 2.0
    """Seconds past the time limit before the worker process is killed."""
    max_text: int = 2_000
    """Characters in a game spec or a position."""
    max_table: int = 100
    """Largest two-heap table (size × size cells)."""
    max_sequence: int = 10_000
    """Longest Grundy sequence."""
    max_heaps: int = 10
    """Most heaps in a P-position table."""
    max_heap_bound: int = 10_000
    """Largest ``max`` of a P-position table."""
    max_moves: int = 2_000
    """Most moves listed for one position (play)."""
    max_history: int = 1_000
    """Most moves in one game (play)."""
    workers: int = max(2, min(4, os.cpu_count() or 2))
    """Worker processes that do the computing."""
    queue_limit: int = 512
    """Requests that may wait for a worker before the server answers 503 busy."""
    client_queue_limit: int = 64
    """Requests of one client address that may wait for a worker (over it: 503 busy)."""
    queue_timeout: float = 10.0
    """Seconds a request may wait for a worker; then 503 busy (its work would come late)."""
    worker_memory_mb: int = 2_048
    """Address-space limit of each worker process (0: none)."""
    max_body: int = 64 * 1024
    """Bytes in a request body."""
    cache_size: int = 2_048
    """Answers kept in the server's cache (jobs are deterministic)."""
    max_positions: int = 20_000
    """Most P-positions one table lists."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's line and headers (then 408, closed)."""
    body_timeout: float = 30.0
    """Seconds a client has to send a request's body once its headers are in."""
    keep_alive: float = 5.0
    """Seconds an idle keep-alive connection stays open between requests."""
    max_connections: int = 4_096
    """Open connections in all; over it, the longest-waiting unfinished request is dropped."""
    client_connections: int = 64
    """Open connections from one client address; more are answered 503 and closed."""

    def __post_init__(self) -> None:
        for name in (
            "max_states",
            "max_memory",
            "remoteness_states",
            "max_text",
            "max_table",
            "max_sequence",
            "max_heaps",
            "max_heap_bound",
            "max_moves",
            "max_history",
            "workers",
            "queue_limit",
            "client_queue_limit",
            "max_body",
            "cache_size",
            "max_positions",
            "max_connections",
            "client_connections",
        ):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise InvalidOption(
                    f"{_named(name)} must be a positive integer, got {value!r}",
                    ja=f"{_named(name)} は正の整数です（{value!r} が与えられた）",
                )
        if self.workers > max_workers():
            raise InvalidOption(
                f"--workers {self.workers:,} is over the cap of {max_workers()} "
                f"({WORKERS_PER_CORE} × {os.cpu_count() or 1} cores of this machine)",
                ja=(
                    f"--workers {self.workers:,} は上限 {max_workers()}（{WORKERS_PER_CORE} × "
                    f"このマシンの {os.cpu_count() or 1} コア）を超えます"
                ),
            )
        for name in (
            "time_limit",
            "grace",
            "header_timeout",
            "body_timeout",
            "keep_alive",
            "queue_timeout",
        ):
            value = getattr(self, name)
            if (
                not isinstance(value, int | float)
                or isinstance(value, bool)
                or not 0 < value < math.inf  # inf would be no limit at all
            ):
                raise InvalidOption(
                    f"{_named(name)} must be a positive (finite) number of seconds, got {value!r}",
                    ja=f"{_named(name)} は正の（有限の）秒数です（{value!r} が与えられた）",
                )
        if not 0 <= self.worker_memory_mb <= MAX_WORKER_MEMORY_MB:
            raise InvalidOption(
                f"worker_memory_mb (nimlab serve --worker-memory) must be from 0 (no limit) to "
                f"{MAX_WORKER_MEMORY_MB:,}, got {self.worker_memory_mb:,}",
                ja=f"worker_memory_mb（nimlab serve --worker-memory）は 0（制限なし）から "
                f"{MAX_WORKER_MEMORY_MB:,} までです（{self.worker_memory_mb:,} が与えられた）",
            )

    @property
    def hard_timeout(self) -> float:
        """Seconds after which a worker still computing is killed."""
        return float(self.time_limit + self.grace)

    def limits(self) -> Limits:
        """The solver limits of one request (the same for every request, so that the
        caches keyed by them serve them all; a job's deadline is set apart: clock)."""
        return Limits(
            max_states=self.max_states,
            remoteness_states=min(self.remoteness_states, self.max_states),
            max_memory=self.max_memory,
            max_seconds=self.time_limit,  # (a worker's job also shares one deadline: clock)
        )
