"""k-heap P-position kernels against the generic solver, for every variant served."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.kernels.k_heap import index_bytes, p_positions_3, p_positions_4
from nimlab.kernels.shapes import _K_HEAP_MOVES
from nimlab.solve.search import Search

TOPS = {3: 9, 4: 6}
"""The largest heap brute force is asked about, per number of heaps."""


def generic_p_positions(spec: str, heaps: int, top: int) -> list[list[int]]:
    """The P-positions by the generic solver (exhaustive search), the reference."""
    search = Search(nimlab.game(spec))
    return [
        list(h)
        for h in combinations_with_replacement(range(1, top + 1), heaps)
        if search.grundy(h) == 0
    ]


@pytest.mark.parametrize(("heaps", "spec"), sorted(_K_HEAP_MOVES))
@given(data=st.data())
def test_kernel_matches_the_generic_solver(heaps: int, spec: str, data: st.DataObject) -> None:
    top = data.draw(st.integers(1, TOPS[heaps]), label="top")
    moves = _K_HEAP_MOVES[(heaps, spec)]
    kernel = (p_positions_3 if heaps == 3 else p_positions_4)(moves, top)
    assert kernel.tolist() == generic_p_positions(spec, heaps, top)


@pytest.mark.parametrize(("heaps", "spec"), sorted(_K_HEAP_MOVES))
def test_kernel_matches_the_generic_solver_further(heaps: int, spec: str) -> None:
    top = {3: 16, 4: 9}[heaps]
    kernel = (p_positions_3 if heaps == 3 else p_positions_4)(_K_HEAP_MOVES[(heaps, spec)], top)
    assert kernel.tolist() == generic_p_positions(spec, heaps, top)


def test_proposition_4_a_pair_has_at_most_one_partner() -> None:
    # Seed 001, Proposition 4 (what the kernel's partner index relies on).
    found = p_positions_3(_K_HEAP_MOVES[(3, "split-delete-nim:single")], 120).tolist()
    partners: dict[tuple[int, int], set[int]] = {}
    for p in found:
        for i, j, k in ((0, 1, 2), (0, 2, 1), (1, 2, 0)):
            partners.setdefault((p[i], p[j]), set()).add(p[k])
    assert len(found) > 100 and all(len(v) == 1 for v in partners.values())


def test_index_bytes_grows_with_the_cube_for_four_heaps() -> None:
    moves = _K_HEAP_MOVES[(4, "split-delete-nim:half")]
    assert index_bytes(4, moves, 99) >= 100**3
    assert index_bytes(3, _K_HEAP_MOVES[(3, "split-delete-nim:single")], 99) < 100**3
