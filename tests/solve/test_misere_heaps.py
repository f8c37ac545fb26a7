"""The compiled misère values of single heaps: limits, the cache, the plan."""

from __future__ import annotations

import pytest

import nimlab
from nimlab.errors import TooLarge
from nimlab.limits import Limits
from nimlab.solve.context import Context, current
from nimlab.solve.misere_heaps import compiled_misere, misere_heap_array, misere_work
from nimlab.solve.planner import plan


def test_the_work_and_the_array_are_charged_before_the_kernel_runs() -> None:
    game = nimlab.game("subtraction:2,4,7")
    with Context(), pytest.raises(TooLarge) as caught:
        misere_heap_array(game, 10_000, Limits(max_memory=1_000).budget())
    assert caught.value.limit == "max_memory" and "misère Grundy values" in str(caught.value)
    with Context(), pytest.raises(TooLarge) as caught:
        misere_heap_array(game, 10_000, Limits(max_states=5_000).budget())
    assert caught.value.limit == "max_states"
    assert misere_work(game, 100) == 300 and misere_work(nimlab.game("nim"), 100) == 100


def test_values_are_kept_in_the_context_and_read_only() -> None:
    game = nimlab.game("all-but:3")
    with Context():
        first = misere_heap_array(game, 100, Limits().budget())
        assert not first.flags.writeable
        assert ("misère values", game) in current().heap_arrays
        again = misere_heap_array(game, 50, Limits(max_states=1).budget())
        assert again.tolist() == first[:50].tolist()  # from the cache: nothing charged


def test_the_plan_names_the_kernel_only_where_it_applies() -> None:
    for spec, kernel in (("all-but:3", True), ("octal:0.13", True), ("kayles", False)):
        steps = plan(nimlab.game(spec), "sequence", stop=100, misere=True).steps
        assert any(s.method.name == "kernel:misere-one-heap" for s in steps) is kernel, spec
        assert compiled_misere(nimlab.game(spec)) is kernel


def test_the_plan_states_the_work_the_kernel_is_charged() -> None:
    """Found by the audit: the plan said 3,000,000 states (exact) for squares to 3·10^6, and
    the run was refused at 5,000,000: each heap costs its moves."""
    step = plan(nimlab.game("subtraction:squares"), "sequence", stop=3_000_000, misere=True)
    assert step.steps[0].states == 81_187_500 and step.steps[0].exact
    with pytest.raises(TooLarge, match="81,187,500 states"):
        nimlab.grundy_sequence("subtraction:squares", 3_000_000, misere=True)
