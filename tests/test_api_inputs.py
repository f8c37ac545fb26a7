"""The Python API refuses arguments of the wrong type with nimlab's errors, and takes
numpy's integers as integers (a notebook's values often are)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import nimlab
from nimlab.errors import InvalidGame, InvalidOption, InvalidPosition, NimlabError

KAYLES = nimlab.game("kayles")


@pytest.mark.parametrize("value", [None, 3, np.int64(10), "10", b"10", ["a"], [1.5], {True}])
def test_mex_takes_a_collection_of_integers(value: Any) -> None:
    with pytest.raises(InvalidOption, match="collection of integers"):
        nimlab.mex(value)


def test_mex_of_integers_of_any_kind() -> None:
    assert nimlab.mex([np.int64(0), 1, 3]) == 2 and nimlab.mex([-1, 0]) == 1


CALLS: list[Callable[..., Any]] = [
    lambda **kw: nimlab.analyze(KAYLES, "3", **kw),
    lambda **kw: nimlab.grundy_sequence(KAYLES, 10, **kw),
    lambda **kw: nimlab.periodicity(KAYLES, **kw),
    lambda **kw: nimlab.grundy_table(nimlab.game("wythoff"), 5, **kw),
    lambda **kw: nimlab.p_positions(nimlab.game("nim"), heaps=2, max_heap=3, **kw),
]


@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize("limits", [-1, 1.5, "x", True, {"max_states": 10}])
def test_limits_must_be_limits(call: Callable[..., Any], limits: Any) -> None:
    with pytest.raises(InvalidOption, match=r"nimlab\.Limits"):  # was AttributeError
        call(limits=limits)


@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize("misere", ["x", -1, 1.5, "False"])
def test_misere_must_be_a_bool(call: Callable[..., Any], misere: Any) -> None:
    with pytest.raises(InvalidOption, match="True or False"):  # "x" used to mean misère
        call(misere=misere)


def test_numpy_integers_are_integers() -> None:
    ten = np.int64(10)
    assert nimlab.grundy_sequence(KAYLES, ten).tolist()[:4] == [0, 1, 2, 3]
    assert nimlab.grundy_table(nimlab.game("wythoff"), np.int64(3)).size == 3
    assert nimlab.p_positions(nimlab.game("nim"), heaps=np.int64(2), max_heap=np.int64(2))
    assert nimlab.periodicity(KAYLES, max_length=np.int64(200)).period == 12


@pytest.mark.parametrize("position", [b"3,4", bytearray(b"3,4"), memoryview(b"3")])
def test_bytes_are_no_position(position: Any) -> None:
    with pytest.raises(InvalidPosition, match="decode it first"):  # was character codes
        nimlab.analyze("nim", position)


@pytest.mark.parametrize(
    ("game", "position"),
    [
        ("nim", set([3, 3])),  # nim 3,3 as a user may mean it
        ("nim", frozenset({3, 4})),
        ("nim", {3: 1}),
        ("nim + kayles", ({3}, (4,))),  # a component's position too
    ],
)
def test_a_set_is_no_position(game: str, position: Any) -> None:
    """nim {3, 3} was analysed as the one heap 3 (a set holds no heap twice), and the
    order of a set's members is no order a game can read."""
    with pytest.raises(InvalidPosition, match="no order and holds no value twice"):
        nimlab.analyze(game, position)
    assert nimlab.analyze("nim", iter([3, 3])).position == "3,3"  # an iterator is in order


def test_load_rules_and_register_say_what_they_take() -> None:
    """They raised Python's own TypeError and AttributeError ("'NoneType' object has no
    attribute 'name'")."""
    with pytest.raises(InvalidOption, match=r"path of a Python file .* not NoneType"):
        nimlab.load_rules(None)
    with pytest.raises(InvalidOption, match=r"takes a nimlab\.Family, not NoneType"):
        nimlab.register(None)
    with pytest.raises(InvalidOption, match="'nim' is already registered"):
        nimlab.register(nimlab.registry.FAMILIES["nim"])


@pytest.mark.parametrize(
    ("build", "error"),
    [
        (lambda: nimlab.Octal(0.77), InvalidGame),
        (lambda: nimlab.Sum(None), InvalidGame),
        (lambda: nimlab.Sum((nimlab.Nim(), 3)), InvalidGame),
        (lambda: nimlab.heap_game(None), InvalidGame),
        (lambda: nimlab.heap_game(lambda n: [], name=3), InvalidGame),
        (lambda: nimlab.Context(tablebase=3), InvalidOption),
        (lambda: nimlab.Context(max_bytes=-1), InvalidOption),
    ],
)
def test_constructors_check_their_arguments(build: Callable[[], Any], error: type) -> None:
    with pytest.raises(error):
        build()


def test_a_context_keeps_its_tables_where_a_path_says(tmp_path: Any) -> None:
    from nimlab.solve.tablebase import Tablebase

    base = nimlab.Context(tablebase=str(tmp_path / "tb.sqlite")).tablebase
    assert isinstance(base, Tablebase) and base.path == tmp_path / "tb.sqlite"


@pytest.mark.parametrize(
    "call",
    [
        lambda: nimlab.analyze("fibonacci-nim", [10**5000]),
        lambda: nimlab.analyze("nim + kayles", [10**5000]),
        lambda: nimlab.analyze("nim", [[10**5000]]),
        lambda: nimlab.analyze("nim", (10**5000, "x")),
        lambda: nimlab.sequence("kayles", 10, start=10**5000),
        lambda: nimlab.TakeAway(10**5000),
        # found by the API audit of 2026-11-28: these were accepted, then their displays
        # (or their own refusals) raised Python's ValueError
        lambda: nimlab.sequence("kayles", 10**5000 + 5, start=10**5000),
        lambda: nimlab.Limits(max_states=10**5000),
        lambda: nimlab.Limits(max_memory=-(10**5000)),
        lambda: nimlab.Octal((0, 10**5000)),
        lambda: nimlab.grundy_sequence("nim", -(10**5000)),
    ],
)
def test_a_number_python_will_not_print_is_quoted_by_its_size(call: Any) -> None:
    # Quoting it in the message raised Python's own ValueError (over 4,300 digits) instead.
    with pytest.raises(NimlabError) as refused:
        call()
    assert (
        "5,001 digits" in str(refused.value)
        or "10^5000" in str(refused.value)
        or ("more than 100 digits" in str(refused.value))
    )


def test_numpy_integers_build_games_and_limits_and_bools_do_not() -> None:
    # numpy's integers were refused as "not a positive integer"; True was read as a digit 1.
    assert nimlab.Subtraction((np.int64(2), np.int64(3))) == nimlab.game("subtraction:2,3")
    assert nimlab.TakeAway(np.int64(2)) == nimlab.game("take-away:2")
    assert nimlab.Octal((0, np.int64(7), 7)) == nimlab.game("kayles")
    assert type(nimlab.Limits(max_states=np.int64(100)).max_states) is int
    for bad in (
        lambda: nimlab.Octal((0, True, True)),
        lambda: nimlab.Subtraction((True,)),
        lambda: nimlab.TakeAway(True),
    ):
        with pytest.raises(InvalidGame):
            bad()
    with pytest.raises(InvalidOption):
        nimlab.Limits(max_states=True)


@pytest.mark.parametrize(
    ("call", "echoed"),
    [
        (lambda: nimlab.game("+".join(["nim"] * 750)).parse_position("3"), "nim + nim + nim"),
        (lambda: nimlab.game("nim").parse_position("3, " * 1500 + "x"), "'3, 3, 3, 3"),
        (lambda: nimlab.game("a" * 3000), "'aaaaaaaaaa"),
        (lambda: nimlab.game("subtraction:" + ",".join(map(str, range(1, 900)))).position("x"), ""),
    ],
)
def test_a_huge_input_is_quoted_by_its_start_and_its_length(
    call: Callable[[], Any], echoed: str
) -> None:
    """Found by the CLI fuzz: a sum of 3,000 characters, or a position of thousands, came
    back whole in the message (in both languages)."""
    with pytest.raises(NimlabError) as refused:
        call()
    for said, characters in ((str(refused.value), "characters)"), (refused.value.ja, "文字）")):
        assert len(said) < 400 and characters in said and "…" in said, said
        assert echoed in said


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: nimlab.mex([0, 1, [2]]), InvalidOption, "collection of integers"),
        (lambda: nimlab.mex([0, 1, True]), InvalidOption, "collection of integers"),
        (lambda: nimlab.Subtraction("12"), InvalidGame, "collection of positive integers"),
        (lambda: nimlab.Subtraction(5), InvalidGame, "collection of positive integers"),
        (lambda: nimlab.game("nim", user_rules="no"), InvalidOption, "user_rules must be"),
        (lambda: nimlab.render_method("x", "en"), TypeError, "render_method takes a Method"),
    ],
)
def test_more_arguments_of_the_wrong_kind(call: Any, error: type, words: str) -> None:
    """Found by the API audit of 2026-11-28: TypeError (unhashable), True hidden by 1 in a
    set, numpy's array truth value, AttributeError, or a flag taken as true."""
    with pytest.raises(error, match=re.escape(words)):
        call()


def test_a_subtraction_set_from_numpy_or_a_set() -> None:
    assert nimlab.Subtraction(np.array([2, 1])) == nimlab.Subtraction({1, 2})
    assert nimlab.Subtraction(np.array([2, 1])).spec == "subtraction:1,2"
