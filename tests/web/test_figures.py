"""SVG figures: one link per cell, the position and winning moves marked, periods bracketed."""

from __future__ import annotations

import re

from nimlab.solve.tables import grundy_table
from nimlab.web import figures


def cells(svg: str) -> list[str]:
    return re.findall(r'data-cell="(\d+,\d+)"', svg)


def test_colours_are_pale_for_p_positions_and_distinct_otherwise() -> None:
    assert figures.color(0, 9) == figures.P_FILL
    shades = {figures.color(v, 9) for v in range(1, 10)}
    assert len(shades) == 9
    assert figures.ink(9, 9) == "#111" and figures.ink(1, 9) == "#fff"


def test_strip_brackets_preperiod_and_each_period() -> None:
    values = [0, 0, 1, 1, 2, 2, 0, 3] + [1, 0, 2] * 4
    svg = figures.strip(values, 8, 3, lambda n: f"/h/{n}", ("preperiod", "period"), current=9)
    assert svg.count('class="bracket pre"') == 1
    assert svg.count('class="bracket per') == 4
    assert "preperiod 8" in svg and "period 3" in svg
    assert '<a href="/h/9" data-n="9"><rect class="cell current"' in svg


def test_strip_without_a_period_has_no_brackets() -> None:
    svg = figures.strip([0, 1, 2], None, None, str, ("p", "q"))
    assert "bracket" not in svg and svg.count("<a ") == 3


def test_board_is_seed_002s_picture_of_wythoff() -> None:
    table = grundy_table("wythoff", 8)
    svg = figures.board(table.rows, 0, (4, 6), [(3, 5)], lambda x, y: f"/{x}/{y}")
    assert len(cells(svg)) == 64
    circles = re.findall(r'data-cell="(\d+),(\d+)"><rect class="sq "[^>]*/><text[^>]*>○', svg)
    assert {(int(x), int(y)) for x, y in circles} == {
        (0, 0),
        (1, 2),
        (2, 1),
        (3, 5),
        (5, 3),
        (4, 7),
        (7, 4),
    } - {(3, 5)}
    assert 'data-cell="4,6"><rect class="sq current"' in svg
    assert 'data-cell="3,5"><rect class="sq target"' in svg  # ◎ instead of ○ at the target
    assert 'href="/1/2"' in svg


def test_board_orients_a_target_as_the_queen_reaches_it() -> None:
    table = grundy_table("wythoff", 12)
    svg = figures.board(table.rows, 0, (5, 9), [(3, 5)], lambda x, y: "#")
    assert 'data-cell="5,3"><rect class="sq target"' in svg  # straight down the column x = 5


def test_heatmap_marks_p_positions_and_the_position_both_ways() -> None:
    table = grundy_table("split-delete-nim:single", 6)
    svg = figures.heatmap(table.rows, 1, (2, 3), lambda a, b: f"{a}-{b}")
    assert cells(svg)[0] == "1,1" and len(cells(svg)) == 36
    assert svg.count('rect class="hm p') == sum(v == 0 for r in table.rows for v in r)
    assert svg.count("current") == 2
    assert "<title>⟨2, 3⟩:" in svg
