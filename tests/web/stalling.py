"""Jobs that misbehave on purpose, for testing the worker pool (imported by worker processes)."""

from __future__ import annotations

import os
import time
from typing import Any

from nimlab.errors import InvalidPosition
from nimlab.limits import shared_time_left
from nimlab.web import clock
from nimlab.web.config import WebConfig


def configure(config: WebConfig) -> None:
    """Workers call this; these jobs need no limits."""


def echo(value: Any) -> dict[str, Any]:
    return {"value": value, "pid": os.getpid()}


def large(tag: int, size: int) -> dict[str, Any]:
    """An answer of ``size`` characters under a small key."""
    return {"value": f"{tag}" + "x" * size}


def integers(tag: int, count: int) -> dict[str, Any]:
    """A list of ``count`` small integers (8 bytes each as objects, 2–3 pickled)."""
    return {"value": [tag] * (count // 10) + list(range(count - count // 10))}


def left(tag: int = 0) -> dict[str, Any]:
    """The seconds the job was given (what ``WebConfig.limits`` hands the solver)."""
    left = shared_time_left()
    return {"left": 99.0 if left is None else left}


def overtime() -> dict[str, Any]:
    """Works on past its job's time (as a chart that leaves the oldest positions "?")."""
    while not clock.time_up():
        time.sleep(0.01)
    return {"late": True, "pid": os.getpid()}


def sleep(seconds: float) -> dict[str, Any]:
    time.sleep(seconds)
    return {"slept": seconds, "pid": os.getpid()}


def spin() -> dict[str, Any]:
    while True:  # never spends a budget: only the hard timeout stops it
        pass


def stubborn(seconds: float) -> dict[str, Any]:
    """Ignores interruptions: only a kill stops it (one landing on the loop's own test, not
    only in its sleep, is ignored too: under load that let the job stop)."""
    end = time.monotonic() + seconds
    while True:
        try:
            while time.monotonic() < end:
                time.sleep(0.05)
            break
        except BaseException:  # on purpose: the job the server must kill
            continue
    return {"slept": seconds, "pid": os.getpid()}


def hog() -> dict[str, Any]:
    return {"size": len(bytearray(4 * 1024**3))}  # over any worker's address-space limit


def bad() -> dict[str, Any]:
    raise InvalidPosition("heap 'x' is not an integer")


def crash() -> dict[str, Any]:
    os._exit(1)


def slow_import() -> dict[str, Any]:
    """Imports a module that takes 0.6 s to load, then sleeps (an interruption's target)."""
    import importlib

    importlib.import_module("web.slow_module")
    time.sleep(60)
    return {"pid": os.getpid()}


def compiles(seconds: float) -> dict[str, Any]:
    """Stands for numba compiling a kernel for ``seconds`` (as it does once after an
    installation), then says how much of the job's time is left."""
    from nimlab import compilation

    compilation.started()
    try:
        time.sleep(seconds)
    finally:
        compilation.ended()
    return left()


def threads() -> dict[str, Any]:
    """Starts numba's thread pool, as the octal engine does, and says how its start is
    guarded: by a lock of the worker's default start method."""
    import multiprocessing

    import numba

    return {"threads": numba.get_num_threads(), "method": multiprocessing.get_start_method()}


def imported(name: str) -> dict[str, Any]:
    """Whether module ``name`` was loaded whole in this worker."""
    import sys

    module = sys.modules.get(name)
    return {"whole": getattr(module, "READY", False), "pid": os.getpid()}


JOBS = {
    "echo": echo,
    "large": large,
    "integers": integers,
    "left": left,
    "overtime": overtime,
    "sleep": sleep,
    "spin": spin,
    "stubborn": stubborn,
    "hog": hog,
    "bad": bad,
    "crash": crash,
    "slow_import": slow_import,
    "imported": imported,
    "compiles": compiles,
    "threads": threads,
}
