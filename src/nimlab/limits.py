"""Resource limits: how much work a call may do before it is refused.

Work is counted in *states*: every position the solver looks at, including
each option it generates, counts once. A computation that would go over the
limit raises :class:`~nimlab.errors.TooLarge` (exit code 3) naming the option
that raises the limit, instead of running for hours or out of memory.

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


@dataclass(frozen=True)
class Limits:
    """Bounds on the work of one call.

    ``max_states`` is a hard limit: going over it raises ``TooLarge``.
    ``remoteness_states`` bounds the optional full search that computes
    remoteness where no closed form gives it; over it, remoteness is reported
    as unknown (``None``) rather than refused.
    """

    max_states: int = DEFAULT_MAX_STATES
    remoteness_states: int = DEFAULT_REMOTENESS_STATES

    def __post_init__(self) -> None:
        for name in ("max_states", "remoteness_states"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise InvalidOption(f"{name} must be a positive integer, got {value!r}")

    def budget(self) -> Budget:
        """A fresh counter against ``max_states``."""
        return Budget(self.max_states, option="--max-states", field="max_states")

    def remoteness_budget(self) -> Budget:
        """A fresh counter against ``remoteness_states``."""
        return Budget(
            min(self.remoteness_states, self.max_states),
            option="--remoteness-states",
            field="remoteness_states",
        )

    def check(self, needed: int, what: str = "states") -> None:
        """Refuse up front when a computation is known to need ``needed`` states."""
        if needed > self.max_states:
            raise TooLarge(
                f"this needs {needed:,} {what}, over the limit of {self.max_states:,}; "
                "raise the limit with --max-states (Python: Limits(max_states=...))"
            )


class Budget:
    """A mutable counter of states spent against a limit."""

    __slots__ = ("field", "limit", "option", "used")

    def __init__(self, limit: int, option: str, field: str) -> None:
        self.limit = limit
        self.option = option
        self.field = field
        self.used = 0

    def spend(self, n: int = 1) -> None:
        """Count ``n`` more states; raise ``TooLarge`` once over the limit."""
        self.used += n
        if self.used > self.limit:
            raise TooLarge(
                f"this needs more than {self.limit:,} states; raise the limit with "
                f"{self.option} (Python: Limits({self.field}=...))"
            )
