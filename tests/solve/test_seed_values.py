"""The seeds' own numbers, reproduced by exhaustive computation (no closed forms used).

Seed 004: Grundy sequences of {1,2,3}, {2,3}, {2,4,7}. Seed 000: Game I, the P-positions of
Games II–IV. Seed 001: tables 5–8 against the formulas it states, Theorem 1, Proposition 2,
Table 9's intact rows, D(4) of Theorem 3.
"""

from __future__ import annotations

from math import isqrt
from pathlib import Path

import pytest

import nimlab
from nimlab.limits import Limits
from nimlab.solve.search import Search

DATA = Path(__file__).parent.parent / "data"


def digits(text: str) -> list[int]:
    return [int(c) for c in text]


@pytest.mark.parametrize(
    ("spec", "printed"),
    [
        ("subtraction:1,2,3", "0123012301230"),  # the table in §3 of seed 004
        ("subtraction:2,3", "0011200112001"),  # §4
        ("subtraction:2,4,7", "00112203102102102102"),  # §4: 00112203 then 102 repeating
    ],
)
def test_seed004_grundy_sequences(spec: str, printed: str) -> None:
    assert nimlab.grundy_sequence(spec, len(printed)).tolist() == digits(printed)


def test_seed000_game_one_takes_n_mod_4() -> None:
    # w(n) of Game I: 1 2 3 × 1 2 3 × ...; the only winning take is n mod 4.
    for n in range(1, 40):
        a = nimlab.analyze("subtraction:1,2,3", str(n))
        takes = [int(m.move.split()[1]) for m in a.winning_moves]
        assert takes == ([] if n % 4 == 0 else [n % 4])


def test_seed000_games_two_and_three_fresh_p_positions() -> None:
    two = nimlab.grundy_sequence("take-le-prev", 70).tolist()
    assert [n for n in range(1, 70) if two[n] == 0] == [1, 2, 4, 8, 16, 32, 64]
    three = nimlab.grundy_sequence("fibonacci-nim", 90).tolist()
    assert [n for n in range(1, 90) if three[n] == 0] == [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]


# Seed 000, Game IV table: n, p_n, q_n for n = 1..20.
GAME_IV = [
    (1, 2),
    (3, 5),
    (4, 7),
    (6, 10),
    (8, 13),
    (9, 15),
    (11, 18),
    (12, 20),
    (14, 23),
    (16, 26),
    (17, 28),
    (19, 31),
    (21, 34),
    (22, 36),
    (24, 39),
    (25, 41),
    (27, 44),
    (29, 47),
    (30, 49),
    (32, 52),
]


def test_seed000_wythoff_p_positions() -> None:
    found = nimlab.p_positions("wythoff", heaps=2, max_heap=52).positions
    assert found == ((0, 0), *GAME_IV)
    # Seed 001 §4: ⟨0,0⟩, ⟨1,2⟩, ⟨3,5⟩, ⟨4,7⟩, ⟨6,10⟩ = (⌊kφ⌋, ⌊kφ²⌋); exact integer φ.
    for k, (a, b) in enumerate(found):
        assert a == (k + isqrt(5 * k * k)) // 2 and b == a + k


def v2(n: int) -> int:
    return (n & -n).bit_length() - 1


def test_seed001_table5_nim_under_the_at_least_one_rule() -> None:
    # Table 5: Nim where each heap keeps ≥ 1 stone; G⟨a,b⟩ = (a−1)⊕(b−1).
    nim1 = nimlab.heap_game(lambda n: [(k,) for k in range(1, n)], name="nim-keep-one")
    for a in range(1, 16):
        for b in range(1, 16):
            assert nimlab.grundy(nim1, (a, b)) == (a - 1) ^ (b - 1)
    # ... which is nimlab's origin-0 Nim table shifted by one.
    table = nimlab.grundy_table("nim", 15)
    assert all(table[a - 1, b - 1] == (a - 1) ^ (b - 1) for a in range(1, 16) for b in range(1, 16))


def test_seed001_table6_wythoff_zeros() -> None:
    table = nimlab.grundy_table("wythoff", 40)
    zeros = {(a, b) for a in range(40) for b in range(a, 40) if table[a, b] == 0}
    beatty = {((k + isqrt(5 * k * k)) // 2, (k + isqrt(5 * k * k)) // 2 + k) for k in range(40)}
    assert zeros == {p for p in beatty if p[1] < 40}


def test_seed001_table7_theorem1_and_proposition2() -> None:
    table = nimlab.grundy_table("split-delete-nim:single", 70)
    for a in range(1, 71):
        for b in range(a, 71):
            g = table[a, b]
            assert (g == 0) == (a == b and v2(a) % 2 == 0), (a, b)  # Theorem 1
            assert (g == 1) == in_proposition2(a, b), (a, b)  # Proposition 2


def in_proposition2(a: int, b: int) -> bool:
    """⟨a, b⟩ (a ≤ b) in N1 ∪ N2 ∪ N3 ∪ N4 of seed 001, Proposition 2."""
    if b == a + 1 and b & (b - 1) == 0 and v2(b) % 2 == 1:
        return True  # N1 = ⟨2^(2l−1) − 1, 2^(2l−1)⟩
    if b == a + 1 and a & (a - 1) == 0 and v2(a) % 2 == 0 and a >= 4:
        return True  # N2 = ⟨2^(2l), 2^(2l) + 1⟩
    if a == b and a % 4 == 2 and a >= 6:
        return True  # N3 = ⟨2(2k+1), 2(2k+1)⟩, k ≥ 1
    m = a + 1
    return b == a + 2 and m % 4 == 0 and (m >> v2(m)) >= 3  # N4: m = 2^(l+1)(2k+1), k, l ≥ 1


def test_seed001_table8_delete_nim() -> None:
    table = nimlab.grundy_table("delete-nim:single", 40)
    for a in range(1, 41):
        for b in range(1, 41):
            assert table[a, b] == v2(((a - 1) | (b - 1)) + 1)


def read_table9() -> dict[int, list[str]]:
    rows = {}
    for line in (DATA / "table9_seed001.tsv").read_text().splitlines():
        fields = line.split("\t")
        rows[int(fields[0])] = fields[1:]
    return rows


def test_seed001_table9_intact_rows() -> None:
    bound = 40  # every printed c is ≤ 33
    found = nimlab.p_positions("split-delete-nim:single", heaps=3, max_heap=bound).positions
    partner: dict[tuple[int, int], int] = {}
    for triple in found:
        a, b, c = triple
        for x, y, z in ((a, b, c), (a, c, b), (b, c, a)):
            assert partner.setdefault((x, y), z) == z  # Proposition 4: at most one partner
            partner[(y, x)] = z
    rows = read_table9()
    damaged = {a for a, cells in rows.items() if cells[-1] == ""}
    assert damaged == {11, 14, 15, 18, 19, 20}  # as PRODUCT.md warns
    for a, cells in rows.items():
        if a in damaged:
            continue
        computed = [str(partner.get((a, b), "x")) for b in range(1, 21)]
        assert cells == computed, f"row {a}"
    for (a, b), c in partner.items():
        if a == b:
            assert a >= c  # Proposition 5


def d_of(a: int, top: int) -> set[int]:
    """D(a) of seed 001 §5.1, by its definition (a ∈ S, a ≠ 1)."""
    in_s = lambda m: v2(m) % 2 == 0  # noqa: E731
    d: set[int] = set()
    for m in range(a, top + 1):
        if m <= 2 * a - 1:
            if in_s(m):
                d.add(m)
        elif m - a not in d:
            d.add(m)
    return d


def test_seed001_d4_of_theorem3_by_search() -> None:
    search = Search(nimlab.game("split-delete-nim:half"), budget=Limits(10**8).budget())
    found = {d for d in range(4, 24) if search.grundy((4, 4, 4, d)) == 0}
    assert found == {4, 5, 7, 10, 12, 13, 15, 18, 20, 21, 23} == d_of(4, 23)
