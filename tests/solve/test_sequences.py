"""Grundy sequences: dtypes, take-away fresh games, limits, games without a sequence."""

from __future__ import annotations

import numpy as np
import pytest

import nimlab
from nimlab.errors import InvalidOption, NotApplicable, TooLarge
from nimlab.limits import Limits
from nimlab.solve.heaps import heap_values


def test_smallest_unsigned_dtype() -> None:
    assert nimlab.grundy_sequence(nimlab.game("kayles"), 100).dtype == np.uint8
    nim = nimlab.grundy_sequence(nimlab.game("nim"), 300)
    assert nim.dtype == np.uint16 and nim.tolist() == list(range(300))


def test_take_away_fresh_games() -> None:
    values = nimlab.grundy_sequence("fibonacci-nim", 35).tolist()
    assert [n for n, v in enumerate(values) if v == 0] == [0, 1, 2, 3, 5, 8, 13, 21, 34]


def test_refusals() -> None:
    with pytest.raises(NotApplicable, match="try `table`"):
        nimlab.grundy_sequence("wythoff", 5)
    with pytest.raises(InvalidOption):
        nimlab.grundy_sequence("nim", -1)
    with pytest.raises(TooLarge, match="max_states"):
        nimlab.grundy_sequence("nim", 10**12)
    with pytest.raises(TooLarge):
        nimlab.grundy_sequence("fibonacci-nim", 10**5, limits=Limits(max_states=10**6))


def test_a_window_from_start() -> None:
    whole = nimlab.grundy_sequence("kayles", 300).tolist()
    assert nimlab.grundy_sequence("kayles", 300, start=250).tolist() == whole[250:]
    with pytest.raises(InvalidOption, match=r"^start"):
        nimlab.grundy_sequence("kayles", 5, start=6)


def test_long_sequences_agree_with_the_mex_recursion() -> None:
    # Long enough for the compiled kernel (and, for 0.137, the proven period).
    for spec in ("subtraction:3,5,8,13", "octal:0.137", "octal:4.07"):
        game = nimlab.game(spec)
        fast = nimlab.grundy_sequence(game, 200_000, limits=Limits(max_states=10**9))
        assert fast[:500].tolist() == heap_values(game, 500, Limits().budget())  # type: ignore[arg-type]


def test_memory_is_refused_up_front() -> None:
    with pytest.raises(TooLarge, match="max_memory"):
        nimlab.grundy_sequence(
            "subtraction:3,5,8",
            10**9,
            limits=Limits(max_states=10**11, max_memory=10**8),
        )


def test_a_list_too_big_is_refused_naming_the_memory_limit() -> None:
    from nimlab.solve.sequences import sequence_values

    limits = Limits(max_states=10**8, max_memory=10**8)
    with pytest.raises(TooLarge, match="max_memory"):
        sequence_values(nimlab.game("nim"), 10**7, limits)
    assert len(sequence_values(nimlab.game("nim"), 10**5, limits)) == 10**5


def test_misere_nim_values_come_from_bouton_at_any_length() -> None:
    # found by the audit of 2026-11-27: refused at --to 100000 (a misère search was planned)
    import nimlab

    values = nimlab.grundy_sequence("nim", 100_000, misere=True)
    assert values[:4].tolist() == [1, 0, 2, 3] and int(values[-1]) == 99_999
    far = nimlab.grundy_sequence("nim", 10**18 + 2, start=10**18, misere=True)
    assert far.tolist() == [10**18, 10**18 + 1]
    from nimlab.registry import game
    from nimlab.solve.search import Search

    search = Search(game("nim"), True, nimlab.Limits().budget())  # no theorem: the graph
    assert values[:12].tolist() == [search.grundy((n,)) for n in range(12)]
