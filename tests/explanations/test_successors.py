"""Seed 001's successor sets (tables 1–4): the cells a coin may move to."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from nimlab.explanations.successors import SEED_TABLES, seed_cells, successor_cells, successors
from nimlab.registry import game


def test_tables_1_to_4_for_6_8() -> None:
    cells = {spec: seed_cells(spec, shift, (6, 8)) for spec, shift, _ in SEED_TABLES}
    nim, wythoff = cells["nim"], cells["wythoff"]
    split_delete, delete_split = cells["split-delete-nim:single"], cells["delete-nim:single"]
    # Nim (a stone kept in each heap): the rook's moves from ⟨6, 8⟩ towards ⟨1, 1⟩.
    assert {c for c in nim if c[0] == 6} == {(6, b) for b in range(1, 8)}
    assert (5, 7) not in nim and (5, 7) in wythoff  # the queen also moves diagonally
    # The seed: Nim's moves are Wythoff's and split-and-delete's; delete-and-split's are
    # split-and-delete's.
    assert nim <= wythoff and nim <= split_delete and delete_split <= split_delete
    assert delete_split == {
        (x, y)
        for a, b in [(1, 7), (2, 6), (3, 5), (4, 4), (1, 5), (2, 4), (3, 3)]
        for x, y in [(a, b), (b, a)]
    }


@given(st.integers(1, 12), st.integers(1, 12))
def test_the_cells_are_the_moves_of_the_game(a: int, b: int) -> None:
    for spec in ("delete-nim:single", "split-delete-nim:single"):
        g = game(spec)
        reached = {m.to for m in g.moves(g.position([a, b])) if len(m.to) == 2}
        cells = successor_cells(spec, (a, b))
        assert {tuple(sorted(c)) for c in cells} == reached


def test_successors_are_cut_at_the_limit() -> None:
    moves, complete = successors("nim", (50, 60), 10)
    assert len(moves) == 10 and not complete
    moves, complete = successors("nim", (2, 3), 10)
    assert len(moves) == 5 and complete
