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
nimlab.errors.TooLarge: this needs more than 10 states; raise the limit with --max-states ...
"""

from __future__ import annotations

from dataclasses import dataclass

from nimlab.errors import InvalidOption, TooLarge

DEFAULT_MAX_STATES = 5_000_000
DEFAULT_REMOTENESS_STATES = 300_000
DEFAULT_MAX_MEMORY = 2 * 1024**3
"""Bytes of arrays one call may allocate (2 GiB); ``--max-memory`` raises it."""
PYTHON_VALUE_BYTES = 40
"""About the bytes of one integer of a Python answer: its slot and the int object."""
KERNEL_STEPS_PER_STATE = 64
"""A compiled step costs far less than an interpreted state; this many make one state."""


@dataclass(frozen=True)
class Limits:
    """Bounds on the work of one call.

    ``max_states`` is a hard limit: going over it raises ``TooLarge``.
    ``remoteness_states`` bounds the optional full search that computes
    remoteness where no closed form gives it; over it, remoteness is reported
    as unknown (``None``) rather than refused. ``max_memory`` bounds the bytes
    of the arrays a compiled kernel allocates; work that needs more is refused
    before anything is allocated.
    """

    max_states: int = DEFAULT_MAX_STATES
    remoteness_states: int = DEFAULT_REMOTENESS_STATES
    max_memory: int = DEFAULT_MAX_MEMORY

    def __post_init__(self) -> None:
        for name in ("max_states", "remoteness_states", "max_memory"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                option = "--" + name.replace("_", "-")
                raise InvalidOption(f"{name} ({option}) must be a positive integer, got {value!r}")

    def budget(self) -> Budget:
        """A fresh counter against ``max_states``."""
        return Budget(
            self.max_states, option="--max-states", field="max_states", max_memory=self.max_memory
        )

    def remoteness_budget(self) -> Budget:
        """A fresh counter against ``remoteness_states``."""
        return Budget(
            min(self.remoteness_states, self.max_states),
            option="--remoteness-states",
            field="remoteness_states",
            max_memory=self.max_memory,
        )

    def check(self, needed: int, what: str = "states") -> None:
        """Refuse up front when a computation is known to need ``needed`` states."""
        if needed > self.max_states:
            raise TooLarge(
                f"this needs {needed:,} {what}, over the limit of {self.max_states:,}; "
                "raise the limit with --max-states (Python: Limits(max_states=...))"
            )

    def check_memory(self, needed: int, what: str) -> None:
        """Refuse up front an allocation of ``needed`` bytes over ``max_memory``."""
        check_memory(needed, self.max_memory, what)


def check_memory(needed: int, limit: int, what: str) -> None:
    """Raise ``TooLarge`` when ``needed`` bytes are over ``limit``, naming ``--max-memory``.

    >>> check_memory(10**9, 10**8, "a table of 10^9 cells")
    Traceback (most recent call last):
    ...
    nimlab.errors.TooLarge: a table of 10^9 cells needs 1,000,000,000 bytes, over the limit ...
    """
    if needed > limit:
        raise TooLarge(
            f"{what} needs {needed:,} bytes, over the limit of {limit:,}; "
            "raise the limit with --max-memory (Python: Limits(max_memory=...))"
        )


class Budget:
    """A mutable counter of states spent against a limit (and the memory limit of the call)."""

    __slots__ = ("field", "limit", "max_memory", "option", "used")

    def __init__(
        self, limit: int, option: str, field: str, max_memory: int = DEFAULT_MAX_MEMORY
    ) -> None:
        self.limit = limit
        self.option = option
        self.field = field
        self.max_memory = max_memory
        self.used = 0

    @property
    def remaining(self) -> int:
        """States left before the limit."""
        return max(self.limit - self.used, 0)

    def check_memory(self, needed: int, what: str) -> None:
        """Refuse up front an allocation of ``needed`` bytes over the memory limit."""
        check_memory(needed, self.max_memory, what)

    def kernel_steps(self) -> int:
        """The elementary steps a compiled kernel may still take."""
        return self.remaining * KERNEL_STEPS_PER_STATE

    def spend_kernel(self, positions: int, steps: int = 0) -> None:
        """Charge a compiled kernel's work: per position, or per steps where that is more."""
        self.spend(max(positions, -(-steps // KERNEL_STEPS_PER_STATE)))

    def spend(self, n: int = 1) -> None:
        """Count ``n`` more states; raise ``TooLarge`` once over the limit."""
        self.used += n
        if self.used > self.limit:
            raise TooLarge(
                f"this needs more than {self.limit:,} states; raise the limit with "
                f"{self.option} (Python: Limits({self.field}=...))"
            )
