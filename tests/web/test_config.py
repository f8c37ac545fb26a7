"""The web app's limits are checked when made and become solver limits."""

from __future__ import annotations

import pytest

from nimlab.errors import InvalidOption
from nimlab.web.config import WEB_MAX_STATES, WebConfig


def test_defaults_are_below_the_command_line() -> None:
    config = WebConfig()
    limits = config.limits()
    assert limits.max_states == WEB_MAX_STATES < 5_000_000
    assert limits.max_seconds == config.time_limit
    assert config.hard_timeout == config.time_limit + config.grace
    assert config.workers >= 2


@pytest.mark.parametrize(
    "options",
    [
        {"max_states": 0},
        {"workers": -1},
        {"time_limit": 0},
        {"grace": "1"},
        {"max_table": True},
        {"time_limit": float("inf")},  # the CLI audit: `serve --time-limit inf` ran unlimited
        {"keep_alive": float("nan")},
    ],
)
def test_bad_settings_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(InvalidOption):
        WebConfig(**options)  # type: ignore[arg-type]


def test_memory_limit_may_be_off_but_not_negative() -> None:
    assert WebConfig(worker_memory_mb=0).worker_memory_mb == 0
    with pytest.raises(InvalidOption, match="worker_memory_mb"):
        WebConfig(worker_memory_mb=-1)
    with pytest.raises(InvalidOption, match="--worker-memory"):  # setrlimit's C long overflowed
        WebConfig(worker_memory_mb=10**23)
