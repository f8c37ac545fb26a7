"""Tables in the paper's layout: plain text, Markdown, LaTeX or CSV.

A table is a caption, a header row and body rows of cells (strings). Text and
Markdown keep the caption as a line above; LaTeX puts it in ``\\caption``; CSV
is the data alone.

>>> print(render("Grundy values", ["a\\\\b", "1", "2"], [["1", "0", "1"]], "markdown"))
Grundy values
<BLANKLINE>
| a\\b | 1 | 2 |
| ---: | ---: | ---: |
| 1 | 0 | 1 |
>>> print(render("c with ⟨a, b, c⟩ ∈ P", ["a\\\\b", "1"], [["1", "×"]], "latex"))
\\begin{table}
\\centering
\\caption{c with $\\langle$a, b, c$\\rangle$ $\\in$ P}
\\begin{tabular}{r|r}
a$\\backslash$b & 1 \\\\
\\hline
1 & $\\times$ \\\\
\\end{tabular}
\\end{table}
"""

from __future__ import annotations

import argparse
import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import TYPE_CHECKING, TextIO

from nimlab.cli.options import language
from nimlab.cli.render import grid_lines, matrix_widths
from nimlab.cli.stream import Rows, Stretched, emit, streamed, write_lines
from nimlab.errors import InvalidOption
from nimlab.games.base import Ruleset
from nimlab.limits import Limits
from nimlab.messages import paper_table_words, say
from nimlab.solve.results import GrundyTable

if TYPE_CHECKING:
    from nimlab.theory.tables import PMatrix

FORMATS = ("text", "markdown", "latex", "csv")

_LATEX = {
    "\\": r"$\backslash$",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "×": r"$\times$",
    "⟨": r"$\langle$",
    "⟩": r"$\rangle$",
    "∈": r"$\in$",
    "≤": r"$\le$",
    "≥": r"$\ge$",
    "−": "-",
    "⊕": r"$\oplus$",
    "φ": r"$\varphi$",
}


def latex_escape(text: str) -> str:
    """Text safe inside a LaTeX table, with the symbols nimlab prints as math."""
    return "".join(_LATEX.get(ch, ch) for ch in text)


def render(caption: str, header: Sequence[str], rows: Sequence[Sequence[str]], fmt: str) -> str:
    """The table in ``fmt`` (one of ``FORMATS``)."""
    return "\n".join(render_lines(caption, header, rows, fmt))


def render_lines(
    caption: str,
    header: Sequence[str],
    rows: Iterable[Sequence[str]],
    fmt: str,
    widths: Sequence[int] | None = None,
) -> Iterator[str]:
    """The lines of :func:`render`, a row at a time. Plain text reads ``rows`` twice (their
    widths, then the lines: a list or :class:`~nimlab.cli.stream.Rows`) unless ``widths``
    gives the widths of the header and rows."""
    if fmt == "text":
        yield caption
        table = Rows(lambda: chain([header], rows))
        yield from grid_lines(table, right=True, widths=widths)
    elif fmt == "markdown":
        yield from (caption, "", "| " + " | ".join(header) + " |")
        yield "| " + " | ".join("---:" for _ in header) + " |"
        yield from ("| " + " | ".join(row) + " |" for row in rows)
    elif fmt == "latex":
        yield from (r"\begin{table}", r"\centering", r"\caption{" + latex_escape(caption) + "}")
        yield r"\begin{tabular}{r|" + "r" * (len(header) - 1) + "}"
        yield from (" & ".join(map(latex_escape, header)) + r" \\", r"\hline")
        yield from (" & ".join(map(latex_escape, row)) + r" \\" for row in rows)
        yield from (r"\end{tabular}", r"\end{table}")
    elif fmt == "csv":
        yield from csv_lines(chain([header], rows))
    else:
        raise ValueError(f"unknown format {fmt!r}; accepted: {', '.join(FORMATS)}")


def csv_lines(rows: Iterable[Sequence[str]]) -> Iterator[str]:
    """Each row as a line of CSV (without its line end).

    >>> list(csv_lines([["a,b", "1"], ["2", ""]]))
    ['"a,b",1', '2,']
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for row in rows:
        writer.writerow(row)
        yield buffer.getvalue()[:-1]
        buffer.seek(0)
        buffer.truncate()


def matrix_lines(
    caption: str,
    cells: Iterable[Sequence[str]],
    size: int,
    origin: int,
    fmt: str,
    corner: str = "a\\b",
    widths: Sequence[int] | None = None,
) -> Iterator[str]:
    """The lines of a square table of ``size`` rows, rows a and columns b numbered from
    ``origin``; ``cells`` are read as :func:`render_lines` reads rows."""
    header = [corner, *(str(origin + j) for j in range(size))]
    rows = Rows(lambda: ([str(origin + i), *row] for i, row in enumerate(cells)))
    return render_lines(caption, header, rows, fmt, widths)


def grundy_table_lines(result: GrundyTable, caption: str, fmt: str) -> Iterator[str]:
    """The lines of a Grundy table in ``fmt`` under ``caption``, a row at a time (the text
    of 10^8 cells at once took 15 GB)."""
    values, origin, corner = result.values, result.origin, "a\\b"
    cells = Rows(lambda: (list(map(str, row.tolist())) for row in values))
    widths = matrix_widths(values, origin, corner) if fmt == "text" else None
    return matrix_lines(caption, cells, len(values), origin, fmt, corner, widths)


def paper_grundy_table(
    result: GrundyTable,
    game: Ruleset,
    origin: int | None,
    misere: bool,
    limits: Limits | None = None,
    lang: str = "en",
) -> tuple[GrundyTable, str]:
    """A two-heap Grundy table in the paper's layout, and its caption (in ``lang``).

    ``--origin 1`` on a game whose heaps may be empty gives the true values of
    the positions from ⟨1, 1⟩ — except for Nim and Wythoff, where seed 001's
    Tables 5–6 use the rule "every heap keeps a stone": there the 0-based table
    is relabelled from 1 (in misère play too: the rule maps each game onto the
    other heap by heap, terminal positions included), and the caption says so.
    """
    from nimlab.solve.tables import grundy_table as compute
    from nimlab.theory.tables import paper_table

    relabelled = False
    if origin is not None and origin != result.origin:
        if origin == 0:
            raise InvalidOption(
                f"--origin 0: every heap of {game.spec} has at least 1 stone",
                ja=f"--origin 0: {game.spec} のどの山にも石が 1 個以上あります",
            )
        if paper_table(game, 1) is not None:
            result = GrundyTable(result.game, 1, result.values)  # the ≥1-stone rule of the paper
            relabelled = True
        else:
            result = compute(game, result.size, misere=misere, origin=origin, limits=limits)
    kind = say("table.misere" if misere else "table.grundy", lang)
    caption = say("table.caption", lang, game=result.game, kind=kind)
    paper = paper_table(game, result.origin)
    if paper is not None and not misere:
        caption += f" — {paper_table_words(paper, lang)}"
    elif relabelled:
        caption += say("table.relabelled", lang)
    return result, caption


def misere_key(args: argparse.Namespace) -> dict[str, bool]:
    """``{"misere": true}`` in the JSON of a misère answer, as ``sequence`` and ``period``
    write it (a misère table read alone looked like normal play)."""
    return {"misere": True} if getattr(args, "misere", False) else {}


def write_p_positions(out: TextIO, args: argparse.Namespace, limits: Limits) -> None:
    """``ppositions`` as a list in a table format, or as Table 9's matrix (JSON included),
    and a line end, written to ``out`` as it is rendered."""
    from nimlab.registry import game
    from nimlab.theory.tables import p_matrix

    g = game(args.game)
    if args.layout == "list":
        _write_list(out, g, args, limits)
        return
    if args.heaps != 3:
        raise InvalidOption(
            "--layout matrix shows 3-heap positions (rows a, columns b, cells c); use --heaps 3",
            ja="--layout matrix は 3 山の局面を示します（行 a、列 b、セル c）。--heaps 3 を指定",
        )
    lo = getattr(g, "min_heap", 0)
    size = args.size if args.size is not None else args.max - lo + 1
    table = p_matrix(g, size, args.max, misere=args.misere, limits=limits)
    if args.json:
        shown = {"origin": table.origin, "max": table.max, "rows": Stretched(table.cells)}
        emit(out, streamed(table.found, "positions") | {"matrix": shown} | misere_key(args))
        return
    write_lines(out, _p_matrix_lines(table, g, args))


def _write_list(out: TextIO, g: Ruleset, args: argparse.Namespace, limits: Limits) -> None:
    """``ppositions --layout list`` in JSON or a table format."""
    from nimlab.solve.tables import p_positions

    found = p_positions(g, args.heaps, args.max, misere=args.misere, limits=limits)
    if args.json:
        emit(out, streamed(found, "positions") | misere_key(args))
        return
    lang = language(args)
    caption = say("ppositions.caption", lang, game=found.game, heaps=found.heaps, max=found.max)
    header = [say("ppositions.column", lang, i=i + 1) for i in range(found.heaps)]
    rows = Rows(lambda: (list(map(str, p)) for p in found.positions))
    write_lines(out, render_lines(caption, header, rows, args.format))


def _p_matrix_lines(table: PMatrix, g: Ruleset, args: argparse.Namespace) -> Iterator[str]:
    """Table 9's matrix in ``args.format``, a row at a time, its legend included."""
    lang = language(args)
    legend = say("matrix.legend", lang, max=table.max)
    what = say("matrix.misere_p" if args.misere else "matrix.p", lang)
    caption = say("matrix.caption", lang, game=table.game, max=table.max, what=what)
    source = g.capabilities.p_matrix_source
    if source and not args.misere:
        caption = f"{paper_table_words(source, lang)} — {caption}"
    cells, size, origin = Rows(table.label_rows), len(table.cells), table.origin
    if args.format == "csv":
        corner = say("matrix.corner", lang, max=table.max)
        return matrix_lines(caption, cells, size, origin, "csv", corner=corner)
    if args.format in ("markdown", "latex"):
        return matrix_lines(f"{caption}; {legend}", cells, size, origin, args.format)
    return chain(matrix_lines(caption, cells, size, origin, "text"), [legend])
