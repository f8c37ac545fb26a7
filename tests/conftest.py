"""Shared test settings: Hypothesis profiles sized for CI (no deadlines: speed is benchmarked)."""

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile("ci")

# Tests compute every table themselves: the user's tablebase (~/.cache/nimlab) is
# neither read nor written; tests/solve/test_tablebase.py gives each test its own.
os.environ["NIMLAB_TABLEBASE"] = "off"
# Text is English unless a test asks for Japanese, whatever the user's $NIMLAB_LANG.
os.environ.pop("NIMLAB_LANG", None)


@pytest.fixture(autouse=True)
def _forget_user_rules() -> Iterator[None]:
    """Each test starts without the rulesets another test loaded from a file (--rules)."""
    yield
    from nimlab.rules import forget_rules

    forget_rules()
