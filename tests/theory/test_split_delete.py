"""Two-heap Split-and-delete Nim and Delete Nim theorems against brute force."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.games.split_delete import DeleteNim, SplitDeleteNim
from nimlab.theory.common import MOVE_SCAN_LIMIT
from nimlab.theory.split_delete import (
    DELETE_NIM_2,
    THEOREM_1,
    delete_nim_grundy,
    in_proposition2,
    in_s,
    nim_at_least_one_grundy,
    proposition2_part,
)
from reference import Brute

PAIR = st.tuples(st.integers(1, 30), st.integers(1, 30)).map(lambda p: tuple(sorted(p)))
SPLIT = {v: SplitDeleteNim(v) for v in ("single", "half")}
DELETE = {v: DeleteNim(v) for v in ("single", "half", "less-than-half", "all-but-one")}
BRUTE_SPLIT = Brute(SPLIT["single"])
BRUTE_DELETE = Brute(DELETE["single"])


@pytest.mark.parametrize("variant", list(SPLIT))
@given(position=PAIR)
def test_theorem1_and_proposition2(variant: str, position: tuple[int, int]) -> None:
    game = SPLIT[variant]
    answer = THEOREM_1.analyze(game, position)
    value = BRUTE_SPLIT.grundy(position)
    assert (answer.outcome == "P") == (value == 0)
    assert answer.grundy in (None, value) and (answer.grundy == 1) == (value == 1)
    winning = {o for o in game.options(position) if BRUTE_SPLIT.is_p(o)}
    assert answer.complete and {m.to for m in answer.winning_moves} == winning
    legal = set(game.moves(position))
    assert all(m in legal for m in answer.winning_moves)


@pytest.mark.parametrize("variant", list(DELETE))
@given(position=PAIR)
def test_delete_nim(variant: str, position: tuple[int, int]) -> None:
    game = DELETE[variant]
    answer = DELETE_NIM_2.analyze(game, position)
    assert answer.grundy == BRUTE_DELETE.grundy(position) == delete_nim_grundy(*position)
    winning = {o for o in game.options(position) if BRUTE_DELETE.is_p(o)}
    assert answer.complete and {m.to for m in answer.winning_moves} == winning
    legal = set(game.moves(position))
    assert all(m in legal for m in answer.winning_moves)


@given(st.integers(1, 10**50), st.integers(1, 10**50))
def test_at_any_size(a: int, b: int) -> None:
    position = (min(a, b), max(a, b))
    answer = THEOREM_1.analyze(SPLIT["single"], position)
    assert all(THEOREM_1.is_p(SPLIT["single"], m.to) for m in answer.winning_moves)
    assert (answer.outcome == "N") == bool(answer.winning_moves)
    answer = DELETE_NIM_2.analyze(DELETE["single"], position)
    assert all(x % 2 == 1 for m in answer.winning_moves for x in m.to)
    assert (answer.outcome == "N") == bool(answer.winning_moves)
    small = sum(h // 2 for h in position) <= MOVE_SCAN_LIMIT
    assert answer.complete == (answer.outcome == "P" or small)


def test_s_and_proposition2_parts() -> None:
    assert [a for a in range(1, 13) if in_s(a)] == [1, 3, 4, 5, 7, 9, 11, 12]  # seed 001 §5.1
    assert proposition2_part(1, 2) == "N1" and proposition2_part(7, 8) == "N1"
    assert proposition2_part(4, 5) == "N2" and proposition2_part(16, 17) == "N2"
    assert proposition2_part(6, 6) == "N3" and proposition2_part(2, 2) is None
    assert proposition2_part(11, 13) == "N4" and proposition2_part(5, 7) is None
    assert in_proposition2(13, 11)


def test_nim_keeping_one_stone_is_shifted_nim() -> None:
    table = nimlab.grundy_table("nim", 12)
    assert all(
        nim_at_least_one_grundy(a, b) == table[a - 1, b - 1]
        for a in range(1, 13)
        for b in range(1, 13)
    )


def test_analyze_names_the_theorem() -> None:
    assert "Theorem 1" in nimlab.analyze("split-delete-nim:single", "6,9").method
    assert "Delete Nim" in nimlab.analyze("delete-nim:all-but-one", "6,9").method
    assert "Theorem 1" not in nimlab.analyze("split-delete-nim:single", "2,3,4").method
