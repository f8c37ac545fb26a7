"""Resource limits: how much work a call may do before it is refused.

Work is counted in *states*: every position the solver looks at, including
each option it generates, counts once. A compiled kernel
(:mod:`nimlab.kernels`) is charged one state per position it solves, or one
per ``KERNEL_STEPS_PER_STATE`` elementary steps (option checks, bitset words)
where that is more. A computation that would go over the limit raises
:class:`~nimlab.errors.TooLarge` (exit code 3) naming the option that raises
the limit, instead of running for hours; arrays over ``max_memory`` bytes are
refused before they are allocated, instead of meeting the OOM killer.

>>> budget = Limits(max_states=10).budget()
>>> budget.spend(8)
>>> budget.spend(5)
Traceback (most recent call last):
...
nimlab.errors.TooLarge: this needs more than 10 states; raise the limit Limits.max_states

``max_seconds`` adds a cooperative deadline: a budget checks the clock every
few thousand states and refuses work that runs past it (the web app uses it;
the command line has no deadline by default). Compiled kernels are bounded up
front by their state and memory limits instead.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from dataclasses import dataclass

from nimlab.checks import check_digits
from nimlab.compilation import work_clock
from nimlab.errors import InvalidOption, TooLarge
from nimlab.text import quoted, shorten

DEFAULT_MAX_STATES = 5_000_000
DEFAULT_REMOTENESS_STATES = 300_000
DEFAULT_MAX_MEMORY = 2 * 1024**3
"""Bytes of arrays one call may allocate (2 GiB); ``--max-memory`` raises it."""
PYTHON_VALUE_BYTES = 40
"""About the bytes of one integer of a Python answer: its slot and the int object."""
KERNEL_STEPS_PER_STATE = 64
"""A compiled step costs far less than an interpreted state; this many make one state."""
KERNEL_STEPS_MOST = 2**62
"""The most steps a kernel is given, whatever the limit (its counters are 64-bit)."""


def kernel_states(positions: int, steps: int = 0) -> int:
    """The states a compiled kernel's work is charged as: one a position, or one per
    :data:`KERNEL_STEPS_PER_STATE` steps where that is more (:meth:`Budget.spend_kernel`;
    a plan states the same).

    >>> kernel_states(10), kernel_states(10, 6400), kernel_states(10, 6401)
    (10, 100, 101)
    """
    return max(positions, -(-steps // KERNEL_STEPS_PER_STATE))


CLOCK_EVERY = 4096
"""A budget with a deadline looks at the clock once per this many states."""


@dataclass(frozen=True)
class Limits:
    """Bounds on the work of one call.

    ``max_states`` is a hard limit: going over it raises ``TooLarge``.
    ``remoteness_states`` bounds the optional full search that computes
    remoteness where no closed form gives it; over it, remoteness is reported
    as unknown (``None``) rather than refused. ``max_memory`` bounds the bytes
    of the arrays a compiled kernel allocates; work that needs more is refused
    before anything is allocated. ``max_seconds``, when set, is a deadline for
    each budget, counted from when the budget is made.
    """

    max_states: int = DEFAULT_MAX_STATES
    remoteness_states: int = DEFAULT_REMOTENESS_STATES
    max_memory: int = DEFAULT_MAX_MEMORY
    max_seconds: float | None = None

    def __post_init__(self) -> None:
        for name in ("max_states", "remoteness_states", "max_memory"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
                option = "--" + name.replace("_", "-")
                shown = shorten(quoted(value))
                raise InvalidOption(
                    f"{name} ({option}) must be a positive integer, got {shown}",
                    ja=f"{name}（{option}）は正の整数です（{shown} が与えられた）",
                )
            # numpy's integers as Python's, of at most 4,000 digits (a repr Python can print)
            object.__setattr__(self, name, check_digits(int(value), name))
        seconds = self.max_seconds
        if seconds is not None and (
            not isinstance(seconds, int | float) or isinstance(seconds, bool) or not seconds > 0
        ):
            raise InvalidOption(
                f"max_seconds must be a positive number, got {seconds!r}",
                ja=f"max_seconds は正の数です（{seconds!r} が与えられた）",
            )

    def budget(self) -> Budget:
        """A fresh counter against ``max_states``."""
        return Budget(
            self.max_states,
            option="--max-states",
            field="max_states",
            max_memory=self.max_memory,
            seconds=self.max_seconds,
        )

    def remoteness_budget(self) -> Budget:
        """A fresh counter against ``remoteness_states``."""
        return Budget(
            min(self.remoteness_states, self.max_states),
            option="--remoteness-states",
            field="remoteness_states",
            max_memory=self.max_memory,
            seconds=self.max_seconds,
        )

    def check(self, needed: int, what: str = "states") -> None:
        """Refuse up front when a computation is known to need ``needed`` states.

        >>> Limits(max_states=10).check(100, "table cells")
        Traceback (most recent call last):
        ...
        nimlab.errors.TooLarge: this needs 100 table cells, over the limit of 10; ...
        """
        if needed > self.max_states:
            raise TooLarge(
                f"this needs {amount(needed)} {what}, over the limit of {amount(self.max_states)}",
                "max_states",
                ja=f"{amount(needed)} の{COUNTED_JA.get(what, what)}が必要で、"
                f"上限 {amount(self.max_states)} を超えます",
            )

    def check_memory(self, needed: int, what: str, *, ja: str = "") -> None:
        """Refuse up front an allocation of ``needed`` bytes over ``max_memory``
        (``what`` needs them; ``ja`` says it in Japanese)."""
        check_memory(needed, self.max_memory, what, ja=ja)


COUNTED_JA = {
    "states": "状態",
    "values": "値",
    "positions": "局面",
    "table rows": "表の行",
    "table entries": "表の項目",
    "table cells": "表のセル",
    "take-away states": "take-away の状態",
    "heaps, each a step of the construction": "山（山ごとに構成の一段階）",
    "options of the heaps": "山の選択肢",
}
"""What :meth:`Limits.check` counts, in Japanese (a Japanese refusal says no English noun)."""


EXACT_BELOW = 10**15
"""Counts below this are written out in full; larger ones by two digits and a power of 10."""


def check_limits(limits: object) -> Limits:
    """``limits`` if it is a :class:`Limits`, the defaults for None, else ``InvalidOption``.

    >>> check_limits(None) == Limits()
    True
    >>> check_limits(10**6)
    Traceback (most recent call last):
    ...
    nimlab.errors.InvalidOption: limits must be a nimlab.Limits (e.g. ...) or None, got 1000000
    """
    if limits is None:
        return Limits()
    if not isinstance(limits, Limits):
        shown = repr(limits)[:40]
        raise InvalidOption(
            f"limits must be a nimlab.Limits (e.g. Limits(max_states=10**8)) or None, got {shown}",
            field="limits",
            ja=f"limits は nimlab.Limits（例 Limits(max_states=10**8)）か None です"
            f"（{shown} が与えられた）",
        )
    return limits


def amount(n: int) -> str:
    """``n`` with thousands separators, or two digits and a power of 10 when it is huge.

    Messages name counts derived from positions of thousands of digits: a figure of
    80 digits says no more than its first two and its size. The digits are cut, not
    rounded: the figure is a lower bound, as a refusal's "needs at least" is. Python
    refuses to print an int of over 4,300 digits, so those are shown by their order of
    magnitude alone.

    >>> amount(1234567), amount(3 * 10**40), amount(27_777 * 10**75), amount(10**5000)
    ('1,234,567', '3.0·10^40', '2.7·10^79', '≈10^5000')
    """
    if n < EXACT_BELOW:
        return f"{n:,}"
    if n.bit_length() > 3000:
        return f"≈10^{n.bit_length() * 30103 // 100000}"
    digits = str(n)
    return f"{digits[0]}.{digits[1]}·10^{len(digits) - 1}"


def check_memory(needed: int, limit: int, what: str, *, ja: str = "") -> None:
    """Raise ``TooLarge`` when ``needed`` bytes are over ``limit``, naming ``Limits.max_memory``.

    ``what`` names the work that needs them, ``ja`` in Japanese (every call in nimlab
    gives it: a test refuses one without; a caller of its own may leave it out).

    >>> check_memory(10**9, 10**8, "a table of 10^9 cells", ja="10^9 個のセルの表")
    Traceback (most recent call last):
    ...
    nimlab.errors.TooLarge: a table of 10^9 cells would need 1,000,000,000 bytes, over the limit ...
    >>> try:
    ...     check_memory(10**9, 10**8, "a table of 10^9 cells", ja="10^9 個のセルの表")
    ... except TooLarge as error:
    ...     print(error.render(None, "ja"))
    10^9 個のセルの表には 1,000,000,000 バイトが必要で、上限 100,000,000 バイトを超えます。...
    """
    if needed > limit:
        raise TooLarge(
            f"{what} would need {amount(needed)} bytes, over the limit of {amount(limit)}",
            "max_memory",
            ja=f"{ja or what}には {amount(needed)} バイトが必要で、上限 {amount(limit)} "
            "バイトを超えます",
        )


Watcher = Callable[["Budget"], None]
_watcher: Watcher | None = None


def watch_work(watcher: Watcher | None) -> Watcher | None:
    """Have ``watcher(budget)`` called every ``CLOCK_EVERY`` states of each budget made from
    now on (``None``: none); returns the watcher it replaces. The command line shows the
    progress of long work this way (:class:`nimlab.progress.WorkMeter`).

    >>> seen = []
    >>> old = watch_work(lambda b: seen.append(b.used))
    >>> budget = Limits(max_states=10**6).budget()
    >>> budget.spend(10_000)
    >>> seen, watch_work(old) is not None
    ([10000], True)
    """
    global _watcher
    previous, _watcher = _watcher, watcher
    return previous


_shared_deadline: float | None = None
_shared_seconds: float = 0.0


def share_deadline(seconds: float | None) -> None:
    """From now on every budget ends within ``seconds`` of work (the
    :func:`~nimlab.compilation.work_clock`: compiling kernels is not counted), whatever
    its own time limit; None ends that. A web worker sets it for each job, so that the
    many analyses of one job (a game's history, its moves' values) share the job's time
    instead of each starting the whole limit again.

    >>> share_deadline(0.0)
    >>> Limits(max_seconds=60).budget().deadline <= work_clock()
    True
    >>> share_deadline(None)
    >>> Limits().budget().deadline is None
    True
    """
    global _shared_deadline, _shared_seconds
    _shared_deadline = None if seconds is None else work_clock() + seconds
    _shared_seconds = seconds or 0.0


def shared_time_left() -> float | None:
    """Seconds of work left before the shared deadline (negative once past), or None."""
    return None if _shared_deadline is None else _shared_deadline - work_clock()


class Budget:
    """A mutable counter of states spent against a limit (and the memory limit of the call).

    With ``seconds``, it is also a deadline: the clock is read every
    ``CLOCK_EVERY`` states; so is the watcher of :func:`watch_work`, if any.
    """

    __slots__ = (
        "clock_at",
        "deadline",
        "field",
        "limit",
        "max_memory",
        "option",
        "seconds",
        "used",
        "watcher",
    )

    def __init__(
        self,
        limit: int,
        option: str,
        field: str,
        max_memory: int = DEFAULT_MAX_MEMORY,
        seconds: float | None = None,
    ) -> None:
        self.limit = limit
        self.option = option
        self.field = field
        self.max_memory = max_memory
        self.used = 0
        self.seconds = seconds
        self.deadline = None if seconds is None else work_clock() + seconds
        if _shared_deadline is not None:  # a job's: every budget it makes ends by then
            self.deadline = min(self.deadline or _shared_deadline, _shared_deadline)
        self.watcher = _watcher
        looked_at = self.deadline is not None or self.watcher is not None
        self.clock_at = min(CLOCK_EVERY, limit) if looked_at else limit

    @property
    def remaining(self) -> int:
        """States left before the limit."""
        return max(self.limit - self.used, 0)

    def check_memory(self, needed: int, what: str, *, ja: str = "") -> None:
        """Refuse up front an allocation of ``needed`` bytes over the memory limit
        (``what`` needs them; ``ja`` says it in Japanese)."""
        check_memory(needed, self.max_memory, what, ja=ja)

    def kernel_steps(self) -> int:
        """The elementary steps a compiled kernel may still take: at most 2^62, which no
        kernel reaches and its 64-bit counters hold (``--max-states 1e18`` made 6.4·10^19,
        past numba's int64: a typing error; audit of huge inputs).

        >>> Limits(max_states=10**18).budget().kernel_steps() == 2**62
        True
        """
        return min(self.remaining * KERNEL_STEPS_PER_STATE, KERNEL_STEPS_MOST)

    def spend_kernel(self, positions: int, steps: int = 0) -> None:
        """Charge a compiled kernel's work (known before it runs): per position, or per
        steps where that is more; refused without being counted when over the limit."""
        n = kernel_states(positions, steps)
        self.need(n)
        self.spend(n)

    def need(self, n: int) -> None:
        """Refuse up front work known to need ``n`` more states, without counting it (none
        was done: the caller may try something smaller).

        >>> budget = Limits(max_states=100).budget()
        >>> try:
        ...     budget.need(1000)
        ... except TooLarge:
        ...     pass
        >>> budget.used
        0
        """
        if self.used + n > self.limit:
            self._refuse()

    def spend(self, n: int = 1) -> None:
        """Count ``n`` more states; raise ``TooLarge`` once over the limit or the deadline."""
        self.used += n
        if self.used > self.clock_at:
            self._check()

    def _refuse(self) -> None:
        raise TooLarge(
            f"this needs more than {amount(self.limit)} states",
            self.field,
            ja=f"{amount(self.limit)} 状態を超える計算が必要です",
        )

    def _check(self) -> None:
        if self.used > self.limit:
            self._refuse()
        self.clock_at = min(self.used + CLOCK_EVERY, self.limit)
        if self.watcher is not None:
            self.watcher(self)
        if self.deadline is not None and work_clock() > self.deadline:
            seconds = self.seconds if self.seconds is not None else _shared_seconds
            raise TooLarge(
                f"this takes more than {seconds:g} s, the time limit",
                "max_seconds",
                ja=f"制限時間 {seconds:g} 秒を超えます",
            )
