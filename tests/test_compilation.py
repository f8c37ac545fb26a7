"""Compiling is timed, nested compilations count once, and time limits leave it out."""

from __future__ import annotations

import time

from nimlab import compilation
from nimlab.limits import Limits


def test_nested_compilations_count_once_and_watchers_hear_the_outer_one() -> None:
    heard: list[bool] = []
    stop = compilation.watch(heard.append)
    try:
        before = compilation.seconds()
        compilation.started()
        compilation.started()
        time.sleep(0.05)
        compilation.ended()
        assert compilation.active()
        compilation.ended()
        assert not compilation.active() and heard == [True, False]
        assert 0.05 <= compilation.seconds() - before < 1.0
    finally:
        stop()
    compilation.ended()  # an unmatched end is ignored
    assert not compilation.active()


def test_a_deadline_leaves_compiling_out() -> None:
    budget = Limits(max_seconds=0.2).budget()
    compilation.started()
    time.sleep(0.3)  # past the limit in wall time, all of it compiling
    compilation.ended()
    budget.spend(10**6)  # checks the clock: not yet over
    assert budget.deadline is not None and compilation.work_clock() < budget.deadline
