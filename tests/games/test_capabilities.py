"""Rulesets declare their capabilities; solvers read them, never the class."""

from __future__ import annotations

import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.games.capabilities import (
    DIAGONAL,
    REDUCE,
    SUMS,
    Capabilities,
    OneHeapKernel,
    PeriodCriterion,
)
from nimlab.registry import game


def test_every_registered_family_declares_its_shape() -> None:
    shapes = {
        "nim": "heap",
        "subtraction:2,4,7": "heap",
        "kayles": "heap",
        "grundy-game": "heap",
        "wythoff": "heaps",
        "split-delete-nim:single": "heaps",
        "delete-nim:half": "heaps",
        "fibonacci-nim": "take-away",
        "nim + kayles": "sum",
    }
    for spec, shape in shapes.items():
        assert game(spec).capabilities.shape == shape, spec


def test_kernel_descriptors_carry_the_games_own_parameters() -> None:
    assert game("octal:0.77").capabilities.one_heap == OneHeapKernel("sparse", digits=(0, 7, 7))
    assert game("grundy-game").capabilities.one_heap == OneHeapKernel(
        "sparse", digits=(4,), unequal=True
    )
    assert game("wythoff").capabilities.two_heap_kernel == REDUCE | DIAGONAL
    assert game("delete-nim:single").capabilities.two_heap_kernel == SUMS
    assert game("take-away:3").capabilities.take_away_multiplier == 3
    assert game("octal:0.77").capabilities.period_criterion == PeriodCriterion("guy-smith", 2)


def test_a_user_game_gets_the_generic_capabilities() -> None:
    g = nimlab.heap_game(lambda n: [n - 1] if n else [])
    assert g.capabilities == Capabilities("heap")
    assert g.summands() == ()


def test_two_unnamed_heap_games_answer_independently() -> None:
    # Regression: both were "custom" and equal, so the second got the first one's caches.
    first = nimlab.heap_game(lambda n: [n - 1] if n else [])
    second = nimlab.heap_game(lambda n: list(range(n)))
    assert first != second
    assert nimlab.analyze(first, "5").grundy == 1
    assert nimlab.analyze(second, "5").grundy == 5
    assert nimlab.grundy_sequence(second, 6).tolist() == [0, 1, 2, 3, 4, 5]


def test_no_solver_tests_a_concrete_game_class() -> None:
    # DESIGN.md's check: outside games/ (and the registry) nothing asks a ruleset's class.
    concrete = (
        "Nim|Subtraction|GrundyGame|Octal|Wythoff|SplitDeleteNim|DeleteNim|TakeAway|Sum"
        "|FunctionHeapRuleset|HeapRuleset|HeapsRuleset"
    )  # the shapes too: ask as_heap_ruleset / as_heaps_ruleset (games/base.py) instead
    found = subprocess.run(
        ["grep", "-rnE", rf"(isinstance\([^)]*\b({concrete})\b|type\([a-z_]+\) is)", "src/nimlab"],
        capture_output=True,
        text=True,
        cwd=_root(),
    ).stdout.splitlines()
    outside = [line for line in found if "/games/" not in line and "/registry.py" not in line]
    assert outside == [], "\n".join(outside)


def _root() -> str:
    from pathlib import Path

    return str(Path(__file__).resolve().parents[2])


@pytest.mark.parametrize("spec", ["nim", "kayles", "wythoff", "fibonacci-nim", "nim + kayles"])
def test_capabilities_are_values(spec: str) -> None:
    caps = game(spec).capabilities
    assert caps == game(spec).capabilities and hash(caps) == hash(game(spec).capabilities)


# The bound on a heap's options that lets a misère listing be refused up front
# (nimlab.misere.answers): never below the options the ruleset lists.

DIGITS = st.tuples(st.lists(st.integers(0, 7), max_size=3), st.integers(1, 7)).map(
    lambda ds: "".join(map(str, [*ds[0], ds[1]]))
)


def _bound(spec: str, h: int) -> int | None:
    kernel = game(spec).capabilities.one_heap
    assert kernel is not None
    return kernel.option_bound(h)


@settings(max_examples=60, deadline=None)
@given(digits=DIGITS, d0=st.sampled_from(["0", "4"]), h=st.integers(0, 60))
def test_the_option_bound_is_never_below_the_options_listed(digits: str, d0: str, h: int) -> None:
    spec = f"octal:{d0}.{digits}"
    listed = {tuple(sorted(r)) for r in game(spec).heap_options(h)}
    bound = _bound(spec, h)
    assert bound is not None and bound >= len(listed)


def test_the_option_bound_of_the_named_games() -> None:
    named = ("kayles", "dawson-kayles", "grundy-game", "subtraction:1,3,4", "nim", "all-but:2,3")
    for spec in (*named, "subtraction:squares"):
        for h in range(50):
            bound = _bound(spec, h)
            assert bound is not None and bound >= len(set(game(spec).heap_options(h))), (spec, h)
    assert _bound("kayles", 9000) == 9000  # exact: 1 + 4,499 taking one stone, 1 + 4,499 two


HEX_CODES = st.tuples(
    st.sampled_from("048C"), st.lists(st.integers(0, 15), max_size=2), st.integers(1, 15)
).map(lambda c: f"take-and-break:{c[0]}." + "".join(f"{d:X}" for d in [*c[1], c[2]]))


@settings(max_examples=80, deadline=None)
@given(spec=HEX_CODES, h=st.integers(0, 40))
def test_the_least_options_of_a_heap_are_never_more_than_it_has(spec: str, h: int) -> None:
    """Splits into three heaps were left out of the least options: a search of
    take-and-break:0.B1 from 3,000 (about 750,000 options) was bounded by 3,000 states
    and tried its 300,000 in vain (fuzz)."""
    kernel = game(spec).capabilities.one_heap
    assert kernel is not None
    left = {tuple(sorted(r)) for r in game(spec).heap_options(h) if r}  # no whole heap taken
    assert kernel.options_at_least(h) <= len(left)
    assert kernel.options_at_least(h) <= kernel.options_at_least(h + 1)


def test_the_least_options_count_every_split_into_three() -> None:
    kernel = game("take-and-break:0.8").capabilities.one_heap  # only splits into three
    assert kernel is not None
    for h in range(60):
        assert kernel.options_at_least(h) == len(set(game("take-and-break:0.8").heap_options(h)))
