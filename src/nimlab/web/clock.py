"""The time a request has left: every job of a request, and every analysis of a job,
share one deadline.

A page may run several jobs (a description, a period, a sequence), and a job several
analyses (the value of every position of a game's history). Each used to get the whole
time limit; now the server gives each job what is left of its request's time
(``WorkerPool``), and a worker sets the job's deadline for every budget the job makes
(:func:`nimlab.limits.share_deadline`).

>>> start(0.0)
>>> time_up()
True
>>> stop()
>>> time_up()
False
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, ParamSpec, TypeVar, cast

from nimlab.limits import share_deadline, shared_time_left

P = ParamSpec("P")
R = TypeVar("R")

LEAST = 0.001
"""The least time a job is given (a budget that stops at its first check)."""


def start(seconds: float) -> None:
    """A job begins with ``seconds`` to go: every budget it makes ends by then."""
    share_deadline(seconds)


def stop() -> None:
    """The job is over: no deadline until the next one."""
    share_deadline(None)


def time_up() -> bool:
    """Whether the running job's time is over (answers computed since may be partial)."""
    remaining = shared_time_left()
    return remaining is not None and remaining <= 0


def kept_in_time(size: int, late: Any) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """An LRU cache of ``size`` answers that keeps only those finished in time: an answer
    that ran out of the job's time may be partial ("?" for what it had no time for), and
    a later request with time to spare should compute it again. Once the job's time is
    up, an answer not kept is ``late``, not computed: each computation would spend a
    moment before its budget saw the clock, and a request asking for many (a long game's
    history) would run on past the time limit.

    >>> calls = []
    >>> @kept_in_time(8, late=-1)
    ... def square(x: int) -> int:
    ...     calls.append(x)
    ...     return x * x
    >>> square(3), square(3), calls
    (9, 9, [3])
    >>> start(0.0)
    >>> square(3), square(4), calls
    (9, -1, [3])
    >>> stop()
    """

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        kept: OrderedDict[Hashable, R] = OrderedDict()

        @wraps(function)
        def cached(*args: P.args, **kwargs: P.kwargs) -> R:
            key = (args, tuple(sorted(kwargs.items())))
            if key in kept:
                kept.move_to_end(key)
                return kept[key]
            if time_up():
                return cast(R, late)
            answer = function(*args, **kwargs)
            if not time_up():
                kept[key] = answer
                if len(kept) > size:
                    kept.popitem(last=False)
            return answer

        return cached

    return decorate
