"""Faults for the executor tests: a job function whose worker dies once (importable by workers)."""

from __future__ import annotations

import os
from pathlib import Path


def die_once(job: tuple[str, int]) -> int:
    """Square ``job[1]``; but the first worker to see job 3 kills its own process."""
    marker, value = Path(job[0]), job[1]
    if value == 3 and not marker.exists():
        marker.write_text("died")
        os._exit(9)  # a worker killed mid-batch
    return value * value


def die_on_3(value: int) -> int:
    """Square ``value``; every worker that sees 3 kills its own process."""
    if value == 3:
        os._exit(9)
    return value * value


def slow_square(value: int) -> int:
    """Square ``value`` after a tenth of a second (long enough to lose a scheduler meanwhile)."""
    import time

    time.sleep(0.1)
    return value * value


def raise_on_3(value: int) -> int:
    """Square ``value``; 3 raises in the task's own code."""
    if value == 3:
        raise ZeroDivisionError("3 is refused by this task")
    return value * value


def termination_handlers(_: int) -> tuple[bool, bool]:
    """Whether SIGTERM and SIGHUP kill this (pool worker) process outright."""
    import signal

    default = signal.SIG_DFL
    return signal.getsignal(signal.SIGTERM) is default, signal.getsignal(signal.SIGHUP) is default
