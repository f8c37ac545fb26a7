"""Families: deterministic tasks and batches, counts, and refusals of empty ranges."""

from __future__ import annotations

from itertools import combinations

import pytest

from nimlab.errors import InvalidOption
from nimlab.research.families import (
    SPLIT_DELETE_SPECS,
    octal_family,
    split_delete_family,
    subtraction_family,
    take_away_family,
)


def test_subtraction_sets_in_order_and_batched() -> None:
    family = subtraction_family(sizes=(2, 3), max_element=6)
    expected = list(combinations(range(1, 7), 2)) + list(combinations(range(1, 7), 3))
    assert family.count() == len(expected) == 35
    batches = list(family.batches(8))
    assert [b.index for b in batches] == list(range(5))
    assert [s for b in batches for s in b.payload] == expected
    assert [b.first for b in batches] == [0, 8, 16, 24, 32]


def test_subtraction_largest() -> None:
    family = subtraction_family(largest=5)
    assert family.count() == 16  # every subset of {1..4}, with 5 added
    assert all(s[-1] == 5 for b in family.batches(100) for s in b.payload)
    assert family.parameters() == '{"largest":5,"sizes":[1,2,3,4,5]}'


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: subtraction_family(sizes=(3,)), "exactly one of --max-element"),
        (lambda: subtraction_family(sizes=(5,), max_element=3), "no subtraction set"),
        (lambda: subtraction_family(sizes=(64,), max_element=100), "sizes are 1..63"),
        (lambda: octal_family(0), "--digits must be 1..6"),
        (lambda: take_away_family(5, 2, 100), "is empty"),
        (lambda: split_delete_family(["nim"], 3, 4, [5]), "unknown split/delete variant"),
        (lambda: split_delete_family(["delete-nim:half"], 3, 3, [5]), "is played with"),
        (lambda: split_delete_family(["delete-nim:half"], 3, 10**9, [5]), "must be ≤ 64"),
    ],
)
def test_bad_ranges_are_refused(call: object, words: str) -> None:
    with pytest.raises(InvalidOption, match=words):
        call()  # type: ignore[operator]


def test_a_huge_take_away_range_is_counted_not_listed() -> None:
    family = take_away_family(1, 10**12, 100)
    assert family.count() == 10**12
    first = next(family.batches(2))
    assert (first.index, first.tasks, first.payload) == (0, 2, [[1, 100], [2, 100]])


def test_octal_codes() -> None:
    codes = octal_family(2).items()
    assert len(codes) == 7 + 56
    assert codes[:2] == ["0.1", "0.2"] and "0.07" in codes and "0.70" not in codes


def test_split_delete_tasks_skip_heap_counts_a_variant_does_not_allow() -> None:
    family = split_delete_family(["delete-nim:half", "delete-nim:single"], 3, 4, [9, 6])
    assert family.items() == [  # the variants in the order of SPLIT_DELETE_SPECS
        ["delete-nim:single", 3, 6],
        ["delete-nim:single", 3, 9],
        ["delete-nim:single", 4, 6],
        ["delete-nim:single", 4, 9],
        ["delete-nim:half", 4, 6],
        ["delete-nim:half", 4, 9],
    ]
    with pytest.raises(InvalidOption, match="at least one bound"):
        split_delete_family(["delete-nim:single"], 3, 4, [])


def test_variants_in_any_order_or_repeated_are_one_sweep() -> None:
    """`--variants delete-nim:single,split-delete-nim:single` and the reverse were two
    sweeps: the second computed again every task the first had committed."""
    one = split_delete_family(["delete-nim:single", "split-delete-nim:single"], 2, 3, [6])
    other = split_delete_family(
        ["split-delete-nim:single", "delete-nim:single", "split-delete-nim:single"], 2, 3, [6]
    )
    assert one.parameters() == other.parameters()
    assert one.items() == other.items() and len(one.items()) == 4
    # the default list is already in that order: a database made with it keeps its sweep
    every = split_delete_family(list(SPLIT_DELETE_SPECS), 2, 3, [4])
    assert every.params["variants"] == list(SPLIT_DELETE_SPECS)
