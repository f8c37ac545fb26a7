"""Tables as text, Markdown, LaTeX and CSV; the paper's origin; Table 9's matrix."""

from __future__ import annotations

import argparse
import csv
import io
from typing import Any

import pytest

from nimlab.cli.formats import (
    grundy_table_lines,
    latex_escape,
    matrix_lines,
    paper_grundy_table,
    render,
    write_p_positions,
)
from nimlab.errors import InvalidOption
from nimlab.games.base import Ruleset
from nimlab.limits import Limits
from nimlab.registry import game
from nimlab.solve.results import GrundyTable
from nimlab.solve.tables import grundy_table as table


def matrix(
    caption: str, cells: list[list[str]], origin: int, fmt: str, corner: str = "a\\b"
) -> str:
    """The whole text of a square table (the command writes it a line at a time)."""
    return "\n".join(matrix_lines(caption, cells, len(cells), origin, fmt, corner))


def grundy_table(
    result: GrundyTable,
    g: Ruleset,
    origin: int | None,
    fmt: str,
    misere: bool,
    limits: Limits | None = None,
) -> tuple[GrundyTable, str]:
    """A two-heap table in the paper's layout, and its whole text."""
    result, caption = paper_grundy_table(result, g, origin, misere, limits)
    return result, "\n".join(grundy_table_lines(result, caption, fmt))


def p_positions_output(args: argparse.Namespace, limits: Limits) -> str:
    """The whole text ``ppositions`` writes, without its last line end."""
    out = io.StringIO()
    write_p_positions(out, args, limits)
    return out.getvalue()[:-1]


def test_every_format() -> None:
    header, body = ["a\\b", "1", "2"], [["1", "0", "×"], ["2", "1", "0"]]
    assert render("cap", header, body, "text").splitlines()[0] == "cap"
    md = render("cap", header, body, "markdown").splitlines()
    assert md[2] == "| a\\b | 1 | 2 |" and md[3].startswith("| ---:") and md[4] == "| 1 | 0 | × |"
    tex = render("cap ⟨a, b⟩", header, body, "latex")
    assert r"\caption{cap $\langle$a, b$\rangle$}" in tex and r"1 & 0 & $\times$ \\" in tex
    assert list(csv.reader(io.StringIO(render("cap", header, body, "csv")))) == [header, *body]
    with pytest.raises(ValueError):
        render("cap", header, body, "html")


def test_latex_escape() -> None:
    assert (
        latex_escape("50% & $x_1$ {a} ~ ^")
        == r"50\% \& \$x\_1\$ \{a\} \textasciitilde{} \textasciicircum{}"
    )


def test_matrix_numbers_rows_and_columns_from_the_origin() -> None:
    text = matrix("c", [["0", "1"], ["1", "0"]], 1, "csv")
    assert text.splitlines() == ["a\\b,1,2", "1,0,1", "2,1,0"]


def test_grundy_table_in_the_papers_layout() -> None:
    nim = game("nim")
    shifted, text = grundy_table(table(nim, 3), nim, 1, "markdown", False)
    assert shifted.origin == 1 and "Table 5 of seed 001" in text and "| 1 | 0 | 1 | 2 |" in text
    same, text = grundy_table(table(nim, 3), nim, None, "text", False)
    assert same.origin == 0 and "Table 5" not in text
    sd = game("split-delete-nim:single")
    assert "Table 7" in grundy_table(table(sd, 3), sd, None, "markdown", False)[1]
    with pytest.raises(InvalidOption, match="at least 1 stone"):
        grundy_table(table(sd, 3), sd, 0, "text", False)


def args(**kw: object) -> argparse.Namespace:
    defaults = {"game": "split-delete-nim:single", "heaps": 3, "max": 10, "misere": False,
                "layout": "matrix", "size": 4, "format": "text", "json": False}  # fmt: skip
    return argparse.Namespace(**(defaults | kw))


def test_table9_matrix_states_its_bound() -> None:
    text = p_positions_output(args(), Limits())
    assert text.startswith("Table 9 of seed 001")
    assert text.splitlines()[2].split() == ["1", "1", "×", "3", "4"]
    assert text.endswith("× = no c ≤ 10 (the bound searched)")
    assert "× means no c ≤ 10" in p_positions_output(args(format="csv"), Limits())
    assert r"no c $\le$ 10" in p_positions_output(args(format="latex"), Limits())
    with pytest.raises(InvalidOption, match="--heaps 3"):
        p_positions_output(args(heaps=2), Limits())


def test_list_layout_formats() -> None:
    text = p_positions_output(
        args(game="wythoff", heaps=2, max=5, layout="list", format="csv"), Limits()
    )
    assert text.splitlines() == ["heap 1,heap 2", "0,0", "1,2", "3,5"]


def test_origin_1_relabels_nim_and_wythoff_in_misere_play_too() -> None:
    # found by the audit of 2026-11-27: misère tables gave the values of ⟨1, 1⟩… instead,
    # unlike normal play and docs/theory.md
    import io

    from nimlab.cli.main import main

    out = io.StringIO()
    assert main(["table", "nim", "--size", "4", "--origin", "1", "--misere"], out) == 0
    lines = out.getvalue().splitlines()
    assert "every heap keeps a stone" in lines[0]
    assert lines[2].split() == ["1", "1", "0", "2", "3"]  # misère Nim ⟨0, b⟩: 1, 0, 2, 3
    import nimlab

    assert nimlab.analyze("nim", "0,1", misere=True).grundy == 0


def test_a_table_from_another_origin_is_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """`table subtraction:1,2 --origin 1` computed the table from 0, then the one from 1,
    holding both at once: twice the memory --max-memory was checked for."""
    import nimlab.solve.tables as tables
    from nimlab.cli.main import main

    computed: list[object] = []
    real = tables.grundy_table

    def counted(*args: Any, **kwargs: Any) -> GrundyTable:
        computed.append(kwargs.get("origin"))
        return real(*args, **kwargs)

    monkeypatch.setattr(tables, "grundy_table", counted)
    out = io.StringIO()
    assert main(["table", "subtraction:1,2", "--size", "3", "--origin", "1"], out=out) == 0
    assert computed == [1]
    assert out.getvalue().splitlines()[1:] == [
        "a\\b  1  2  3",
        "  1  0  3  1",
        "  2  3  0  2",
        "  3  1  2  0",
    ]
    computed.clear()  # Nim's table from 1 is its own table relabelled: computed once too
    assert main(["table", "nim", "--size", "2", "--origin", "1"], out=io.StringIO()) == 0
    assert computed == [None]
