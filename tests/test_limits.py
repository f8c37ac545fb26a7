"""Resource limits refuse work with exit code 3 and name the option that raises them."""

from __future__ import annotations

import pytest

from nimlab.errors import InvalidOption, TooLarge
from nimlab.limits import Limits


def test_budget_refuses_past_the_limit() -> None:
    budget = Limits(max_states=5).budget()
    budget.spend(5)
    with pytest.raises(TooLarge, match="max_states") as info:
        budget.spend()
    assert info.value.exit_code == 3


def test_check_refuses_up_front() -> None:
    Limits(max_states=10).check(10)
    with pytest.raises(TooLarge, match="needs 11 cells"):
        Limits(max_states=10).check(11, "cells")


def test_remoteness_budget_is_the_smaller_limit() -> None:
    assert Limits(max_states=7, remoteness_states=100).remoteness_budget().limit == 7
    assert "--remoteness-states" in Limits().remoteness_budget().option


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "9"])
def test_limits_must_be_positive_integers(bad: object) -> None:
    with pytest.raises(InvalidOption):
        Limits(max_states=bad)  # type: ignore[arg-type]


def test_deadline_refuses_work_that_runs_too_long(monkeypatch: pytest.MonkeyPatch) -> None:
    import nimlab.compilation as compilation  # the deadline's clock: work, not compiling
    import nimlab.limits as limits

    now = [100.0]
    monkeypatch.setattr(compilation.time, "monotonic", lambda: now[0])
    budget = Limits(max_states=10**9, max_seconds=2).budget()
    budget.spend(limits.CLOCK_EVERY + 1)  # reads the clock: in time
    now[0] = 103.0
    budget.spend(limits.CLOCK_EVERY - 1)  # the clock is read only every CLOCK_EVERY states
    with pytest.raises(TooLarge, match="more than 2 s, the time limit") as info:
        budget.spend(2)
    assert info.value.exit_code == 3


def test_deadline_still_counts_states() -> None:
    budget = Limits(max_states=10, max_seconds=60).budget()
    budget.spend(10)
    with pytest.raises(TooLarge, match="max_states"):
        budget.spend()
    assert Limits(max_seconds=1.5).remoteness_budget().seconds == 1.5


def test_no_deadline_by_default() -> None:
    budget = Limits(max_states=10**6).budget()
    assert budget.deadline is None
    budget.spend(10**6)


@pytest.mark.parametrize("bad", [0, -1, True, "9", float("nan")])
def test_max_seconds_must_be_positive(bad: object) -> None:
    with pytest.raises(InvalidOption, match="max_seconds"):
        Limits(max_seconds=bad)  # type: ignore[arg-type]


def test_memory_limit_is_named_and_positive() -> None:
    with pytest.raises(TooLarge, match="max_memory") as info:
        Limits(max_memory=1000).check_memory(1001, "a table")
    assert info.value.exit_code == 3
    Limits(max_memory=1000).budget().check_memory(1000, "a table")
    with pytest.raises(InvalidOption):
        Limits(max_memory=0)


def test_kernel_work_is_charged_per_step_or_per_position() -> None:
    budget = Limits(max_states=100).budget()
    budget.spend_kernel(10, 64 * 50)
    assert budget.used == 50 and budget.kernel_steps() == 50 * 64
    with pytest.raises(TooLarge):
        budget.spend_kernel(51)


def test_huge_amounts_are_written_as_powers_of_ten() -> None:
    from nimlab.limits import amount

    assert amount(999) == "999" and amount(10**6) == "1,000,000"
    assert amount(10**5000) == "≈10^5000"
    assert amount(10**15 - 1) == "999,999,999,999,999"  # written out below 10^15
    assert amount(10**15) == "1.0·10^15" and amount(2799 * 10**76) == "2.7·10^79"


def test_every_count_a_limit_check_names_has_its_japanese() -> None:
    """Found by the CLI audit: ``table wythoff --size 100000 --lang ja`` said "table cells"."""
    import re
    from pathlib import Path

    from nimlab.limits import COUNTED_JA

    root = Path(__file__).resolve().parents[1] / "src" / "nimlab"
    call = re.compile(r"\.check\(\s*[^,()]+(?:\([^)]*\))?[^,()]*,\s*\"([^\"]+)\"")
    named = {m.group(1) for p in root.rglob("*.py") for m in call.finditer(p.read_text())}
    assert {"table cells", "values", "positions"} <= named  # the scan sees the calls
    assert named <= set(COUNTED_JA), named - set(COUNTED_JA)


def test_a_memory_refusal_reads_right_whatever_its_work_is_called() -> None:
    """ "10 misère Grundy values needs 10 bytes": the work is named by plural nouns as often
    as by singular ones ("the Wythoff table"), so the verb is one that agrees with both."""
    import subprocess
    import sys

    command = ["sequence", "subtraction:1,2,3", "--to", "10", "--misere", "--max-memory", "1"]
    r = subprocess.run(
        [sys.executable, "-m", "nimlab", *command],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 3
    assert r.stderr.strip() == (
        "nimlab: 10 misère Grundy values would need 10 bytes, over the limit of 1; "
        "raise the limit with --max-memory"
    )
    with pytest.raises(TooLarge, match=r"^the Wythoff table would need 8 bytes, over the limit"):
        Limits(max_memory=7).check_memory(8, "the Wythoff table", ja="ワイトホフの表")
