"""Two-heap tables and k-heap P-positions against brute force."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.errors import InvalidOption, NotApplicable, TooLarge
from nimlab.limits import Limits
from nimlab.solve.tables import grundy_table, p_positions
from reference import Brute

TWO_HEAP = ["nim", "kayles", "wythoff", "split-delete-nim:single", "delete-nim:all-but-one"]


@pytest.mark.parametrize("spec", TWO_HEAP)
def test_tables_match_brute_force(spec: str) -> None:
    g = nimlab.game(spec)
    t = grundy_table(g, 7)
    brute = Brute(g)
    lo = t.origin
    assert lo == (1 if spec.endswith(("single", "one")) else 0)
    for a in range(lo, lo + 7):
        for b in range(lo, lo + 7):
            assert t[a, b] == brute.grundy(tuple(sorted((a, b))))


@given(
    st.sampled_from(["nim", "subtraction:1,3", "octal:4.07", "delete-nim:single", "wythoff"]),
    st.integers(1, 3),
    st.integers(1, 6),
)
def test_p_positions_match_brute_force(spec: str, k: int, top: int) -> None:
    g = nimlab.game(spec)
    if g.check_count(k) is not None:  # type: ignore[attr-defined]
        return
    brute = Brute(g)
    lo = g.min_heap  # type: ignore[attr-defined]
    expected = tuple(
        p for p in combinations_with_replacement(range(lo, top + 1), k) if brute.is_p(p)
    )
    assert p_positions(g, k, top).positions == expected


def test_misere_tables() -> None:
    assert grundy_table("nim", 2, misere=True).rows == ((1, 0), (0, 1))
    assert p_positions("nim", 2, 1, misere=True).positions == ((0, 1),)


def test_refusals() -> None:
    with pytest.raises(NotApplicable, match="exactly 2 heaps"):
        p_positions("wythoff", heaps=3, max_heap=4)
    with pytest.raises(NotApplicable):
        grundy_table("take-away:2", 4)
    with pytest.raises(NotApplicable, match="even number"):
        p_positions("delete-nim:half", heaps=3, max_heap=4)
    with pytest.raises(InvalidOption, match=r"^max_heap"):
        p_positions("split-delete-nim:single", heaps=2, max_heap=0)
    with pytest.raises(InvalidOption, match=r"^size"):
        grundy_table("nim", 0)
    with pytest.raises(TooLarge):
        grundy_table("wythoff", 10**6)
    with pytest.raises(TooLarge):
        p_positions("delete-nim:single", heaps=5, max_heap=200, limits=Limits())


def test_a_table_over_the_memory_limit_is_refused_naming_the_memory_limit() -> None:
    # Tables are numpy arrays now (2 bytes a cell here), no longer Python ints (40 bytes):
    # the limit is set below the array's own size.
    limits = Limits(max_states=10**8, max_memory=10**6)
    with pytest.raises(TooLarge, match="max_memory"):
        grundy_table("nim", 2000, limits=limits)
    with pytest.raises(TooLarge, match="max_memory"):
        grundy_table("wythoff", 2000, limits=limits)


def test_misere_two_heap_tables_of_games_whose_moves_change_one_heap_are_compiled() -> None:
    """``table nim --size 300 --misere`` searched 2.8 s and then was refused (5,000,000
    states of options); the compiled misère kernel gives it, and is refused at once when its
    own work is over the limit."""
    from nimlab.solve.context import Context

    with Context():
        table = grundy_table("nim", 300, misere=True)
        assert "compiled misère two-heap kernel" in str(
            nimlab.plan("nim", "table", size=300, misere=True).steps[0].method
        )
    assert table[0, 0] == 1 and table[1, 1] == 1 and table[0, 1] == 0  # Bouton's exceptions
    assert all(table[a, b] == a ^ b for a in range(2, 300) for b in range(300))
    p = p_positions("subtraction:2,4,7", heaps=2, max_heap=400, misere=True)
    values = grundy_table("subtraction:2,4,7", 401, misere=True)
    assert p.positions == tuple(
        (a, b) for a in range(401) for b in range(a, 401) if values[a, b] == 0
    )
    with pytest.raises(TooLarge):  # 5000² cells of 4,999 moves each: refused before it runs
        grundy_table("nim", 5000, misere=True, limits=Limits(max_states=10**8))
