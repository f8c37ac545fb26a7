"""The seeds' tables, exactly: seed 000's Games II–IV and seed 001's Table 9."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nimlab.errors import InvalidOption, NotApplicable, TooLarge
from nimlab.games.take_away import TakeAway
from nimlab.registry import game
from nimlab.solve.search import Search
from nimlab.theory.tables import p_matrix, paper_table, partner_cells, w_table, wythoff_table
from nimlab.theory.wythoff import lower, upper
from nimlab.theory.zeckendorf import take_away_sequence

DATA = Path(__file__).parent.parent / "data"


def rows(name: str) -> list[list[str]]:
    return [line.split("\t") for line in (DATA / name).read_text().splitlines()]


@pytest.mark.parametrize(
    ("spec", "name"),
    [("take-le-prev", "seed000_game2.tsv"), ("fibonacci-nim", "seed000_game3.tsv")],
)
def test_games_two_and_three_tables_are_the_seeds(spec: str, name: str) -> None:
    table = w_table(spec, 31)
    assert [[str(r.n), str(r.w), r.code] for r in table.rows] == rows(name)


def test_game_four_table_is_the_seeds() -> None:
    table = wythoff_table(20)
    computed = [[str(r.n), r.n_code, str(r.p), r.p_code, str(r.q), r.q_code] for r in table.rows]
    assert computed == rows("seed000_game4.tsv")
    assert table.to_dict()["rows"][0] == {
        "n": 1, "n_code": "1", "p": 1, "p_code": "1", "q": 2, "q_code": "10",
    }  # fmt: skip


@pytest.mark.parametrize("c", range(1, 7))
def test_w_is_the_smallest_term_and_the_code_the_representation(c: int) -> None:
    seq = take_away_sequence(c)
    for r in w_table(f"take-away:{c}", 400).rows:
        assert r.w == seq.smallest(r.n) and r.code == seq.code(r.n)


@pytest.mark.parametrize("c", [1, 2, 3])
def test_w_is_the_least_winning_take_by_search(c: int) -> None:
    search = Search(TakeAway(c))
    for r in w_table(f"take-away:{c}", 60).rows:
        n = r.n
        wins = [k for k in range(1, n + 1) if search.grundy((n - k, min(c * k, n - k))) == 0]
        assert r.w == wins[0]


def test_wythoff_table_is_beatty() -> None:
    assert all((r.p, r.q) == (lower(r.n), upper(r.n)) for r in wythoff_table(3000).rows)


def read_table9() -> dict[int, list[str]]:
    table = {}
    for fields in rows("table9_seed001.tsv"):
        table[int(fields[0])] = fields[1:]
    return table


def test_table9_in_the_paper_layout() -> None:
    matrix = p_matrix("split-delete-nim:single", size=20, max_heap=40)
    computed = {
        a: ["/".join(map(str, cell)) or "x" for cell in row]
        for a, row in enumerate(matrix.cells, start=1)
    }
    printed = read_table9()
    damaged = {a for a, cells in printed.items() if cells[-1] == ""}
    for a, cells in printed.items():
        if a not in damaged:
            assert cells == computed[a], f"row {a}"
            continue
        # A damaged row lost cells: what survives is the computed row with cells left out,
        # and the computed row is the intact rows' column (the table is symmetric).
        surviving = iter(cells[:-1])
        left = next(surviving)
        for cell in computed[a]:
            if cell == left:
                left = next(surviving, None)
        assert left is None, f"row {a}: the surviving cells are not in order"
        for b, cell in enumerate(computed[a], start=1):
            if b not in damaged:
                assert cell == printed[b][a - 1], f"row {a}, column {b}"


def test_table_errors() -> None:
    with pytest.raises(NotApplicable, match="take-le-prev"):
        w_table("nim", 5)
    with pytest.raises(InvalidOption, match=r"^to must"):
        w_table("fibonacci-nim", 0)
    with pytest.raises(TooLarge, match="max_states"):
        w_table("fibonacci-nim", 10**12)
    with pytest.raises(TooLarge, match="max_states"):
        wythoff_table(10**12)
    with pytest.raises(InvalidOption, match=r"^size"):
        p_matrix("split-delete-nim:single", size=12, max_heap=10)
    with pytest.raises(NotApplicable):
        p_matrix("wythoff", size=3, max_heap=5)


def test_paper_tables() -> None:
    assert paper_table(game("nim"), 1) and "Table 5" in paper_table(game("nim"), 1)  # type: ignore[operator]
    assert paper_table(game("nim"), 0) is None
    assert "Table 7" in paper_table(game("split-delete-nim:single"), 1)  # type: ignore[operator]
    assert "Table 8" in paper_table(game("delete-nim:half"), 1)  # type: ignore[operator]
    assert paper_table(game("kayles"), 0) is None


def test_wythoff_table_counts_its_six_cells_a_row_and_their_memory() -> None:
    # Charged three entries a row, `wythoff-table --to 1000000` ran 46 s and 1.5 GB
    # under the default limits; a row shows six cells (n, p_n, q_n and their codes).
    from nimlab.limits import Limits
    from nimlab.theory.tables import WYTHOFF_ROW_BYTES

    assert len(wythoff_table(1000, limits=Limits(max_states=6000)).rows) == 1000
    with pytest.raises(TooLarge, match="6,000 table cells"):
        wythoff_table(1000, limits=Limits(max_states=5999))
    with pytest.raises(TooLarge, match=r"max_memory"):
        wythoff_table(1000, limits=Limits(max_memory=1000 * WYTHOFF_ROW_BYTES - 1))


def test_w_table_counts_the_memory_of_its_rows() -> None:
    # `wtable fibonacci-nim --to 1000000 --max-memory 256M` took 940 MB: nothing was charged
    from nimlab.limits import Limits
    from nimlab.theory.tables import W_ROW_BYTES

    assert len(w_table("fibonacci-nim", 1000, limits=Limits(max_memory=1000 * W_ROW_BYTES)).rows)
    with pytest.raises(TooLarge, match=r"max_memory"):
        w_table("fibonacci-nim", 1000, limits=Limits(max_memory=1000 * W_ROW_BYTES - 1))


def _partners_by_hand(
    positions: list[tuple[int, int, int]], lo: int, size: int
) -> list[list[tuple[int, ...]]]:
    partners: dict[tuple[int, int], set[int]] = {}
    for a, b, c in positions:
        for x, y, z in ((a, b, c), (b, a, c), (a, c, b), (c, a, b), (b, c, a), (c, b, a)):
            partners.setdefault((x, y), set()).add(z)
    return [
        [tuple(sorted(partners.get((a, b), ()))) for b in range(lo, lo + size)]
        for a in range(lo, lo + size)
    ]


@given(
    st.lists(st.tuples(*[st.integers(1, 9)] * 3).map(lambda p: tuple(sorted(p)))),
    st.integers(1, 9),
)
def test_partners_sorted_in_arrays_are_those_of_a_dict(
    found: list[tuple[int, int, int]], size: int
) -> None:
    """Table 9's cells, once a dict of sets of partners (2,000 bytes a position), are
    found by sorting every order of every position; a matrix smaller than the bound too."""
    from nimlab.limits import Limits

    positions = sorted(set(found))
    cells = partner_cells(positions, 1, size, Limits())
    assert [list(row) for row in cells] == _partners_by_hand(positions, 1, size)


def test_the_partners_and_cells_of_a_matrix_are_charged() -> None:
    from nimlab.limits import Limits
    from nimlab.theory.tables import CELL_BYTES

    with pytest.raises(TooLarge, match=r"a 5×5 matrix of P-positions"):
        partner_cells([(0, 1, 1)], 0, 5, Limits(max_memory=25 * CELL_BYTES))
    with pytest.raises(TooLarge, match=r"the partners of 1 P-positions"):
        partner_cells([(0, 1, 1)], 0, 5, Limits(max_memory=10))
